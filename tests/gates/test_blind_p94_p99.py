"""Rules from blind batches p94-p99 (36 tasks by helpers that saw only the spec), each a false fail or a
hidden planted flaw of their first run, in the batches' own words."""

from __future__ import annotations

from artifactbench.gates.core import example_extras, read_prompt, stated_tolerance
from artifactbench.gates.core._free_lines import _REFUSED, read_free_lines
from artifactbench.gates.fuzz._fuzz import _main_block_cut, _scalar_member


def test_a_refusal_word_that_names_a_part_refuses_nothing():
    sentence = ("Table rows and the rejected list can be in any order, and feel free to add a title, notes or a "
                "summary anywhere — just keep the table and the rejected list themselves free of extra rows.")
    assert {"headings", "commentary"} <= read_free_lines(sentence).parts  # (p94: "the rejected list")
    for refusal in ("extra lines are rejected", "the grader rejects them", "any other line fails the check"):
        assert _REFUSED.search(refusal)
    for name in ("the rejected list", "a `Rejected` heading", "the failed checks"):
        assert not _REFUSED.search(name)


def test_columns_added_with_no_other_are_granted():
    prompt = ("Put the result in `report/tour_irr.md` as a Markdown table with at least the columns `tour_id` and "
              "`annual_irr_pct`.\n\n- you're welcome to add columns (monthly rate, title, …) and some prose before "
              "or after the table, as long as there's only one table in the file.\n")
    allows = read_prompt(prompt)
    assert allows.other_keys and not allows.names("monthly_irr_pct")
    assert not read_prompt("Add columns `a` and `b` to the table.").other_keys  # (a requirement, no grant)


def test_percentage_points_are_a_distance_in_the_values_own_percent():
    # (p95 and p99: both graders were 1% relative, which the relative reading of this band hid)
    assert stated_tolerance("`annual_irr_pct` is a plain number in percent; it must be within 0.01 percentage "
                            "points of the exact value").readings == ((0.01, 0.0),)
    assert stated_tolerance("Give `apr_percent` rounded to two decimals; anything within 0.5 pp of the exact APR "
                            "is accepted").readings == ((0.5, 0.0),)
    assert stated_tolerance("within 0.01% of the value").readings == ((0.0, 0.0001),)


def test_a_grant_holds_in_its_own_clause_and_names_its_quoted_examples():
    allows = read_prompt("Write `loan_states.ini`. Sections and keys can be in any order, extra keys inside a loan "
                         "section (e.g. `artwork`) are fine, and comments are fine — but no other sections.")
    assert allows.other_keys and "artwork" in allows.granted
    assert allows.leaves_open("drop_key", "field 'artwork'") is not None
    assert not read_prompt("Write `out.json`. Extra keys are rejected; comments are fine.").other_keys


def test_a_cut_inside_the_main_block_of_a_module():
    module = "def check(r):\n    return []\n\n\nif __name__ == \"__main__\":\n    import sys\n    print(check(sys.argv))\n"
    inside = module.index("print")
    assert _main_block_cut(module, f"cut at character {inside} of {len(module)}")
    assert not _main_block_cut(module, f"cut at character {module.index('return')} of {len(module)}")
    tail = module + "\ndef later():\n    pass\n"  # (a block that is not the module's last)
    assert not _main_block_cut(tail, f"cut at character {inside} of {len(tail)}")


def test_a_plain_member_of_a_list_and_the_keys_beyond_an_example():
    answer = '{"CLM-1": ["R01", "R07"], "CLM-2": [{"code": "R02"}]}'
    assert _scalar_member("json", answer, "at $.CLM-1[0]")
    assert not _scalar_member("json", answer, "at $.CLM-2[0]")
    prompt = 'One line per entry:\n\n```\n{"seq": 7, "status": "paid", "paid": 92.0}\n```\n'
    lines = [{"seq": 1, "member": "M1", "code": "D0120", "status": "paid", "paid": 62.0}]
    assert example_extras(prompt, lines) == {"member", "code"}
    assert example_extras(prompt.replace("92.0}", "92.0, ...}"), lines) == frozenset()  # (an elided example)


def test_rows_sorted_by_a_clock_time_have_tied_neighbours_and_the_tie_break_is_named():
    from artifactbench.gates.fuzz._fuzz import _tie_swap_open
    from artifactbench.gates.fuzz._tree_records import _sort_keys, _tied_neighbours
    rows = [{"place": 1, "bib": 138, "net_time": "2:09:54"}, {"place": 2, "bib": 892, "net_time": "2:09:57"},
            {"place": 3, "bib": 139, "net_time": "2:09:57"}, {"place": 4, "bib": 461, "net_time": "2:10:01"}]
    assert _sort_keys(rows)[0] == "net_time"  # (p98: `2:09:57` twice, which no number reading saw)
    assert _tied_neighbours((), rows) == [((), 1, 2)]
    said = ("Rows ordered by `net_time` (the rounded value) ascending; runners with the same rounded net time are "
            "ordered by bib number ascending.")
    assert _tie_swap_open(said, "net_time") is None  # (a finding: the prompt names the tie-break)
    assert _tie_swap_open("Rows ordered by `net_time` ascending.", "net_time")[0] == "warn"


def test_a_definition_by_any_is_no_second_right_answer():
    allows = read_prompt("A line-up is any subset of them that satisfies **all** of these: ... List every line-up, "
                         "one per line. Each line-up should appear once.")
    assert not allows.many_answers  # (p95: an enumeration's duplicate line was a warn)
    assert read_prompt("Any plan that satisfies the rules is accepted.").many_answers


def test_a_list_of_codes_gains_a_code_its_siblings_use():
    # (p99: `{"CLM-24003": ["R01"], ...}` keyed by claim ids, whose lists share no key; p98: a Markdown
    # table's `codes` cells, `DUP_BIB, BAD_TIME`; both graders checked only that the expected codes are there)
    from artifactbench.gates.fuzz._formats import parse
    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._text_strategies import list_cell_injections
    from artifactbench.gates.fuzz._tree_records import _sibling_codes
    from artifactbench.gates.fuzz._tree_targets import TreeTargets

    doc = parse("json", '{"CLM-1": ["R01"], "CLM-2": ["R03", "R04"], "CLM-3": ["R01", "R07"]}')
    targets = TreeTargets(doc, FuzzPolicy())
    assert _sibling_codes(targets, ("CLM-1",)) == {"R01", "R03", "R04", "R07"}
    assert _sibling_codes(targets, ()) == frozenset()
    table = ["| line | codes |", "|---:|---|", "| 12 | BAD_TIME |", "| 41 | DUP_BIB, BAD_TIME |", "| 50 | PLACE |"]
    grown = list_cell_injections(table)
    assert (2, "codes", "| 12 | BAD_TIME |", "DUP_BIB", "| 12 | BAD_TIME, DUP_BIB |") in grown
    assert list_cell_injections(["| line | code |", "|---|---|", "| 12 | BAD_TIME |", "| 13 | PLACE |"]) == []


def test_the_order_of_a_records_keys_is_not_the_records_order():
    # (p99: "key order inside a line doesn't matter" read as lines in any order, a too-strict warning)
    for said in ("Extra keys on a line are fine (e.g. a `note`), key order inside a line doesn't matter.",
                 "The order of keys inside an object does not matter."):
        assert not read_prompt("Write `out.jsonl`, one line per claim. " + said).unordered
    assert read_prompt("Write `out.jsonl`. Lines may come in any order; key order does not matter.").unordered
    assert read_prompt("Write `out.json`. The order of keys and of codes inside a list doesn't matter.").unordered


def test_p102_p103_whatever_else_you_find_useful_and_column_definitions():
    # (p103: "Put whatever else you find useful in the file – a summary, notes, an extra `detail` column" frees the
    # report's heading and notes; p102: two column definitions of one CREATE TABLE swapped, where the rows are
    # inserted by column name and "column order ... is up to you")
    from artifactbench.gates.fuzz._reference import _COLUMN_DEF
    said = ("Write `output/audit.md`. It must contain a Markdown table with a `trip_id` column and a `rule` column. "
            "Put whatever else you find useful in the file – a summary, notes, an extra `detail` column – and list "
            "rows in any order.")
    assert {"commentary", "anything else"} <= read_free_lines(said).parts
    assert _COLUMN_DEF.match("  state TEXT NOT NULL,") and _COLUMN_DEF.match("  assignee TEXT,")
    assert not _COLUMN_DEF.match("INSERT INTO work_orders (wo_id) VALUES ('WO-1');")
