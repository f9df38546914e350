"""Grader for stateful_reasoning__autoscaler_replay_medium.

answer/scaling_events.csv: header `minute,service,from_replicas,to_replicas`, integers where stated, the
exact list of scaling actions ordered by (minute, service). Partial credit: score is the share of rows that
match the replay (multiset overlap over the larger count; when only the order is wrong, the share of rows in
place); passed only when the list is exactly right.
Never raises on agent output; details give counts and row numbers only.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "scaling_events.csv"
HEADER = ["minute", "service", "from_replicas", "to_replicas"]


def _fail(detail: str, score: float = 0.0) -> GradeResult:
    return GradeResult(passed=False, score=score, detail=detail[:500])


def _int(text: str) -> int:
    text = text.strip()
    if not text.isdigit():
        raise ValueError(text)
    return int(text)


def _rows(text: str) -> tuple[list[tuple], str | None]:
    try:
        table = [row for row in csv.reader(io.StringIO(text)) if row and any(cell.strip() for cell in row)]
    except csv.Error as exc:
        return [], f"output artifact failed to parse: {str(exc)[:80]}"
    if not table or [c.strip() for c in table[0]] != HEADER:
        return [], "header: the first row must be exactly " + ",".join(HEADER)
    rows = []
    for number, row in enumerate(table[1:], start=2):
        if len(row) != 4:
            return [], f"shape: row {number} has {len(row)} fields, expected 4"
        try:
            rows.append((_int(row[0]), row[1].strip(), _int(row[2]), _int(row[3])))
        except ValueError:
            return [], f"type: row {number} minute and replica counts must be non-negative integers"
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
    want, _ = _rows(Path(__file__).with_name("reference_output.csv").read_text(encoding="utf-8"))
    common = sum((Counter(rows) & Counter(want)).values())
    score = round(common / max(len(rows), len(want), 1), 4)
    missing, extra = len(want) - common, len(rows) - common
    if missing or extra:
        return _fail(f"events: {missing} scaling action(s) missing or wrong, {extra} unexpected", score)
    if rows != want:
        first = next(i for i, (a, b) in enumerate(zip(rows, want)) if a != b)
        in_place = sum(1 for a, b in zip(rows, want) if a == b)  # < len(want): a wrong order never scores 1.0
        return _fail(f"order: row {first + 2} out of order (minute, then service)", round(in_place / len(want), 4))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} scaling actions match")
