"""Render a checker report as the readable text shown by `pants test` and `pants lint`.

Plain Python (no Pants imports): the failing gate and case come first, so a red test names them
on its first lines; passing gates are one line each.
"""
from __future__ import annotations

from typing import List, Optional

from artifactbench_pants.contract import CheckReport, CheckRecord

_BAD_CHECK = ("fail", "error")
_MAX_CASES = 20
_MAX_DETAIL = 400


def _clip(text: str, limit: int = _MAX_DETAIL) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _case_lines(check: CheckRecord) -> List[str]:
    # v2 cases carry a severity: info cases are noise in a red report (v1 ones get it from the status).
    bad = [c for c in check.cases if c.severity != "info" and c.status.upper() not in ("PASS", "OK", "SKIP")]
    lines = [f"      case {c.name}: {c.status}" + (f" [{c.severity}]" if c.severity != "fail" else "") + (f": {_clip(c.detail)}" if c.detail else "") for c in bad[:_MAX_CASES]]
    if len(bad) > _MAX_CASES:
        lines.append(f"      ... and {len(bad) - _MAX_CASES} more failing cases (see report.json)")
    return lines


def render_report(report: CheckReport, *, verbose: bool = False) -> str:
    """Return the text for one report: a verdict line, problems, then every task's gates."""
    lines: List[str] = [f"artifactbench {report.kind}: {report.status.upper()} (exit {report.exit_code})"]
    for problem in report.problems:
        lines.append(f"  problem: {problem}")
    for task in report.tasks:
        lines.append(f"  task {task.instance_id} ({task.task_dir}): {task.status.upper()} in {task.duration_s:.2f}s")
        # Failing gates first: the reader needs the gate and the case, not the green ones.
        ordered = sorted(task.checks, key=lambda c: c.status not in _BAD_CHECK)
        for check in ordered:
            if check.status in _BAD_CHECK or verbose or check.status == "warn":
                marker = "x" if check.status in _BAD_CHECK else ("!" if check.status == "warn" else "-")
                lines.append(f"    {marker} gate {check.gate}: {check.status.upper()}: {_clip(check.summary)}")
                if check.status in _BAD_CHECK or verbose:
                    lines.extend(_case_lines(check))
        passed = [c.gate for c in task.checks if c.status in ("pass", "skip")]
        if passed and not verbose:
            lines.append(f"    - passed: {', '.join(passed)}")
    return "\n".join(lines) + "\n"


def render_missing_report(exit_code: int, stderr: str, stdout: str = "") -> str:
    """Text for a checker that exited without a readable report (crash, bad CLI, version drift)."""
    tail = (stderr.strip() or stdout.strip() or "(no output)").splitlines()[-30:]
    body = "\n".join(f"  {line}" for line in tail)
    return f"artifactbench: the checker exited {exit_code} without a readable report.json\n{body}\n"


def failing_gates(report: Optional[CheckReport]) -> List[str]:
    """`task:gate` names of every failed or errored gate (for one-line summaries and tests)."""
    if report is None:
        return []
    return [f"{t.instance_id}:{c.gate}" for t in report.tasks for c in t.checks if c.status in _BAD_CHECK]
