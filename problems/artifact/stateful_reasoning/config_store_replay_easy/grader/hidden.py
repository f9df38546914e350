"""Grader for stateful_reasoning__config_store_replay_easy.

answer/store.json: an object with exactly `store` (every final key with its exact string value, nothing
else) and `failed_lines` (ascending list of integers, no repeats, exactly the failed commands). Binary.
Never raises on agent output; details give counts only.
"""

from __future__ import annotations

import json
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "store.json"


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
    if set(got) != {"store", "failed_lines"}:
        return _fail("keys: the top level must have exactly the keys failed_lines and store")
    want = json.loads(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))
    store, failed = got["store"], got["failed_lines"]
    if not isinstance(store, dict):
        return _fail("type: store must be an object")
    if not isinstance(failed, list) or not all(type(n) is int for n in failed):
        return _fail("type: failed_lines must be a list of integers")
    problems = []
    non_string = sum(1 for v in store.values() if not isinstance(v, str))
    if non_string:
        problems.append(f"type: {non_string} store value(s) are not strings")
    else:
        missing, extra = len(set(want["store"]) - set(store)), len(set(store) - set(want["store"]))
        wrong = sum(1 for k, v in want["store"].items() if k in store and store[k] != v)
        if missing or extra or wrong:
            problems.append(f"store: {missing} key(s) missing, {extra} unexpected, {wrong} with a wrong value")
    if len(set(failed)) != len(failed):
        problems.append("failed_lines: duplicate entries")
    else:
        missing, extra = len(set(want["failed_lines"]) - set(failed)), len(set(failed) - set(want["failed_lines"]))
        if missing or extra:
            problems.append(f"failed_lines: {missing} missing, {extra} unexpected")
        elif failed != sorted(failed):
            problems.append("failed_lines: not in ascending order")
    if problems:
        return _fail("; ".join(problems))
    return GradeResult(passed=True, score=1.0, detail=f"store ({len(store)} keys) and failed lines match")
