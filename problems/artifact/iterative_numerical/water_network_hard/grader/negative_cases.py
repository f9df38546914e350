"""Wrong network solutions the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import tempfile
from pathlib import Path

from swebench.artifact_negative import NegativeCase, default_negative_cases

HERE = Path(__file__).resolve().parent
INSTANCE_ID = "iterative_numerical__water_network_hard"


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.lru_cache(maxsize=None)
def _missed(rule: str) -> str:
    """The answer of a solver who implemented every rule but `rule` (solution.py's skip names)."""
    seed = int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:8], 16)
    generator = _load(HERE.parent / "workspace" / "generator.py", "water_network_hard_generator")
    solution = _load(HERE / "solution.py", "water_network_hard_solution")
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / "network.json").write_text(json.dumps(generator.generate(seed)), encoding="utf-8")
        return solution.solve(Path(scratch), frozenset({rule}))


def _missing_rule(rule: str):
    def mutate(text: str) -> str:
        return _missed(rule)

    return mutate


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
    data["velocities_mps"] = {}


NEGATIVE_CASES = default_negative_cases() + [
    # One per rule a careful solver can still miss: each is the full answer with exactly that rule left out.
    NegativeCase(name="minor_losses_ignored", mutate=_missing_rule("no_minor_loss"), expected_substring="off by"),
    NegativeCase(name="check_valves_as_open_pipes", mutate=_missing_rule("cv_as_open"), expected_substring="off by"),
    NegativeCase(name="tank_level_ignored", mutate=_missing_rule("tank_level_ignored"), expected_substring="off by"),
    NegativeCase(name="peak_multipliers_ignored", mutate=_missing_rule("no_multipliers"),
                 expected_substring="off by"),
    NegativeCase(name="uncategorized_demand_unscaled", mutate=_missing_rule("missing_category_one"),
                 expected_substring="off by"),
    NegativeCase(name="pressure_reported_as_head", mutate=_missing_rule("pressure_is_head"),
                 expected_substring="pressures_m: 115 junction"),
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
