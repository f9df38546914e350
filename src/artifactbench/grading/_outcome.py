"""Parent-side pieces shared by grade() and GraderSession: the child's argv and env, verdict -> outcome."""

from __future__ import annotations

import functools
import os
import signal
import sys
from pathlib import Path

import artifactbench
from artifactbench._process import scrubbed_env
from artifactbench.grading._child import read_verdict
from artifactbench.grading._result import GradeOutcome, GradeResult

__all__ = ["AUDIT_ENV", "OUTPUT_CAP", "child_argv", "grader_env", "outcome_from"]

# Names the offline audit's log file in a grader's env (the hook, grading._audit, and the zygote read the
# same name on the child side, where this module is not imported).
AUDIT_ENV = "ARTIFACTBENCH_NET_AUDIT"
OUTPUT_CAP = 100_000  # bytes of the grader's stdout and stderr kept (the tail)


def child_argv(*args: str) -> list[str]:
    """-P: the scratch dir (cwd) is not put first on sys.path; -s: no user site.

    -m rather than a file path, so this also works when the harness is imported from a zip (a PEX).
    """
    return [sys.executable, "-P", "-s", "-m", "artifactbench.grading._child", *args]


def harness_path() -> str:
    """The harness's own import path, so graders can import what it can (numpy, swebench.*, ...)."""
    return _harness_path(tuple(sys.path), os.getcwd())


@functools.lru_cache(maxsize=8)
def _harness_path(path: tuple[str, ...], cwd: str) -> str:  # (a grader session's start asks: ~0.4 ms)
    ours = str(Path(artifactbench.__file__).resolve().parent.parent)
    # Absolute entries only: the grader runs with the scratch dir as its cwd.
    entries = [ours] + [os.path.join(cwd, p) for p in path if p and os.path.exists(p)]
    return os.pathsep.join(dict.fromkeys(os.path.normpath(e) for e in entries))


def grader_env(home: str) -> dict[str, str]:
    """PATH, PYTHONDONTWRITEBYTECODE, PYTHONHASHSEED=0, PYTHONPATH (the harness's) and HOME; nothing else."""
    return scrubbed_env(PYTHONHASHSEED="0", PYTHONPATH=harness_path(), HOME=home)


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _died(returncode: int) -> str:
    if returncode < 0:
        try:
            return f"was killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"was killed by signal {-returncode}"
    return f"exited with status {returncode}"


def outcome_from(
    key: bytes,
    verdict: bytes,
    *,
    stdout: bytes,
    stderr: bytes,
    timed_out: bool,
    returncode: int,
    duration_s: float,
    timeout_s: float,
) -> GradeOutcome:
    """Turn what a grader run left behind into a GradeOutcome; only an authenticated verdict counts."""
    payload = read_verdict(key, verdict)
    out, err = _text(stdout), _text(stderr)
    if payload is None:
        if timed_out:
            error, kind = f"grade() did not finish within timeout_s={timeout_s}", "timeout"
        else:
            error, kind = f"the grader process {_died(returncode)} before reporting a verdict", "crash"
        return GradeOutcome(None, error, kind, None, duration_s, out, err)  # type: ignore[arg-type]
    if payload["kind"] == "result":
        result = GradeResult(payload["passed"], payload["score"], payload["detail"])
        return GradeOutcome(result, None, None, None, duration_s, out, err)
    shaped = payload.get("verdict")
    lenient = GradeResult(shaped["passed"], shaped["score"], shaped["detail"]) if isinstance(shaped, dict) else None
    return GradeOutcome(None, payload["error"], payload["kind"], payload["traceback"], duration_s, out, err,
                        lenient)
