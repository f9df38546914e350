"""Stopping what an unsandboxed agent left running, before its output is snapshotted.

In a sandbox nothing outlives the agent (its PID namespace ends with it). Without one (`--sandbox
none`), `run_process` kills the agent's process group when the agent exits, but a child that started
its own session (setsid, a daemonizing CLI) escapes the group and could rewrite the artifact while it
is copied. Such a stray is found by what it inherited from the job: the job's scratch dir as its
working dir or in its environment (ARTIFACTBENCH_SCRATCH_DIR), and killed. Best effort: a process
that changes both escapes it; that is what the sandbox is for.
"""

from __future__ import annotations

import os
from pathlib import Path

import psutil

__all__ = ["reap_strays"]


def _belongs(proc: psutil.Process, scratch: str, raw: str) -> bool:
    try:
        cwd = proc.cwd()
        if cwd == scratch or cwd.startswith(scratch + os.sep):
            return True
        return proc.environ().get("ARTIFACTBENCH_SCRATCH_DIR") in (raw, scratch)
    except (psutil.Error, OSError):  # gone, or not ours to inspect
        return False


def reap_strays(scratch_dir: Path, *, passes: int = 3) -> int:
    """SIGKILL every process of this user tied to `scratch_dir`; returns how many were killed.

    Several passes, since a stray may fork between the scan and the kill.
    """
    scratch, raw = os.path.realpath(scratch_dir), str(scratch_dir)
    me, uid, killed = os.getpid(), os.getuid(), 0
    for _ in range(passes):
        found = 0
        for proc in psutil.process_iter(["uids"]):
            uids = proc.info.get("uids")
            if proc.pid == me or uids is None or uids.real != uid:
                continue
            if _belongs(proc, scratch, raw):
                try:
                    proc.kill()
                    found += 1
                except psutil.Error:
                    pass
        killed += found
        if not found:
            break
    return killed
