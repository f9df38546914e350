"""Values produced by the gates and their versioned JSON form (docs/adr/0001-cli-surface.md, version 2).

Keep CASE_STATUSES, SEVERITIES and the JSON keys in sync with the plugin's mirror,
pants-plugins/artifactbench_pants/contract.py (pants-plugins/tests/test_contract_mirror.py fails on drift).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from artifactbench._version import __version__

REPORT_VERSION = 2
# Every case status any gate writes: one closed set, upper case as the report shows it.
CASE_STATUSES: tuple[str, ...] = (
    "PASS", "OK", "SKIPPED",                       # nothing wrong / did not apply
    "FINDING", "WARNING",                          # assurance gates: a broken rule / a SHOULD
    "MISS", "WEAK_MISS", "WRONG_REASON", "EXPECTED_MISS",  # negative gate (spec 5.5 table)
    "LEAK",                                        # leaks gate (spec 8)
    "BLOCKED",                                     # not graded: the grader hung on a known-good artifact
    "ERROR",                                       # infrastructure: the case could not be decided
)
# error: infrastructure; fail: a MUST broken or a grader shown to accept an answer the task makes wrong;
# warn: a SHOULD, or a finding that depends on what the prompt leaves open; info: nothing to act on.
SEVERITIES: tuple[str, ...] = ("error", "fail", "warn", "info")
Severity = Literal["error", "fail", "warn", "info"]
_DEFAULT_SEVERITY = {"FINDING": "fail", "MISS": "fail", "LEAK": "fail", "ERROR": "error",
                     "WARNING": "warn", "WEAK_MISS": "warn", "WRONG_REASON": "warn", "EXPECTED_MISS": "warn"}
GateStatus = Literal["pass", "fail", "warn", "error", "skip"]
TaskStatus = Literal["pass", "fail", "error"]
ReportStatus = Literal["pass", "fail", "error"]
FAILING: frozenset[str] = frozenset({"fail", "error"})


@dataclass(frozen=True, slots=True)
class CaseResult:
    """One item inside a gate: a negative case, a leak finding, ...

    `status` is one of CASE_STATUSES; `severity` one of SEVERITIES (default: the status's usual one,
    e.g. FINDING -> fail, WARNING -> warn, PASS -> info). A value outside either set is a bug: ValueError.
    """

    name: str
    status: str
    detail: str = ""
    severity: str = ""

    def __post_init__(self) -> None:
        if self.status not in CASE_STATUSES:
            raise ValueError(f"case {self.name!r}: status={self.status!r} is not one of {CASE_STATUSES}")
        if not self.severity:
            object.__setattr__(self, "severity", _DEFAULT_SEVERITY.get(self.status, "info"))
        elif self.severity not in SEVERITIES:
            raise ValueError(f"case {self.name!r}: severity={self.severity!r} is not one of {SEVERITIES}")

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "status": self.status, "severity": self.severity, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The verdict of one gate on one task."""

    gate: str
    status: GateStatus
    summary: str
    cases: tuple[CaseResult, ...] = ()
    duration_s: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "gate": self.gate,
            "status": self.status,
            "summary": self.summary,
            "duration_s": round(self.duration_s, 3),
            "cases": [c.to_json() for c in self.cases],
        }


def task_status(checks: tuple[CheckResult, ...]) -> TaskStatus:
    """error if any gate errored, else fail if any failed, else pass (warn and skip do not fail)."""
    statuses = {c.status for c in checks}
    if "error" in statuses:
        return "error"
    return "fail" if "fail" in statuses else "pass"


@dataclass(frozen=True, slots=True)
class TaskReport:
    """Every gate's verdict on one task. `task_dir` is the path as displayed (relative to cwd if inside)."""

    instance_id: str
    task_dir: str
    status: TaskStatus
    checks: tuple[CheckResult, ...]
    duration_s: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "instance_id": self.instance_id,
            "task_dir": self.task_dir,
            "status": self.status,
            "duration_s": round(self.duration_s, 3),
            "checks": [c.to_json() for c in self.checks],
        }


@dataclass(frozen=True, slots=True)
class Report:
    """The result of a check run. `problems` are input errors that stopped tasks from loading."""

    tasks: tuple[TaskReport, ...]
    problems: tuple[str, ...] = ()
    kind: str = "check-report"
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def status(self) -> ReportStatus:
        if self.problems or any(t.status == "error" for t in self.tasks):
            return "error"
        return "fail" if any(t.status == "fail" for t in self.tasks) else "pass"

    @property
    def exit_code(self) -> int:
        """0 all passed; 1 a check failed or errored; 2 input problems (the CLI's codes)."""
        if self.problems:
            return 2
        return 1 if any(t.status in FAILING for t in self.tasks) else 0

    def to_json(self) -> dict[str, object]:
        body: dict[str, object] = {
            "version": REPORT_VERSION,
            "kind": self.kind,
            "harness_version": __version__,
            "status": self.status,
            "exit_code": self.exit_code,
            "problems": list(self.problems),
            "tasks": [t.to_json() for t in self.tasks],
        }
        for key, value in self.extra.items():
            body.setdefault(key, value)
        return body
