"""Adopting the checker gradually: record today's findings, then fail only on new ones.

A finding is a case of severity `fail` or `error` (or a failing/erroring gate without such a case).
Its key is (task, gate, case) with line numbers and counters dropped from the case name
(`workspace/notes.md:12` -> `workspace/notes.md`, `leak:number_far:3` -> `leak:number_far`), so the key
survives edits elsewhere in a file and a different draw of the fuzzer. Keys are counted: two findings
under one key in the report and one in the baseline is one new finding.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from artifactbench.errors import ArtifactBenchError
from artifactbench.gates.core._values import CheckResult, Report, TaskReport, task_status

BASELINE_VERSION = 1
_COUNTER = re.compile(r":\d+(?=:|$)")
_FAILING = ("fail", "error")


class BaselineError(ArtifactBenchError):
    """The baseline file cannot be read or is not a check baseline."""


@dataclass(frozen=True, slots=True, order=True)
class Finding:
    task: str
    gate: str
    case: str
    status: str = ""
    severity: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.task, self.gate, self.case)

    def to_json(self) -> dict[str, str]:
        return {"task": self.task, "gate": self.gate, "case": self.case, "status": self.status,
                "severity": self.severity}


def stable_case(name: str) -> str:
    return _COUNTER.sub("", name)


def _gate_findings(task: str, check: CheckResult) -> list[Finding]:
    found = [Finding(task, check.gate, stable_case(c.name), c.status, c.severity)
             for c in check.cases if c.severity in _FAILING]
    if not found and check.status in _FAILING:
        found.append(Finding(task, check.gate, "", check.status.upper(), check.status))
    return found


def findings(report: Report) -> list[Finding]:
    """Every finding of the report, sorted."""
    return sorted(f for t in report.tasks for c in t.checks for f in _gate_findings(t.instance_id, c))


def write_baseline(report: Report, path: Path) -> int:
    """Write the report's findings to `path` atomically; returns how many."""
    found = findings(report)
    body = {"version": BASELINE_VERSION, "kind": "check-baseline", "findings": [f.to_json() for f in found]}
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent if str(path.parent) else ".")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(body, handle, indent=1, sort_keys=True)
        handle.write("\n")
    os.replace(tmp, path)
    return len(found)


def read_baseline(path: Path) -> list[Finding]:
    try:
        body = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BaselineError(f"{path}: cannot read the baseline: {exc}") from None
    if not isinstance(body, dict) or body.get("kind") != "check-baseline" or body.get("version") != BASELINE_VERSION:
        raise BaselineError(f"{path}: kind={body.get('kind') if isinstance(body, dict) else None!r}: "
                            f"not a version {BASELINE_VERSION} check-baseline (write one with --write-baseline)")
    out = []
    for i, item in enumerate(body.get("findings", [])):
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in ("task", "gate", "case")):
            raise BaselineError(f"{path}: findings[{i}]={item!r}: needs string task, gate and case")
        out.append(Finding(item["task"], item["gate"], item["case"], str(item.get("status", "")),
                           str(item.get("severity", ""))))
    return out


def apply_baseline(report: Report, known: list[Finding], source: str) -> Report:
    """The report with known findings no longer failing: a gate whose every finding is known becomes
    `warn` ("baselined: ..."). The report gains `baseline`: new findings, fixed ones (known findings
    of the checked tasks and gates that did not show up), and the count of known ones seen."""
    allowance = Counter(f.key for f in known)
    seen: Counter = Counter()
    new: list[Finding] = []
    tasks = []
    for task in report.tasks:
        checks = []
        for check in task.checks:
            gate_new = []
            found = _gate_findings(task.instance_id, check)
            for f in found:
                seen[f.key] += 1
                if seen[f.key] > allowance[f.key]:
                    gate_new.append(f)
            new += gate_new
            if found and not gate_new:
                check = CheckResult(check.gate, "warn", f"baselined: {check.summary}", check.cases, check.duration_s)
            checks.append(check)
        checks = tuple(checks)
        tasks.append(TaskReport(task.instance_id, task.task_dir, task_status(checks), checks, task.duration_s))
    ran = {(t.instance_id, c.gate) for t in report.tasks for c in t.checks}
    fixed = []
    for key, count in sorted(allowance.items()):
        missing = count - seen.get(key, 0)
        if missing > 0 and key[:2] in ran:
            fixed += [f for f in known if f.key == key][:missing]
    extra = dict(report.extra)
    extra["baseline"] = {"file": source, "new": [f.to_json() for f in new],
                         "fixed": [f.to_json() for f in fixed],
                         "known": sum(min(seen[k], allowance[k]) for k in allowance)}
    return Report(tuple(tasks), report.problems, report.kind, extra)
