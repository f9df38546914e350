"""Wrong yield maps the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _edit(change):
    def mutate(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data, indent=1) + "\n"

    return mutate


def _nth(data: dict, n: int) -> str:
    return sorted(data)[n]


def _shift(n: int, delta: float):
    def change(data: dict) -> None:
        data[_nth(data, n)] += delta

    return change


def _percent(data: dict) -> None:
    for key in data:
        data[key] *= 100


def _effective_not_nominal(data: dict) -> None:
    # Annualizing by compounding (effective rate) instead of the stated nominal rate.
    for key in data:
        data[key] = (1 + data[key] / 2) ** 2 - 1


def _as_string(data: dict) -> None:
    key = _nth(data, 7)
    data[key] = str(data[key])


def _drop(data: dict) -> None:
    del data[_nth(data, 50)]


def _extra(data: dict) -> None:
    data["TB000"] = 0.03


def _nan_text(text: str) -> str:
    data = json.loads(text)
    data[_nth(data, 3)] = float("nan")
    return json.dumps(data, indent=1) + "\n"


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(name="just_outside_tolerance", mutate=_edit(_shift(40, 2.5e-8)), expected_substring="on 1 of"),
    NegativeCase(name="later_bond_wrong", mutate=_edit(_shift(80, -0.002)), expected_substring="off by more than"),
    NegativeCase(name="percent_not_fraction", mutate=_edit(_percent), expected_substring="off by more than"),
    NegativeCase(name="effective_not_nominal", mutate=_edit(_effective_not_nominal), expected_substring="off by more than"),
    NegativeCase(name="yield_as_string", mutate=_edit(_as_string), expected_substring="type"),
    NegativeCase(name="bond_missing", mutate=_edit(_drop), expected_substring="1 bond(s) missing"),
    NegativeCase(name="unknown_bond", mutate=_edit(_extra), expected_substring="unexpected"),
    NegativeCase(name="yield_nan", mutate=_nan_text, expected_substring="finite"),
]
