"""Which unordered sentences speak of the output's records: by the prompt's own name for them."""

import pytest

from artifactbench.gates.core import read_prompt
from artifactbench.gates.fuzz._reference import rows_unordered, top_level_swap

GROUPS = ("Write `groups.json`: a JSON array of groups, each group a JSON array of its words sorted "
          "alphabetically. ")


@pytest.mark.parametrize(("prompt", "free"), [
    (GROUPS + "The groups themselves may be listed in any order.", True),
    (GROUPS + "Groups can appear in any order.", True),
    (GROUPS + "The words of a group may come in any order.", False),
    (GROUPS + "Within a group, words may appear in any order.", False),
    ("Write `up.csv` with one row per service. Services may appear in any order.", True),
    ("Write `up.csv` with one row per service. The two checks of a service may run in either order.", False),
    ("Write one route per line. The routes may be listed in any order.", True),
    ("Write `plan.json`, a list of steps. Steps 3 and 4 may be done in either order.", False),  # two, not all
    # review8: what a record has, said with a possessive, or an input's records named first
    (GROUPS + "Each group's words may be listed in any order.", False),
    (GROUPS + "Groups' words may be listed in any order.", False),
    (GROUPS + "Each group may list its words in any order.", False),
    ("`words.txt` holds a list of words, one word per line. " + GROUPS
     + "Within each group the words may be listed in any order.", False),
    ("Read the list of transactions in `tx.csv`. Write `accounts.json`: a JSON array of accounts sorted by "
     "id, each with the list of its transactions. The transactions of an account may be listed in any order.",
     False),
    ("`words.txt` holds a list of words. " + GROUPS + "The groups may be listed in any order.", True),
])
def test_an_unordered_sentence_frees_the_records_it_names(prompt, free):
    assert rows_unordered(read_prompt(prompt)) is free


@pytest.mark.parametrize(("where", "top"), [
    ("record 0 <-> record 1", True),
    ("record 0 (line 1) <-> record 2 (line 3)", True),
    ("line 3 <-> line 11", True),
    ("record 2, field '0' <-> record 2, field '2'", False),
    ("record 1, key 'a' <-> record 1, key 'b'", False),
])
def test_only_whole_records_exchanged_are_a_reorder_of_the_records(where, top):
    assert top_level_swap(where) is top


def test_a_long_sentence_is_read_in_one_pass():
    """review8: each record noun re-read every word before it: 20 000 "an array of groups," in one
    sentence before "The groups may be listed in any order" took 90 s."""
    import time

    prompt = "an array of groups, " * 20_000 + "\nThe groups may be listed in any order.\n"
    started = time.monotonic()
    assert rows_unordered(read_prompt(prompt))
    # A guard against the quadratic reading (90 s), not a speed target: one pass takes about 2 s here,
    # and a loaded CI machine (Pants and its sandboxes on two cores) has been seen past 5 s.
    assert time.monotonic() - started < 30.0
