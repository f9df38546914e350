"""number_within probes only numbers the prompt's band is for: no rounding asked, no exact copies, no counts."""

from __future__ import annotations

import json

import pytest

from artifactbench.gates.core import read_prompt
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._within import within_probes


def _probed(prompt: str, rows: list[dict]) -> set[str]:
    probes = within_probes("json", json.dumps(rows, indent=2), FuzzPolicy(), read_prompt(prompt).stated, prompt)
    return {p.where.split("field ")[-1].split(",")[0].strip("'") for p in probes}


def test_a_value_copied_exactly_in_a_clause_of_its_own_is_not_moved():
    prompt = ("Write a list of objects `sku`, `unit_price` and `revenue`. `unit_price` is copied exactly as given in "
              "`prices.csv`; `revenue` must be within 0.01 of the exact value.")
    assert _probed(prompt, [{"sku": "A1", "unit_price": 19.99, "revenue": 1234.5678}]) == {"revenue"}


def test_the_band_sentence_saying_exact_value_still_probes():
    prompt = "Write the rates. Rates are compared with the exact quotient: each needs a relative error below 0.1%."
    assert _probed(prompt, [{"pump": "P-01", "rate": 316.9189}]) == {"rate"}


@pytest.mark.parametrize("asked", ["to one decimal", "to the nearest cent", "with 2 dp", "formatted as %.2f"])
def test_a_rounding_the_prompt_asks_for_leaves_no_probe(asked):
    prompt = f"Write a list of objects `item` and `price` ({asked}), within 0.05 of the exact price."
    assert _probed(prompt, [{"item": "tea", "price": 3.45}]) == set()


def test_a_whole_number_written_as_a_float_is_not_moved():
    prompt = "Write objects `team`, `wins` (a whole number of games) and `ratio`, `ratio` within 0.001 of the share."
    assert _probed(prompt, [{"team": "x", "wins": 3.0, "ratio": 0.6}, {"team": "y", "wins": 2.0, "ratio": 0.4}]) \
        == {"ratio"}
