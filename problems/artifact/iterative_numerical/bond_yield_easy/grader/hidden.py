"""Grader for iterative_numerical__bond_yield_easy.

answer/yields.json: one object mapping every bond_id to a finite JSON number within an absolute 1e-8 of the
reference yield; no missing or extra keys. Binary. Never raises on agent output; details give counts only.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "yields.json"
TOLERANCE = 1e-8


def _finite(value: object) -> bool:
    """A JSON number (not a bool) that is finite as a float; a huge integer is not (it cannot be compared)."""
    if type(value) not in (int, float):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


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
    try:
        got = json.loads(text)
    except ValueError as exc:
        return _fail(f"output artifact failed to parse: {str(exc)[:80]}")
    except RecursionError:
        return _fail("output artifact failed to parse: nesting too deep")
    if not isinstance(got, dict):
        return _fail(f"shape: top level is a JSON {type(got).__name__}, not an object")
    want = json.loads(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))
    missing, extra = len(set(want) - set(got)), len(set(got) - set(want))
    if missing or extra:
        return _fail(f"bonds: {missing} bond(s) missing, {extra} unexpected key(s)")
    bad_type = sum(1 for v in got.values() if not _finite(v))
    if bad_type:
        return _fail(f"type: {bad_type} yield(s) are not finite JSON numbers")
    off = sum(1 for key, value in want.items() if abs(got[key] - value) > TOLERANCE)
    if off:
        return _fail(f"yield off by more than {TOLERANCE:g} on {off} of {len(want)} bonds")
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} yields within {TOLERANCE:g}")
