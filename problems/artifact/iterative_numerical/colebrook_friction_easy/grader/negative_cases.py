"""Wrong friction tables the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import math

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _rows(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def _edit_column(column: int, change, only: int | None = None):
    def mutate(text: str) -> str:
        lines = _rows(text)
        for index in range(1, len(lines)):
            if only is not None and index != only:
                continue
            cells = lines[index].split(",")
            cells[column] = f"{change(float(cells[column]), float(cells[1])):.12f}"
            lines[index] = ",".join(cells)
        return _join(lines)

    return mutate


def _haaland(f: float, re: float) -> float:
    # A typical shortcut: an explicit approximation instead of the root (about 1-2 % off).
    return f * 1.015 if re >= 2300 else f


def _swap_rows(text: str) -> str:
    lines = _rows(text)
    lines[40], lines[41] = lines[41], lines[40]
    return _join(lines)


def _duplicate_row(text: str) -> str:
    lines = _rows(text)
    return _join(lines[:70] + [lines[69]] + lines[70:])


def _drop_row(text: str) -> str:
    return _join(_rows(text)[:-1])


def _bad_header(text: str) -> str:
    lines = _rows(text)
    lines[0] = "segment_id,re,f"
    return _join(lines)


def _nan(text: str) -> str:
    lines = _rows(text)
    cells = lines[9].split(",")
    cells[2] = "nan"
    lines[9] = ",".join(cells)
    return _join(lines)


def _laminar_as_turbulent(text: str) -> str:
    # Applying Colebrook to a laminar segment gives a far smaller factor than 64/Re.
    lines = _rows(text)
    for index in range(1, len(lines)):
        cells = lines[index].split(",")
        if float(cells[1]) < 2300:
            cells[2] = f"{float(cells[2]) / 2:.12f}"
            lines[index] = ",".join(cells)
            break
    return _join(lines)


# renamed_field renames a JSON key and leaves this CSV unchanged; wrong_header covers a renamed column.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "renamed_field"] + [
    NegativeCase(name="explicit_approximation", mutate=_edit_column(2, _haaland), expected_substring="friction_factor off"),
    NegativeCase(name="friction_just_outside", mutate=_edit_column(2, lambda f, re: f * (1 + 3e-7), only=120),
                 expected_substring="on 1 of"),
    NegativeCase(name="roughness_not_converted", mutate=_edit_column(2, lambda f, re: f * 3 if re >= 2300 else f, only=33),
                 expected_substring="friction_factor off"),
    NegativeCase(name="reynolds_off", mutate=_edit_column(1, lambda r, re: r * 1.00001, only=5),
                 expected_substring="reynolds off"),
    NegativeCase(name="laminar_as_turbulent", mutate=_laminar_as_turbulent, expected_substring="friction_factor off"),
    NegativeCase(name="rows_swapped", mutate=_swap_rows, expected_substring="order"),
    NegativeCase(name="duplicate_row", mutate=_duplicate_row, expected_substring="duplicate"),
    NegativeCase(name="segment_missing", mutate=_drop_row, expected_substring="1 segment(s) missing"),
    NegativeCase(name="wrong_header", mutate=_bad_header, expected_substring="header"),
    NegativeCase(name="value_nan", mutate=_nan, expected_substring="finite"),
]
