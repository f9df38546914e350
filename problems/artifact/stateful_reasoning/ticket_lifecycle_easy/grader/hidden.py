"""Grader for stateful_reasoning__ticket_lifecycle_easy.

answer/tickets.csv: header ticket,state,assignee,reopens,ignored; one row per ticket, ticket ascending, no
duplicates; every field exact. Partial credit: score is the fraction of tickets right, passed only when all
are.
Never raises on agent output; details give counts and row numbers, never expected values.
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer/tickets.csv")
NOUN = "ticket"
# column -> "str" exact text | "int" exact integer | ("abs", tol) number; the first column is the key
COLUMNS = {"ticket": "str", "state": "str", "assignee": "str", "reopens": "int", "ignored": "int"}
PARTIAL = True  # score = fraction of correct rows (passed only when all are)
HEADER = list(COLUMNS)


def _fail(detail: str, score: float = 0.0) -> GradeResult:
    return GradeResult(passed=False, score=score, detail=detail[:500])


def _cell(kind: object, text: str) -> object:
    """The typed cell, or raises ValueError."""
    text = text.strip()
    if kind == "str":
        return text
    if kind == "int":
        if not text.lstrip("-").isdigit():
            raise ValueError(text)
        return int(text)
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def _rows(text: str) -> tuple[list[list], str | None]:
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
        typed = []
        for name, cell in zip(HEADER, row):
            try:
                typed.append(_cell(COLUMNS[name], cell))
            except ValueError:
                return [], f"type: row {number} {name} is not a valid {'integer' if COLUMNS[name] == 'int' else 'finite number' if COLUMNS[name] != 'str' else 'value'}"
        rows.append(typed)
    return rows, None


def _same(kind: object, got: object, want: object) -> bool:
    if isinstance(kind, tuple):
        return abs(got - want) <= kind[1]
    return got == want


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
    want = {row[0]: row for row in _rows(Path(__file__).with_name("reference_output.csv").read_text(encoding="utf-8"))[0]}
    ids = [row[0] for row in rows]
    if len(set(ids)) != len(ids):
        return _fail(f"duplicates: {len(ids) - len(set(ids))} {NOUN}(s) listed more than once")
    missing, extra = len(set(want) - set(ids)), len(set(ids) - set(want))
    if missing or extra:
        return _fail(f"{NOUN}s: {missing} {NOUN}(s) missing, {extra} unexpected {HEADER[0]} value(s)")
    if ids != sorted(ids):
        first = next(i for i in range(1, len(ids)) if ids[i] < ids[i - 1])
        return _fail(f"order: row {first + 2} out of order ({HEADER[0]} ascending)")
    wrong_cols: dict[str, int] = {}
    wrong_rows = 0
    for row in rows:
        bad = [n for i, n in enumerate(HEADER[1:], 1) if not _same(COLUMNS[n], row[i], want[row[0]][i])]
        wrong_rows += bool(bad)
        for n in bad:
            wrong_cols[n] = wrong_cols.get(n, 0) + 1
    if wrong_rows:
        score = round((len(want) - wrong_rows) / len(want), 4) if PARTIAL else 0.0
        cols = ", ".join(f"{n} on {c}" for n, c in sorted(wrong_cols.items())[:8])
        return _fail(f"values: {wrong_rows} of {len(want)} {NOUN}(s) wrong ({cols})", score)
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} {NOUN}s correct")
