"""Wrong probe tables the grader must reject (spec 5.5.2).

Partial credit: one probe just outside 0.01 degC still passes (39/40 >= 0.9), which the corpus proof tests;
the tolerance cases here push enough probes just outside the band to drop the score below 0.9.
"""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


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


# Fuzz policy: under partial credit one wrong, dropped or far-off probe (and up to four missing ones) is
# meant to keep the verdict (score >= 0.9); the multi-probe cases below cover those kinds instead.
FUZZ_SKIP = ["number_far", "number_sign", "later_record", "drop_record", "truncate_records"]

# renamed_field is dropped: it renames JSON keys and leaves this CSV unchanged; wrong_header covers a
# renamed column for this format.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "renamed_field"] + [
    NegativeCase(name="five_probes_just_outside_up", mutate=_shift(range(3, 40, 8), 0.011),
                 expected_substring="35 of 40 probes within"),
    NegativeCase(name="five_probes_just_outside_down", mutate=_shift(range(2, 40, 8), -0.011),
                 expected_substring="5 listed outside tolerance"),
    NegativeCase(name="underconverged_everywhere", mutate=_shift(range(1, 41), -0.05),
                 expected_substring="0 of 40 probes within"),
    NegativeCase(name="kelvin_not_celsius", mutate=_shift(range(1, 41), 273.15), expected_substring="0 of 40"),
    NegativeCase(name="five_probes_missing", mutate=_drop([5, 12, 19, 26, 33]), expected_substring="5 missing"),
    NegativeCase(name="rows_swapped", mutate=_swap_rows, expected_substring="order"),
    NegativeCase(name="duplicate_row", mutate=_duplicate_row, expected_substring="duplicate"),
    NegativeCase(name="unknown_probe", mutate=_unknown_probe, expected_substring="unknown"),
    NegativeCase(name="wrong_header", mutate=_bad_header, expected_substring="header"),
    NegativeCase(name="value_not_a_number", mutate=_not_a_number, expected_substring="not a number"),
]
