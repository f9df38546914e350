"""`swebench.artifact_models` as graders import it: `from swebench.artifact_models import GradeResult`."""

from artifactbench.grading._result import GradeResult

__all__ = ["GradeResult"]
