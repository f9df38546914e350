"""Rules from blind batches p64-p67 (tasks none of us wrote)."""

from __future__ import annotations

from artifactbench.gates.core import read_prompt
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._reference import Reference

_TABLE = ("# Routes\n\n| shipment | miles | route |\n|---|---:|---|\n| SH001 | 85.1 | IRV-LMR |\n"
          "| SH002 | 105.2 | GLN-QRY |\n")


def _table(prompt: str) -> Reference:
    return Reference("text", _TABLE, FuzzPolicy(), read_prompt(prompt), "output/routes.md")


def test_a_markdown_rule_row_holds_no_value():
    """p65: `|---|---:|---|` written over with a word, where the prompt's example shows `|---|---|---|`:
    the row is layout (a warn), not a value worked out; a data row in its place is a repeated record."""
    ref = _table("Write a table:\n\n| shipment | miles | route |\n|---|---|---|\n")
    assert ref.shown_line_change(_TABLE.replace("|---|---:|---|", "mutant-value"), "x")[0] == "warn"
    assert ref.shown_line_change(_TABLE.replace("|---|---:|---|", "|:--|--:|---|"), "x")[0] == "warn"
    assert ref.shown_line_change(_TABLE.replace("|---|---:|---|", "| SH001 | 85.1 | IRV-LMR |"), "x") is None
    assert ref.shown_line_change(_TABLE.replace("| 85.1 |", "| 86.1 |"), "x") is None
