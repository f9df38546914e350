"""Values produced by the gates and their versioned JSON form (docs/adr/0001-cli-surface.md, version 1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from artifactbench._version import __version__

REPORT_VERSION = 1
GateStatus = Literal["pass", "fail", "warn", "error", "skip"]
TaskStatus = Literal["pass", "fail", "error"]
ReportStatus = Literal["pass", "fail", "error"]
FAILING: frozenset[str] = frozenset({"fail", "error"})


@dataclass(frozen=True, slots=True)
class CaseResult:
    """One item inside a gate: a negative case, a leak finding, ... `status` is gate-specific (upper case)."""

    name: str
    status: str
    detail: str = ""

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "status": self.status, "detail": self.detail}


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
