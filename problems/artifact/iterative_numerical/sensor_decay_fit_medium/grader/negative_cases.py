"""Wrong fit tables the grader must reject (spec 5.5.2)."""

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


def _scale(index: int, field: str, factor: float):
    def change(records: list[dict]) -> None:
        records[index][field] *= factor

    return change


def _n_counts_lost_rows(records: list[dict]) -> None:
    # Counting the ERR / blank rows too.
    records[5]["n"] += 2


def _k_as_string(records: list[dict]) -> None:
    records[3]["k"] = str(records[3]["k"])


def _n_as_float(records: list[dict]) -> None:
    records[4]["n"] = float(records[4]["n"])


def _extra_key(records: list[dict]) -> None:
    records[0]["rmse"] = 0.1


def _swap(records: list[dict]) -> None:
    records[10], records[11] = records[11], records[10]


def _dup(records: list[dict]) -> None:
    records.insert(8, dict(records[8]))


def _drop(records: list[dict]) -> None:
    del records[-2]


def _nan(text: str) -> str:
    records = _records(text)
    records[6]["C"] = float("nan")
    return _dump(records)


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(name="k_just_outside", mutate=_edit(_scale(20, "k", 1 + 3e-5)), expected_substring="k on 1"),
    NegativeCase(name="a_loose_fit", mutate=_edit(_scale(30, "A", 1.002)), expected_substring="A on 1"),
    NegativeCase(name="c_off_last", mutate=_edit(_scale(-1, "C", 0.999)), expected_substring="C on 1"),
    NegativeCase(name="n_counts_lost_rows", mutate=_edit(_n_counts_lost_rows), expected_substring="n on 1"),
    NegativeCase(name="k_as_string", mutate=_edit(_k_as_string), expected_substring="type"),
    NegativeCase(name="n_as_float", mutate=_edit(_n_as_float), expected_substring="type"),
    NegativeCase(name="extra_key", mutate=_edit(_extra_key), expected_substring="keys"),
    NegativeCase(name="records_swapped", mutate=_edit(_swap), expected_substring="order"),
    NegativeCase(name="duplicate_record", mutate=_edit(_dup), expected_substring="duplicate"),
    NegativeCase(name="sensor_missing", mutate=_edit(_drop), expected_substring="1 sensor(s) missing"),
    NegativeCase(name="c_nan", mutate=_nan, expected_substring="not finite"),
]
