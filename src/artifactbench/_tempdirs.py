"""Temp dirs that a later run removes when this process was killed without a chance to clean up.

A process cannot clean up after SIGKILL (or a power cut), so every temp dir the harness makes lives
under one folder per process and temp dir, `artifactbench-run-<pid>-XXXXXXXX`, holding a `.lock`
file that this process keeps flock()ed while it lives (the kernel drops the lock when it dies, however
it dies). The first temp dir a process asks for sweeps the temp dir: a run folder whose lock can be
taken has no live owner and is removed. Only folders named like ours and owned by this user are
touched, and links are never followed. A normal exit removes the process's own run folder (atexit).
"""

from __future__ import annotations

import atexit
import errno
import fcntl
import os
import stat
import tempfile
import threading
import time
from pathlib import Path

from artifactbench._trees import remove_tree


__all__ = ["RUN_PREFIX", "run_temp_dir", "sweep_stale"]

RUN_PREFIX = "artifactbench-run-"
_LOCK = ".lock"
# A run folder without its lock is one whose process died between making it and locking it (the lock
# file is locked before it gets its name), or one being made right now: removed only once this old.
_UNLOCKED_GRACE_S = 60.0
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)

_guard = threading.Lock()
_runs: dict[str, tuple[Path, int, int]] = {}  # resolved temp dir -> (run folder, lock fd, pid that made it)


def run_temp_dir(base: Path | None = None) -> Path:
    """This process's run folder under `base` (default: the system temp dir), made on first use.

    Making it first removes stale run folders there (see sweep_stale). A process forked from this one
    shares the folder (and the lock) with its parent.
    """
    root = Path(base if base is not None else tempfile.gettempdir()).resolve()
    key = os.fspath(root)
    with _guard:
        known = _runs.get(key)
        if known is not None:
            if known[0].is_dir():
                return known[0]
            os.close(known[1])  # removed under us (a test's tmp dir, say): make a new one
        sweep_stale(root)
        path = Path(tempfile.mkdtemp(prefix=f"{RUN_PREFIX}{os.getpid()}-", dir=root))
        fd = os.open(path / f"{_LOCK}.new", os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | _O_CLOEXEC, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.rename(path / f"{_LOCK}.new", path / _LOCK)  # never visible unlocked under its real name
        _runs[key] = (path, fd, os.getpid())
        return path


def sweep_stale(root: Path) -> list[str]:
    """Remove every run folder directly under `root` whose owner is gone; the names removed.

    A folder counts only when its name starts with RUN_PREFIX, it is a real folder (not a link) owned by
    this user, and its `.lock` can be locked without waiting (no live process holds it).
    """
    removed = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return removed
    uid = os.getuid()
    for entry in entries:
        if not entry.name.startswith(RUN_PREFIX):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != uid:
            continue
        if _owner_gone(entry.path, st):
            remove_tree(entry.path)  # rmtree never follows a link inside
            removed.append(entry.name)
    return removed


def _owner_gone(path: str, st: os.stat_result) -> bool:
    """True when no process holds the lock of run folder `path`. Taking the lock keeps it from a
    second sweeper for the moment; the folder goes right after."""
    try:
        dir_fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | _O_CLOEXEC)
    except OSError:
        return False
    try:
        try:
            fd = os.open(_LOCK, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | _O_CLOEXEC, dir_fd=dir_fd)
        except FileNotFoundError:
            return time.time() - st.st_mtime > _UNLOCKED_GRACE_S
        except OSError:
            return False
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return False
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                return False  # alive
            return False
        finally:
            os.close(fd)
        return True
    finally:
        os.close(dir_fd)


def _remove_own() -> None:
    with _guard:
        for key, (path, fd, pid) in list(_runs.items()):
            if pid == os.getpid():  # not a folder a forked child inherited from its parent
                remove_tree(path)
                os.close(fd)
                del _runs[key]


atexit.register(_remove_own)
