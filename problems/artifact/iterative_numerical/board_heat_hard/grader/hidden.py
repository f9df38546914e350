"""Grader for iterative_numerical__board_heat_hard (partial credit).

answer/probe_temps.csv: header `probe_id,temp_c`, probe_id ascending, no duplicates, no unknown probes.
score = fraction of the probes whose temperature is within an absolute 0.01 degC of the steady state
(a missing probe counts as outside); passed only when every probe is. A structural violation scores 0.
Never raises on agent output; details give counts only.
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "probe_temps.csv"
TOLERANCE = 0.01


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _rows(text: str) -> tuple[list[tuple[str, float]], str | None]:
    try:
        table = [row for row in csv.reader(io.StringIO(text)) if row and any(cell.strip() for cell in row)]
    except csv.Error as exc:
        return [], f"output artifact failed to parse: {exc}"
    if not table or [c.strip() for c in table[0]] != ["probe_id", "temp_c"]:
        return [], "header: the first row must be exactly probe_id,temp_c"
    rows = []
    for number, row in enumerate(table[1:], start=2):
        if len(row) != 2:
            return [], f"shape: row {number} has {len(row)} fields, expected 2"
        try:
            value = float(row[1])
        except ValueError:
            return [], f"type: row {number} temp_c is not a number"
        if not math.isfinite(value):
            return [], f"type: row {number} temp_c is not a finite number"
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
    ids = [probe for probe, _ in rows]
    if len(set(ids)) != len(ids):
        return _fail(f"duplicates: {len(ids) - len(set(ids))} probe_id(s) listed more than once")
    unknown = len(set(ids) - set(want))
    if unknown:
        return _fail(f"probes: {unknown} unknown probe_id(s)")
    if ids != sorted(ids):
        first = next(i for i in range(1, len(ids)) if ids[i] < ids[i - 1])
        return _fail(f"order: row {first + 2} out of order (probe_id ascending)")
    within = sum(1 for probe, value in rows if abs(value - want[probe]) <= TOLERANCE)
    missing = len(want) - len(rows)
    score = within / len(want)
    passed = within == len(want)
    detail = (f"{within} of {len(want)} probes within {TOLERANCE:g} degC (score {score:.3f}, "
              f"pass only at all); {len(rows) - within} listed outside tolerance, {missing} missing")
    return GradeResult(passed=passed, score=score, detail=detail)
