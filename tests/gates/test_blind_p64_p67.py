"""Rules from blind batches p64-p67 (tasks none of us wrote)."""

from __future__ import annotations

import json
import random
import re

from artifactbench.gates.core import read_prompt
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._formats import parse
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._reference import Reference
from artifactbench.gates.fuzz._strategies import mutation_draws
from artifactbench.gates.fuzz._text_strategies import sql_rows, text_strategy

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


def _mutants(text: str, kind: str) -> list[Mutation]:
    draws = text_strategy(parse("text", text), FuzzPolicy(), kind)
    return [] if draws is None else [m for m in draws.values(random.Random(1)) if isinstance(m, Mutation)]


_LEDGER = ("# Ledger\n\n## Invoices\n\n| booking | total |\n|---|---|\n| B-2004 | 16.00 |\n| B-2003 | 110.00 |\n\n"
           "## Rejected events\n\n- line 6: `CHECKIN B-2003`\n- line 9: `CHECKIN B-2004`\n")


def test_an_injected_line_stays_under_its_heading_beside_its_kind():
    """p64: a bullet of "## Rejected events" copied between the invoice table's header and its rule row was
    a note in a section whose prose the prompt frees; a copy goes among lines of its own lead, under its
    own heading."""
    lines = _LEDGER.splitlines()
    mutants = _mutants(_LEDGER, "inject_record")
    assert len(mutants) >= 4
    for m in mutants:
        at = int(re.match(r"before line (\d+)", m.where).group(1)) - 1
        new = m.text.splitlines()[at]
        above = [x for x in m.text.splitlines()[:at] if x.startswith("## ")]
        source = int(re.search(r"copy of line (\d+)", m.where).group(1)) - 1
        assert above[-1:] == [x for x in lines[:source] if x.startswith("## ")][-1:]
        assert new[:1] in {x[:1] for x in m.text.splitlines()[at - 1:at + 2] if x != new}


def test_a_config_section_is_dropped_whole():
    """p64: a grader looping over the `[cases.<id>]` tables the answer has passed one with two cases left
    out; drop_record also drops a whole section of a file whose sections are records."""
    toml = "# intervals\n\n[cases.PK-01]\nstatus = \"ok\"\ntau_h = 9.5\n\n[cases.PK-02]\nstatus = \"ok\"\ntau_h = 7.4\n"
    dropped = [m for m in _mutants(toml, "drop_record") if "section" in m.where]
    assert {m.where for m in dropped} == {"lines 3-5 (section [cases.PK-01] dropped)",
                                          "lines 7-9 (section [cases.PK-02] dropped)"}
    assert "PK-01" not in dropped[0].text or "PK-02" not in dropped[0].text


def test_a_dropped_insert_of_the_asked_tables_row_is_a_wrong_table():
    """p65: an audit's `INSERT INTO tw_violation ... VALUES (4116, 'TW07');` left out passed; a SQL script
    of row inserts into the table the prompt names has one row fewer, whatever runs it. A helper table the
    prompt never names, or a script that also updates or upserts, stays a warn."""
    script = ("-- audit\nCREATE TABLE tw_violation (warrant_no INTEGER, rule_code TEXT);\n"
              "INSERT INTO tw_violation (warrant_no, rule_code) VALUES (4116, 'TW01');\n"
              "INSERT INTO scratch_notes VALUES ('it''s fine', NULL);\n")
    prompt = "Write `audit.sql`, which creates `tw_violation` with one row per warrant per broken rule."

    def ref(text: str) -> Reference:
        return Reference("text", text, FuzzPolicy(), read_prompt(prompt), "output/audit.sql")
    assert ref(script).program_change("drop_record", "line 3") is None
    assert ref(script).program_change("drop_record", "line 4")[0] == "warn"  # (a table the prompt never names)
    assert ref(script).program_change("drop_record", "line 2")[0] == "warn"
    upsert = script + "INSERT OR REPLACE INTO tw_violation VALUES (4116, 'TW01');\n"
    assert ref(upsert).program_change("drop_record", "line 3")[0] == "warn"


def _kept(fmt: str, text: str, prompt: str = "") -> list[Mutation]:
    """The kind's mutants of a relation within a record (not its moves of one field between two records, SHIFTED:
    tests/gates/test_blind_p351_p356.py, nor a part with its total or a move made in two records, TOGETHER and PAIRED:
    test_blind_p369_p386.py)."""
    from artifactbench.gates.fuzz._keep_total import PAIRED, SHIFTED, TOGETHER

    draws = mutation_draws(fmt, text, FuzzPolicy(), "keep_total", prompt)
    return [] if draws is None else [m for m in draws.values(random.Random(1))
                                     if isinstance(m, Mutation) and not any(s in m.where for s in (SHIFTED, TOGETHER, PAIRED))]


def test_two_parts_of_a_total_move_against_each_other():
    """p38, p67: a grader checking only that the parts add up to the right total (or that `vmp * imp` is the
    right power) accepts parts moved against each other; keep_total moves two terms of a relation the
    reference shows in every record, and leaves the total as it was."""
    rows = [{"item": "flour", "cogs": 102.0, "waste": 5.1, "loss": 3.4, "total": 110.5},
            {"item": "sugar", "cogs": 44.0, "waste": 2.2, "loss": 0.0, "total": 46.2}]
    mutants = _kept("json", json.dumps(rows))
    assert mutants and all("(total = cogs + waste + loss holds, " in m.where for m in mutants)
    assert any("'total' kept" in m.where for m in mutants) and any("'cogs' kept" in m.where for m in mutants)
    for m in mutants:
        for row in json.loads(m.text):
            assert abs(row["cogs"] + row["waste"] + row["loss"] - row["total"]) < 1e-9
            assert min(row["cogs"], row["waste"], row["loss"]) >= 0  # (no part crosses zero)
        assert json.loads(m.text) != rows
    # a Markdown table's columns, a difference among them
    table = ("| id | boarding | late_fee | discount | total |\n|---|---|---|---|---|\n"
             "| B-1 | 415.00 | 30.00 | 41.50 | 403.50 |\n| B-2 | 86.50 | 0.00 | 0.00 | 86.50 |\n")
    moved = _kept("text", table)
    assert moved and all("total = boarding + late_fee - discount holds" in m.where for m in moved)
    assert any("column 'late_fee' and column 'discount'" in m.where and "'45.00, 56.50'" in m.describe()
               for m in moved)
    # a product in each `[case]` of a config file: the first factor moved by 8x the stated tolerance
    toml = "".join(f"[C0{i}]\nvmp = {v}\nimp = {c}\npmp = {v * c:.4f}\n\n" for i, (v, c) in
                   enumerate([(41.8377, 13.1793), (36.8971, 12.6405)]))
    product = _kept("text", toml, "Each value must be within 0.5% (relative) of the true one.")
    assert product and "(pmp = vmp * imp holds, 'pmp' kept)" in product[0].where
    assert "41.8377" in product[0].describe() and "43.5112" in product[0].describe()  # 1.04x


def test_no_relation_no_total_kept():
    """A relation that holds in one record of several is a coincidence, and a `+ 0` term is no term."""
    rows = [{"a": 1, "b": 2, "c": 3}, {"a": 4, "b": 5, "c": 7}]
    assert _kept("json", json.dumps(rows)) == []
    assert _kept("json", json.dumps([{"a": 5, "b": 0, "c": 5}, {"a": 7, "b": 0, "c": 7}])) == []


_DEVIATIONS = ("-- sweep\nINSERT INTO protocol_deviation (subject_id, visit, pd_code) VALUES ('11-002', 'SCREENING', 'PD01');\n"
               "INSERT INTO protocol_deviation (subject_id, visit, pd_code) VALUES\n"
               "  ('11-006', 'W12', 'PD07'),\n  ('12-005', 'W8', 'it''s');\nCOMMIT;\n")


def test_a_sql_data_scripts_strings_change_to_their_columns_other_values():
    """p71: a grader comparing (subject, code) only passed a finding at the wrong visit. string_change
    changes a string an INSERT writes to another value of its column (or `mutant-value`), never the
    script's one-word statements; an accepted one, into the table the prompt names, is a finding."""
    mutants = _mutants(_DEVIATIONS, "string_change")
    assert mutants and all(", column '" in m.where for m in mutants)
    assert any(m.where == "line 4, column 'visit'" and m.new == repr("'W8'") for m in mutants)
    assert not any("COMMIT" in m.old for m in mutants)
    assert any("'it''s'" in m.old for m in mutants)  # (a quote inside a literal stays one literal)
    prompt = "Write `sweep.sql`: INSERT one row into `protocol_deviation` per finding."
    ref = Reference("text", _DEVIATIONS, FuzzPolicy(), read_prompt(prompt), "out/sweep.sql")
    moved = _DEVIATIONS.replace("'W12'", "'W8'")
    assert ref.program_change("string_change", "line 4, column 'visit'", moved) is None
    assert ref.program_change("drop_record", "line 4", _DEVIATIONS.replace("  ('11-006', 'W12', 'PD07'),\n", "")) is None
    assert ref.program_change("drop_record", "line 6", "")[0] == "warn"  # (COMMIT: maybe the same program)
    freed = Reference("text", _DEVIATIONS, FuzzPolicy(), read_prompt(prompt + " The `visit` column is optional."),
                      "out/sweep.sql")
    assert freed.program_change("string_change", "line 4, column 'visit'", moved) is not None


def test_codes_without_digits_get_one_more_line_in_reverse():
    """p69: run orders `GFB > CRS > DAN`, no digit anywhere, and a grader checking only for missing lines:
    inject_record adds a line's codes in reverse (a line the answer does not have); not for prose."""
    orders = "GFB > CRS > DAN\nCRS > GFB > DAN\nDAN > GFB > CRS\n"
    mutants = _mutants(orders, "inject_record")
    turned = {m.new for m in mutants if "in reverse" in m.where}
    assert turned == {"'DAN > CRS > GFB'"}  # (the other two reversals are lines it has)
    assert all(m.new.strip("'") not in orders.splitlines() for m in mutants)
    assert _mutants("The line runs well.\nNo stops today.\nAll good here.\n", "inject_record") == []


def test_a_rounding_the_prompt_states_implies_a_band_reported_as_a_warning():
    """p70: money rounded half-up to the cent, a grader comparing within 1%. The prompt states no tolerance,
    so one unit of the place it rounds to is the band number_near moves by, and an accepted move is a warn."""
    rounded = read_prompt("Occupancy tax is 12% of each room charge, rounded half-up to the cent per posting.")
    assert rounded.stated is None and rounded.implied.abs == 0.01
    assert read_prompt("Round every amount to 2 decimal places.").implied.abs == 0.01
    assert read_prompt("Money is written with exactly two decimals.").implied.abs == 0.01
    assert read_prompt("The input prices are rounded to the cent.").implied is None  # (said of the input)
    assert read_prompt("Amounts must be correct to the cent.").implied is None  # (a stated accuracy)
    line = "AUDIT 2025-03-14 occupied=3 room_revenue=501.98 tax=86.58\n"
    mutants = [m for m in mutation_draws("text", line, FuzzPolicy(), "number_near",
                                         "Amounts are rounded to the cent.").values(random.Random(1))
               if isinstance(m, Mutation)]
    assert {re.search(r"key '(\w+)'", m.where).group(1) for m in mutants} == {"room_revenue", "tax"}
    assert any(m.new in ("'502.06'", "'86.66'") for m in mutants)  # (8x a cent, written with its two decimals)


def test_whole_numbers_in_the_stated_unit_are_moved():
    """p68: fuel in whole kg, "We check each value against the converged solution to within ±2 kg", and a
    grader comparing within 2%. "The converged solution" is what the answer is checked against, not how to
    compute it; an integer whose key names the stated unit is moved, a count or an id is not."""
    prompt = "We check each value against the converged solution to within ±2 kg (±3 L for litres)."
    stated = read_prompt(prompt).stated
    assert stated is not None and stated.abs == 3.0
    assert read_prompt("Iterate until converged to within 1e-6.").stated is None
    ini = "[NX1234]\ntrip_fuel_kg = 5120\niterations = 4\n\n[NX1240]\ntrip_fuel_kg = 6120\niterations = 5\n"
    mutants = [m for m in mutation_draws("text", ini, FuzzPolicy(), "number_near", prompt).values(random.Random(1))
               if isinstance(m, Mutation)]
    assert mutants and {re.search(r"key '(\w+)'", m.where).group(1) for m in mutants} == {"trip_fuel_kg"}
    assert all(re.fullmatch(r"'\d+'", m.new) for m in mutants)  # (still whole kg)
    rows = json.dumps([{"flight": "NX1", "uplift_kg": 6010, "legs": 2}, {"flight": "NX2", "uplift_kg": 7010, "legs": 3}])
    tree = [m for m in mutation_draws("json", rows, FuzzPolicy(), "number_near", prompt).values(random.Random(1))
            if isinstance(m, Mutation)]
    assert tree and all("uplift_kg" in m.where and isinstance(json.loads(m.text)[0]["uplift_kg"], int) for m in tree)


def test_a_config_files_keys_exchanged_in_one_table_are_the_same_mapping():
    """p74: `open_sites = [...]` and `site_count = 5` exchanged in a TOML answer were a fail; in one table
    they are the same mapping (info). Across a `[table]` header, or a line of a multi-line array, they are not."""
    from artifactbench.gates.fuzz._fuzz import _keys_reordered
    toml = 'open_sites = ["S01", "S02"]\nsite_count = 5\n\n[detail]\nweighted = 2.5\ntrips = [\n  1,\n]\n'
    assert _keys_reordered(toml, "line 1 <-> line 2")
    assert not _keys_reordered(toml, "line 2 <-> line 5")  # (a key moved into another table)
    assert not _keys_reordered(toml, "line 5 <-> line 6")  # (`trips = [` goes on below its line)


def test_a_quoted_toml_key_stays_in_its_table_when_copied():
    """p73: `"J-6059/UNC100-RA2" = 2000` of `[open_reservations]` copied into a `[stock."SILK130-SRA2"]` table
    was one more key there, which the prompt may free; a quoted key is a key line, copied within its table."""
    toml = ('[stock."SILK"]\non_hand = 10\nreserved = 2\n\n[stock."LINEN"]\non_hand = 5\nreserved = 1\n\n'
            '[open_reservations]\n"J-6059/UNC100-RA2" = 2000\n"J-6060/UNC100-RA2" = 100\n')
    lines = toml.splitlines()
    for m in _mutants(toml, "inject_record"):
        at = int(re.match(r"(?:before|after) line (\d+)", m.where).group(1))
        if "J-6" in m.new and "section" not in m.where:
            assert at > lines.index("[open_reservations]")


def test_a_path_of_hops_the_answer_has_is_one_more_record():
    """p75: routes `PIT-1 > LEG-A > BIN-01` and a grader never rejecting extra routes. inject_record adds a
    line ending as another line whose part before the end is the same (each hop one the answer uses, the
    path one it does not list); not for prose."""
    routes = "- A1 > B2 > C3\n- D4 > B2 > E5\n- D4 > F6 > C3\n"
    mixed = {m.new for m in _mutants(routes, "inject_record") if "ending as" in m.where}
    assert mixed == {"'- A1 > B2 > E5'", "'- D4 > B2 > C3'"}
    assert not [m for m in _mutants("We went home, then slept, then ate.\nIt rained, so we stayed, and read.\n"
                                    "Later, we left, happy.\n", "inject_record") if "ending as" in m.where]


def test_a_band_named_in_words_with_its_number_in_brackets():
    """p75: "we compare it to within half a basis point (0.00005)" states 5e-5."""
    stated = read_prompt("Give `xirr` with six decimals; we compare it to within half a basis point (0.00005).").stated
    assert stated is not None and stated.abs == 5e-05


def test_review_repros_of_the_p64_p75_rules():
    """An outside review of keep_total, the SQL row rules, section drops and rule rows found 14 problems;
    each repro, now as it should be."""
    # (1) a split of units the prompt says may be any split: another right answer, a warn
    split = Reference("json", "[]", FuzzPolicy(), read_prompt("Any split that meets these rules is accepted."), "o.json")
    assert split.allows.leaves_open("keep_total", "record 0, field 'north' and field 'south'")[0] == "warn"
    # (7) a table with a `-` cell in a numeric column, (8) numbers of 29 digits: no crash
    table = ("| id | boarding | late_fee | discount | total |\n|---|---|---|---|---|\n"
             "| B-1 | 415.00 | 30.00 | 41.50 | 403.50 |\n| B-2 | 86.50 | - | 6.50 | 80.00 |\n")
    _kept("text", table)
    _kept("text", "- 100000000000000.10000000000000 300000000000000.30000000000000 400000000000000.40000000000000\n" * 3)
    # (9) records of distinct shapes, one each: no relation is looked for (and none is found by chance)
    import time
    shapes = [{f"k{(i + j) % 13}": round(random.Random(i * 13 + j).uniform(1, 99), 2) for j in range(12)} for i in range(60)]
    started = time.monotonic()
    assert _kept("json", json.dumps(shapes)) == []
    assert time.monotonic() - started < 30  # (guards a 17 s search, not a speed target)
    # (12) a difference read as `boarding = discount + total`: the total is moved too, and each member kept in turn
    rows = [{"boarding": 415.0, "discount": 41.5, "total": 373.5}, {"boarding": 86.5, "discount": 6.5, "total": 80.0}]
    kept = {re.search(r"'(\w+)' kept", m.where).group(1) for m in _kept("json", json.dumps(rows))}
    assert kept == {"boarding", "discount", "total"}
    # (2) an `IN (...)` list and a CTE's VALUES of an INSERT ... SELECT are no rows; (3) nor a row in /* */
    sql = ("INSERT INTO late_orders (id, status) SELECT id, status FROM orders WHERE status IN\n  ('late', 'lost');\n"
           "INSERT INTO tw_violation (warrant_no, rule_code)\nWITH rules(code, max_days) AS (VALUES\n  ('TW01', 30),\n"
           "  ('TW02', 90))\nSELECT w, code FROM w, rules;\n/* INSERT INTO tw_violation VALUES (4117, 'X'); */\n")
    assert sql_rows(sql.splitlines()) == []
    # (4) a table the prompt names only as a file stem, or one the script drops, is a helper
    script = ("CREATE TABLE audit (k TEXT);\nINSERT INTO audit (k) VALUES ('a1');\n"
              "INSERT INTO tw_violation (w, code) VALUES (4116, 'TW01');\nDROP TABLE audit;\n")
    ref = Reference("text", script, FuzzPolicy(), read_prompt("Write `out/audit.sql`, which creates `tw_violation`."),
                    "out/audit.sql")
    assert ref.program_change("drop_record", "line 2", "")[0] == "warn"
    assert ref.program_change("drop_record", "line 3", "") is None
    # (5) no column list: the names come from CREATE TABLE, and a freed column stays open
    notes = ("CREATE TABLE findings (subject TEXT, code TEXT, note TEXT, PRIMARY KEY (subject, code));\n"
             "INSERT INTO findings VALUES ('11-002', 'PD01', 'late visit');\n")
    freed = Reference("text", notes, FuzzPolicy(), read_prompt(
        "Fill the `findings` table. The `note` column is free text; it is not graded."), "out/f.sql")
    assert freed.program_change("string_change", "line 2, column 'note'",
                                notes.replace("late visit", "mutant-value")) is not None
    # (6) digits added at a cell's end are in that cell
    assert ref.program_change("number_far", "line 3", script.replace("4116", "411600")) is None
    # (14) `-- update 2024` and a value 'DELETE' change no row
    logged = "-- update 2024\n" + script.replace("'TW01'", "'DELETE'")
    assert Reference("text", logged, FuzzPolicy(), ref.allows, "out/audit.sql").program_change(
        "drop_record", "line 4", "") is None
    # (13) a bar of an ASCII chart is no Markdown rule row
    bars = Reference("text", "Bars\n|-----\n|---\n|--------\n", FuzzPolicy(), read_prompt("x"), "out/b.txt")
    assert bars.shown_line_change("Bars\n|-----\n|-\n|--------\n", "x") is None
    # (10) long runs of spaces are read once
    started = time.monotonic()
    _kept("text", "| a | b |\n" + " " * 40_000 + "x\n| c | d |\n")
    _mutants("alpha > beta > gamma\ndelta > eps > zeta\neta > theta > iota\n" + " " * 40_000 + "x\n", "inject_record")
    assert time.monotonic() - started < 10


def test_parts_moved_where_one_part_is_never_checked_are_that_parts_finding():
    """onlycodes: `beta1` accepted far off (number_far) and `beta1`/`beta2` moved against each other: one
    root cause, reported by the value kind."""
    from artifactbench.gates.core import CaseResult, FINDING, SKIPPED
    from artifactbench.gates.fuzz._fuzz import _ACCEPTED, _totals_once
    far = CaseResult("number_far", FINDING, _ACCEPTED + "number_far: at $.training.beta1: 0.878 -> 1008.78; grader detail: 'ok'")
    total = CaseResult("keep_total", FINDING, _ACCEPTED + "keep_total: at $.training.beta1 and field 'beta2' (s = a + "
                       "beta1 + beta2 holds, 's' kept): '0.8, 0.9' -> '1.3, 0.4'; grader detail: 'ok'")
    assert [c.status for c in _totals_once([far, total])] == [FINDING, SKIPPED]
    other = CaseResult("number_far", FINDING, _ACCEPTED + "number_far: at $.training.lr: 0.1 -> 1001.0; grader detail: 'ok'")
    assert [c.status for c in _totals_once([other, total])] == [FINDING, FINDING]


def test_second_review_repros_of_the_p64_p75_rules():
    """A second outside review (number_near's new readings, key swaps, _totals_once, SQL speed) found 10
    problems; each repro, now as it should be."""
    from artifactbench.gates.fuzz._fuzz import _keys_reordered, _paths
    # (1) "the converged solution balances every node to within 1e-9" is how it is computed
    assert read_prompt("Relax the network; the converged solution balances every node to within 1e-9 L/s.").stated is None
    # (2) a bracketed number after words that name no unit of accuracy is no band
    assert read_prompt("Treat values within floating-point noise (1e-12) of zero as zero.").stated is None
    assert read_prompt("Snap points within one grid cell (0.001) of a node onto the node.").stated is None
    # (3) a `key = value` line's comment holds no inline pair
    hist = "name = \"h\"\nn_bins = 12  # rule of thumb, k=3.3\nwidth = 0.25\n"
    near = [m for m in mutation_draws("text", hist, FuzzPolicy(), "number_near",
                                      "Every number must be within 1e-4.").values(random.Random(1)) if isinstance(m, Mutation)]
    assert not any("key 'k'" in m.where for m in near)
    # (4) a rule row under a header without outer pipes, or with an escaped pipe, is still a rule row
    for table in ("shipment | miles | route\n---|---:|---\nSH1 | 85.1 | A-B\n",
                  "| a\\|b | miles | route |\n|---|---:|---|\n| x | 1.5 | A-B |\n"):
        rule = table.splitlines()[1]
        ref = Reference("text", table, FuzzPolicy(), read_prompt("x"), "out/t.md")
        assert ref.shown_line_change(table.replace(rule, "mutant-value"), "x")[0] == "warn"
    # (5, 6) a multi-line array between two keys is no table header; a line of a multi-line value is no entry
    assert _keys_reordered("a = 1\nm = [[1, 2],\n  [3, 4]]\nb = 2\n", "line 1 <-> line 4")
    assert not _keys_reordered("a = [1,\n  2]\nb = [3,\n  4]\n", "line 1 <-> line 3")
    assert not _keys_reordered('x = 1\nnotes = """\ny = 2\n"""\n', "line 1 <-> line 3")
    assert not _keys_reordered("BASE=/opt\nDATA=${BASE}/data\n", "line 1 <-> line 2")
    # (7) a unit in an id's parent key counts; a count under a unit's name does not
    prompt = "Fuel must be within ±2 kg."
    ids = [m for m in mutation_draws("json", json.dumps({"fuel_kg": {"NX1": 5120}, "kg_totals": {"bins": 5}}),
                                     FuzzPolicy(), "number_near", prompt).values(random.Random(1)) if isinstance(m, Mutation)]
    assert ids and all("fuel_kg.NX1" in m.where for m in ids)
    # (8) parts compared by whole path: `$.summary.waste` is not a record's `waste`
    assert _paths("at $.training.beta1 and field 'beta2'") == {"training.beta1", "training.beta2"}
    assert _paths("at $.summary.waste").isdisjoint(_paths("record 0, field 'cogs' and field 'waste'"))
    # (9) a report of `/*` globs and unclosed CREATE TABLE lines is read in one pass
    import time
    started = time.monotonic()
    sql_rows([f"src/module{i}/*.py matched" for i in range(20_000)])
    sql_rows([f"CREATE TABLE t{i} (a INTEGER)" for i in range(20_000)] + ["INSERT INTO t1 VALUES (1);"])
    assert time.monotonic() - started < 10  # (guards 53-80 s, not a speed target)
    # (10) "do not round" and an intermediate rounding imply no precision of the answer
    assert read_prompt("Do not round to 2 decimals; keep full precision.").implied is None
    assert read_prompt("Rates are rounded to 4 decimal places before multiplying.").implied is None


def test_a_null_written_as_zero():
    """p72: "Store F as SQL `NULL`" and a grader reading NULL as 0 on both sides. type_change writes a SQL
    row's NULL as 0 (drawn first), and a JSON null as 0 first."""
    script = ("INSERT INTO f_at_age (year, age, f) VALUES (2017, 7, 0.7749);\n"
              "INSERT INTO f_at_age (year, age, f) VALUES (2017, 8, NULL);\n")
    mutants = _mutants(script, "type_change")
    assert mutants[0].where == "line 2, column 'f'" and "(2017, 8, 0);" in mutants[0].text
    from artifactbench.gates.fuzz._mutation import other_types
    assert other_types(None, text_cells=False)[0] == 0
