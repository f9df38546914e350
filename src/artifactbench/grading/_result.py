"""The grader's verdict (spec 3.1) and the harness's record of one grader run."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

__all__ = ["ErrorKind", "GradeOutcome", "GradeResult"]

# exception: grade() raised (a grader bug, an infrastructure error, never a task failure);
# timeout: it ran past its limit; bad_shape: it returned something that is not a valid GradeResult;
# crash: its process died without a verdict; load: the module failed to import or has no grade().
# A name tempfile gives a file or folder it makes (its default prefix and 8 random characters).
_TEMP_NAME = re.compile(r"(?<![\w.-])tmp[a-z0-9_]{8}(?![A-Za-z0-9_])")
ErrorKind = Literal["exception", "timeout", "bad_shape", "crash", "load"]


@dataclass(frozen=True, slots=True)
class GradeResult:
    """What grade(scratch_dir) returns (spec 3.1): passed, score in [0, 1], detail of <= 500 chars.

    Kept exactly as the spec shapes it, with no checks of its own: the harness validates any object
    with these three attributes (structural typing) and reports violations as error_kind="bad_shape".
    """

    passed: bool
    score: float
    detail: str


@dataclass(frozen=True, slots=True)
class GradeOutcome:
    """One grader run: a validated result, or an error of `error_kind` (never both)."""

    result: GradeResult | None
    error: str | None
    error_kind: ErrorKind | None
    traceback: str | None
    duration_s: float
    stdout: str
    stderr: str
    # bad_shape only because the detail is over 500 characters: the verdict with the detail cut to 500.
    lenient: GradeResult | None = None

    @property
    def ok(self) -> bool:
        """True when the grader produced a valid verdict (whether it passed or not)."""
        return self.result is not None and self.error is None

    @property
    def passed(self) -> bool:
        """True only for a valid verdict with passed=True."""
        return self.ok and self.result is not None and self.result.passed

    @property
    def fingerprint(self) -> tuple:
        """What two gradings must share to be the same verdict (durations and output aside)."""
        result = self.result
        if result is None:
            return ("error", self.error_kind, self.error)
        # (a name tempfile made, `/tmp/tmp7ocy8x2g/tagcheck.py` in a SyntaxError the detail quotes, is new
        # on every call: not a verdict that differs; blind p85)
        return ("result", bool(result.passed), float(result.score), _TEMP_NAME.sub("tmp*", str(result.detail)))
