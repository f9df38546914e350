"""Writing reports: human lines, the versioned JSON (atomically) and JUnit XML."""

from __future__ import annotations

import os
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TextIO

from artifactbench._display import json_text, shown
from artifactbench._files import output_problem
from artifactbench.errors import ArtifactBenchError
from artifactbench.gates import Report, TaskReport


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write `text` to `path` via a temp file in the same folder and os.replace (no torn files). Never
    replaces a folder, device node or FIFO (ArtifactBenchError, one line)."""
    target = Path(path)
    reason = output_problem(target, make_parents=True)  # the CLI checked before the run; this is a guard
    if reason is not None:
        raise ArtifactBenchError(f"{shown(target)}: {reason}")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def report_json_text(report: Report) -> str:
    """The versioned JSON report; strings a task chose (a grader's detail) are made valid Unicode, so a
    strict reader (jq) accepts the file."""
    return json_text(report.to_json(), indent=2, sort_keys=False) + "\n"


def task_line(task: TaskReport) -> str:
    """One line per task: status, id, then gate=status for each gate."""
    gates = " ".join(f"{c.gate}={c.status}" for c in task.checks)
    return shown(f"{task.status.upper():5} {task.instance_id}  {gates}  ({task.duration_s:.1f}s)")


def detail_lines(task: TaskReport) -> list[str]:
    """For every gate that did not pass: one line naming task, gate and reason, then its bad cases.
    Text from task code (a grader's detail, a verifier's stderr) has its control characters escaped:
    it never reaches the terminal raw, and never splits a line."""
    lines = []
    for check in task.checks:
        if check.status in ("pass", "skip"):
            continue
        lines.append(shown(f"  {task.instance_id}: {check.gate}: {check.status}: {check.summary}"))
        for case in check.cases:
            if case.status not in ("PASS", "SKIPPED"):
                lines.append("      " + shown(f"{case.status:13} {case.name}: {case.detail}"))
    return lines


def print_human(report: Report, out: TextIO, *, quiet: bool) -> None:
    """Task lines (only non-passing ones when quiet), their details, then a totals line."""
    if not report.tasks:
        return  # only input problems: they were printed on stderr already
    for task in report.tasks:
        if quiet and task.status == "pass":
            continue
        print(task_line(task), file=out)
        for line in detail_lines(task):
            print(line, file=out)
    counts = {s: sum(t.status == s for t in report.tasks) for s in ("pass", "fail", "error")}
    if not quiet or report.exit_code:
        print(f"{len(report.tasks)} task(s): {counts['pass']} passed, {counts['fail']} failed, "
              f"{counts['error']} errored", file=out)


def junit_xml(report: Report) -> str:
    """JUnit XML: one testsuite per task, one testcase per gate; failures carry the readable cases."""
    root = ET.Element("testsuites", name="artifactbench")
    for task in report.tasks:
        suite = ET.SubElement(root, "testsuite", name=task.instance_id, tests=str(len(task.checks)),
                              failures=str(sum(c.status == "fail" for c in task.checks)),
                              errors=str(sum(c.status == "error" for c in task.checks)),
                              skipped=str(sum(c.status == "skip" for c in task.checks)),
                              time=f"{task.duration_s:.3f}")
        suite.set("file", shown(task.task_dir))
        for check in task.checks:
            case = ET.SubElement(suite, "testcase", classname=task.instance_id, name=check.gate,
                                 time=f"{check.duration_s:.3f}")
            # XML 1.0 allows no control character but tab and newline: task text is escaped (shown).
            body = "\n".join(shown(f"{c.status} {c.name}: {c.detail}") for c in check.cases)
            summary = shown(check.summary)
            if check.status in ("fail", "error"):
                tag = "failure" if check.status == "fail" else "error"
                ET.SubElement(case, tag, message=summary).text = body or summary
            elif check.status == "skip":
                ET.SubElement(case, "skipped", message=summary)
            elif body or check.status == "warn":
                ET.SubElement(case, "system-out").text = f"{check.status}: {summary}\n{body}".strip()
    for number, problem in enumerate(report.problems, start=1):
        suite = ET.SubElement(root, "testsuite", name=f"input-problem-{number}", tests="1", failures="0",
                              errors="1", skipped="0", time="0")
        case = ET.SubElement(suite, "testcase", classname="manifest", name="load")
        ET.SubElement(case, "error", message=shown(problem)).text = shown(problem)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
