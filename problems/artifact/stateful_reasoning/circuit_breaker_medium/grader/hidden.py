"""Grader for stateful_reasoning__circuit_breaker_medium.

answer/breaker_report.json: an object with exactly `transitions` (the list of state changes, each with
exactly target, ts_ms, from, to; equal to the replay's list in the same order) and `rejected` (every target
with its integer count of rejected calls). Binary. Never raises on agent output; details name the first
differing position and counts, never expected values.
"""

from __future__ import annotations

import json
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "breaker_report.json"
FIELDS = ("from", "target", "to", "ts_ms")
STATES = ("closed", "half_open", "open")


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _shape(transitions: object) -> str | None:
    if not isinstance(transitions, list):
        return "type: transitions must be a list"
    for n, item in enumerate(transitions, start=1):
        if not isinstance(item, dict) or sorted(item) != list(FIELDS):
            return f"shape: transition {n} must be an object with exactly the keys from, target, to, ts_ms"
        if type(item["ts_ms"]) is not int or not isinstance(item["target"], str):
            return f"type: transition {n} needs an integer ts_ms and a string target"
        if item["from"] not in STATES or item["to"] not in STATES:
            return f"type: transition {n} uses an unknown state name"
    return None


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
    if set(got) != {"transitions", "rejected"}:
        return _fail("keys: the top level must have exactly the keys rejected and transitions")
    error = _shape(got["transitions"])
    if error:
        return _fail(error)
    want = json.loads(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))
    problems = []
    mine, theirs = got["transitions"], want["transitions"]
    if mine != theirs:
        first = next((i for i, (a, b) in enumerate(zip(mine, theirs), 1) if a != b), min(len(mine), len(theirs)) + 1)
        extra = len(mine) - len(theirs)
        count = f"{abs(extra)} too {'many' if extra > 0 else 'few'}" if extra else "same count"
        problems.append(f"transitions: first difference at position {first} ({count})")
    rejected = got["rejected"]
    if not isinstance(rejected, dict) or not all(type(v) is int for v in rejected.values()):
        problems.append("type: rejected must map targets to integers")
    else:
        missing, extra = len(set(want["rejected"]) - set(rejected)), len(set(rejected) - set(want["rejected"]))
        wrong = sum(1 for k, v in want["rejected"].items() if k in rejected and rejected[k] != v)
        if missing or extra or wrong:
            problems.append(f"rejected: {missing} target(s) missing, {extra} unexpected, {wrong} wrong count(s)")
    if problems:
        return _fail("; ".join(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(theirs)} transitions and rejection counts match")
