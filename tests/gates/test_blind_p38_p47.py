"""Rules from blind batches p38-p39 (tasks none of us wrote): "your own keys", a column list stated
inline, a described grant example that is a required key, a record moved to another of the answer's own
labels where any valid plan is right, a free key's line dropped, entries injected into an object keyed
by ids, and a detail listing every item of an input group."""

from __future__ import annotations

import itertools
import json

from artifactbench.gates.core import read_prompt
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._fuzz import _reassigned
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._reference import Reference, _record_map
from artifactbench.gates.leaks._probes import input_groups
from artifactbench.gates.leaks._values import Distinctive, shared_with


def test_your_own_keys_named_by_example_are_free():
    """p38: "you may add your own keys (e.g. the offered load) — they're ignored" grants other keys,
    says they are not graded, and its example is the key `offered_load`."""
    allows = read_prompt("Write `out/plan.toml`. The tables can come in any order, and you may add your own "
                         "keys (e.g. the offered load) — they're ignored.")
    assert allows.other_keys and allows.other_keys_free
    assert allows.granted_free("offered_load")
    assert not read_prompt("Put each value in its own column.").other_keys


def test_an_inline_column_list_and_a_printout_that_ignores_everything_else():
    """p38: "with (at least) the columns `Day`, `Shift` and `Staff`" lists the graded columns; "the
    printout ignores everything but those three columns" says the others are not graded."""
    prompt = ("Write the roster as a Markdown table with (at least) the columns `Day`, `Shift` and `Staff`. "
              "You're welcome to add other columns (counts, notes) — the board printout ignores everything "
              "but those three columns.")
    allows = read_prompt(prompt)
    assert allows.listed_keys == frozenset({"Day", "Shift", "Staff"})
    assert allows.other_keys_free
    severity, _ = allows.leaves_open("number_far", "field 'Forklift'")
    assert severity == "info"
    assert allows.leaves_open("number_far", "field 'Staff'") is None


def test_a_described_grant_example_is_no_required_key_of_that_name():
    """p38: "other top-level keys (e.g. which bins are still on hold)" beside a required `bins`: the
    word `bins` of the example frees no `bins`."""
    prompt = ("- `bins`: stock after the last event.\n- `rejected`: ids of rejected events.\n\n"
              "You can add other top-level keys (e.g. which bins are still on hold) if that's handy; they are ignored.")
    allows = read_prompt(prompt)
    assert "bins" not in allows.free_fields and "bins" not in allows.granted
    assert allows.leaves_open("number_far", "at $.bins.R-01.SKU-1041") is None


def test_a_record_moved_to_another_label_of_the_answer():
    """p38: truck T-30 moved from door D4 to door D10, a door the plan uses: where the prompt accepts
    any valid plan, another right answer may be what the grader accepted (a warn); a door no record has
    is no such move."""
    reference = "truck_id,door\nT-01,D1\nT-30,D4\nT-31,D10\nT-32,D4\n"
    moved = Mutation("string_change", "record 1, field 'door'", "'D4'", "'D10'", reference.replace("D4", "D10", 1))
    made_up = Mutation("string_change", "record 1, field 'door'", "'D4'", "'mutant-value'", reference)
    an_id = Mutation("string_change", "record 1, field 'truck_id'", "'T-30'", "'T-31'", reference)
    assert _reassigned(reference, moved)
    assert not _reassigned(reference, made_up)
    assert not _reassigned(reference, an_id)  # (T-31 twice and T-30 gone: wrong in every plan; review)


def test_a_dropped_line_of_a_key_value_answer_is_that_key_dropped():
    """p38: `offered_load = 16.310` dropped from a TOML answer read as lines is the key `offered_load`
    dropped, which the prompt's grant frees."""
    toml = "total = 3\n\n[[hour]]\nhour = 5\npickers = 2\noffered_load = 1.5\n\n[[hour]]\nhour = 6\npickers = 1\n"
    ref = Reference("text", toml, FuzzPolicy(), read_prompt("Write `out/plan.toml`."), "out/plan.toml")
    toml = toml.replace("pickers = 1\n", "pickers = 1\noffered_load = 0.7\n")
    ref = Reference("text", toml, FuzzPolicy(), read_prompt("Write `out/plan.toml`."), "out/plan.toml")
    assert ref.dropped_key(toml.replace("offered_load = 1.5\n", "")) == "offered_load"
    scores = "alice = 12\nbob = 7\ncarol = 9\n"  # one line per player: a key that stands once is data (review)
    assert Reference("text", scores, FuzzPolicy(), read_prompt("x"), "s.ini").dropped_key("alice = 12\ncarol = 9\n") is None
    assert ref.dropped_key(toml.replace("[[hour]]\nhour = 6\n", "")) is None  # two lines
    assert ref.dropped_key(toml.replace("\n\n[[hour]]\nhour = 5", "\n\nhour = 5")) is None  # a header


def test_an_object_keyed_by_ids_with_objects_of_their_own_keys_is_a_record_map():
    """p38: `"bins": {"A-01": {"SKU-100": 12}, "R-01": {...}}` holds data as keys, not field names."""
    assert _record_map({"A-01": {"SKU-100": 12}, "A-03": {"SKU-300": 6}, "R-01": {"SKU-100": 26, "SKU-300": 9}})
    assert not _record_map({"name": {"a": 1}, "place": {"b": 2}, "owner": {"c": 3}})


def test_inject_record_adds_an_entry_to_an_object_keyed_by_ids():
    from artifactbench.gates.leaks._detail import sample_mutants

    reference = json.dumps({"bins": {"A-01": {"SKU-100": 12}, "A-03": {"SKU-300": 6},
                                     "R-01": {"SKU-100": 26, "SKU-300": 9, "SKU-400": 1}}, "refused": [9]})
    mutants = sample_mutants("json", reference, FuzzPolicy(), ("inject_record",), 12, "seed", "")
    entries = [m for m in mutants if "a new entry" in m.where]
    assert entries
    for m in entries:
        before, after = json.loads(reference)["bins"], json.loads(m.text)["bins"]
        grown = [k for k in after if k not in before] or [
            (b, s) for b in after for s in after[b] if s not in before.get(b, {})]
        assert len(grown) == 1


def test_a_yaml_key_is_a_value_the_agent_sees_and_an_input_group_is_found(tmp_path):
    """p39: `audit-sink:` in retry.yaml is the service `audit-sink` the agent reads; a detail listing
    every service of `services:` lists the input, not which services the answer picks."""
    found = shared_with("services:\n  audit-sink:\n    attempts: 3\n", Distinctive({}, frozenset({"audit-sink"})))
    assert found.strings == frozenset({"audit-sink"})
    (tmp_path / "retry.yaml").write_text("services:\n  payments: {attempts: 5}\n  audit-sink: {attempts: 3}\n")
    (tmp_path / "pumps.csv").write_text("pump,rate\nnorth,4\neast,5\n")
    (tmp_path / "bomb.yaml").write_text("a: &a [1, 1]\nb: &b [*a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b]\n")
    groups = input_groups(tmp_path)
    assert frozenset({"payments", "audit-sink"}) in groups
    assert frozenset({"north", "east"}) in groups


def test_review_repros_of_rules_too_broad():
    """An outside review of these rules: each repro a sound grader's false fail, or a real flaw hidden."""
    from artifactbench.gates.fuzz._tree_records import _new_id

    # percentiles `p50`, `p90`, `p99` are field names, not ids: no entry is injected beside them; nor a CSV column
    latency = '{"service": "checkout", "latency_ms": {"p50": 12.5, "p90": 30.1, "p99": 88.0}}\n'
    from artifactbench.gates.leaks._detail import sample_mutants

    mutants = sample_mutants("json", latency, FuzzPolicy(), ("inject_record",), 6, "x", "")
    assert not [m for m in mutants if "a new entry" in m.where]
    grid = "q1,q2,q3\n10,20,30\n11,21,31\n12,22,32\n"
    assert not [m for m in sample_mutants("csv", grid, FuzzPolicy(), ("inject_record",), 6, "x", "")
                if "a new entry" in m.where]
    # an input's column list is no list of the output's keys
    allows = read_prompt("`shifts.csv` is a table with the columns `nurse`, `day` and `hours`.\nWrite `summary.json`: "
                         "a JSON object with keys `total_hours` and `busiest_day`.\nOther keys in your output are ignored.")
    assert allows.listed_keys == frozenset({"total_hours", "busiest_day"})  # (the output's own list)
    assert allows.leaves_open("number_far", "at $.total_hours") is None
    # a grant of both levels is no top-level grant
    allows = read_prompt("Write `out.json`: an object with `total` and `records` (a list of objects with `id` and "
                         "`qty`). Other keys are ignored, both top-level ones and ones inside a record.")
    assert allows.leaves_open("string_change", "at $.records[0].note") is not None
    # "derive your own fields ... which would be wrong" closes nothing: the real grant stands
    allows = read_prompt("Write `summary.csv` with a row per region. Derive your own fields from `raw.csv` rather than "
                         "copying `sample.csv`, which would be wrong. Additional columns are ignored by the grader.")
    assert allows.leaves_open("string_change", "column 'note'") is not None
    # "the total ignores all voided lines" says nothing of other columns being free
    allows = read_prompt("The total ignores all voided lines, and your output may also include other columns.")
    assert not allows.other_keys_free
    # a long id gets no new number (Python's int digit limit, a quadratic search)
    assert _new_id("ID-" + "9" * 5000, {}) is None
    assert _new_id("A-04", {"A-05": 1}) == "A-06"


def test_p40_p41_a_config_answer_read_as_lines():
    """p40: number_near moves a `key = value` number of an INI answer (a grader checking 1e-3 under
    "0.01 % relative error"); p41: a comment line swapped with the section header below it moves only a
    comment; a default off_by_one on an attribute the prompt frees (`size`) is what the prompt allows."""
    from artifactbench.gates.fuzz import comment_only, text_field
    from artifactbench.gates.fuzz._formats import parse
    from artifactbench.gates.fuzz._near import text_near_strategy

    ini = "[RUN-07]\nt_max_s = 4.654093\nruns = 3\n\n[RUN-08]\nt_max_s = 5.116856\n"
    stated = read_prompt("Values must be accurate to within 0.01 % relative error.").stated
    draws = text_near_strategy(parse("text", ini), stated)
    import random

    mutants = list(itertools.islice(draws.values(random.Random(1)), 6))
    assert mutants and all("key 't_max_s'" in m.where and "x the prompt's tolerance" in m.where for m in mutants)
    assert text_near_strategy(parse("text", ini), None) is None
    ledger = "; Grant ledger\n\n[GR-1]\nstatus = active\n"
    swapped = "[GR-1]\n\n; Grant ledger\nstatus = active\n"
    assert comment_only("out/ledger.ini", ledger, swapped)
    xml = '<duplicates>\n  <cluster canonical="V4" size="2">\n    <voter id="V4"/>\n  </cluster>\n</duplicates>\n'
    assert text_field(xml, xml.replace('size="2"', 'size="3"')) == "size"


def test_an_ini_file_s_sections_are_an_input_group(tmp_path):
    (tmp_path / "experiments.ini").write_text("[DEFAULT]\na0 = 1\n[RUN-07]\nk1 = 2\n[RUN-08]\nk1 = 3\n")
    assert frozenset({"RUN-07", "RUN-08"}) in input_groups(tmp_path)


def test_nothing_can_be_hard_coded_asks_for_a_query_of_other_data():
    """p41: "Nothing from the sample can be hard-coded" forbids what "You can hard-code the table name"
    permits; "against the live ledger database" is other data too."""
    from artifactbench.gates.fuzz._constant_query import other_data

    assert other_data("Nothing from the sample can be hard-coded.")
    assert other_data("The job runs your query against the live ledger database.")
    assert not other_data("You can hard-code the table name.")
    assert not other_data("You may hard-code the path.")


def test_p43_a_header_row_swapped_with_a_title_and_a_constant_of_a_query():
    """p43: `# NURS 210 final grades` swapped with the table's header row moves no record (a warn, never
    a fail); the default off_by_one on a query's `COALESCE(n.enrolled, 0)` may leave it the same query."""
    report = "# Final grades\n\n| id | name | overall |\n|---|---|---|\n| s1 | Ann | 91.5 |\n| s2 | Bo | 78.0 |\n"
    prompt = "Write `final_grades.md` with a Markdown table; prose around the table is fine."
    ref = Reference("text", report, FuzzPolicy(), read_prompt(prompt), "final_grades.md")
    assert ref.table_header("line 1 <-> line 3")
    assert not ref.table_header("line 5 <-> line 6")


def test_p42_tied_neighbours_are_swapped_first_and_a_row_number_stays_in_place():
    """p42: a league table's grader checked only that points never go up. swap_records draws the
    neighbours tied on the list's sort key first (points, not the row number `pos`), and a swap keeps
    `pos` where it was (a reordered table numbers its rows anew); "in ranking order" and "the row order
    matters" state an order."""
    from artifactbench.gates.fuzz._tree_records import _rank_key, _tied_neighbours

    rows = [{"pos": "1", "team": "H", "gd": "8", "points": "32"}, {"pos": "2", "team": "A", "gd": "9", "points": "30"},
            {"pos": "3", "team": "F", "gd": "4", "points": "30"}, {"pos": "4", "team": "G", "gd": "1", "points": "28"}]
    assert _tied_neighbours((), rows) == [((), 1, 2)]
    assert _rank_key(rows) == "pos"
    assert _rank_key([{"n": 3}, {"n": 1}, {"n": 2}]) is None
    table = "pos,team,gd,points\n" + "".join(f"{r['pos']},{r['team']},{r['gd']},{r['points']}\n" for r in rows)
    from artifactbench.gates.leaks._detail import sample_mutants

    swaps = sample_mutants("csv", table, FuzzPolicy(), ("swap_records",), 1, "x", "")
    assert swaps and swaps[0].text.splitlines()[2:4] == ["2,F,4,30", "3,A,9,30"]
    allows = read_prompt("Write `standings.csv`: one row per club, in ranking order, with `pos` running 1, 2, 3. "
                         "The secretary pastes it into the handbook, so the row order matters.")
    assert allows.order_sentences and not allows.unordered
    assert not read_prompt("Write `out.csv`, rows in any order.").order_sentences


def test_second_review_repros():
    """An outside review of the p40-p43 rules: each repro a false fail or a real flaw hidden."""
    from artifactbench.gates.fuzz._constant_query import other_data
    from artifactbench.gates.fuzz._fuzz import _tie_swap_open
    from artifactbench.gates.fuzz._tree_records import _rank_key
    from artifactbench.gates.spec._negative import _fallback_constant

    for sentence in ("Write `out.csv`, one row per region, with the columns `region`, `orders` and `revenue`, "
                     "in that order.", "Replay the transactions in timestamp order and write `balances.csv`.",
                     "No line order is checked.", "Write one row per user, in unspecified order.",
                     "The boxes in `boxes.json` are given in reading order; write one line per word."):
        assert not read_prompt(sentence).order_sentences, sentence
    assert not other_data("No need to generalise: you may hard-code the sample's values.")
    assert not other_data("Sum the monthly production data by plant.")
    assert other_data("No value may be hard-coded.")
    either = "Sorted by `points` descending. Teams on equal points may be listed in either order."
    assert _tie_swap_open(either, "points")[0] == "info"
    assert _tie_swap_open("Sorted by `points` descending.", "points")[0] == "warn"
    assert _tie_swap_open("Sorted by `points` descending, then by `gd`.", "points") is None
    assert _rank_key([{"hour": "0"}, {"hour": "1"}, {"hour": "2"}]) is None  # an hour is data, not a row number
    query = "SELECT a,\n  COALESCE(n.x, 0) AS x\nFROM t WHERE n > 10;\n"
    assert _fallback_constant(query, query.replace("n.x, 0", "n.x, 1"))
    assert not _fallback_constant(query, query.replace("n > 10", "n > 11"))
    report = "# T\n\n| id | v |\n|---|---|\n| a | 1 |\n| b | 2 |\n"
    ref = Reference("text", report, FuzzPolicy(), read_prompt("Write `t.md`."), "t.md")
    assert ref.table_header("line 3 <-> line 5") and ref.both_table_rows("line 3 <-> line 5")
    assert not ref.both_table_rows("line 1 <-> line 3")


def test_p44_a_config_file_s_repeated_header_line_and_a_key_given_twice():
    """p44: an INI answer's `[flows]` or `P2 = 35.061` repeated as it was is the same mapping (a warn: a
    strict reader refuses it); a key injected above its own line leaves the reference's value last."""
    from artifactbench.gates.fuzz._fuzz import _SECTION, _given_later
    from artifactbench.gates.fuzz._reference import line_key

    assert _SECTION.fullmatch("[flows]") and not _SECTION.fullmatch("[[hour]]")
    assert line_key("P2 = 35.061") == "P2"
    ini = "[heads]\nJ1 = 47.177\nJ2 = 45.1\n[flows]\nP1 = 3.2\n"
    above = Mutation("inject_record", "before line 2 (copy of line 3, numbers moved)", "(absent)", "'J2 = 1045.1'", "")
    below = Mutation("inject_record", "before line 4 (copy of line 2, numbers moved)", "(absent)", "'J1 = 1047.177'", "")
    assert _given_later(ini, above)
    assert not _given_later(ini, below)  # (below its own line, in the next section's place: the value read is wrong)


def test_p45_a_band_stated_of_the_keys_named_before_it_and_plus_minus_is_absolute():
    """p45: "`price` must be within ±0.01 of the exact optimal price; `units` and `profit` within 1 %":
    price's band is an absolute 0.01 (a ± distance), units' and profit's 1 % of the value."""
    stated = read_prompt("Tolerances: `price` must be within ±0.01 of the exact optimal price (so rounding to "
                         "cents is fine); `units` and `profit` within 1 % of their values at the exact optimum.").stated
    assert stated.band_at(("price",), 7.47) == 0.01
    assert abs(stated.band_at(("units",), 1000.0) - 10.0) < 1e-9
    assert abs(stated.band_at(("profit",), 500.0) - 5.0) < 1e-9


def test_p46_a_column_in_your_own_words_is_free():
    """p46: "`event` is a short description in your own words (the original message is fine)": the
    numbers inside an event's wording are the answer's own, not values the grader must check."""
    allows = read_prompt("Write a Markdown table `| time_utc | source | event |`. `event` is a short description "
                         "in your own words (the original message is fine).")
    assert "event" in allows.free_fields
    assert allows.leaves_open("number_far", "field 'event'")[0] == "info"
    assert "time_utc" not in allows.free_fields
