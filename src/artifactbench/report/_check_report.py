"""The check report as one page: a gates x tasks matrix of statuses (and severities when the report
carries them), each cell linking to the finding with its cases (a fuzz gate's shrunk example included).

Reads the versioned JSON of `artifactbench check` (docs/adr/0001-cli-surface.md) as a mapping, so
the page renders any version whose shape it knows and shows keys it does not as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from artifactbench.report._env import environment, write_html

__all__ = ["render_check_report", "write_check_report"]

_RANK = {"error": 4, "fail": 3, "warn": 2, "info": 1, "pass": 1, "skip": 0}
_SEVERITIES = ("error", "fail", "warn", "info")
_DETAIL_CAP = 4000
# Above this many (task, gate) findings each waits in the page as text until its cell is clicked.
LAZY_FINDINGS_OVER = 600


@dataclass(frozen=True, slots=True)
class Case:
    name: str
    status: str
    severity: str | None
    detail: str


@dataclass(frozen=True, slots=True)
class Finding:
    anchor: str
    instance_id: str
    task_dir: str
    gate: str
    status: str
    severity: str | None
    summary: str
    duration_s: float
    cases: tuple[Case, ...]
    counts: str  # e.g. "3 PASS, 1 MISS"


def _worst(severities: Sequence[str | None]) -> str | None:
    got = [s for s in severities if s in _SEVERITIES]
    return min(got, key=_SEVERITIES.index) if got else None


def _finding(anchor: str, task: Mapping[str, object], check: Mapping[str, object]) -> Finding:
    cases = []
    for c in check.get("cases", []) or []:  # type: ignore[union-attr]
        detail = str(c.get("detail", ""))
        if len(detail) > _DETAIL_CAP:
            detail = detail[:_DETAIL_CAP] + " [... cut]"
        cases.append(Case(str(c.get("name", "")), str(c.get("status", "")), c.get("severity"), detail))
    tally: dict[str, int] = {}
    for c in cases:
        tally[c.status] = tally.get(c.status, 0) + 1
    severity = check.get("severity") or _worst([c.severity for c in cases])
    return Finding(anchor, str(task.get("instance_id")), str(task.get("task_dir", "")),
                   str(check.get("gate")), str(check.get("status")),
                   str(severity) if severity else None, str(check.get("summary", "")),
                   float(check.get("duration_s", 0.0) or 0.0), tuple(cases),  # type: ignore[arg-type]
                   ", ".join(f"{n} {s}" for s, n in tally.items()))


def render_check_report(doc: Mapping[str, object], *, title: str = "", lazy: bool | None = None) -> str:
    """The page's HTML text for a check report document (`lazy`: see LAZY_FINDINGS_OVER)."""
    tasks = list(doc.get("tasks", []) or [])  # type: ignore[call-overload]
    gates = list(dict.fromkeys(str(c["gate"]) for t in tasks for c in t.get("checks", [])))
    rows, findings = [], []
    per_gate: dict[str, dict[str, int]] = {g: {} for g in gates}
    for t_i, task in enumerate(tasks):
        by_gate = {str(c["gate"]): c for c in task.get("checks", [])}
        cells = []
        for g_i, gate in enumerate(gates):
            check = by_gate.get(gate)
            if check is None:
                cells.append(None)
                continue
            f = _finding(f"f-{t_i}-{g_i}", task, check)
            findings.append(f)
            cells.append(f)
            per_gate[gate][f.status] = per_gate[gate].get(f.status, 0) + 1
        rows.append({"task": task, "cells": cells})
    has_severity = any(f.severity for f in findings)
    return environment().get_template("check.html.j2").render(
        doc=doc, title=title, gates=gates, rows=rows, findings=findings, per_gate=per_gate,
        rank=_RANK, has_severity=has_severity,
        statuses=("pass", "warn", "fail", "error", "skip"),
        lazy=len(findings) > LAZY_FINDINGS_OVER if lazy is None else lazy)


def write_check_report(path: Path, doc: Mapping[str, object], *, title: str = "") -> Path:
    """Write the page atomically to `path`; returns it."""
    return write_html(Path(path), render_check_report(doc, title=title))
