"""Wrong network solutions the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _edit(change):
    def mutate(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data, indent=1) + "\n"

    return mutate


def _numbered(section: dict) -> list[str]:
    return [k for k in sorted(section) if section[k] not in (None, 0)]


def _shift(section: str, nth: int, delta: float):
    def change(data: dict) -> None:
        data[section][_numbered(data[section])[nth]] += delta

    return change


def _bypass_zero(data: dict) -> None:
    # Treating a main between two reservoirs as carrying nothing; stands in for any single flow set to 0.
    data["flows_lps"][_numbered(data["flows_lps"])[-3]] = 0


def _null_head_filled(data: dict) -> None:
    key = next(k for k, v in sorted(data["heads_m"].items()) if v is None)
    data["heads_m"][key] = 0.0


def _null_flow_zero(data: dict) -> None:
    key = next(k for k, v in sorted(data["flows_lps"].items()) if v is None)
    data["flows_lps"][key] = 0


def _closed_pipe_null(data: dict) -> None:
    key = next(k for k, v in sorted(data["flows_lps"].items()) if v == 0)
    data["flows_lps"][key] = None


def _flows_in_m3s(data: dict) -> None:
    data["flows_lps"] = {k: (v / 1000 if isinstance(v, float) else v) for k, v in data["flows_lps"].items()}


def _direction_flipped(data: dict) -> None:
    key = _numbered(data["flows_lps"])[50]
    data["flows_lps"][key] = -data["flows_lps"][key]


def _reservoir_listed(data: dict) -> None:
    data["heads_m"]["R1"] = 80.0


def _head_as_string(data: dict) -> None:
    key = _numbered(data["heads_m"])[4]
    data["heads_m"][key] = str(data["heads_m"][key])


def _drop_pipe(data: dict) -> None:
    del data["flows_lps"][sorted(data["flows_lps"])[77]]


def _extra_section(data: dict) -> None:
    data["pressures_m"] = {}


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(name="head_just_outside", mutate=_edit(_shift("heads_m", 60, 2.5e-3)), expected_substring="heads_m: 1 junction"),
    NegativeCase(name="flow_just_outside", mutate=_edit(_shift("flows_lps", 100, -2.5e-3)), expected_substring="flows_lps: 1 pipe"),
    NegativeCase(name="flow_zeroed", mutate=_edit(_bypass_zero), expected_substring="flows_lps: 1 pipe"),
    NegativeCase(name="isolated_head_filled", mutate=_edit(_null_head_filled), expected_substring="null on 1"),
    NegativeCase(name="isolated_pipe_flow_zero", mutate=_edit(_null_flow_zero), expected_substring="null on 1"),
    NegativeCase(name="closed_pipe_null", mutate=_edit(_closed_pipe_null), expected_substring="null on 1"),
    NegativeCase(name="flows_in_m3_per_s", mutate=_edit(_flows_in_m3s), expected_substring="off by more than"),
    NegativeCase(name="direction_flipped", mutate=_edit(_direction_flipped), expected_substring="flows_lps: 1 pipe"),
    NegativeCase(name="reservoir_in_heads", mutate=_edit(_reservoir_listed), expected_substring="unexpected"),
    NegativeCase(name="head_as_string", mutate=_edit(_head_as_string), expected_substring="type"),
    NegativeCase(name="pipe_missing", mutate=_edit(_drop_pipe), expected_substring="1 pipe(s) missing"),
    NegativeCase(name="extra_section", mutate=_edit(_extra_section), expected_substring="keys"),
]
