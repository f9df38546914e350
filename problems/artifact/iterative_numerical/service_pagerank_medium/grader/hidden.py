"""Grader for iterative_numerical__service_pagerank_medium.

answer/service_rank.csv: header `service,rank`, one row per service, service ascending, no duplicates;
every rank within an absolute 1e-9 of the reference. Binary. Never raises on agent output; details give
counts only.
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "service_rank.csv"
HEADER = ["service", "rank"]
ABS_TOL = {"rank": 1e-9}


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _rows(text: str) -> tuple[list[tuple[str, list[float]]], str | None]:
    try:
        table = [row for row in csv.reader(io.StringIO(text)) if row and any(cell.strip() for cell in row)]
    except csv.Error as exc:
        return [], f"output artifact failed to parse: {str(exc)[:80]}"
    if not table or [c.strip() for c in table[0]] != HEADER:
        return [], "header: the first row must be exactly " + ",".join(HEADER)
    rows = []
    for number, row in enumerate(table[1:], start=2):
        if len(row) != len(HEADER):
            return [], f"shape: row {number} has {len(row)} fields, expected {len(HEADER)}"
        values = []
        for name, cell in zip(HEADER[1:], row[1:]):
            try:
                value = float(cell)
            except ValueError:
                return [], f"type: row {number} {name} is not a number"
            if not math.isfinite(value):
                return [], f"type: row {number} {name} is not a finite number"
            values.append(value)
        rows.append((row[0].strip(), values))
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
    ids = [key for key, _ in rows]
    if len(set(ids)) != len(ids):
        return _fail(f"duplicates: {len(ids) - len(set(ids))} service(s) listed more than once")
    missing, extra = len(set(want) - set(ids)), len(set(ids) - set(want))
    if missing or extra:
        return _fail(f"services: {missing} service(s) missing, {extra} unexpected service(s)")
    if ids != sorted(ids):
        first = next(i for i in range(1, len(ids)) if ids[i] < ids[i - 1])
        return _fail(f"order: row {first + 2} out of order (service ascending)")
    problems = []
    for column, name in enumerate(HEADER[1:]):
        tol = ABS_TOL[name]
        off = sum(1 for key, values in rows if abs(values[column] - want[key][column]) > tol)
        if off:
            problems.append(f"{name} off by more than {tol:g} on {off} of {len(rows)} services")
    if problems:
        return _fail("; ".join(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(rows)} services within tolerance")
