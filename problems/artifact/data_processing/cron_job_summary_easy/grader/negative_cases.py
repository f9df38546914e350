"""Wrong job summaries the grader must reject (plus the defaults that apply to a CSV)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _cells(fn):
    def mutate(text: str) -> str:
        rows = [line.split(",") for line in text.splitlines()]
        fn(rows)
        return "".join(",".join(r) + "\n" for r in rows)

    return mutate


def _bump(row: int, col: int, delta: int):
    def fn(rows):
        rows[row][col] = str(int(rows[row][col]) + delta)

    return fn


def _rate(row: int, delta: float):
    def fn(rows):
        rows[row][7] = f"{float(rows[row][7]) + delta:.4f}"

    return fn


def _swap(rows):
    rows[3], rows[4] = rows[4], rows[3]


def _running_as_failed(rows):
    row = next(r for r in rows[1:] if r[4] != "0")
    row[3], row[4] = str(int(row[3]) + int(row[4])), "0"


def _percent(rows):
    for r in rows[1:]:
        r[7] = f"{float(r[7]) * 100:.2f}"


NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a CSV has none, so the text would not change.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("later_total_off_by_one", _cells(_bump(-1, 5, 1)), "total_seconds"),
    NegativeCase("max_off_by_one", _cells(_bump(6, 6, -1)), "max_seconds"),
    NegativeCase("running_counted_as_failed", _cells(_running_as_failed), "wrong in"),
    NegativeCase("rate_outside_tolerance", _cells(_rate(5, 0.0002)), "failure_rate"),
    NegativeCase("rate_as_percent", _cells(_percent), "failure_rate"),
    NegativeCase("rows_swapped", _cells(_swap), "order"),
    NegativeCase("job_missing", _cells(lambda rows: rows.pop(9)), "missing 1 "),
    NegativeCase("job_duplicated", _cells(lambda rows: rows.insert(3, list(rows[2]))), "duplicate"),
    NegativeCase("extra_column", _cells(lambda rows: [r.append("x") for r in rows]), "header"),
    NegativeCase("decimal_count", _cells(lambda rows: rows[2].__setitem__(1, rows[2][1] + ".0")), "wrong type"),
]
