"""The guardian: what kills a task's daemons when the checker itself is killed, SIGKILL included.

`reap_tagged` needs a live checker, and PR_SET_PDEATHSIG does not reach a daemon that left its
parent. So the first time a process makes a tag (`ensure`), it starts one small helper process, in a
session of its own (a signal to the checker's process group or terminal does not reach it), holding
the read end of a pipe whose write end only this process holds (non-inheritable: exec'd children
never get it, and a forked child closes its copy). When the pipe reaches EOF, that is when this
process is gone, however it ended, the guardian SIGKILLs every process of this user whose
environment has `<var>=<run id><20 hex>` (the tags of this process: see `_tagging.new_tag`), in
passes until one finds none (a process may fork between a scan and a kill; one caught inside an
execve shows no environment yet and is looked at again), and exits. It never touches this process,
itself, or the tags of another checker process (another run id).

Limits: a process that re-execs itself with a cleaned environment, or makes itself unreadable
(non-dumpable) to a non-root user, is not found (the sandbox's PID namespace is the answer to that);
task code of the same user can kill the guardian itself (the next tag made starts a new one, which
covers every tag of this process). Linux only (it reads /proc); elsewhere `ensure` starts nothing.
"""

from __future__ import annotations

import errno
import os
import sys
import threading

__all__ = ["ensure", "reap"]

_MAX_PASSES = 16  # passes that kill something; this bounds a fork loop
# A process in the middle of execve has an empty environ (and cmdline) until the kernel has laid out
# its new stack: such a one is looked at again, every _EXEC_POLL_S, for at most _EXEC_WAIT_S.
_EXEC_POLL_S, _EXEC_WAIT_S = 0.005, 0.5
_lock = threading.Lock()
_run_id: str | None = None  # 12 lowercase hex, made by the first ensure(): the start of every tag
_proc = None  # the guardian's Popen, started by this process
_write_fd: int | None = None  # the pipe end whose closing (at our death) wakes the guardian up


def _after_fork_in_child() -> None:
    """A forked child is another checker process: its own run id and guardian, not its parent's
    pipe (holding it would keep the parent's guardian waiting for the child too)."""
    global _lock, _run_id, _proc, _write_fd
    if _run_id is None:  # nothing started (the usual case: a grader server's forked cases)
        return
    if _write_fd is not None:
        try:
            os.close(_write_fd)
        except OSError:
            pass
    # A new lock too: another thread may have held the old one at the fork.
    _lock, _run_id, _proc, _write_fd = threading.Lock(), None, None, None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def ensure(var: str) -> str:
    """Make sure a guardian watches this process; return the run id its tags must start with.

    Starts the guardian on the first call, and again if it died (a later call costs one waitpid).
    Never raises: when the guardian cannot be started, tags are still made and `reap_tagged` still
    works while this process lives. A no-op off Linux.
    """
    global _run_id, _proc, _write_fd
    with _lock:
        while _run_id is None or _run_id == "0" * 12:  # zeros: the placeholder of a tag slot
            import secrets

            _run_id = secrets.token_hex(6)
        if not sys.platform.startswith("linux") or (_proc is not None and _proc.poll() is None):
            return _run_id
        if _write_fd is not None:
            os.close(_write_fd)
            _write_fd = None
        _proc, _write_fd = _start(var, _run_id)
        return _run_id


def _start(var: str, run: str):
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    # Appended, not prepended: the package's folder (site-packages, say) must not shadow the stdlib.
    code = "import sys;sys.path.append(sys.argv[1]);from artifactbench._guardian import _watch;_watch(*sys.argv[2:])"
    read_fd, write_fd = os.pipe()  # both ends close-on-exec
    try:
        proc = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", code, root, var, run, str(os.getpid())],
            stdin=read_fd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={}, cwd="/",
            start_new_session=True, close_fds=True)
    except (OSError, subprocess.SubprocessError):
        os.close(write_fd)
        return None, None
    finally:
        os.close(read_fd)
    return proc, write_fd


def _watch(var: str, run: str, checker: str) -> None:
    """The guardian's body: wait for EOF on stdin, then reap the tags of `run`. Prints nothing."""
    import signal

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)  # it ends when the checker does, and not before
    try:
        while os.read(0, 4096):  # Popen(close_fds=True) left it nothing else open
            pass
    except OSError:
        pass
    try:
        reap(var, run, spare=(os.getpid(), int(checker)))
    except BaseException:  # noqa: BLE001 - nothing the tasks left may make it print a traceback
        os._exit(1)
    os._exit(0)


def reap(var: str, run: str, spare: tuple[int, ...] = ()) -> int:
    """SIGKILL every process of this user (but `spare`) whose environment has `var`=`run`+20 hex;
    how many were killed. Passes until one kills none and sees no process in the middle of an exec
    (at most _MAX_PASSES that kill, and _EXEC_WAIT_S of waiting for execs)."""
    import re
    import time

    entry = re.compile(rb"(?:^|\0)" + re.escape(var.encode()) + b"=" + re.escape(run.encode())
                       + rb"[0-9a-f]{20}(?:\0|$)")
    uid, skip, killed, passes = os.getuid(), set(spare), 0, 0
    deadline = time.monotonic() + _EXEC_WAIT_S
    while passes < _MAX_PASSES:
        found, pending = _pass(entry, uid, skip)
        killed += found
        if found:
            passes += 1
        elif not pending or time.monotonic() > deadline:
            break
        else:
            time.sleep(_EXEC_POLL_S)
    return killed


def _pass(entry, uid: int, skip: set[int]) -> tuple[int, int]:
    """One scan of /proc: (how many it killed, how many were in the middle of an exec)."""
    found = pending = 0
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) in skip:
            continue
        pid = int(name)
        try:
            if os.stat(f"/proc/{pid}").st_uid != uid:
                continue
            handle = _pidfd(pid)
        except OSError:  # gone
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as fh:
                env = fh.read()
            if entry.search(env):
                _kill(pid, handle)
                skip.add(pid)
                found += 1
            elif not env:
                pending += _in_exec(pid)
        except (OSError, ValueError, IndexError):  # gone (a zombie or a kernel thread has no
            pass  # environ), or not ours to read
        finally:
            if handle is not None:
                os.close(handle)
    return found, pending


_PF_KTHREAD = 0x00200000


def _in_exec(pid: int) -> bool:
    """Whether `pid`, whose environ reads empty, is in the middle of an execve (rather than a kernel
    thread, a zombie, or a process whose environment is really empty): its cmdline is empty too."""
    with open(f"/proc/{pid}/stat", "rb") as fh:
        fields = fh.read().rsplit(b")", 1)[-1].split()
    if fields[0] in (b"Z", b"X") or int(fields[6]) & _PF_KTHREAD:
        return False
    with open(f"/proc/{pid}/cmdline", "rb") as fh:
        return not fh.read(1)


def _kill(pid: int, handle: int | None) -> None:
    import signal

    if handle is not None:
        try:
            signal.pidfd_send_signal(handle, signal.SIGKILL)
            return
        except OSError as exc:
            if exc.errno not in (errno.ENOSYS, errno.EPERM):  # e.g. ESRCH: it is gone
                raise
    os.kill(pid, signal.SIGKILL)


def _pidfd(pid: int) -> int | None:
    """A pidfd of `pid`, or None where the kernel (before 5.3) or Python has none.

    The pidfd pins the process: if the pid is reused before its environ is read, that environ is the
    new process's and the kill goes to that same process (or to nobody), never to a stranger."""
    try:
        return os.pidfd_open(pid)
    except AttributeError:
        return None
    except OSError as exc:
        if exc.errno in (errno.ENOSYS, errno.EPERM):
            return None
        raise
