"""Wrong routes the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _recs(fn):
    def mutate(text: str) -> str:
        recs = [json.loads(line) for line in text.splitlines() if line.strip()]
        recs = fn(recs) or recs
        return "".join(json.dumps(r) + "\n" for r in recs)

    return mutate


def _reverse_path(recs):
    r = [r for r in recs if r["path"] and len(r["path"]) > 2][-1]
    r["path"] = r["path"][::-1]


def _unreachable_as_empty(recs):
    r = next(r for r in recs if r["path"] is None)
    r["path"], r["latency_ms"] = [], 0


def _detour(recs):
    r = next(r for r in recs[10:] if r["path"] and len(r["path"]) > 2)
    r["path"] = r["path"][:1] + r["path"][1:-1][::-1] + r["path"][-1:] if len(r["path"]) > 3 else r["path"][:2] + r["path"][1:]


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("path_reversed", _recs(_reverse_path), "'path' wrong in 1"),
    NegativeCase("unreachable_as_empty", _recs(_unreachable_as_empty), "wrong in 1 route"),
    NegativeCase("other_equal_route", _recs(_detour), "'path' wrong in 1"),
    NegativeCase("latency_off_by_one", _recs(lambda r: r[-9].__setitem__("latency_ms", (r[-9]["latency_ms"] or 0) + 1)),
                 "'latency_ms' wrong in 1"),
    NegativeCase("self_route_empty", _recs(lambda r: next(x for x in r if x["from"] == x["to"]).update(path=[])),
                 "'path' wrong in 1"),
    NegativeCase("zero_based_query", _recs(lambda r: [x.__setitem__("query", x["query"] - 1) for x in r] and None),
                 "unexpected"),
    NegativeCase("route_missing", _recs(lambda r: r.pop(70) and None), "missing 1 "),
    NegativeCase("adjacent_swapped", _recs(lambda r: r.__setitem__(slice(5, 7), [r[6], r[5]])), "order"),
    NegativeCase("latency_as_float_string", _recs(lambda r: r[2].__setitem__("latency_ms", "12.0")), "wrong type"),
]
