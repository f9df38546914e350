"""Grades output/reconciliation.csv: header, one row per order in order, exact formatted values and status."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/reconciliation.csv"
HEADER = "order_id,currency,amount,paid,refunded,net,status"
COLUMNS = HEADER.split(",")
_TWO = re.compile(r"^-?[0-9]+\.[0-9]{2}$")
_ZERO = re.compile(r"^-?[0-9]+$")


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _table(text: str) -> tuple[str, list[list[str]]]:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[0].strip(), [line.strip().split(",") for line in lines[1:]]


def _compare(rows: list[list[str]], expected: list[list[str]]) -> list[str]:
    problems: list[str] = []
    ids = [row[0] for row in rows]
    want = {row[0]: row for row in expected}
    if len(set(ids)) != len(ids):
        problems.append(f"duplicate order_id: {len(ids) - len(set(ids))} repeated row(s)")
    missing, unexpected = set(want) - set(ids), set(ids) - set(want)
    if missing:
        problems.append(f"missing {len(missing)} of {len(want)} orders")
    if unexpected:
        problems.append(f"{len(unexpected)} unexpected order_id(s)")
    for n in range(1, len(ids)):
        if ids[n] < ids[n - 1]:
            problems.append(f"order: data row {n + 1} out of order (sort by order_id)")
            break
    bad_format = 0
    wrong = {column: 0 for column in COLUMNS[1:]}
    shared = [row for row in rows if row[0] in want]
    for row in shared:
        ref = want[row[0]]
        pattern = _ZERO if ref[1] == "JPY" else _TWO
        bad_format += any(not pattern.match(value) for value in row[2:6])
        for i, column in enumerate(COLUMNS[1:], 1):
            if i in (1, 6):
                wrong[column] += row[i] != ref[i]
                continue
            try:
                wrong[column] += Decimal(row[i]) != Decimal(ref[i])
            except InvalidOperation:
                wrong[column] += 1
    if bad_format:
        problems.append(f"format: {bad_format} row(s) do not use the currency's decimal places")
    for column, count in wrong.items():
        if count:
            problems.append(f"{column} wrong on {count} of {len(shared)} orders")
    return problems


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact; passes only when every row equals the expected reconciliation."""
    path = Path(scratch_dir) / ARTIFACT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not text.strip():
        return _fail("output artifact is empty")
    header, rows = _table(text)
    if header != HEADER:
        return _fail("header: the first line must be exactly the stated column list")
    for n, row in enumerate(rows, 2):
        if len(row) != len(COLUMNS):
            return _fail(f"wrong shape: line {n} has {len(row)} fields, expected {len(COLUMNS)}")
    _, expected = _table(Path(__file__).with_name("reference_output.csv").read_text(encoding="utf-8"))
    problems = _compare(rows, expected)
    if problems:
        return _fail("; ".join(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(rows)} orders reconciled correctly")
