"""Grader for enumeration__feature_flag_sets_easy.

answer/flag_sets.jsonl: one `{"enabled": [...]}` object per non-blank line, names sorted, no duplicate
combinations, exactly the consistent combinations, ordered by (size, sorted names). Binary. Never raises on
agent output; details give counts and line numbers only.
"""

from __future__ import annotations

import json
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "flag_sets.jsonl"


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _parse(text: str) -> tuple[list[tuple[str, ...]], str | None]:
    combos = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            return [], f"output artifact failed to parse: line {number} is not JSON"
        except RecursionError:
            return [], f"output artifact failed to parse: line {number} nested too deep"
        if not isinstance(record, dict) or list(record) != ["enabled"]:
            return [], f"shape: line {number} must be an object with exactly the key enabled"
        names = record["enabled"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            return [], f"type: line {number} enabled must be a list of strings"
        if names != sorted(set(names)):
            return [], f"format: line {number} enabled is not sorted alphabetically without repeats"
        combos.append(tuple(names))
    return combos, None


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
    combos, error = _parse(text)
    if error is not None:
        return _fail(error)
    want, _ = _parse(Path(__file__).with_name("reference_output.jsonl").read_text(encoding="utf-8"))
    if len(set(combos)) != len(combos):
        return _fail(f"duplicates: {len(combos) - len(set(combos))} combination(s) repeat an earlier line")
    invalid, missing = len(set(combos) - set(want)), len(set(want) - set(combos))
    if invalid or missing:
        return _fail(f"combinations: {invalid} listed combination(s) are inconsistent, {missing} consistent one(s) missing")
    if combos != want:
        first = next(i for i, (a, b) in enumerate(zip(combos, want)) if a != b)
        return _fail(f"order: line {first + 1} out of order (size, then names)")
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} consistent combinations listed in order")
