"""The one helper that runs every child process (generators, graders, agents, verifiers).

Contract of `run_process`: the child starts in a new session (so it leads its own process group), its
stdout and stderr are captured with a cap that keeps the tail, and it never outlives the call: on timeout
the whole group gets SIGTERM, then SIGKILL after a short grace; when the leader exits on its own, any
stragglers left in its group are killed too, so a background grandchild holding a pipe open cannot make
the call wait for the full timeout.
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["DEFAULT_OUTPUT_CAP", "ProcessResult", "pump", "run_process", "scrubbed_env", "terminate_group"]

DEFAULT_OUTPUT_CAP = 1_000_000  # bytes kept per stream (the tail)
TERM_GRACE_S = 0.5  # SIGTERM -> SIGKILL grace: long enough to flush, short enough not to matter
_DRAIN_S = 1.0  # after the group is dead, how long remaining pipe data may take to arrive
_CHUNK = 65536


@dataclass(frozen=True, slots=True)
class ProcessResult:
    """What a finished child left behind. `returncode` is negative (-signal) when it was killed."""

    argv: tuple[str, ...]
    returncode: int
    stdout: bytes
    stderr: bytes
    timed_out: bool
    duration_s: float
    truncated: bool  # True when either stream exceeded the cap (only its tail is kept)


def scrubbed_env(**extra: str) -> dict[str, str]:
    """PATH and PYTHONDONTWRITEBYTECODE=1 only, plus `extra`: nothing else of ours leaks into a child."""
    env = {"PATH": os.environ.get("PATH", os.defpath), "PYTHONDONTWRITEBYTECODE": "1"}
    env.update(extra)
    return env


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


def _exited(pid: int) -> bool:
    """True when `pid` has exited; leaves it a zombie (WNOWAIT) so its pid, the group id, stays ours."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _killpg(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def terminate_group(pid: int, grace_s: float = TERM_GRACE_S) -> None:
    """SIGTERM the group led by `pid`, wait up to `grace_s` for the leader, then SIGKILL the group."""
    _killpg(pid, signal.SIGTERM)
    end = time.monotonic() + grace_s
    while not _exited(pid) and time.monotonic() < end:
        time.sleep(0.01)
    _killpg(pid, signal.SIGKILL)


def pump(
    read_fds: Sequence[int],
    *,
    pid: int,
    deadline: float,
    cap: int,
    write_fd: int | None = None,
    data: bytes = b"",
) -> tuple[list[bytes], bool, bool]:
    """Feed `data` to `write_fd` and drain `read_fds` until EOF or `deadline` (monotonic time).

    `pid` leads the process group holding the other ends. Returns (tails, timed_out, truncated). On
    timeout the group is terminated. `write_fd` is owned (closed) here; `read_fds` stay the caller's.
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
    timed_out, group_dead, view = False, False, memoryview(data)
    while sel.get_map():
        now = time.monotonic()
        if not group_dead and _exited(pid):
            _killpg(pid, signal.SIGKILL)  # stragglers must not hold our pipes open
            group_dead, deadline = True, min(deadline, now + _DRAIN_S)
        if now >= deadline:
            timed_out = not group_dead
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
    if timed_out:
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


def run_process(
    argv: Sequence[str | os.PathLike[str]],
    *,
    cwd: str | os.PathLike[str],
    env: Mapping[str, str],
    timeout_s: float,
    output_cap: int = DEFAULT_OUTPUT_CAP,
    input: bytes | None = None,  # noqa: A002 - mirrors subprocess.run
    pass_fds: Sequence[int] = (),
) -> ProcessResult:
    """Run `argv` to completion or until `timeout_s`; never raises for the child's own failures.

    Raises OSError/FileNotFoundError only when the child cannot be started at all.
    """
    if not timeout_s > 0:
        raise ValueError(f"timeout_s={timeout_s!r}: must be a positive number of seconds")
    args = tuple(os.fspath(a) for a in argv)
    start = time.monotonic()
    proc = subprocess.Popen(
        args,
        cwd=Path(cwd),
        env=dict(env),
        stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        pass_fds=tuple(pass_fds),
    )
    assert proc.stdout is not None and proc.stderr is not None
    in_fd = None
    if proc.stdin is not None:  # pump owns (and closes) its own copy of the write end
        in_fd = os.dup(proc.stdin.fileno())
        proc.stdin.close()
    try:
        (out, err), timed_out, truncated = pump(
            (proc.stdout.fileno(), proc.stderr.fileno()),
            pid=proc.pid,
            deadline=start + timeout_s,
            cap=output_cap,
            write_fd=in_fd,
            data=input or b"",
        )
        while not timed_out and not _exited(proc.pid):  # pipes closed early; the leader still runs
            if time.monotonic() >= start + timeout_s:
                timed_out = True
                terminate_group(proc.pid)
                break
            time.sleep(0.01)
        _killpg(proc.pid, signal.SIGKILL)  # the leader is a zombie or dead: its group id is still ours
    finally:
        if proc.poll() is None:
            _killpg(proc.pid, signal.SIGKILL)
        returncode = proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    return ProcessResult(args, returncode, out, err, timed_out, time.monotonic() - start, truncated)
