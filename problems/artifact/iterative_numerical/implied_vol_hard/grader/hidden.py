"""Grader for iterative_numerical__implied_vol_hard.

answer/implied_vols.jsonl: one record per quote, option_id ascending, exactly the keys option_id and iv;
iv within an absolute 1e-6 of the root, null exactly where no implied volatility exists. Partial credit:
score is the fraction of quotes right, passed only when all are.
Never raises on agent output; details give counts and record numbers, never expected values.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer/implied_vols.jsonl")
KEY = "option_id"
NOUN = "quote"
# field -> ("str",) exact string | ("int",) exact integer | ("bool",) | ("abs", tol) | ("rel", tol)
# | ("strlist",) exact list of strings | ("num_or_null", tol) absolute tolerance, null must match
FIELDS = {"iv": ("num_or_null", 1e-6)}
PARTIAL = True  # score = fraction of correct records (passed only when all are)


def _fail(detail: str, score: float = 0.0) -> GradeResult:
    return GradeResult(passed=False, score=score, detail=detail[:500])


def _is_num(value: object) -> bool:
    if type(value) not in (int, float):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:  # a huge integer cannot be compared with a float
        return False


def _type_ok(kind: str, value: object) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return type(value) is int
    if kind == "bool":
        return type(value) is bool
    if kind == "strlist":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "num_or_null":
        return value is None or _is_num(value)
    return _is_num(value)


def _value_ok(spec: tuple, got: object, want: object) -> bool:
    kind = spec[0]
    if kind == "abs":
        return abs(got - want) <= spec[1]
    if kind == "rel":
        return abs(got - want) <= spec[1] * abs(want)
    if kind == "num_or_null":
        if got is None or want is None:
            return got is None and want is None
        return abs(got - want) <= spec[1]
    return got == want


def _parse(text: str) -> tuple[list[dict], str | None]:
    records = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            return [], f"output artifact failed to parse: line {number} is not JSON"
        except RecursionError:
            return [], f"output artifact failed to parse: line {number} nested too deep"
        if not isinstance(record, dict):
            return [], f"shape: line {number} is not a JSON object"
        if set(record) != set(FIELDS) | {KEY}:
            return [], f"keys: line {number} must have exactly the keys {', '.join(sorted(set(FIELDS) | {KEY}))}"
        if not isinstance(record[KEY], str):
            return [], f"type: line {number} {KEY} must be a string"
        for field, spec in FIELDS.items():
            if not _type_ok(spec[0], record[field]):
                return [], f"type: line {number} {field} has the wrong type (or is not finite)"
        records.append(record)
    return records, None


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
    records, error = _parse(text)
    if error is not None:
        return _fail(error)
    want_records, _ = _parse(Path(__file__).with_name("reference_output.jsonl").read_text(encoding="utf-8"))
    want = {r[KEY]: r for r in want_records}
    ids = [r[KEY] for r in records]
    if len(set(ids)) != len(ids):
        return _fail(f"duplicates: {len(ids) - len(set(ids))} {NOUN}(s) listed more than once")
    missing, extra = len(set(want) - set(ids)), len(set(ids) - set(want))
    if missing or extra:
        return _fail(f"{NOUN}s: {missing} {NOUN}(s) missing, {extra} unexpected {KEY} value(s)")
    if ids != sorted(ids):
        first = next(i for i in range(1, len(ids)) if ids[i] < ids[i - 1])
        return _fail(f"order: record {first + 1} out of order ({KEY} ascending)")
    wrong_fields: dict[str, int] = {}
    wrong_records = 0
    for record in records:
        bad = [f for f, spec in FIELDS.items() if not _value_ok(spec, record[f], want[record[KEY]][f])]
        wrong_records += bool(bad)
        for f in bad:
            wrong_fields[f] = wrong_fields.get(f, 0) + 1
    if wrong_records:
        score = round((len(want) - wrong_records) / len(want), 4) if PARTIAL else 0.0
        fields = ", ".join(f"{f} on {n}" for f, n in sorted(wrong_fields.items())[:8])
        return _fail(f"values: {wrong_records} of {len(want)} {NOUN}(s) wrong or outside tolerance ({fields})", score)
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} {NOUN}s correct")
