"""tie_order swaps only records tied on every key the prompt sorts by, tie-breaks included."""

from __future__ import annotations

import json

import pytest

from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._ties import tie_probes

TABLE = [{"team": "Ajax", "points": 10, "goal_diff": 7}, {"team": "Benfica", "points": 10, "goal_diff": 3},
         {"team": "Celtic", "points": 8, "goal_diff": 5}, {"team": "Dynamo", "points": 8, "goal_diff": 5},
         {"team": "Eintracht", "points": 4, "goal_diff": -2}]


def _swapped(prompt: str, rows: list[dict]) -> list[str]:
    return [p.where for p in tie_probes("json", json.dumps(rows, indent=2), FuzzPolicy(), prompt)]


@pytest.mark.parametrize("sort", ["sorted by `points` descending, then `goal_diff` descending",
                                  "sorted by points (highest first); tie-breaker: goal_diff",
                                  "sorted by points, ties broken by the goal_diff"])
def test_a_further_sort_key_the_prompt_names_keeps_its_order(sort):
    prompt = f"Write the league table, {sort}. Teams tied on both may be listed in either order."
    assert [w.split(",")[0] for w in _swapped(prompt, TABLE)] == ["records 2 and 3"]


def test_a_tie_break_by_name_leaves_no_tie_open():
    rows = [{"name": "amy", "score": 9}, {"name": "bob", "score": 9}, {"name": "cid", "score": 7}]
    prompt = ("Write a list of objects with the same keys as the input, in any order, sorted by `score` "
              "descending with ties broken by `name` ascending.")
    assert _swapped(prompt, rows) == []


def test_ties_left_open_are_still_swapped():
    prompt = "Write the league table, highest points first. Teams on equal points may be listed in either order."
    assert [w.split(",")[0] for w in _swapped(prompt, TABLE)] == ["records 0 and 1", "records 2 and 3"]


def test_ties_on_a_field_that_follows_the_sort_key_are_not_ties_on_it():
    rows = [{"date": "2024-01-02", "week": 5, "amount": 5.5}, {"date": "2024-01-04", "week": 5, "amount": 2.25},
            {"date": "2024-01-04", "week": 5, "amount": 9.0}, {"date": "2024-01-09", "week": 6, "amount": 1.75}]
    prompt = "Write the ledger sorted by `date` ascending. Entries on the same date may be listed in either order."
    assert [w.split(",")[0] for w in _swapped(prompt, rows)] == ["records 1 and 2"]
