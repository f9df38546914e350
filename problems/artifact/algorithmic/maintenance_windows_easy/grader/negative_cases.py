"""Wrong window merges the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _doc(fn):
    def mutate(text: str) -> str:
        doc = json.loads(text)
        fn(doc["hosts"])
        return json.dumps(doc, indent=1) + "\n"

    return mutate


def _touching_not_merged(hosts):
    """A merged window split at an inner point: the same time covered, but not the smallest set."""
    h = hosts[-2]
    w = max(h["windows"], key=lambda w: w[1] > w[0] and w[1][11:] != w[0][11:])
    i = h["windows"].index(w)
    h["windows"][i:i + 1] = [[w[0], w[0][:11] + "23:59" if w[0][11:] < "23:59" else w[1]], [w[0][:11] + "23:59", w[1]]]


def _broken_kept(hosts):
    h = hosts[3]
    h["windows"].append(["2026-03-31 23:00", "2026-03-31 22:30"])


def _unsorted(hosts):
    h = next(h for h in hosts[5:] if len(h["windows"]) > 2)
    h["windows"][0], h["windows"][1] = h["windows"][1], h["windows"][0]


def _hours(hosts):
    hosts[7]["total_minutes"] = hosts[7]["total_minutes"] // 60


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("window_split_in_two", _doc(_touching_not_merged), "'windows' wrong in 1"),
    NegativeCase("broken_row_kept", _doc(_broken_kept), "'windows' wrong in 1"),
    NegativeCase("windows_unsorted", _doc(_unsorted), "'windows' wrong in 1"),
    NegativeCase("total_in_hours", _doc(_hours), "total_minutes"),
    NegativeCase("host_missing", _doc(lambda h: h.pop(9)), "missing 1 "),
    NegativeCase("hosts_swapped", _doc(lambda h: h.__setitem__(slice(1, 3), [h[2], h[1]])), "order"),
    NegativeCase("window_as_object", _doc(lambda h: h[0]["windows"].__setitem__(0, {"start": h[0]["windows"][0][0]})),
                 "wrong type"),
    NegativeCase("window_triple", _doc(lambda h: h[4]["windows"][0].append("x")), "not a [start, end] pair"),
    NegativeCase("extra_key", _doc(lambda h: h[6].__setitem__("count", 3)), "unexpected"),
]
