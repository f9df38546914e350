"""The one helper that runs every child process (generators, graders, agents, verifiers).

Contract of `run_process`: the child starts in a new session (so it leads its own process group), its
stdout and stderr are captured with a cap that keeps the tail, and it never outlives the call: on timeout
the whole group gets SIGTERM, then SIGKILL after a short grace; when the leader exits on its own, any
stragglers left in its group are killed too, so a background grandchild holding a pipe open cannot make
the call wait for the full timeout. The pipe pumping and group signalling live in `_pipes`.
With a `Sandbox` (see `_sandbox`), the child runs inside bubblewrap: it sees only the sandbox's binds,
and its own PID namespace ends with it, so nothing it started survives the call.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

# pump/terminate_group (and TERM_GRACE_S) live in _pipes; re-exported so existing imports keep working.
from artifactbench._pipes import TERM_GRACE_S, exited, killpg, pump, terminate_group  # noqa: F401
from artifactbench._sandbox import Sandbox, pids_cgroup
from artifactbench._tagging import TAG_VAR, current_tag

__all__ = ["DEFAULT_OUTPUT_CAP", "ProcessResult", "pump", "run_process", "scrubbed_env", "terminate_group"]

DEFAULT_OUTPUT_CAP = 1_000_000  # bytes kept per stream (the tail)


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
    stopped: str | None = None  # why `watch` had the child stopped (its group was killed), else None


def scrubbed_env(**extra: str) -> dict[str, str]:
    """PATH and PYTHONDONTWRITEBYTECODE=1 only, plus `extra`: nothing else of ours leaks into a child.
    While a task is checked (`_tagging.tagging`), also its tag, so that `_tagging.reap_tagged` finds
    whatever the child leaves running, even outside its process group."""
    env = {"PATH": os.environ.get("PATH", os.defpath), "PYTHONDONTWRITEBYTECODE": "1"}
    tag = current_tag()
    if tag is not None:
        env[TAG_VAR] = tag
    env.update(extra)
    return env


def run_process(
    argv: Sequence[str | os.PathLike[str]],
    *,
    cwd: str | os.PathLike[str],
    env: Mapping[str, str],
    timeout_s: float,
    output_cap: int = DEFAULT_OUTPUT_CAP,
    input: bytes | None = None,  # noqa: A002 - mirrors subprocess.run
    pass_fds: Sequence[int] = (),
    sandbox: Sandbox | None = None,
    watch: Callable[[], str | None] | None = None,
) -> ProcessResult:
    """Run `argv` to completion or until `timeout_s`; never raises for the child's own failures.

    `watch`, when given, is called often while the child runs (it must rate-limit itself); the first
    time it returns a reason, the child's group is killed as on a timeout and `stopped` is that reason.

    With `sandbox`, the child runs in it with `cwd` (which the sandbox must bind) as its working dir;
    `ProcessResult.argv` is then the full bubblewrap command line.
    Raises OSError/FileNotFoundError only when the child cannot be started at all.
    """
    if not timeout_s > 0:
        raise ValueError(f"timeout_s={timeout_s!r}: must be a positive number of seconds")
    args = tuple(os.fspath(a) for a in argv)
    if sandbox is None:
        return _run(args, cwd, env, timeout_s, output_cap, input, pass_fds, watch)
    with pids_cgroup(sandbox.limits.processes) as prefix:
        args = (*prefix, *sandbox.wrap(args, os.fspath(cwd)))
        return _run(args, cwd, env, timeout_s, output_cap, input, pass_fds, watch)


def _run(args: tuple[str, ...], cwd: str | os.PathLike[str], env: Mapping[str, str], timeout_s: float,
         output_cap: int, input: bytes | None, pass_fds: Sequence[int],  # noqa: A002
         watch: Callable[[], str | None] | None) -> ProcessResult:
    start = time.monotonic()
    stopped: str | None = None

    def stop() -> bool:
        nonlocal stopped
        if stopped is None and watch is not None:
            stopped = watch()
        return stopped is not None

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
            stop=stop if watch is not None else None,
        )
        while not timed_out and stopped is None and not exited(proc.pid):  # pipes closed; the leader runs
            if time.monotonic() >= start + timeout_s:
                timed_out = True
                terminate_group(proc.pid)
                break
            if watch is not None and stop():
                terminate_group(proc.pid)
                break
            time.sleep(0.01)
        killpg(proc.pid, signal.SIGKILL)  # the leader is a zombie or dead: its group id is still ours
    finally:
        if proc.poll() is None:
            killpg(proc.pid, signal.SIGKILL)
        returncode = proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    return ProcessResult(args, returncode, out, err, timed_out, time.monotonic() - start, truncated, stopped)
