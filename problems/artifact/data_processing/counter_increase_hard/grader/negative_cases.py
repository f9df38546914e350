"""Wrong hourly increases the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases

FUZZ_TOLERANCE = {"rel": 0.0, "abs": 1e-6}


def _recs(fn):
    def mutate(text: str) -> str:
        recs = [json.loads(line) for line in text.splitlines() if line.strip()]
        recs = fn(recs) or recs
        return "".join(json.dumps(r) + "\n" for r in recs)

    return mutate


def _reset_as_negative(recs):
    """A reset treated as cur - prev (the drop subtracted) instead of cur."""
    r = next(r for r in recs[3:] if r["resets"])
    r["increase"] -= 500.0
    r["resets"] = 0


def _stale_counted(recs):
    r = recs[-7]
    r["pairs"] += 1
    r["increase"] += 25.0


def _inc(delta, idx):
    def fn(recs):
        recs[idx]["increase"] += delta

    return fn


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("reset_subtracted", _recs(_reset_as_negative), "wrong in 1 row"),
    NegativeCase("stale_gap_counted", _recs(_stale_counted), "wrong in 1 row"),
    NegativeCase("increase_just_outside_tolerance", _recs(_inc(2e-6, 40)), "'increase' wrong in 1"),
    NegativeCase("last_duplicate_kept", _recs(_inc(0.25, -20)), "'increase' wrong in 1"),
    NegativeCase("bucket_as_iso_string", _recs(lambda r: r[0].__setitem__("bucket", "2026-01-01T07:00:00Z")),
                 "wrong type"),
    NegativeCase("empty_bucket_reported", _recs(lambda r: r.insert(1, {**r[0], "bucket": r[0]["bucket"] - 3600 * 5})
                                                 or None), "unexpected"),
    NegativeCase("row_missing", _recs(lambda r: r.pop(100) and None), "missing 1 "),
    NegativeCase("adjacent_swapped", _recs(lambda r: r.__setitem__(slice(12, 14), [r[13], r[12]])), "order"),
    NegativeCase("row_duplicated", _recs(lambda r: r.insert(5, dict(r[4])) or None), "duplicate"),
]
