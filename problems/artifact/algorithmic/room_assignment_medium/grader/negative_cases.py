"""Wrong room assignments the grader must reject (plus the defaults that apply to a CSV)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _rows(fn):
    def mutate(text: str) -> str:
        lines = text.splitlines()
        rows = [line.split(",") for line in lines[1:]]
        rows = fn(rows) or rows
        return lines[0] + "\n" + "".join(",".join(r) + "\n" for r in rows)

    return mutate


def _swap_rooms(rows):
    """Two interviews of one day trade rooms (each room still valid-looking)."""
    a = rows[-4]
    b = next(r for r in rows if r[1] == a[1] and r[2] != a[2])
    a[2], b[2] = b[2], a[2]


def _zero_based(rows):
    for r in rows:
        r[2] = str(int(r[2]) - 1)


def _room_name(rows):
    rows[5][2] = "R" + rows[5][2]


NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a CSV has none, so the text would not change.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("two_rooms_traded", _rows(_swap_rooms), "'room' wrong in 2"),
    NegativeCase("rooms_from_zero", _rows(_zero_based), "room"),
    NegativeCase("room_as_name", _rows(_room_name), "wrong type"),
    NegativeCase("last_room_bumped", _rows(lambda rows: rows[-1].__setitem__(2, str(int(rows[-1][2]) + 1))),
                 "'room' wrong in 1"),
    NegativeCase("cancelled_included", _rows(lambda rows: rows.append(["99999", "Mon", "1"])), "unexpected"),
    NegativeCase("interview_missing", _rows(lambda rows: rows.pop(50) and None), "missing 1 "),
    NegativeCase("adjacent_swapped", _rows(lambda rows: rows.__setitem__(slice(3, 5), [rows[4], rows[3]])), "order"),
    NegativeCase("wrong_day", _rows(lambda rows: rows[9].__setitem__(1, "Sat")), "'day' wrong in 1"),
]
