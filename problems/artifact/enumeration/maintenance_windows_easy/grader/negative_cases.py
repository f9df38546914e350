"""Wrong window lists the grader must reject (spec 5.5.2)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _join(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def _edit(change):
    def mutate(text: str) -> str:
        lines = _lines(text)
        change(lines)
        return _join(lines)

    return mutate


def _touching_excluded(lines) -> None:
    # Treating a window that ends exactly when a blackout starts as overlapping.
    lines.remove("Mon 00:30-02:00") if "Mon 00:30-02:00" in lines else lines.remove(lines[0])


def _overlap_added(lines) -> None:
    lines.insert(3, "Mon 01:00-02:30")  # overlaps the Monday backup


def _outside_hours(lines) -> None:
    lines.append("Sun 06:00-07:30")  # ends after the allowed range


def _off_grid(lines) -> None:
    lines.insert(5, "Tue 01:45-03:15")


def _alpha_days(lines) -> None:
    lines.sort()


def _swap(lines) -> None:
    lines[1], lines[2] = lines[2], lines[1]


def _dup(lines) -> None:
    lines.insert(4, lines[4])


def _long_day(lines) -> None:
    lines[0] = lines[0].replace("Mon", "Monday")


def _unpadded(lines) -> None:
    lines[-1] = lines[-1].replace(" 0", " ", 1)


def _drop_last(lines) -> None:
    lines.pop()


# renamed_field renames JSON keys and leaves this text artifact unchanged; long_day_name covers a wrong token.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "renamed_field"] + [
    NegativeCase(name="first_window_missing", mutate=_edit(_touching_excluded), expected_substring="1 valid window(s) missing"),
    NegativeCase(name="overlaps_blackout", mutate=_edit(_overlap_added), expected_substring="1 listed window(s) are not valid"),
    NegativeCase(name="outside_allowed_hours", mutate=_edit(_outside_hours), expected_substring="not valid"),
    NegativeCase(name="start_off_grid", mutate=_edit(_off_grid), expected_substring="not valid"),
    NegativeCase(name="days_sorted_alphabetically", mutate=_edit(_alpha_days), expected_substring="order"),
    NegativeCase(name="lines_swapped", mutate=_edit(_swap), expected_substring="order"),
    NegativeCase(name="duplicate_line", mutate=_edit(_dup), expected_substring="duplicate"),
    NegativeCase(name="long_day_name", mutate=_edit(_long_day), expected_substring="format"),
    NegativeCase(name="hour_not_padded", mutate=_edit(_unpadded), expected_substring="format"),
    NegativeCase(name="last_window_missing", mutate=_edit(_drop_last), expected_substring="missing"),
]
