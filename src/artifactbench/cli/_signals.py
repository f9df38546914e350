"""SIGTERM and SIGHUP end a command the way Ctrl-C does: as an exception, so cleanup code runs.

Python's default for SIGTERM and SIGHUP is to die at once, leaving temp dirs behind (children die with
the checker through PR_SET_PDEATHSIG, folders do not). Raised as `Interrupted`, a KeyboardInterrupt,
the signal takes the same orderly path as Ctrl-C: run_checks cancels and stops every task's children,
each task removes its temp dirs, and main() exits with 128 + the signal number.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["Interrupted", "interrupts_as_exceptions"]

_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Interrupted(KeyboardInterrupt):
    """The process got `signum` (SIGTERM or SIGHUP) and is shutting down in order."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def interrupts_as_exceptions() -> Iterator[None]:
    """Within the block, the first SIGTERM/SIGHUP raises Interrupted in the main thread; later ones are
    ignored so that they cannot cut the cleanup short (SIGKILL still ends the process). Outside the main
    thread (where handlers cannot be set) this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    raised = False

    def handler(signum: int, frame: object) -> None:
        nonlocal raised
        if not raised:
            raised = True
            raise Interrupted(signum)

    previous = {sig: signal.signal(sig, handler) for sig in _SIGNALS}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
