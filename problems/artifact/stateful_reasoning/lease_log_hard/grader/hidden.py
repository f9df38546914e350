"""Grader for stateful_reasoning__lease_log_hard.

Checks answer/lease_state.json against the replayed lease state: exact keys, per-lock fields, the rejected
events (ids, reasons, and processing order), and the duplicate, conflict and malformed counts. Binary.
Never raises on agent output; details name the kind of mismatch and how many, never expected values.
"""

from __future__ import annotations

import json
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "lease_state.json"
KEYS = ("conflicts", "duplicates", "locks", "malformed", "rejected")
LOCK_FIELDS = ("expires_at", "holder", "renewals", "token", "writes")
REASONS = ("bad_ttl", "forbidden", "lock_held", "not_held", "not_holder", "stale_token")


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _int(value: object) -> bool:
    return type(value) is int


def _lock_shape(name: str, lock: object) -> str | None:
    if not isinstance(lock, dict) or sorted(lock) != list(LOCK_FIELDS):
        return f"keys: lock {name!r} must have exactly the keys {', '.join(LOCK_FIELDS)}"
    if not (lock["holder"] is None or isinstance(lock["holder"], str)):
        return f"type: lock {name!r} holder must be a string or null"
    if not (lock["expires_at"] is None or _int(lock["expires_at"])):
        return f"type: lock {name!r} expires_at must be an integer or null"
    if not all(_int(lock[k]) for k in ("renewals", "token", "writes")):
        return f"type: lock {name!r} token, renewals and writes must be integers"
    return None


def _lock_problems(got: object, want: dict) -> list[str]:
    if not isinstance(got, dict):
        return ["type: locks must be an object"]
    missing, extra = len(set(want) - set(got)), len(set(got) - set(want))
    if missing or extra:
        return [f"locks: {missing} lock(s) missing, {extra} unexpected"]
    for name, lock in got.items():
        shape = _lock_shape(name, lock)
        if shape:
            return [shape]
    wrong_fields = sorted({f for name in want for f in LOCK_FIELDS if got[name][f] != want[name][f]})
    wrong_locks = sum(any(got[n][f] != want[n][f] for f in LOCK_FIELDS) for n in want)
    if wrong_locks:
        return [f"locks: wrong values in {wrong_locks} of {len(want)} locks (fields: {', '.join(wrong_fields)})"]
    return []


def _rejected_problems(got: object, want: list[dict]) -> list[str]:
    if not isinstance(got, list):
        return ["type: rejected must be a list"]
    for index, item in enumerate(got):
        if not isinstance(item, dict) or sorted(item) != ["event_id", "reason"]:
            return [f"keys: rejected[{index}] must be an object with exactly event_id and reason"]
        if not isinstance(item["event_id"], str) or item["reason"] not in REASONS:
            return [f"type: rejected[{index}] needs a string event_id and one of the six reason codes"]
    ids = [item["event_id"] for item in got]
    if len(set(ids)) != len(ids):
        return [f"rejected: {len(ids) - len(set(ids))} duplicate event_id entries"]
    want_reason = {item["event_id"]: item["reason"] for item in want}
    missing = len(set(want_reason) - set(ids))
    extra = len(set(ids) - set(want_reason))
    wrong = sum(1 for item in got if item["event_id"] in want_reason and want_reason[item["event_id"]] != item["reason"])
    if missing or extra or wrong:
        return [f"rejected: {missing} missing, {extra} unexpected, {wrong} with the wrong reason"]
    if ids != [item["event_id"] for item in want]:
        first = next(i for i, (a, b) in enumerate(zip(ids, (w["event_id"] for w in want))) if a != b)
        return [f"rejected: order differs from processing order from entry {first}"]
    return []


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
        return _fail(f"output artifact failed to parse: {exc}")
    except RecursionError:  # absurdly deep nesting is malformed input, not a grader crash
        return _fail("output artifact failed to parse: nesting too deep")
    if not isinstance(got, dict):
        return _fail(f"shape: top level is a JSON {type(got).__name__}, not an object")
    missing = [k for k in KEYS if k not in got]
    extra = [k for k in got if k not in KEYS]
    if missing or extra:
        return _fail(f"keys: {len(missing)} required key(s) missing, {len(extra)} unexpected key(s)")
    want = json.loads(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))
    problems = _lock_problems(got["locks"], want["locks"])
    problems += _rejected_problems(got["rejected"], want["rejected"])
    for key in ("conflicts", "duplicates", "malformed"):
        if not _int(got[key]):
            problems.append(f"type: {key} must be an integer")
        elif got[key] != want[key]:
            problems.append(f"{key}: wrong count")
    if problems:
        return _fail("; ".join(problems))
    return GradeResult(passed=True, score=1.0, detail="lease state, rejections and counts all match")
