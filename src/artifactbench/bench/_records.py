"""The versioned run record: one line of results.jsonl per (task, arm, run index)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Literal

__all__ = ["ERROR_REASONS", "RECORD_VERSION", "RunRecord", "Verdict"]

RECORD_VERSION = 1
Verdict = Literal["PASS", "FAIL", "ERROR"]
# FAIL reasons are the agent's failures; ERROR reasons are the harness's or the grader's.
ERROR_REASONS = {
    "agent_timeout": "FAIL",
    "budget_exceeded": "FAIL",
    "agent_exception": "FAIL",
    "unsafe_output": "FAIL",
    "grader_link": "FAIL",
    "resource_limit": "FAIL",
    "grader_timeout": "FAIL",
    "materialize": "ERROR",
    "grader": "ERROR",
    "harness": "ERROR",
    "task_changed": "ERROR",
    "sandbox_refused": "ERROR",
}


@dataclass(frozen=True, slots=True)
class RunRecord:
    """One graded attempt. Metrics are None when the agent did not report them.

    `error_reason` is None for a graded PASS/FAIL and names why otherwise (see ERROR_REASONS).
    `artifact` is the snapshot's path relative to the run dir, None when nothing was produced.
    `sandbox` is "bwrap" when the agent's processes and the grader ran in bubblewrap, "none" when
    the run was unsandboxed (`--sandbox none`), None in records written before sandboxes existed.
    """

    run_id: str
    instance_id: str
    category: str
    difficulty: str
    arm: str
    agent: str
    run: int
    started_at: str
    ended_at: str
    wall_s: float
    agent_wall_s: float
    grade_s: float
    agent_exit: int | None
    verdict: Verdict
    score: float
    detail: str
    error_reason: str | None
    max_code_runs: int
    max_wall_seconds: int
    budgets_enforced: bool
    turns: int | None
    tokens: int | None
    cost: float | None
    code_runs: int | None
    task_digest: str
    workspace_digest: str
    artifact: str | None
    harness_version: str
    stdout_tail: str = ""
    stderr_tail: str = ""
    input_tokens: int | None = None
    output_tokens: int | None = None
    tool_calls: tuple[tuple[str, int], ...] = ()
    transcript: str | None = None  # the agent's transcript, relative to the run dir
    sandbox: str | None = None
    version: int = RECORD_VERSION

    @property
    def key(self) -> tuple[str, str, int]:
        """The identity of a job within a run."""
        return (self.instance_id, self.arm, self.run)

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        # The budgets travel as one object so a reader sees what was declared and whether it bit.
        data["budgets"] = {
            "max_code_runs": data.pop("max_code_runs"),
            "max_wall_seconds": data.pop("max_wall_seconds"),
            "enforced": data.pop("budgets_enforced"),
        }
        data["tool_calls"] = dict(self.tool_calls)
        return {"version": data.pop("version"), **data}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> RunRecord:
        """Inverse of to_json; unknown keys are ignored so newer writers stay readable."""
        flat = dict(data)
        budgets = flat.pop("budgets", {}) or {}
        assert isinstance(budgets, dict)
        flat["max_code_runs"] = budgets.get("max_code_runs", 0)
        flat["max_wall_seconds"] = budgets.get("max_wall_seconds", 0)
        flat["budgets_enforced"] = budgets.get("enforced", False)
        calls = flat.get("tool_calls") or {}
        flat["tool_calls"] = tuple(sorted(calls.items())) if isinstance(calls, dict) else ()
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in flat.items() if k in names})  # type: ignore[arg-type]
