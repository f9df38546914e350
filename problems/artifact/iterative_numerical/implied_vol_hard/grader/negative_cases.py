"""Wrong implied-volatility tables the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import tempfile
from pathlib import Path

from swebench.artifact_negative import NegativeCase, default_negative_cases

HERE = Path(__file__).resolve().parent
INSTANCE_ID = "iterative_numerical__implied_vol_hard"


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.lru_cache(maxsize=None)
def _missed(rule: str) -> str:
    """The answer of a solver who implemented every rule but `rule` (solution.py's skip names)."""
    seed = int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:8], 16)
    generator = _load(HERE.parent / "workspace" / "generator.py", "implied_vol_hard_generator")
    solution = _load(HERE / "solution.py", "implied_vol_hard_solution")
    with tempfile.TemporaryDirectory() as scratch:
        for name, text in generator.generate(seed).items():
            (Path(scratch) / name).write_text(text, encoding="utf-8")
        return solution.solve(Path(scratch), frozenset({rule}))


def _missing_rule(rule: str):
    def mutate(text: str) -> str:
        return _missed(rule)

    return mutate


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
    # One per rule a careful solver can still miss: each is the full answer with exactly that rule left out.
    NegativeCase(name="latest_quote_by_text_not_instant", mutate=_missing_rule("instant_order"),
                 expected_substring="values"),
    NegativeCase(name="falls_back_to_earlier_usable_quote", mutate=_missing_rule("quote_validity"),
                 expected_substring="values"),
    NegativeCase(name="curve_extrapolated_not_flat", mutate=_missing_rule("flat_extrapolation"),
                 expected_substring="values"),
    NegativeCase(name="ex_date_bounds_reversed", mutate=_missing_rule("ex_date_bounds"),
                 expected_substring="values"),
    NegativeCase(name="dividend_revisions_ignored", mutate=_missing_rule("dividend_revisions"),
                 expected_substring="values"),
    NegativeCase(name="cash_dividends_ignored", mutate=_missing_rule("dividends"), expected_substring="values"),
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
