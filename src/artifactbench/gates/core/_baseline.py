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

from artifactbench._display import json_text, shown
from artifactbench._files import FileRefused, output_problem, read_capped
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


MAX_BASELINE_BYTES = 64 * 1024 * 1024  # a baseline of a million findings is well under this


def baseline_target_problem(path: Path) -> str | None:
    """Why --write-baseline cannot write `path` (checked before the run: no work is lost), or None."""
    reason = output_problem(path, make_parents=False)
    return None if reason is None else f"--write-baseline {shown(path)}: {reason}"


def write_baseline(report: Report, path: Path) -> int:
    """Write the report's findings to `path` atomically; returns how many. Raises BaselineError (one
    line) when `path` cannot take it: never replaces a folder, device or FIFO."""
    found = findings(report)
    body = {"version": BASELINE_VERSION, "kind": "check-baseline", "findings": [f.to_json() for f in found]}
    path = Path(path)
    problem = baseline_target_problem(path)
    if problem is not None:
        raise BaselineError(problem)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent if str(path.parent) else ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(json_text(body, indent=1, sort_keys=True) + "\n")
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise BaselineError(f"--write-baseline {shown(path)}: cannot be written: {exc.strerror}") from None
    return len(found)


def read_baseline(path: Path) -> list[Finding]:
    """The findings of a baseline file. Raises BaselineError (one line) for anything else: only a
    regular file is opened (a FIFO or /dev/zero would block or never end), at most MAX_BASELINE_BYTES,
    and JSON nested too deep for the parser is an error, not a crash."""
    try:
        body = json.loads(read_capped(Path(path), MAX_BASELINE_BYTES).decode("utf-8"))
    except FileRefused as exc:
        raise BaselineError(f"{shown(path)}: cannot read the baseline: it {exc}") from None
    except RecursionError:
        raise BaselineError(f"{shown(path)}: cannot read the baseline: JSON nested too deeply") from None
    except ValueError as exc:  # not UTF-8, not JSON, an integer over Python's digit limit
        raise BaselineError(f"{shown(path)}: cannot read the baseline: {exc}") from None
    if not isinstance(body, dict) or body.get("kind") != "check-baseline" or body.get("version") != BASELINE_VERSION:
        raise BaselineError(f"{shown(path)}: kind={_short(body.get('kind') if isinstance(body, dict) else None)}: "
                            f"not a version {BASELINE_VERSION} check-baseline (write one with --write-baseline)")
    items = body.get("findings", [])
    if not isinstance(items, list):
        raise BaselineError(f"{shown(path)}: findings={_short(items)}: must be a list")
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in ("task", "gate", "case")):
            raise BaselineError(f"{shown(path)}: findings[{i}]={_short(item)}: needs string task, gate and case")
        out.append(Finding(item["task"], item["gate"], item["case"], str(item.get("status", "")),
                           str(item.get("severity", ""))))
    return out


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else f"{text[:120]}... ({len(text)} characters)"


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
