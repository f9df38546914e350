"""Wrong probe tables the grader must reject (spec 5.5.2).

Every probe must be within 0.01 degC, so one probe just outside fails. The rule cases are the full answer of
a solver who implemented every rule of the model but one (solution.py's skip names).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import tempfile
from pathlib import Path

from swebench.artifact_negative import NegativeCase, default_negative_cases

HERE = Path(__file__).resolve().parent
INSTANCE_ID = "iterative_numerical__board_heat_hard"


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.lru_cache(maxsize=None)
def _missed(rule: str) -> str:
    seed = int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:8], 16)
    generator = _load(HERE.parent / "workspace" / "generator.py", "board_heat_hard_generator")
    solution = _load(HERE / "solution.py", "board_heat_hard_solution")
    with tempfile.TemporaryDirectory() as scratch:
        for name, text in generator.generate(seed).items():
            (Path(scratch) / name).write_text(text, encoding="utf-8")
        return solution.solve(Path(scratch), frozenset({rule}))


def _missing_rule(rule: str):
    def mutate(text: str) -> str:
        return _missed(rule)

    return mutate


def _rows(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def _shift(indices, delta: float):
    def mutate(text: str) -> str:
        lines = _rows(text)
        for index in indices:
            probe, value = lines[index].split(",")
            lines[index] = f"{probe},{float(value) + delta:.6f}"
        return _join(lines)

    return mutate


def _drop(indices):
    def mutate(text: str) -> str:
        lines = _rows(text)
        return _join([ln for i, ln in enumerate(lines) if i not in set(indices)])

    return mutate


def _swap_rows(text: str) -> str:
    lines = _rows(text)
    lines[10], lines[11] = lines[11], lines[10]
    return _join(lines)


def _duplicate_row(text: str) -> str:
    lines = _rows(text)
    return _join(lines[:21] + [lines[20]] + lines[21:])


def _unknown_probe(text: str) -> str:
    return _join(_rows(text) + ["TP-99,40.000000"])


def _bad_header(text: str) -> str:
    lines = _rows(text)
    lines[0] = "probe,temp"
    return _join(lines)


def _not_a_number(text: str) -> str:
    lines = _rows(text)
    lines[33] = lines[33].split(",")[0] + ",hot"
    return _join(lines)


# renamed_field is dropped: it renames JSON keys and leaves this CSV unchanged; wrong_header covers a
# renamed column for this format.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "renamed_field"] + [
    NegativeCase(name="one_probe_just_outside_up", mutate=_shift([17], 0.011),
                 expected_substring="1 listed outside tolerance"),
    NegativeCase(name="one_probe_just_outside_down", mutate=_shift([44], -0.011),
                 expected_substring="1 listed outside tolerance"),
    NegativeCase(name="underconverged_everywhere", mutate=_shift(range(1, 64), -0.05),
                 expected_substring="0 of 63 probes within"),
    NegativeCase(name="kelvin_not_celsius", mutate=_shift(range(1, 64), 273.15), expected_substring="0 of 63"),
    NegativeCase(name="one_probe_missing", mutate=_drop([26]), expected_substring="1 missing"),
    # one per rule of the model
    NegativeCase(name="heat_pipes_touching_diagonally_merged", mutate=_missing_rule("pipes_merged"),
                 expected_substring="outside tolerance"),
    NegativeCase(name="heat_pipe_not_isothermal", mutate=_missing_rule("pipe_cells_separate"),
                 expected_substring="outside tolerance"),
    NegativeCase(name="no_edge_loss", mutate=_missing_rule("no_edges"), expected_substring="outside tolerance"),
    NegativeCase(name="edge_loss_only_on_outer_edge", mutate=_missing_rule("outer_edge_only"),
                 expected_substring="outside tolerance"),
    NegativeCase(name="no_leakage", mutate=_missing_rule("no_leakage"), expected_substring="outside tolerance"),
    NegativeCase(name="leakage_applied_once", mutate=_missing_rule("leak_once"),
                 expected_substring="outside tolerance"),
    NegativeCase(name="vias_ignored", mutate=_missing_rule("no_vias"), expected_substring="outside tolerance"),
    NegativeCase(name="no_surface_loss", mutate=_missing_rule("no_surface"), expected_substring="outside tolerance"),
    NegativeCase(name="rows_swapped", mutate=_swap_rows, expected_substring="order"),
    NegativeCase(name="duplicate_row", mutate=_duplicate_row, expected_substring="duplicate"),
    NegativeCase(name="unknown_probe", mutate=_unknown_probe, expected_substring="unknown"),
    NegativeCase(name="wrong_header", mutate=_bad_header, expected_substring="header"),
    NegativeCase(name="value_not_a_number", mutate=_not_a_number, expected_substring="not a number"),
]
