"""Grader for iterative_numerical__water_network_hard.

answer/network_solution.json: an object with exactly `heads_m`, `pressures_m` and `flows_lps`, each an object
with exactly the reference's ids; every value a finite JSON number within an absolute 1e-3 of the reference
(m, L/s) or null exactly where the reference is null. Partial credit: score is the fraction of values right, passed only
when all are. Never raises on agent output; details give counts only.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "network_solution.json"
SECTIONS = {"heads_m": ("junction", 1e-3), "pressures_m": ("junction", 1e-3), "flows_lps": ("pipe", 1e-3)}


def _finite(value: object) -> bool:
    """A JSON number (not a bool) that is finite as a float; a huge integer is not (it cannot be compared)."""
    if type(value) not in (int, float):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _fail(detail: str, score: float = 0.0) -> GradeResult:
    return GradeResult(passed=False, score=score, detail=detail[:500])


def _ok(got: object, want: object, tol: float) -> bool:
    if want is None:
        return got is None
    return _finite(got) and abs(got - want) <= tol


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
    if set(got) != set(SECTIONS):
        return _fail("keys: the top level must have exactly the keys flows_lps, heads_m and pressures_m")
    want = json.loads(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))
    problems, total, right = [], 0, 0
    for section, (noun, tol) in SECTIONS.items():
        mine, theirs = got[section], want[section]
        if not isinstance(mine, dict):
            return _fail(f"shape: {section} is not an object")
        missing, extra = len(set(theirs) - set(mine)), len(set(mine) - set(theirs))
        if missing or extra:
            return _fail(f"{section}: {missing} {noun}(s) missing, {extra} unexpected id(s)")
        bad_type = sum(1 for v in mine.values() if v is not None and not _finite(v))
        if bad_type:
            return _fail(f"type: {bad_type} {section} value(s) are neither finite numbers nor null")
        wrong_null = sum(1 for k, v in theirs.items() if (v is None) != (mine[k] is None))
        off = sum(1 for k, v in theirs.items() if v is not None and mine[k] is not None and not _ok(mine[k], v, tol))
        total += len(theirs)
        right += len(theirs) - wrong_null - off
        if wrong_null:
            problems.append(f"{section}: null on {wrong_null} {noun}(s) where the rule says otherwise")
        if off:
            problems.append(f"{section}: {off} {noun}(s) off by more than {tol:g}")
    if problems:
        return _fail("; ".join(problems), round(right / total, 4))
    return GradeResult(passed=True, score=1.0, detail=f"all {total} heads, pressures and flows within tolerance")
