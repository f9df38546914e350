"""contract no_raise:field_types: a valid artifact but for one field of another type must not make grade() raise."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from artifactbench.gates import CheckOptions, resolve_gates, run_checks
from artifactbench.manifest import load_task

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"


def _case(root: Path):
    report = run_checks([load_task(root)], resolve_gates(["contract"]), options=CheckOptions()).tasks[0]
    return next(k for c in report.checks for k in c.cases if k.name == "no_raise:field_types")


def test_a_grader_doing_arithmetic_on_a_null_field_is_a_finding(tmp_path):
    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    hidden = root / "grader" / "hidden.py"
    # Guards the parse and the keys, as graders do, but not the value's type.
    hidden.write_text(hidden.read_text().replace("def grade(", "def _grade(") + '''

def grade(scratch_dir):
    path = Path(scratch_dir) / "output" / "p95.jsonl"
    try:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    except (OSError, ValueError, RecursionError):
        return GradeResult(False, 0.0, "unreadable")
    if not all(isinstance(r, dict) and "p95" in r for r in rows):
        return GradeResult(False, 0.0, "each row needs p95")
    if sum(int(r["p95"]) for r in rows) != 49:
        return GradeResult(False, 0.0, "p95 values are off")
    return _grade(scratch_dir)
''')
    found = _case(root)
    assert found.status == "FINDING" and "field 'p95'" in found.detail and "TypeError" in found.detail, found


def test_a_grader_guarding_its_values_passes(tmp_path):
    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    found = _case(root)
    assert found.status == "OK" and "2 field(s)" in found.detail, found


def test_a_reference_of_many_fields_retypes_a_bounded_number(tmp_path, monkeypatch):
    """A mapping of 3 000 keys is 3 000 fields: every one a whole document rendered and graded (minutes
    and gigabytes at 20 000 keys). The first MAX_FIELD_TYPES are retyped."""
    from artifactbench.gates.contract import _contract
    from artifactbench.gates.core import TaskContext

    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    # (named fields, not data keys: `k0001`..`k2999` would be one field, an object keyed by ids)
    record = {"f_" + "".join(chr(97 + (i // 26 ** j) % 26) for j in range(3)): i for i in range(3000)}
    (root / "grader" / "reference_output.jsonl").write_text(json.dumps(record) + "\n")
    graded = []
    real = TaskContext.grade_text

    def counting(self, text, **kw):
        graded.append(len(text))
        return real(self, text, **kw)
    monkeypatch.setattr(TaskContext, "grade_text", counting)
    found = _case(root)
    retyped = sum(n > 20_000 for n in graded) - 1  # (the reference itself is graded too)
    assert retyped <= _contract.MAX_FIELD_TYPES + 10, retyped
    assert found.status == "OK" and f"the first {_contract.MAX_FIELD_TYPES} of more" in found.detail, found
