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


def _hidden_restart_missed(recs):
    """A restart shown only by a changed `start` counted as cur - prev: one reset fewer, less increase."""
    r = next(r for r in recs[10:] if r["resets"])
    r["resets"] -= 1
    r["increase"] -= 3.25


def _labels_as_written(recs):
    """Series identity taken from the text as written: a non-canonical label order in the output."""
    r = recs[30]
    name, labels = r["series"][:-1].split("{")
    r["series"] = name + "{" + ",".join(reversed(labels.split(","))) + "}"


def _uncorrected_clock(recs):
    """Clock corrections ignored: collector b's samples land between a's, extra short pairs."""
    for r in recs[50:58]:
        r["pairs"] += 2


def _window_end_inclusive(recs):
    """A correction window's `to` treated as inclusive: one sample shifted, a pair moves buckets."""
    recs[120]["pairs"] += 1
    recs[121]["pairs"] -= 1


def _infinity_accepted(recs):
    """`Infinity` read as a number: the row's increase is no longer finite."""
    recs[70]["increase"] = float("inf")


def _inc(delta, idx):
    def fn(recs):
        recs[idx]["increase"] += delta

    return fn


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("reset_subtracted", _recs(_reset_as_negative), "wrong in 1 row"),
    NegativeCase("stale_gap_counted", _recs(_stale_counted), "wrong in 1 row"),
    NegativeCase("hidden_restart_missed", _recs(_hidden_restart_missed), "wrong in 1 row"),
    NegativeCase("labels_not_canonical", _recs(_labels_as_written), "unexpected 1 row"),
    NegativeCase("clock_corrections_ignored", _recs(_uncorrected_clock), "'pairs' wrong in 8 row"),
    NegativeCase("correction_window_end_inclusive", _recs(_window_end_inclusive), "'pairs' wrong in 2 row"),
    NegativeCase("infinity_accepted", _recs(_infinity_accepted), "row"),
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
