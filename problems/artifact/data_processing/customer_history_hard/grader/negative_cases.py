"""Wrong customer histories the grader must reject (plus the defaults that apply to a CSV)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _rows(fn):
    def mutate(text: str) -> str:
        lines = text.splitlines()
        rows = [line.split(",") for line in lines[1:]]
        rows = fn(rows) or rows
        return lines[0] + "\n" + "".join(",".join(r) + "\n" for r in rows)

    return mutate


def _split_untracked(rows):
    """A version split in two by an untracked-only change: same values, the later versions renumbered."""
    i = 60
    r = rows[i]
    copy = list(r)
    r[6], r[7] = r[5], "false"
    rows.insert(i + 1, copy)
    for later in rows[i + 1:]:
        if later[0] == r[0]:
            later[1] = str(int(later[1]) + 1)


def _local_time(rows):
    r = rows[-11]
    r[5] = r[5].replace("Z", "+01:00")


def _deleted_still_current(rows):
    r = next(r for r in rows[20:] if r[7] == "false" and not any(x[0] == r[0] and int(x[1]) > int(r[1]) for x in rows))
    r[6], r[7] = "", "true"


def _no_millis(rows):
    for r in rows:
        r[5] = r[5][:19] + "Z"


def _current_flag(rows):
    rows[30][7] = "True" if rows[30][7] == "true" else "False"


NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a CSV has none, so the text would not change.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("untracked_change_splits_version", _rows(_split_untracked), "unexpected"),
    NegativeCase("valid_from_not_utc", _rows(_local_time), "'valid_from' wrong in 1"),
    NegativeCase("delete_not_closing", _rows(_deleted_still_current), "wrong in 1 version row"),
    NegativeCase("timestamps_without_millis", _rows(_no_millis), "valid_from"),
    NegativeCase("is_current_capitalized", _rows(_current_flag), "is_current"),
    NegativeCase("version_missing", _rows(lambda rows: rows.pop(77) and None), "missing 1 "),
    NegativeCase("adjacent_swapped", _rows(lambda rows: rows.__setitem__(slice(40, 42), [rows[41], rows[40]])),
                 "order"),
    NegativeCase("version_zero_based", _rows(lambda rows: [r.__setitem__(1, str(int(r[1]) - 1)) for r in rows]
                                             and None), "unexpected"),
]
