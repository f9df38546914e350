"""Rules from blind batches p52-p55 (tasks none of us wrote): "there are usually many" answers, an
element or section order freed in a list of freedoms, a Markdown table's rule row, a row the prompt
calls optional, a TOML table copied under an extra-keys grant, a table cell's stated tolerance, ids of
an enumeration put in reverse, "don't add headers or comments", and a key moved to another section."""

from __future__ import annotations

import random

from artifactbench.gates.core import read_prompt, stated_tolerance
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._formats import parse
from artifactbench.gates.fuzz._fuzz import _RULE_ROW, _optional_rows_only, _section_copy_allowed
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._near import _table_cells, text_near_strategy
from artifactbench.gates.fuzz._reference import Reference, rows_unordered
from artifactbench.gates.fuzz._text_strategies import _renamed_header, _reversed_tokens, text_strategy


def test_many_answers_said_after_a_long_subject():
    """p53: "Any allocation that is feasible and minimal is accepted — there are usually many.\""""
    assert read_prompt("Any allocation that is feasible and minimal is accepted — there are usually many.").many_answers
    assert not read_prompt("There are several.").many_answers  # (review: said of anything; no answer noun)
    assert not read_prompt("There are many records in the file.").many_answers
    assert not read_prompt("Any row with a blank id is invalid.").many_answers


def test_an_element_order_freed_in_a_list_of_freedoms():
    """p54: "Element order, attribute order, indentation and the XML declaration are up to you"; "Key
    order, spacing and comments are free" frees no record's order."""
    assert rows_unordered(read_prompt("Element order, attribute order, indentation and the XML declaration "
                                      "are up to you."))
    assert rows_unordered(read_prompt("Section order, key order and comments are all up to you."))
    assert not read_prompt("Key order, spacing and comments are free.").unordered


def test_a_rule_row_and_an_optional_total_row():
    """p53: a Markdown table's `|---|---:|` dropped or twice is layout (warn); p52: "A final `Total` row
    is optional" with commentary free: a change to that row, or the row swapped with a sentence around
    the table, is one the prompt leaves open; a change to a defect's row is not."""
    assert _RULE_ROW.fullmatch("|---|---|---:|---:|") and not _RULE_ROW.fullmatch("| a | b |")
    prompt = ("One row per defect code. A final `Total` row is optional. You can put a title or a sentence "
              "of commentary around the table if you like.")
    allows = read_prompt(prompt)
    lines = ["# Scrap", "", "By code.", "", "| Defect | Qty |", "|---|---:|", "| CRACK | 14 |", "| DENT | 3 |",
             "| Total | 17 |"]
    reference = "\n".join(lines) + "\n"
    total = lines[:8] + ["| Total | -17 |"]
    swapped = lines[:2] + [lines[8], "", *lines[4:8], lines[2]]
    crack = lines[:6] + ["| CRACK | -14 |"] + lines[7:]
    assert _optional_rows_only(reference, "\n".join(total) + "\n", allows) == "Total"
    assert _optional_rows_only(reference, "\n".join(swapped) + "\n", allows) == "Total"
    assert _optional_rows_only(reference, "\n".join(crack) + "\n", allows) == ""


def test_a_toml_table_copied_under_an_extra_keys_grant():
    """p52: `[work_orders.WO-5001.wip-x]` beside "extra keys inside a work-order table are ignored" is a
    key of that table; a copy under another id (`WO-…` digits moved) is another work order."""
    grant = read_prompt("Table and key order are up to you, and extra keys inside a work-order table are ignored.")
    assert _section_copy_allowed("[work_orders.current.wip]", "x", grant, "state/wip.toml") is not None
    assert _section_copy_allowed("[work_orders.WO-5001.wip]", "x", grant, "state/wip.toml") is None
    assert _section_copy_allowed("[work_orders.current.wip]", "x", grant, "state/wip.ini") is None
    # (review: `[employees.bob-x]` beside "extra keys inside an employee table" is another employee)
    assert _section_copy_allowed("[employees.bob]", "x", read_prompt("Extra keys inside an employee table are "
                                                                      "ignored."), "staff.toml") is None
    assert _renamed_header("[work_orders.WO-5001]", lambda t: "9001", set()) == "[work_orders.WO-9001]"


def test_a_table_cells_stated_tolerance():
    """p53: "`trip_kg` within ±1 kg" of a Markdown table: its non-integer cells are moved by the band of
    their column (a grader checking 1% accepts 100x), integer cells (counts, ids) are not: they are read as cells, and
    moved only in a column named for the band's unit (blind p357's `margin_s`)."""
    table = "| flight | trip_kg | pax |\n|---|---:|---:|\n| XA101 | 117726.3 | 132 |\n| XA102 | 9811.5 | 98 |\n"
    assert [(i, key, text) for i, key, _, text in _table_cells(table.splitlines())] == [
        (2, "trip_kg", "117726.3"), (2, "pax", "132"), (3, "trip_kg", "9811.5"), (3, "pax", "98")]
    stated = stated_tolerance("We'll accept `trip_kg` within ±1 kg of our own figures.")
    draws = text_near_strategy(parse("text", table), stated)
    mutants = [m for m in draws.values(random.Random(0)) if isinstance(m, Mutation)]
    assert any("key 'trip_kg', 100x" in m.where and "117826.3" in m.text for m in mutants)
    assert not any("key 'pax'" in m.where for m in mutants)


def test_an_enumerations_ids_put_in_reverse():
    """p53: pairings `LS347-LS473-LS344` with no number standing alone: inject_record moves an id's digits,
    or puts a line's ids in reverse (each one the input has, the whole a pairing that is not)."""
    assert _reversed_tokens("LS347-LS473-LS344") == "LS344-LS473-LS347"
    assert _reversed_tokens("ABA") == "" and _reversed_tokens("x y x") == ""
    doc = parse("text", "LS301-LS302\nLS347-LS473-LS344\n")
    mutants = [m for m in text_strategy(doc, FuzzPolicy(), "inject_record").values(random.Random(1))
               if isinstance(m, Mutation)]
    assert any("in reverse" in m.where for m in mutants)
    assert all("LS302-LS301\nLS301-LS302" not in m.text or "in reverse" in m.where for m in mutants)


def test_dont_add_headers_or_comments_frees_nothing():
    """p53: "surrounding whitespace is ignored, but ... don't add headers or comments" declares no free
    commentary; "Comments are fine, but do not add extra rows" still does."""
    assert not read_prompt("Line order doesn't matter and surrounding whitespace is ignored, but don't list a "
                           "pairing twice and don't add headers or comments.").free_lines.parts
    assert read_prompt("Comments are fine, but do not add extra rows.").free_lines.parts


def test_a_key_swapped_with_its_namesake_of_another_section():
    """p55: `annual_irr` of one `[lease]` swapped with that of another, under "Table order doesn't
    matter": a value moved to another record, not a reorder, so a grader rejecting it is right."""
    toml = "[L-A]\nmonthly = 0.0069\nannual = 0.0865\n\n[L-B]\nmonthly = 0.0067\nannual = 0.0839\n"
    ref = Reference("text", toml, FuzzPolicy(), read_prompt("Table order doesn't matter."), "out/irr.toml")
    assert not ref.records_swapped("line 3 <-> line 7", "Table order doesn't matter.")


def test_second_review_repros():
    """An outside review of the rules above: "tolerances are relative" said of the whole sentence, "$1,000",
    "percentage points", a column the prompt states no band for, escaped pipes, "no header" said of a
    file, a pair written either way round, ordinary "any ... is fine" sentences, a list of freedoms with
    "but ... checked exactly", a refused or nested section grant, a required line beside an optional
    row, and `true`/`false` asked for in an input-record sentence."""
    relative = stated_tolerance("Our tolerances are relative; `trip_kg` within ±1e-4 of our own figures.")
    assert relative.band_at(("trip_kg",), 10000.0) >= 1.0  # (relative read too: the looser)
    assert stated_tolerance("`cost` within $1,000 of ours.") is None
    assert stated_tolerance("`share` within 0.5 percentage points.").band_at(("share",), 2.1) >= 0.5
    only_trip = stated_tolerance("We compare `trip_kg` within ±1 kg of our own figures.")
    assert only_trip.states_for(("trip_kg",)) and not only_trip.states_for(("tow_kg",))
    far = stated_tolerance("All four keys are required: `dose_mg` an integer, the two levels rounded to 2 decimals "
                           "(I'll accept ±0.01 mg/L for rounding differences).")
    assert far.states_for(("trough_mg_l",))  # (a key named far back: the band stays every number's; p43)
    table = "| route | trip_kg | ratio |\n|---|---:|---:|\n| LHR\\|CDG | 35834.5 | 0.83 |\n"
    assert [(key, text) for _, key, _, text in _table_cells(table.splitlines())] == [
        ("trip_kg", "35834.5"), ("ratio", "0.83")]
    assert read_prompt("Lines starting with `#` are ignored (the file has no header).").free_lines.prefixes
    assert not read_prompt("Any extra whitespace around the cells is fine.").many_answers
    assert not read_prompt("The input contains malformed lines (there are several); skip them.").many_answers
    assert not read_prompt("Row order, column names and the header line are checked exactly, but extra "
                           "whitespace is ignored.").unordered
    assert not rows_unordered(read_prompt("The attributes of each element may be given in any order."))
    assert not rows_unordered(read_prompt("The table's columns may appear in any order."))
    assert _section_copy_allowed("[A1]", "No other sections are allowed.", read_prompt("x"), "g.ini") is None
    assert _section_copy_allowed("[A1]", "```ini\n[A1]\nstatus = open\n```\nOne section per gate.",
                                 read_prompt("x"), "g.ini") is None
    prompt = ("A final `Total` row is optional. Lines starting with `#` are ignored. The line `Fuel total: <kg> kg` "
              "must be present.")
    lines = ["# plan", "| leg | kg |", "|---|---:|", "| A | 1.5 |", "| Total | 1.5 |", "Fuel total: 1.5 kg"]
    cut = lines[:4]
    assert _optional_rows_only("\n".join(lines) + "\n", "\n".join(cut) + "\n", read_prompt(prompt)) == ""
    from artifactbench.gates.fuzz._bool_number import _severity
    assert _severity("For each input record, write `ok` as `true` or `false`.")[0] == "fail"
    assert _severity("Set `late` to `true` or `false`; writing 1 or 0 is wrong.")[0] == "fail"
    assert _severity("`in_range` is `true` when the ratio lies between 0 and 1, else `false`.")[0] == "fail"
