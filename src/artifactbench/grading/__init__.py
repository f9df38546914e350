"""Running task graders in isolated processes and validating what they return (spec 3)."""

from artifactbench.grading._grade import grade
from artifactbench.grading._outcome import harness_path
from artifactbench.grading._result import ErrorKind, GradeOutcome, GradeResult
from artifactbench.grading._session import GraderSession

__all__ = ["ErrorKind", "GradeOutcome", "GradeResult", "GraderSession", "grade", "harness_path"]
