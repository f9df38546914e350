"""Wrong scaling-event lists the grader must reject (spec 5.5.2)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _rows(text: str) -> list[list[str]]:
    return [line.split(",") for line in text.split("\n") if line.strip()]


def _join(rows: list[list[str]]) -> str:
    return "".join(",".join(r) + "\n" for r in rows)


def _edit(change):
    def mutate(text: str) -> str:
        rows = _rows(text)
        change(rows)
        return _join(rows)

    return mutate


def _swap_same_minute(rows) -> None:
    i = next(i for i in range(1, len(rows) - 1) if rows[i][0] == rows[i + 1][0])
    rows[i], rows[i + 1] = rows[i + 1], rows[i]


def _uncapped_up(rows) -> None:
    # Scaling straight to the desired count instead of at most doubling.
    row = next(r for r in rows[1:] if int(r[3]) == 2 * int(r[2]))
    row[3] = str(int(row[3]) + 1)


def _down_by_more(rows) -> None:
    row = next(r for r in rows[1:] if int(r[3]) < int(r[2]))
    row[3] = str(int(row[3]) - 1)


def _grouped_by_service(rows) -> None:
    rows[1:] = sorted(rows[1:], key=lambda r: (r[1], int(r[0])))


def _late_minute_off(rows) -> None:
    rows[-3][0] = str(int(rows[-3][0]) + 1)


def _drop(rows) -> None:
    del rows[len(rows) // 2]


def _dup(rows) -> None:
    rows.insert(10, list(rows[10]))


def _float(rows) -> None:
    rows[4][3] = rows[4][3] + ".0"


def _header(rows) -> None:
    rows[0] = ["minute", "service", "from", "to"]


# renamed_field renames a JSON key and leaves this CSV unchanged; wrong_header covers renamed columns.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "renamed_field"] + [
    NegativeCase(name="same_minute_swapped", mutate=_edit(_swap_same_minute), expected_substring="order"),
    NegativeCase(name="scale_up_uncapped", mutate=_edit(_uncapped_up), expected_substring="1 scaling action(s) missing"),
    NegativeCase(name="scale_down_too_far", mutate=_edit(_down_by_more), expected_substring="1 scaling action(s) missing"),
    NegativeCase(name="grouped_by_service", mutate=_edit(_grouped_by_service), expected_substring="order"),
    NegativeCase(name="late_minute_off", mutate=_edit(_late_minute_off), expected_substring="1 unexpected"),
    NegativeCase(name="action_missing", mutate=_edit(_drop), expected_substring="0 unexpected"),
    NegativeCase(name="action_duplicated", mutate=_edit(_dup), expected_substring="1 unexpected"),
    NegativeCase(name="count_as_float", mutate=_edit(_float), expected_substring="integers"),
    NegativeCase(name="wrong_header", mutate=_edit(_header), expected_substring="header"),
]
