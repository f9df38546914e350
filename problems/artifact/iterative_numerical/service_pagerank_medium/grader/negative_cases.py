"""Wrong service rankings the grader must reject (spec 5.5.2)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _rows(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def _shift(index: int, delta: float):
    def mutate(text: str) -> str:
        lines = _rows(text)
        name, value = lines[index].split(",")
        lines[index] = f"{name},{float(value) + delta:.15f}"
        return _join(lines)

    return mutate


def _renormalize_without(index: int):
    # Dropping one service's mass and renormalizing: every rank moves a little.
    def mutate(text: str) -> str:
        lines = _rows(text)
        values = [float(line.split(",")[1]) for line in lines[1:]]
        scale = 1 / (1 - values[index - 1] * 0.01)
        out = [lines[0]] + [f"{line.split(',')[0]},{float(line.split(',')[1]) * scale:.15f}" for line in lines[1:]]
        return _join(out)

    return mutate


def _loose_convergence(text: str) -> str:
    # A power iteration stopped early leaves errors around 1e-6 spread over the vector.
    lines = _rows(text)
    out = [lines[0]]
    for n, line in enumerate(lines[1:]):
        name, value = line.split(",")
        out.append(f"{name},{float(value) + (2e-6 if n % 3 == 0 else -1e-6):.15f}")
    return _join(out)


def _swap(text: str) -> str:
    lines = _rows(text)
    lines[20], lines[21] = lines[21], lines[20]
    return _join(lines)


def _dup(text: str) -> str:
    lines = _rows(text)
    return _join(lines[:100] + [lines[99]] + lines[100:])


def _drop(text: str) -> str:
    lines = _rows(text)
    return _join(lines[:50] + lines[51:])


def _header(text: str) -> str:
    lines = _rows(text)
    lines[0] = "service,pagerank"
    return _join(lines)


def _word(text: str) -> str:
    lines = _rows(text)
    lines[7] = lines[7].split(",")[0] + ",high"
    return _join(lines)


# renamed_field renames a JSON key and leaves this CSV unchanged; wrong_header covers a renamed column.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "renamed_field"] + [
    NegativeCase(name="just_outside_tolerance", mutate=_shift(150, 3e-9), expected_substring="on 1 of"),
    NegativeCase(name="later_row_wrong", mutate=_shift(200, -4e-4), expected_substring="rank off"),
    NegativeCase(name="renormalized", mutate=_renormalize_without(30), expected_substring="rank off"),
    NegativeCase(name="stopped_too_early", mutate=_loose_convergence, expected_substring="rank off"),
    NegativeCase(name="rows_swapped", mutate=_swap, expected_substring="order"),
    NegativeCase(name="duplicate_row", mutate=_dup, expected_substring="duplicate"),
    NegativeCase(name="service_missing", mutate=_drop, expected_substring="1 service(s) missing"),
    NegativeCase(name="wrong_header", mutate=_header, expected_substring="header"),
    NegativeCase(name="rank_not_a_number", mutate=_word, expected_substring="not a number"),
]
