"""Grader for iterative_numerical__loan_xirr_medium.

answer/loan_xirr.csv: header `loan_id,xirr`, one row per loan, loan_id ascending, no duplicates; every
xirr within an absolute 1e-6 of the reference root. Binary. Never raises on agent output.
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "loan_xirr.csv"
TOLERANCE = 1e-6


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _rows(text: str) -> tuple[list[tuple[str, float]], str | None]:
    try:
        table = [row for row in csv.reader(io.StringIO(text)) if row and any(cell.strip() for cell in row)]
    except csv.Error as exc:
        return [], f"output artifact failed to parse: {exc}"
    if not table or [c.strip() for c in table[0]] != ["loan_id", "xirr"]:
        return [], "header: the first row must be exactly loan_id,xirr"
    rows = []
    for number, row in enumerate(table[1:], start=2):
        if len(row) != 2:
            return [], f"shape: row {number} has {len(row)} fields, expected 2"
        try:
            value = float(row[1])
        except ValueError:
            return [], f"type: row {number} xirr is not a number"
        if not math.isfinite(value):
            return [], f"type: row {number} xirr is not a finite number"
        rows.append((row[0].strip(), value))
    return rows, None


def grade(scratch_dir: Path) -> GradeResult:
    path = Path(scratch_dir) / OUTPUT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not text.strip():
        return _fail("output artifact is empty")
    rows, error = _rows(text)
    if error is not None:
        return _fail(error)
    want = dict(_rows(Path(__file__).with_name("reference_output.csv").read_text(encoding="utf-8"))[0])
    ids = [loan for loan, _ in rows]
    if len(set(ids)) != len(ids):
        return _fail(f"duplicates: {len(ids) - len(set(ids))} loan_id(s) listed more than once")
    missing, extra = len(set(want) - set(ids)), len(set(ids) - set(want))
    if missing or extra:
        return _fail(f"loans: {missing} loan(s) missing, {extra} unexpected loan_id(s)")
    if ids != sorted(ids):
        first = next(i for i in range(1, len(ids)) if ids[i] < ids[i - 1])
        return _fail(f"order: row {first + 2} out of order (loan_id ascending)")
    off = sum(1 for loan, value in rows if abs(value - want[loan]) > TOLERANCE)
    if off:
        return _fail(f"xirr off by more than {TOLERANCE:g} on {off} of {len(rows)} loans")
    return GradeResult(passed=True, score=1.0, detail=f"all {len(rows)} loans within {TOLERANCE:g}")
