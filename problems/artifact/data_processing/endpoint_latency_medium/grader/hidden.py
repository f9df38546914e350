"""Grades output/endpoints.jsonl: per-endpoint counts exact, error_rate within 1e-4, p95 within 0.05 ms."""

from __future__ import annotations

import json
import math
from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/endpoints.jsonl"
KEYS = ("method", "route", "requests", "errors", "error_rate", "p95_ms")
TOLERANCE = {"error_rate": 0.0001, "p95_ms": 0.05}
_SLACK = 1e-9  # float noise on top of the stated tolerance


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: object) -> bool:
    return (_is_int(v) or isinstance(v, float)) and math.isfinite(v)


def _parse(text: str) -> list[object]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _shape_error(records: list[object]) -> str | None:
    for n, rec in enumerate(records, 1):
        if not isinstance(rec, dict):
            return f"wrong shape: record {n} is not a JSON object"
        missing = [k for k in KEYS if k not in rec]
        if missing:
            return f"wrong shape: record {n} missing key {missing[0]!r}"
        extra = sorted(set(rec) - set(KEYS))
        if extra:
            return f"wrong shape: record {n} has unexpected key {extra[0]!r}"
        for key in ("method", "route"):
            if not isinstance(rec[key], str):
                return f"wrong type: record {n} key {key!r} must be a string"
        for key in ("requests", "errors"):
            if not _is_int(rec[key]):
                return f"wrong type: record {n} key {key!r} must be an integer"
        for key in ("error_rate", "p95_ms"):
            if not _is_num(rec[key]):
                return f"wrong type: record {n} key {key!r} must be a finite number"
    return None


def _compare(records: list[dict], expected: list[dict]) -> list[str]:
    problems: list[str] = []
    got = [(r["method"], r["route"]) for r in records]
    if len(set(got)) != len(got):
        problems.append(f"duplicate endpoint: {len(got) - len(set(got))} repeated record(s)")
    want = {(r["method"], r["route"]): r for r in expected}
    missing = set(want) - set(got)
    unexpected = set(got) - set(want)
    if missing:
        problems.append(f"missing {len(missing)} of {len(want)} endpoints")
    if unexpected:
        problems.append(f"{len(unexpected)} unexpected endpoint(s) (check skipping and route normalization)")
    keys = [(route, method) for method, route in got]
    for n in range(1, len(keys)):
        if keys[n] < keys[n - 1]:
            problems.append(f"order: line {n + 1} out of order (sort by route, then method)")
            break
    bad = {key: 0 for key in KEYS[2:]}
    for rec in records:
        ref = want.get((rec["method"], rec["route"]))
        if ref is None:
            continue
        for key in ("requests", "errors"):
            bad[key] += rec[key] != ref[key]
        for key, tol in TOLERANCE.items():
            bad[key] += abs(rec[key] - ref[key]) > tol + _SLACK
    shown = len(set(got) & set(want))
    for key, count in bad.items():
        if count:
            rule = f"off by more than {TOLERANCE[key]}" if key in TOLERANCE else "wrong"
            problems.append(f"{key} {rule} on {count} of {shown} endpoints")
    return problems


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact; passes only when every stated rule holds."""
    path = Path(scratch_dir) / ARTIFACT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not text.strip():
        return _fail("output artifact is empty")
    try:
        records = _parse(text)
    except (ValueError, RecursionError) as exc:
        return _fail(f"output artifact failed to parse: {exc}")
    shape = _shape_error(records)
    if shape:
        return _fail(shape)
    expected = _parse(Path(__file__).with_name("reference_output.jsonl").read_text(encoding="utf-8"))
    problems = _compare(records, expected)
    if problems:
        return _fail("; ".join(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(records)} endpoints correct")
