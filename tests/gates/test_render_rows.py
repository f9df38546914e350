"""Mutants of JSONL and CSV documents reuse the rendered text of the records they share with the
reference; the text must be what rendering a fresh copy gives."""

from __future__ import annotations

import copy
import csv
import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from artifactbench.gates.fuzz import FuzzPolicy, parse
from artifactbench.gates.fuzz._tree_records import structure_strategy
from artifactbench.gates.fuzz._tree_strategies import leaf_strategy
from artifactbench.gates.fuzz._tree_targets import TreeTargets

CELLS = st.one_of(st.integers(-10**6, 10**6), st.text("ab,\"x 1.", min_size=1, max_size=6))
ROWS = st.lists(st.fixed_dictionaries({"id": st.integers(0, 99), "name": CELLS, "v": CELLS}), min_size=2, max_size=8)
KINDS = ("number_far", "string_change", "type_change", "swap_values", "drop_record", "duplicate_record",
         "drop_key", "rename_key", "swap_records", "inject_record")


def _text(fmt: str, rows: list[dict]) -> str:
    if fmt == "jsonl":
        return "".join(json.dumps(r) + "\n" for r in rows)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "name", "v"])
    writer.writerows([r["id"], r["name"], r["v"]] for r in rows)
    return out.getvalue()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["jsonl", "csv"]), ROWS, st.sampled_from(KINDS), st.data())
def test_a_mutant_reads_as_a_fresh_rendering_of_its_data(fmt, rows, kind, data):
    doc = parse(fmt, _text(fmt, rows))
    targets = TreeTargets(doc, FuzzPolicy())
    draws = (leaf_strategy if kind in ("number_far", "string_change", "type_change") else structure_strategy)(
        targets, kind)
    if draws is None:
        return
    doc.render(doc.data)  # (the reference's rows rendered and kept)
    mutant = data.draw(draws.strategy())
    again = parse(fmt, mutant.text)
    fresh = type(again)(again.fmt, copy.deepcopy(again.data), again.style)
    assert fresh.render(fresh.data) == mutant.text
    assert doc.render(doc.data) == parse(fmt, _text(fmt, rows)).render(parse(fmt, _text(fmt, rows)).data)
    # No edit changed a record of the reference in place: each kept text is still what it renders to.
    for record in doc.data:
        kept = doc._rows.get(id(record))
        assert kept is not None and kept[0] is record
        assert doc.render([copy.deepcopy(record)]).endswith(kept[1])
