"""Pumping a child's pipes and ending its process group: the low-level half of `_process`.

Contract: a child here leads its own process group (started in a new session), so its pid is also the
group id; `exited` leaves the leader a zombie so that id cannot be reused while we still signal it.
"""

from __future__ import annotations

import os
import selectors
import signal
import time
from collections.abc import Callable, Sequence

__all__ = ["TERM_GRACE_S", "exited", "killpg", "pump", "terminate_group"]

TERM_GRACE_S = 0.5  # SIGTERM -> SIGKILL grace: long enough to flush, short enough not to matter
_DRAIN_S = 1.0  # after the group is dead, how long remaining pipe data may take to arrive
_CHUNK = 65536


class _Tail:
    """A byte buffer that keeps only the last `cap` bytes written to it."""

    __slots__ = ("cap", "buf", "dropped")

    def __init__(self, cap: int) -> None:
        self.cap, self.buf, self.dropped = cap, bytearray(), False

    def add(self, data: bytes) -> None:
        self.buf += data
        if len(self.buf) > 2 * self.cap:  # trim in batches: amortised O(1) per byte
            self._trim()

    def _trim(self) -> None:
        if len(self.buf) > self.cap:
            del self.buf[: len(self.buf) - self.cap]
            self.dropped = True

    def value(self) -> bytes:
        self._trim()
        return bytes(self.buf)


def exited(pid: int) -> bool:
    """True when `pid` has exited; leaves it a zombie (WNOWAIT) so its pid, the group id, stays ours."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def killpg(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def terminate_group(pid: int, grace_s: float = TERM_GRACE_S) -> None:
    """SIGTERM the group led by `pid`, wait up to `grace_s` for the leader, then SIGKILL the group."""
    killpg(pid, signal.SIGTERM)
    end = time.monotonic() + grace_s
    while not exited(pid) and time.monotonic() < end:
        time.sleep(0.01)
    killpg(pid, signal.SIGKILL)


def pump(
    read_fds: Sequence[int],
    *,
    pid: int,
    deadline: float,
    cap: int,
    write_fd: int | None = None,
    data: bytes = b"",
    stop: Callable[[], bool] | None = None,
) -> tuple[list[bytes], bool, bool]:
    """Feed `data` to `write_fd` and drain `read_fds` until EOF or `deadline` (monotonic time).

    `pid` leads the process group holding the other ends. Returns (tails, timed_out, truncated). On
    timeout the group is terminated. `write_fd` is owned (closed) here; `read_fds` stay the caller's.
    `stop`, when given, is called at every turn of the loop (so it must be cheap, rate-limiting itself);
    once it returns True the group is terminated as on a timeout, but timed_out stays False.
    """
    tails = {fd: _Tail(cap) for fd in read_fds}
    sel = selectors.DefaultSelector()
    for fd in read_fds:
        sel.register(fd, selectors.EVENT_READ)
    if write_fd is not None:
        if data:
            os.set_blocking(write_fd, False)
            sel.register(write_fd, selectors.EVENT_WRITE)
        else:
            os.close(write_fd)
    timed_out, stopped, group_dead, view = False, False, False, memoryview(data)
    while sel.get_map():
        now = time.monotonic()
        if not group_dead and exited(pid):
            killpg(pid, signal.SIGKILL)  # stragglers must not hold our pipes open
            group_dead, deadline = True, min(deadline, now + _DRAIN_S)
        if now >= deadline:
            timed_out = not group_dead
            break
        if stop is not None and not group_dead and stop():
            stopped = True
            break
        for key, _ in sel.select(min(deadline - now, 0.05)):
            fd = key.fd
            if fd == write_fd:
                try:
                    written = os.write(fd, view[:_CHUNK])
                except BlockingIOError:
                    continue
                except BrokenPipeError:  # the child stopped reading: the rest is not wanted
                    written = len(view)
                view = view[written:]
                if not view:
                    sel.unregister(fd)
                    os.close(fd)
                continue
            chunk = os.read(fd, _CHUNK)
            if chunk:
                tails[fd].add(chunk)
            else:
                sel.unregister(fd)
    if timed_out or stopped:
        terminate_group(pid)
    for key in list(sel.get_map().values()):
        sel.unregister(key.fd)
        if key.fd == write_fd:
            os.close(key.fd)
        else:
            _drain_nonblocking(key.fd, tails[key.fd])
    sel.close()
    values = [tails[fd].value() for fd in read_fds]
    return values, timed_out, any(t.dropped for t in tails.values())


def _drain_nonblocking(fd: int, tail: _Tail) -> None:
    os.set_blocking(fd, False)
    try:
        while chunk := os.read(fd, _CHUNK):
            tail.add(chunk)
    except BlockingIOError:
        pass
