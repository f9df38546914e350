"""Wrong integrity reports the grader must reject (plus the defaults that apply to a CSV)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _rows(fn):
    def mutate(text: str) -> str:
        lines = text.splitlines()
        rows = [line.split(",") for line in lines[1:]]
        rows = fn(rows) or rows
        return lines[0] + "\n" + "".join(",".join(r) + "\n" for r in rows)

    return mutate


def _restatus(old: str, new: str, which: int = -1):
    def fn(rows):
        [r for r in rows if r[1] == old][which][1] = new

    return fn


def _dot_prefix(rows):
    r = rows[-6]
    r[0] = "./" + r[0]


NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a CSV has none, so the text would not change.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("corruption_missed", _rows(_restatus("hash_mismatch", "ok")), "'status' wrong in 1"),
    NegativeCase("truncation_as_hash", _rows(_restatus("size_mismatch", "hash_mismatch")), "'status' wrong in 1"),
    NegativeCase("intact_file_flagged", _rows(_restatus("ok", "hash_mismatch", 3)), "'status' wrong in 1"),
    NegativeCase("conflict_checked_anyway", _rows(_restatus("conflicting", "size_mismatch", 0)), "'status' wrong in 1"),
    NegativeCase("extra_ignored", _rows(lambda rows: rows.remove(next(r for r in rows if r[1] == "extra"))),
                 "missing 1 path"),
    NegativeCase("dot_prefix_kept", _rows(_dot_prefix), "unexpected 1 path"),
    NegativeCase("ok_rows_left_out", _rows(lambda rows: [r for r in rows if r[1] != "ok"]), "status never reported: ok"),
    NegativeCase("adjacent_swapped", _rows(lambda rows: rows.__setitem__(slice(10, 12), [rows[11], rows[10]])), "order"),
    NegativeCase("status_upper_case", _rows(lambda rows: rows[4].__setitem__(1, rows[4][1].upper())),
                 "'status' wrong in 1"),
]
