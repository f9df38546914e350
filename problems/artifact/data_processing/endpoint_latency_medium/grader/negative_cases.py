"""Task-specific wrong artifacts the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _edit(index: int, key: str, change) -> callable:
    def mutate(text: str) -> str:
        recs = [json.loads(line) for line in text.splitlines() if line.strip()]
        change(recs[index], key)
        return "".join(json.dumps(r, sort_keys=True) + "\n" for r in recs)

    return mutate


def _records(fn) -> callable:
    def mutate(text: str) -> str:
        recs = [json.loads(line) for line in text.splitlines() if line.strip()]
        return "".join(json.dumps(r, sort_keys=True) + "\n" for r in fn(recs))

    return mutate


def _add(delta):
    def change(rec, key):
        rec[key] = round(rec[key] + delta, 6)

    return change


def _drop(rec, key):
    del rec[key]


def _stringify(rec, key):
    rec[key] = str(rec[key])


def _extra(rec, key):
    rec[key] = 0


def _denormalize(rec, key):
    rec[key] = rec[key].replace("{id}", "4711", 1) if "{id}" in rec[key] else rec[key] + "/"


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("p95_just_outside_tolerance", _edit(3, "p95_ms", _add(0.07)), "p95_ms off by more"),
    NegativeCase("error_rate_just_outside_tolerance", _edit(5, "error_rate", _add(0.0002)), "error_rate off by"),
    NegativeCase("requests_off_by_one_last", _edit(-1, "requests", _add(1)), "requests wrong"),
    NegativeCase("errors_off_by_one", _edit(2, "errors", _add(1)), "errors wrong"),
    NegativeCase("swap_adjacent", _records(lambda r: r[:1] + [r[2], r[1]] + r[3:]), "order"),
    NegativeCase("drop_endpoint", _records(lambda r: r[:4] + r[5:]), "missing 1 of"),
    NegativeCase("duplicate_endpoint", _records(lambda r: r[:6] + [r[5]] + r[6:]), "duplicate"),
    NegativeCase("missing_key", _edit(4, "p95_ms", _drop), "missing key"),
    NegativeCase("extra_key", _edit(4, "p50_ms", _extra), "unexpected key"),
    NegativeCase("count_as_string", _edit(1, "requests", _stringify), "wrong type"),
    NegativeCase("route_not_normalized", _edit(0, "route", _denormalize), "unexpected endpoint"),
]
