"""Wrong sessionizations the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _recs(fn):
    def mutate(text: str) -> str:
        recs = [json.loads(line) for line in text.splitlines() if line.strip()]
        recs = fn(recs) or recs
        return "".join(json.dumps(r) + "\n" for r in recs)

    return mutate


def _merge_split(recs):
    """Two sessions of one user glued together (a gap rule that is too lenient)."""
    i = next(i for i in range(len(recs) - 1, 0, -1) if recs[i]["user"] == recs[i - 1]["user"])
    a, b = recs[i - 1], recs.pop(i)
    a.update(end=b["end"], events=a["events"] + b["events"], exit_page=b["exit_page"])
    for r in recs[i:]:
        if r["user"] == a["user"]:
            r["session"] -= 1


def _heartbeat_extends(recs):
    r = recs[-5]
    r["end"] += 900000


def _swap_pages(recs):
    r = next(r for r in recs[30:] if r["landing_page"] != r["exit_page"])
    r["landing_page"], r["exit_page"] = r["exit_page"], r["landing_page"]


def _zero_based(recs):
    for r in recs:
        r["session"] -= 1


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("sessions_merged", _recs(_merge_split), "missing 1 "),
    NegativeCase("heartbeat_extends_session", _recs(_heartbeat_extends), "'end' wrong in 1"),
    NegativeCase("landing_exit_swapped", _recs(_swap_pages), "wrong in 1 session"),
    NegativeCase("session_numbers_from_zero", _recs(_zero_based), "unexpected"),
    NegativeCase("event_count_off", _recs(lambda r: r[-2].__setitem__("events", r[-2]["events"] + 1)), "'events'"),
    NegativeCase("distinct_pages_off", _recs(lambda r: r[50].__setitem__("distinct_pages", r[50]["events"] + 1)),
                 "distinct_pages"),
    NegativeCase("adjacent_swapped", _recs(lambda r: r.__setitem__(slice(20, 22), [r[21], r[20]])), "order"),
    NegativeCase("session_duplicated", _recs(lambda r: r.insert(9, dict(r[8])) or None), "duplicate"),
    NegativeCase("ts_as_string", _recs(lambda r: r[3].__setitem__("start", str(r[3]["start"]))), "wrong type"),
]
