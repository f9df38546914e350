"""Classify one negative case's outcome into the spec's statuses (5.5.4), plus SKIPPED.

| status        | when                                                                    | severity |
|---------------|-------------------------------------------------------------------------|----------|
| PASS          | grader rejected; expected_substring (if any) found in detail            | ok       |
| MISS          | grader accepted a case of a task that ships negative_cases.py           | fail     |
| WEAK_MISS     | grader accepted a default mutation on a task without negative_cases.py  | warn     |
| WRONG_REASON  | rejected, detail lacks expected_substring: custom case                  | fail     |
|               |                                        default mutation function        | warn     |
| EXPECTED_MISS | grader accepted a currently_caught=False case                           | warn     |
| ERROR         | mutate raised/returned a non-str or its input, grader error/timeout      | error;   |
|               | (the negative gate: `fail` when the grader raised or returned a bad shape) |          |
| SKIPPED       | a default mutation that cannot apply to this reference (with a reason)  | ok       |
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from artifactbench.negative._case import NegativeCase
from artifactbench.negative._mutations import is_default_mutation


class CaseStatus(str, enum.Enum):
    PASS = "PASS"
    MISS = "MISS"
    WEAK_MISS = "WEAK_MISS"
    WRONG_REASON = "WRONG_REASON"
    EXPECTED_MISS = "EXPECTED_MISS"
    ERROR = "ERROR"
    SKIPPED = "SKIPPED"


class Severity(str, enum.Enum):
    OK = "ok"
    WARN = "warn"
    FAIL = "fail"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class Verdict:
    status: CaseStatus
    severity: Severity
    detail: str


def classify(case: NegativeCase, *, per_task_file: bool, accepted: bool, detail: str) -> Verdict:
    """The verdict for a case whose mutated artifact the grader graded (passed=`accepted`)."""
    default = is_default_mutation(case.mutate)
    if accepted:
        if not case.currently_caught:
            note = f" (notes: {case.notes})" if case.notes else ""
            return Verdict(CaseStatus.EXPECTED_MISS, Severity.WARN,
                           f"accepted, as documented by currently_caught=False{note}")
        if default and not per_task_file:
            return Verdict(CaseStatus.WEAK_MISS, Severity.WARN,
                           f"grader accepted the default mutation {case.name!r} (detail: {detail!r}); "
                           "add grader/negative_cases.py to track or fix it")
        return Verdict(CaseStatus.MISS, Severity.FAIL,
                       f"grader accepted a deliberately wrong artifact (detail: {detail!r})")
    wanted = case.expected_substring
    if wanted and wanted.casefold() not in detail.casefold():
        severity = Severity.WARN if default else Severity.FAIL
        return Verdict(CaseStatus.WRONG_REASON, severity,
                       f"rejected, but detail {detail!r} lacks expected substring {wanted!r}")
    if not case.currently_caught:
        # Caught now although documented as a miss: the alignment fix landed, flip the flag.
        return Verdict(CaseStatus.PASS, Severity.WARN,
                       f"rejected ({detail!r}); now caught: set currently_caught=True")
    return Verdict(CaseStatus.PASS, Severity.OK, f"rejected: {detail!r}")
