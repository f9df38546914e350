"""Structural check of answer/lease_state.json: keys and types only; never values.

Usage: python verify.py answer/lease_state.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

_LOCK_FIELDS = ["expires_at", "holder", "renewals", "token", "writes"]
_REASONS = {"bad_ttl", "forbidden", "lock_held", "not_held", "not_holder", "stale_token"}


def verify(artifact_path: Path) -> None:
    """Raise AssertionError with a helpful message when the file is not shaped as the task asks."""
    try:
        state = json.loads(Path(artifact_path).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise AssertionError(f"not valid JSON: {exc}") from None
    assert isinstance(state, dict), "the top level must be a JSON object"
    assert sorted(state) == ["conflicts", "duplicates", "locks", "malformed", "rejected"], (
        "top-level keys must be exactly conflicts, duplicates, locks, malformed, rejected")
    assert isinstance(state["locks"], dict) and state["locks"], "locks must be a non-empty object"
    for name, lock in state["locks"].items():
        assert isinstance(lock, dict) and sorted(lock) == _LOCK_FIELDS, f"locks[{name!r}] keys must be {_LOCK_FIELDS}"
        assert lock["holder"] is None or isinstance(lock["holder"], str), f"locks[{name!r}].holder: string or null"
        assert lock["expires_at"] is None or type(lock["expires_at"]) is int, f"locks[{name!r}].expires_at: int or null"
        assert (lock["holder"] is None) == (lock["expires_at"] is None), (
            f"locks[{name!r}]: holder and expires_at are null together")
        for key in ("renewals", "token", "writes"):
            assert type(lock[key]) is int and lock[key] >= 0, f"locks[{name!r}].{key}: non-negative integer"
    assert isinstance(state["rejected"], list), "rejected must be a list"
    for index, item in enumerate(state["rejected"]):
        assert isinstance(item, dict) and sorted(item) == ["event_id", "reason"], (
            f"rejected[{index}] must have exactly event_id and reason")
        assert isinstance(item["event_id"], str), f"rejected[{index}].event_id must be a string"
        assert item["reason"] in _REASONS, f"rejected[{index}].reason must be one of {sorted(_REASONS)}"
    ids = [item["event_id"] for item in state["rejected"]]
    assert len(set(ids)) == len(ids), "an event_id appears twice in rejected"
    for key in ("conflicts", "duplicates", "malformed"):
        assert type(state[key]) is int and state[key] >= 0, f"{key} must be a non-negative integer"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
