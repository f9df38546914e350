"""Running task graders in isolated processes and validating what they return (spec 3).

Graders run agent-written code with `run_agent_code`, which gives it a sandbox of its own.

The names below are imported on first use (PEP 562): every grader process starts as
`python -m artifactbench.grading._child`, which imports this package first, and a grader session
start should pay only for what the child itself needs (not subprocess, sandbox or resource code).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from artifactbench.grading._agent_code import CodeRun, run_agent_code
    from artifactbench.grading._confine import grader_binds
    from artifactbench.grading._forkserver import Forkservers
    from artifactbench.grading._grade import grade
    from artifactbench.grading._outcome import AUDIT_ENV, harness_path
    from artifactbench.grading._result import ErrorKind, GradeOutcome, GradeResult
    from artifactbench.grading._session import GraderSession

_WHERE = {
    "CodeRun": "_agent_code", "run_agent_code": "_agent_code", "grader_binds": "_confine", "grade": "_grade",
    "harness_path": "_outcome", "AUDIT_ENV": "_outcome", "Forkservers": "_forkserver",
    "ErrorKind": "_result", "GradeOutcome": "_result", "GradeResult": "_result", "GraderSession": "_session",
}
__all__ = [
    "AUDIT_ENV", "grader_binds",
    "CodeRun", "ErrorKind", "Forkservers", "GradeOutcome", "GradeResult", "GraderSession", "grade", "harness_path", "run_agent_code",
]


def __getattr__(name: str) -> object:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
