"""A negative case the grader raised on keeps the spec's ERROR status, at the severity of a grader bug."""

from __future__ import annotations

import shutil
from pathlib import Path

from artifactbench.gates import CheckOptions, resolve_gates, run_checks
from artifactbench.manifest import load_task

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"


def test_a_grader_raising_on_a_negative_case_is_a_fail_not_an_infrastructure_error(tmp_path):
    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    hidden = root / "grader" / "hidden.py"
    # A grader written without a guard: any line that is not JSON makes grade() raise.
    hidden.write_text(hidden.read_text().replace("def grade(", "def _grade(") + '''

def grade(scratch_dir):
    text = (Path(scratch_dir) / "output" / "p95.jsonl").read_text() if (Path(scratch_dir) / "output" / "p95.jsonl").is_file() else ""
    if not text.strip():
        raise ValueError("nothing to grade")
    return _grade(scratch_dir)
''')
    report = run_checks([load_task(root)], resolve_gates(["negative"]), options=CheckOptions()).tasks[0]
    (check,) = report.checks
    raised = [c for c in check.cases if c.status == "ERROR"]
    assert raised and all(c.severity == "fail" and "exception" in c.detail for c in raised), check
    assert check.status == "fail"
