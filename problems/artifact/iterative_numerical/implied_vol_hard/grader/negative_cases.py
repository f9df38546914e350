"""Wrong implied-volatility tables the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _records(text: str) -> list[dict]:
    return [json.loads(line) for line in text.split("\n") if line.strip()]


def _dump(records: list[dict]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def _edit(change):
    def mutate(text: str) -> str:
        records = _records(text)
        change(records)
        return _dump(records)

    return mutate


def _numbers(records: list[dict]) -> list[dict]:
    return [r for r in records if r["iv"] is not None]


def _shift(nth: int, delta: float):
    def change(records: list[dict]) -> None:
        _numbers(records)[nth]["iv"] += delta

    return change


def _null_filled(records: list[dict]) -> None:
    # Reporting a number (the search's lower bound) where no volatility exists.
    next(r for r in records if r["iv"] is None)["iv"] = 0.001


def _last_null_filled(records: list[dict]) -> None:
    [r for r in records if r["iv"] is None][-1]["iv"] = 5.0


def _number_nulled(records: list[dict]) -> None:
    _numbers(records)[60]["iv"] = None


def _percent(records: list[dict]) -> None:
    for r in _numbers(records):
        r["iv"] *= 100


def _iv_string(records: list[dict]) -> None:
    _numbers(records)[2]["iv"] = str(_numbers(records)[2]["iv"])


def _null_as_string(records: list[dict]) -> None:
    next(r for r in records if r["iv"] is None)["iv"] = "null"


def _swap(records: list[dict]) -> None:
    records[40], records[41] = records[41], records[40]


def _dup(records: list[dict]) -> None:
    records.insert(30, dict(records[30]))


def _drop_null(records: list[dict]) -> None:
    # Leaving out the quotes without a volatility instead of writing null.
    records[:] = [r for r in records if r["iv"] is not None]


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(name="just_outside_tolerance", mutate=_edit(_shift(90, 2.5e-6)), expected_substring="1 of"),
    NegativeCase(name="wing_quote_stalled", mutate=_edit(_shift(-1, -0.03)), expected_substring="iv on 1"),
    NegativeCase(name="no_vol_reported_as_number", mutate=_edit(_null_filled), expected_substring="iv on 1"),
    NegativeCase(name="last_no_vol_as_cap", mutate=_edit(_last_null_filled), expected_substring="iv on 1"),
    NegativeCase(name="vol_reported_as_null", mutate=_edit(_number_nulled), expected_substring="iv on 1"),
    NegativeCase(name="percent_not_fraction", mutate=_edit(_percent), expected_substring="values"),
    NegativeCase(name="iv_as_string", mutate=_edit(_iv_string), expected_substring="type"),
    NegativeCase(name="null_as_string", mutate=_edit(_null_as_string), expected_substring="type"),
    NegativeCase(name="records_swapped", mutate=_edit(_swap), expected_substring="order"),
    NegativeCase(name="duplicate_record", mutate=_edit(_dup), expected_substring="duplicate"),
    NegativeCase(name="null_quotes_omitted", mutate=_edit(_drop_null), expected_substring="missing"),
]
