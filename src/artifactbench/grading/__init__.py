"""Running task graders in isolated processes and validating what they return (spec 3).

Graders run agent-written code with `run_agent_code`, which gives it a sandbox of its own.
"""

from artifactbench.grading._agent_code import CodeRun, run_agent_code
from artifactbench.grading._grade import grade
from artifactbench.grading._outcome import harness_path
from artifactbench.grading._result import ErrorKind, GradeOutcome, GradeResult
from artifactbench.grading._session import GraderSession

__all__ = [
    "CodeRun", "ErrorKind", "GradeOutcome", "GradeResult", "GraderSession", "grade", "harness_path", "run_agent_code",
]
