"""Wrong cost allocations the grader must reject (plus the defaults that apply to a CSV)."""

from __future__ import annotations

from decimal import Decimal

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _rows(fn):
    def mutate(text: str) -> str:
        lines = text.splitlines()
        rows = [line.split(",") for line in lines[1:]]
        fn(rows)
        return lines[0] + "\n" + "".join(",".join(r) + "\n" for r in rows)

    return mutate


def _move_cent(rows):
    """One cent of the shared pool given to the wrong team (the sum stays right)."""
    for r, d in ((rows[2], Decimal("0.01")), (rows[5], Decimal("-0.01"))):
        r[2] = str(Decimal(r[2]) + d)
        r[3] = str(Decimal(r[3]) + d)


def _no_shared(rows):
    for r in rows:
        r[2], r[3] = "0.00", r[1]


def _add(col, idx, delta):
    def fn(rows):
        rows[idx][col] = str(Decimal(rows[idx][col]) + Decimal(delta))

    return fn


NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a CSV has none, so the text would not change.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("cent_to_wrong_team", _rows(_move_cent), "'shared' wrong in 2"),
    NegativeCase("pool_not_allocated", _rows(_no_shared), "shared"),
    NegativeCase("last_direct_one_cent_off", _rows(_add(1, -1, "0.01")), "'direct' wrong in 1"),
    NegativeCase("total_not_sum", _rows(_add(3, 4, "0.05")), "'total' wrong in 1"),
    NegativeCase("sorted_ascending", _rows(lambda rows: rows.reverse()), "order"),
    NegativeCase("team_missing", _rows(lambda rows: rows.pop(3)), "missing 1 "),
    NegativeCase("case_variant_team", _rows(lambda rows: rows.append([rows[0][0].upper(), "1.00", "0.00", "1.00"])),
                 "unexpected"),
    NegativeCase("amount_with_currency", _rows(lambda rows: rows[1].__setitem__(1, "$" + rows[1][1])), "wrong type"),
]
