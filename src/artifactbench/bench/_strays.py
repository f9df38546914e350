"""Stopping what an agent left running, before its output is snapshotted.

`run_process` kills the agent's process group when the agent exits, but a child that started its own
session (setsid, a daemonizing CLI) escapes the group. Such a stray could rewrite the artifact while it
is copied, or write into later jobs' dirs. It is found by what it inherited from the job: the job's
scratch dir in its environment (ARTIFACTBENCH_SCRATCH_DIR) or as its working dir, and killed.
This is best effort on Linux (/proc); a process that scrubs both escapes it, and full containment needs
a container or cgroup around the agent, which the harness does not impose.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

__all__ = ["reap_strays"]

_PROC = Path("/proc")


def _belongs(pid: str, needle: bytes, scratch: str) -> bool:
    try:
        cwd = os.readlink(f"/proc/{pid}/cwd")
        if cwd == scratch or cwd.startswith(scratch + os.sep):
            return True
        with open(f"/proc/{pid}/environ", "rb") as fh:
            return needle in b"\0" + fh.read()
    except OSError:  # gone, or not ours to inspect
        return False


def reap_strays(scratch_dir: Path, *, passes: int = 3) -> int:
    """SIGKILL every process of this user tied to `scratch_dir`; returns how many were killed.

    Several passes, since a stray may fork between the scan and the kill.
    """
    if not _PROC.is_dir():
        return 0
    scratch = os.path.realpath(scratch_dir)
    needle = b"\0ARTIFACTBENCH_SCRATCH_DIR=" + os.fsencode(str(scratch_dir)) + b"\0"
    me, uid, killed = os.getpid(), os.getuid(), 0
    for _ in range(passes):
        found = 0
        for entry in os.scandir(_PROC):
            if not entry.name.isdigit() or int(entry.name) == me:
                continue
            try:
                if entry.stat().st_uid != uid:
                    continue
            except OSError:
                continue
            if _belongs(entry.name, needle, scratch):
                try:
                    os.kill(int(entry.name), signal.SIGKILL)
                    found += 1
                except OSError:
                    pass
        killed += found
        if not found:
            break
    return killed
