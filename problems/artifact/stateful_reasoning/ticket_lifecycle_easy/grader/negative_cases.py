"""Wrong ticket tables the grader must reject (spec 5.5.2)."""

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


def _first(rows, test):
    return next(r for r in rows[1:] if test(r))


def _unopened_as_new(rows) -> None:
    _first(rows, lambda r: r[1] == "unopened")[1] = "new"


def _closed_reopened(rows) -> None:
    # Letting a reopen through on a closed ticket.
    row = [r for r in rows[1:] if r[1] == "closed"][-1]
    row[1] = "assigned"


def _ignored_off(rows) -> None:
    row = rows[len(rows) // 2]
    row[4] = str(int(row[4]) + 1)


def _reopens_off(rows) -> None:
    row = _first(rows, lambda r: r[3] != "0")
    row[3] = str(int(row[3]) - 1)


def _assignee_cleared(rows) -> None:
    _first(rows, lambda r: r[1] == "in_progress")[2] = ""


def _int_as_word(rows) -> None:
    rows[5][3] = "none"


def _swap(rows) -> None:
    rows[10], rows[11] = rows[11], rows[10]


def _dup(rows) -> None:
    rows.insert(20, list(rows[20]))


def _drop_unopened(rows) -> None:
    rows.remove(_first(rows, lambda r: r[1] == "unopened"))


def _header(rows) -> None:
    rows[0][4] = "ignored_events"


# renamed_field renames a JSON key and leaves this CSV unchanged; wrong_header covers a renamed column.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "renamed_field"] + [
    NegativeCase(name="unopened_reported_new", mutate=_edit(_unopened_as_new), expected_substring="state on 1"),
    NegativeCase(name="closed_ticket_reopened", mutate=_edit(_closed_reopened), expected_substring="state on 1"),
    NegativeCase(name="ignored_count_off", mutate=_edit(_ignored_off), expected_substring="ignored on 1"),
    NegativeCase(name="reopens_count_off", mutate=_edit(_reopens_off), expected_substring="reopens on 1"),
    NegativeCase(name="assignee_cleared", mutate=_edit(_assignee_cleared), expected_substring="assignee on 1"),
    NegativeCase(name="count_not_integer", mutate=_edit(_int_as_word), expected_substring="integer"),
    NegativeCase(name="rows_swapped", mutate=_edit(_swap), expected_substring="order"),
    NegativeCase(name="duplicate_row", mutate=_edit(_dup), expected_substring="duplicate"),
    NegativeCase(name="unopened_ticket_omitted", mutate=_edit(_drop_unopened), expected_substring="1 ticket(s) missing"),
    NegativeCase(name="wrong_header", mutate=_edit(_header), expected_substring="header"),
]
