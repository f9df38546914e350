"""grade(): one grader run in a fresh, isolated process."""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from artifactbench._process import run_process
from artifactbench._tempdirs import run_temp_dir
from artifactbench.grading._confine import AGENT_CODE_ENV, GradingSandbox, grading_sandbox
from artifactbench.grading._outcome import OUTPUT_CAP, child_argv, grader_env, harness_path, outcome_from
from artifactbench.grading._result import GradeOutcome

if TYPE_CHECKING:
    from artifactbench.manifest import Task

__all__ = ["grade"]


def _read_available(fd: int) -> bytes:
    """Whatever is in the pipe now; the writers are gone, but a straggler must not make us block."""
    os.set_blocking(fd, False)
    chunks = []
    try:
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
    except BlockingIOError:
        pass
    return b"".join(chunks)


def grade(
    task: Task,
    scratch_dir: Path,
    *,
    timeout_s: float = 60.0,
    extra_env: Mapping[str, str] | None = None,
    sandbox: GradingSandbox | None = None,
) -> GradeOutcome:
    """Run task's grade(scratch_dir) in a new process and return its validated outcome.

    The child runs `sys.executable` with cwd=scratch_dir, a scrubbed env (PATH, PYTHONDONTWRITEBYTECODE,
    PYTHONHASHSEED=0, PYTHONPATH=the harness's import path, HOME=an empty temp dir) and the grader's
    folder first on sys.path. Its verdict comes back over a private pipe, authenticated with a per-run
    key sent on stdin; stdout/stderr are only kept for humans. Never raises for grader failures.
    `extra_env` entries override that env (the assurance gates vary PYTHONHASHSEED and prepend an
    audit hook's folder to PYTHONPATH); leave it None for ordinary grading.
    `sandbox="bwrap"` runs the grader in bubblewrap: it sees the runtime, the harness's imports, its
    own grader folder (read-only) and scratch_dir, no network, nothing of other tasks or runs; agent
    code it starts with `run_agent_code` gets a nested sandbox. `sandbox="none"`: neither is sandboxed.
    None: the grader is not, agent code is when bubblewrap is installed.
    """
    scratch = Path(scratch_dir).resolve()
    if not scratch.is_dir():
        raise FileNotFoundError(f"{scratch}: scratch dir to grade does not exist")
    key = secrets.token_bytes(32)
    with tempfile.TemporaryDirectory(prefix="artifactbench-home-", dir=run_temp_dir(),
                                     ignore_cleanup_errors=True) as home:
        mode = {} if sandbox is None else {AGENT_CODE_ENV: sandbox}
        if sandbox == "bwrap":
            mode["ARTIFACTBENCH_SANDBOXED"] = "1"
        confine = None
        if sandbox == "bwrap":
            entries = harness_path().split(os.pathsep)
            confine = grading_sandbox(task, scratch, home, entries)
        read_end, write_end = os.pipe()
        try:
            try:
                run = run_process(
                    child_argv("once", str(task.hidden_grader), str(scratch), str(write_end)),
                    cwd=scratch,
                    env={**grader_env(home), **mode, **(extra_env or {})},
                    timeout_s=timeout_s,
                    output_cap=OUTPUT_CAP,
                    input=key.hex().encode() + b"\n",
                    pass_fds=(write_end,),
                    sandbox=confine,
                )
            finally:
                os.close(write_end)
            verdict = _read_available(read_end)
        finally:
            os.close(read_end)
    return outcome_from(
        key, verdict, stdout=run.stdout, stderr=run.stderr, timed_out=run.timed_out,
        returncode=run.returncode, duration_s=run.duration_s, timeout_s=timeout_s,
    )  # fmt: skip
