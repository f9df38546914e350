"""Rules from blind batches p60-p63 (tasks none of us wrote): an order freed in a list of what is "all up
to you", a CASE's ELSE constant changed, one more code in a record's set of codes, `#` comment lines the
prompt ignores, and an HTML table's extra column under "you can add others, e.g. ..."."""

from __future__ import annotations

import json

from artifactbench.gates.core import read_prompt
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._formats import parse
from artifactbench.gates.fuzz._reference import text_field
from artifactbench.gates.fuzz._tree_records import _inject
from artifactbench.gates.fuzz._tree_targets import TreeTargets
from artifactbench.gates.spec._negative import _fallback_constant


def test_an_order_freed_in_a_list_of_what_is_all_up_to_you():
    """p60: "The order of patients, orders and ignored events, attribute order, indentation and an XML
    declaration are all up to you." """
    assert read_prompt("The order of patients, orders and ignored events, attribute order, indentation and an XML "
                       "declaration are all up to you.").unordered
    assert not read_prompt("The order of patients, orders and events is checked, and the rest is up to you.").unordered
    assert not read_prompt("The order of the rows, as listed, must be kept; spacing is up to you.").unordered


def test_a_case_else_constant_is_a_fallback():
    """p60: `ELSE 0` -> `ELSE 1` in a CASE over kinds no row lacks: maybe the same query on every input."""
    query = "SELECT SUM(CASE kind WHEN 'ISSUE' THEN qty WHEN 'RETURN' THEN -qty ELSE 0 END) AS net FROM t;"
    assert _fallback_constant(query, query.replace("ELSE 0", "ELSE 1"))
    assert not _fallback_constant("SELECT a FROM t WHERE n > 10;", "SELECT a FROM t WHERE n > 11;")


def test_one_more_code_the_answer_uses_elsewhere_goes_into_a_records_set():
    """p61: `"violations": ["MAP_COUNT"]` and a grader checking only for missing codes: the injected value
    is a code the answer uses elsewhere, put in its sorted place, not an unknown word."""
    data = [{"id": "R1", "violations": ["MAP_COUNT"]}, {"id": "R2", "violations": ["DUPLICATE_MAP", "WRONG_TEAMS"]}]
    targets = TreeTargets(parse("json", json.dumps(data)), FuzzPolicy())
    mutant = _inject(targets, (0, "violations"), 0, 1)
    assert json.loads(mutant.text)[0]["violations"] == ["DUPLICATE_MAP", "MAP_COUNT"]
    assert "one more value the answer uses elsewhere" in mutant.where
    # a top-level list of strings is the answer's own records: scrambled as before
    plain = TreeTargets(parse("json", json.dumps(["a", "b"])), FuzzPolicy())
    assert "scrambled" in _inject(plain, (), 0, 0).where


def test_comment_lines_the_prompt_ignores_are_free():
    """p63: "Line order doesn't matter, and blank lines or `#` comment lines are ignored." """
    for sentence in ("Line order doesn't matter, and blank lines or `#` comment lines are ignored.",
                     "Comment lines (starting with #) are ignored."):
        assert read_prompt(sentence).free_lines.prefixes == ("#",)
    assert not read_prompt("`#` comments are not allowed.").free_lines


def test_an_html_cell_is_in_its_columns_field_and_an_example_of_others_is_another_key():
    """p63: `<td>183.1%</td>` is in the "% Spent" column, which "(you can add others, e.g. a description or
    % spent, ...)" lets the answer add: a change there is left open, one to "Budget" is not."""
    page = ("<table>\n<tr><th>Account</th><th>Budget</th><th>% Spent</th></tr>\n"
            "<tr><td>2600</td><td>$65,000.00</td><td>183.1%</td></tr>\n</table>\n")
    assert text_field(page, page.replace("183.1%", "2831.0%")) == "% Spent"
    assert text_field(page, page.replace("$65,000.00", "$66,000.00")) == "Budget"
    allows = read_prompt("The first row is a header row; it must have columns titled **Account** and **Budget** "
                         "(you can add others, e.g. a description or % spent, in any order).")
    assert allows.leaves_open("number_far", "field '% Spent'") is not None
    assert allows.leaves_open("number_far", "field 'Budget'") is None


def test_a_csv_keeps_its_relations_when_every_integer_is_scaled():
    """p63: a CSV whose verify.py checks "`total` = work + hold", which the prompt defines: the wrong
    artifact that keeps every relation (each integer x3) is made of a CSV's cells too."""
    from artifactbench.gates.fuzz._verifier_consistency import relation_keeping

    found = dict(relation_keeping("csv", "cast_id,work,hold,total,rate\nC1,13,1,14,2.5\nC2,10,4,14,1.25\n"))
    assert found["every integer x3"].splitlines()[1:] == ["C1,39,3,42,2.5", "C2,30,12,42,1.25"]
    assert found["every float x3"].splitlines()[1] == "C1,13,1,14,7.5"


def test_kinds_accepted_in_one_table_column_are_one_root_cause():
    """p63: number_far, number_sign, number_nan and later_record each accepted in another row of one
    unchecked column: reported once, at the first kind."""
    from artifactbench.gates.core import FINDING, SKIPPED, CaseResult
    from artifactbench.gates.fuzz._fuzz import _ACCEPTED, _accepted_once

    page = ("<table>\n<tr><th>Account</th><th>Budget</th><th>% Spent</th></tr>\n"
            "<tr><td>2600</td><td>$65,000.00</td><td>183.1%</td></tr>\n"
            "<tr><td>2700</td><td>$5,000.00</td><td>52.8%</td></tr>\n</table>\n")
    cases = [CaseResult("number_far", FINDING, _ACCEPTED + "number_far: line 3: '183.1' -> '2831.0'; grader detail: 'ok'"),
             CaseResult("number_sign", FINDING, _ACCEPTED + "number_sign: line 4: '52.8' -> '-52.8'; grader detail: 'ok'"),
             CaseResult("number_nan", FINDING, _ACCEPTED + "number_nan: line 4: '5,000.00' -> 'nan'; grader detail: 'ok'")]
    assert [c.status for c in _accepted_once("text", cases, page)] == [FINDING, SKIPPED, FINDING]


def test_review_repros_of_the_p60_p63_rules():
    """An outside review of the p60-p63 rules: a sentence freeing the order of columns or keys frees no
    record's order; `WHEN score >= 90 ... ELSE 'B'` keeps its threshold; the input's `#` comment lines
    free none of the output's; a relative band said of one key with its own number widens no other key's;
    "may include others" said of a field's values grants no keys; a `colspan` header; a value twice in a
    row names no column; the codes injected come from lists under the same key."""
    from artifactbench.gates.core import stated_tolerance
    from artifactbench.gates.fuzz._tree_records import _vocabulary

    assert not read_prompt("Write `out.csv`, one row per employee, sorted by `salary` descending. The order of "
                           "columns, the delimiter and quoting are up to you.").unordered
    assert not read_prompt("List the stops in visiting order. The order of keys, indentation and whitespace are "
                           "all up to you.").unordered
    case = "SELECT CASE WHEN score >= 90 THEN 'A' ELSE 'B' END AS grade FROM t;"
    assert not _fallback_constant(case, case.replace("90", "91"))
    assert not read_prompt("Read `inventory.txt`: one `sku,qty` pair a line; blank lines and `#` comment lines in "
                           "it are ignored.").free_lines.prefixes
    stated = stated_tolerance("`rate` is compared with a relative tolerance of 1e-6. `total` must be within 0.01 "
                              "of the exact sum.")
    assert {n: (a, r) for n, a, r in stated.scoped}["total"] == (0.01, 0.0)
    assert not read_prompt("The `labels` field must contain `urgent` for an overdue ticket and may include "
                           "others.").other_keys
    page = ("<table>\n<tr><th colspan=\"2\">Account</th><th>Budget</th><th>% Spent</th></tr>\n"
            "<tr><td>2600</td><td>Rent</td><td>$65,000.00</td><td>183.1%</td></tr>\n</table>\n")
    assert text_field(page, page.replace("$65,000.00", "$66,000.00")) == "Budget"
    doc = {"route": ["DEPOT", "S1", "S2"], "visits": [{"notes": ["gate code 1234"]}, {"notes": []}]}
    assert _vocabulary(TreeTargets(parse("json", json.dumps(doc)), FuzzPolicy()), "route") == {"DEPOT", "S1", "S2"}
