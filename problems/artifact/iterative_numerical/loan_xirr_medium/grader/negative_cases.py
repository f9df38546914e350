"""Wrong XIRR tables the grader must reject (spec 5.5.2).

A change well inside the 1e-6 tolerance must pass; that is a test in the corpus proof, not a case here.
"""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _rows(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def _shift(index: int, delta: float):
    def mutate(text: str) -> str:
        lines = _rows(text)
        loan, value = lines[index].split(",")
        lines[index] = f"{loan},{float(value) + delta:.10f}"
        return _join(lines)

    return mutate


def _scale_all(factor: float):
    def mutate(text: str) -> str:
        lines = _rows(text)
        out = [lines[0]] + [f"{ln.split(',')[0]},{float(ln.split(',')[1]) * factor:.10f}" for ln in lines[1:]]
        return _join(out)

    return mutate


def _nominal_rate(text: str) -> str:
    # A common slip: report 12 x the monthly rate (nominal APR) instead of the effective annual rate.
    lines = _rows(text)
    out = [lines[0]]
    for line in lines[1:]:
        loan, value = line.split(",")
        out.append(f"{loan},{12 * ((1 + float(value)) ** (1 / 12) - 1):.10f}")
    return _join(out)


def _swap_rows(text: str) -> str:
    lines = _rows(text)
    lines[30], lines[31] = lines[31], lines[30]
    return _join(lines)


def _duplicate_row(text: str) -> str:
    lines = _rows(text)
    return _join(lines[:60] + [lines[59]] + lines[60:])


def _drop_row(text: str) -> str:
    lines = _rows(text)
    return _join(lines[:-1])


def _unknown_loan(text: str) -> str:
    lines = _rows(text)
    return _join(lines + ["LN-99999,0.0500000000"])


def _bad_header(text: str) -> str:
    lines = _rows(text)
    lines[0] = "loan_id,irr"
    return _join(lines)


def _not_a_number(text: str) -> str:
    lines = _rows(text)
    lines[44] = lines[44].split(",")[0] + ",n/a"
    return _join(lines)


def _nan(text: str) -> str:
    lines = _rows(text)
    lines[12] = lines[12].split(",")[0] + ",nan"
    return _join(lines)


# renamed_field is dropped: it renames JSON keys and leaves this CSV unchanged; wrong_header covers a
# renamed column for this format.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "renamed_field"] + [
    NegativeCase(name="just_outside_tolerance_up", mutate=_shift(57, 1.5e-6), expected_substring="off by more than"),
    NegativeCase(name="just_outside_tolerance_down", mutate=_shift(-1, -1.5e-6), expected_substring="on 1 of"),
    NegativeCase(name="later_row_wrong", mutate=_shift(90, 0.004), expected_substring="off by more than"),
    NegativeCase(name="percent_not_fraction", mutate=_scale_all(100.0), expected_substring="off by more than"),
    NegativeCase(name="nominal_apr_not_effective", mutate=_nominal_rate, expected_substring="off by more than"),
    NegativeCase(name="rows_swapped", mutate=_swap_rows, expected_substring="order"),
    NegativeCase(name="duplicate_row", mutate=_duplicate_row, expected_substring="duplicate"),
    NegativeCase(name="loan_missing", mutate=_drop_row, expected_substring="1 loan(s) missing"),
    NegativeCase(name="unknown_loan", mutate=_unknown_loan, expected_substring="unexpected"),
    NegativeCase(name="wrong_header", mutate=_bad_header, expected_substring="header"),
    NegativeCase(name="value_not_a_number", mutate=_not_a_number, expected_substring="not a number"),
    NegativeCase(name="value_nan", mutate=_nan, expected_substring="finite"),
]
