"""read_prompt: what a prompt leaves open, read with general rules (table-driven)."""

from __future__ import annotations

import pytest

from artifactbench.gates.core import read_prompt

CASES = [
    ("order-does-not-matter", "One object per host. The order of the entries does not matter.",
     dict(unordered=True)),
    ("any-order", "List the users, one per line (any order).", dict(unordered=True)),
    ("sorted-states-an-order", "Entries MUST be sorted by `hostname`, ascending.",
     dict(unordered=False, ordered_by=("hostname",))),
    ("silent", "Write the totals.", dict(unordered=False, ordered_by=())),
    ("optional-field-in-table-row", "| `incident` | the id |\n| `comment` | free-form text; optional and not graded |",
     dict(optional_fields=frozenset({"comment"}))),
    ("required-is-not-optional", "| `severity` | required: sev1 above 120 minutes |", dict(optional_fields=frozenset())),
    ("abs-tolerance", "Means within 1.5 of the true mean are accepted.", dict(abs_tolerance=1.5)),
    ("rel-tolerance", "A tolerance of 2% applies.", dict(rel_tolerance=0.02)),
    ("rounding", "Amounts are rounded to two decimal places.", dict(abs_tolerance=0.005)),
]


@pytest.mark.parametrize("text, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_read_prompt(text, expected):
    allows = read_prompt(text)
    for name, value in expected.items():
        assert getattr(allows, name) == value, (name, allows)


def test_order_kinds_follow_what_the_prompt_states():
    nested = "record 1, field 'lines.0' <-> record 1, field 'lines.1'"
    assert read_prompt("Sorted by invoice id.").allows_kind("swap_records", nested)  # says nothing of lines
    assert not read_prompt("Sorted by invoice id.").allows_kind("swap_records", "record 0 <-> record 1")
    assert not read_prompt("Keep `lines` in the order of lines.csv.").allows_kind("swap_records", nested)
    assert read_prompt("Any order.").allows_kind("reversed_lines")
    assert not read_prompt("Any order.").allows_kind("drop_record")


def test_optional_fields_match_the_fuzzers_descriptions():
    allows = read_prompt("The `note` field is optional.")
    assert allows.allows_field("record 2 (line 3), field 'note'")
    assert allows.allows_field("record 0, key 'note'")
    assert not allows.allows_field("record 0, field 'total'")
    assert allows.within_tolerance(10.0, 10.0) and not allows.within_tolerance(10.0, 11.0)
