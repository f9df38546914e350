"""Wordings and file types met in blind batches p11 and p12 (tasks none of us wrote): comments of
programs and markup, a page free but for one element, a pass quota, grants and free text in other words."""

from __future__ import annotations

import json

import pytest

from artifactbench.gates.core import read_prompt
from artifactbench.gates.core._free_lines import read_free_lines
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._comments import comment_only, graded_element, outside_element, program
from artifactbench.gates.fuzz._quota import widened

from _leak_task import content_leaks  # noqa: E402 - tests/gates/_leak_task.py (a test util)

SQL = "-- top customer per country\nWITH s AS (\n  SELECT 1 AS x\n)\nSELECT x FROM s;\n"


@pytest.mark.parametrize("mutant, only", [
    (SQL.replace("top customer", "top 1000 customers"), True),  # a comment edited
    (SQL.replace("-- top customer per country\n", ""), True),  # dropped
    ("-- note\n" + SQL, True),  # added
    (SQL.replace("-- top customer per country\nWITH s AS (", "WITH s AS (\n-- top customer per country"), True),
    (SQL.replace("SELECT 1", "SELECT 2"), False),  # code
    (SQL.replace("SELECT x FROM s;", "-- SELECT x FROM s;"), False),  # code commented out
    (SQL, False),
])
def test_a_change_on_comment_lines_only(mutant, only):
    assert comment_only("q.sql", SQL, mutant) is only


def test_comment_syntax_follows_the_file_type():
    script = "#!/bin/sh\nset -eu\nmv a b\n"
    assert comment_only("rename.sh", script, script.replace("#!/bin/sh\n", ""))
    assert not comment_only("notes.txt", script, script.replace("#!/bin/sh\n", ""))  # no comment syntax
    xml = '<?xml version="1.0" encoding="UTF-8"?>\n<plan>\n  <step id="1"/>\n</plan>\n'
    assert comment_only("plan.xml", xml, xml.replace('"1.0"', '"1010.0"'))  # the declaration
    assert not comment_only("plan.xml", xml, xml.replace('id="1"', 'id="2"'))
    assert program("q.sql") and program("build/Makefile") and not program("report.md")


PAGE = ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head>\n<body>\n<h1>Result</h1>\n"
        "<table id=\"verification\">\n<tr><th>path</th><th>status</th></tr>\n<tr><td>a</td><td>OK</td></tr>\n"
        "</table>\n</body></html>\n")
PROMPT = ("Produce an HTML page `report.html`. The page can look however you like, but it must contain a "
          "`<table id=\"verification\">` whose first row is a header row.")


@pytest.mark.parametrize("mutant, outside", [
    (PAGE.replace("<h1>Result</h1>", "<h1>Result 2000</h1>"), True),
    (PAGE.replace("utf-8", "utf-1008"), True),
    (PAGE.replace("<td>OK</td>", "<td>MISSING</td>"), False),  # inside the graded table
    (PAGE.replace("<tr><td>a</td><td>OK</td></tr>\n", ""), False),
    (PAGE.replace("<body>\n", "<body>\n<table id=\"verification\">\n</table>\n"), False),  # a second one first
])
def test_a_page_free_but_for_one_element(mutant, outside):
    element = graded_element(PROMPT)
    assert element is not None and element[0] == "table" and element[1] == {"id": "verification"}
    assert outside_element("report.html", element, PAGE, mutant) is outside


def test_no_element_is_graded_alone_where_the_page_is_not_freed():
    assert graded_element("Write `report.html` containing a `<table id=\"v\">` of the results.") is None


@pytest.mark.parametrize("sentence, quota", [
    ("The batch passes when at least 18 of the 20 orbits meet the tolerance.", (2, 20)),
    ("An answer with 17 out of 20 rows correct or more is accepted.", (3, 20)),
    ("At least 3 of the 5 fields must be filled in.", None),  # no pass verb: a requirement, not a quota
    ("It passes with all 20 of 20 right.", None),
])
def test_a_pass_quota(sentence, quota):
    found = read_prompt(sentence).quota
    assert (found[:2] if found else None) == quota


def test_a_change_widened_to_more_records_of_the_same_shape():
    reference = json.dumps({"solver": {"tol": 1e-14}, "solutions": {f"k{i:02d}": {"E": 1.0 + i, "it": 4}
                                                                    for i in range(1, 6)}})
    data = json.loads(reference)
    data["solutions"]["k01"]["E"] = None
    wide = json.loads(widened("json", reference, "type_change", json.dumps(data), 3, FuzzPolicy()))
    assert [k for k, v in wide["solutions"].items() if v["E"] is None] == ["k01", "k02", "k03"]
    assert wide["solver"] == {"tol": 1e-14} and wide["solutions"]["k04"]["E"] == 5.0
    del data["solutions"]["k01"]["E"]
    data["solutions"]["k01"]["E"] = 2.0
    data["solutions"]["k01"].pop("it")  # a dropped key
    wide = json.loads(widened("json", reference, "drop_key", json.dumps(data), 2, FuzzPolicy()))
    assert "it" not in wide["solutions"]["k02"] and "it" in wide["solutions"]["k03"]
    rows = "\n".join(json.dumps({"id": i, "n": 10 * i}) for i in range(1, 5)) + "\n"
    far = rows.replace('"n": 10}', '"n": 1100}')
    wide = [json.loads(line) for line in widened("jsonl", rows, "number_far", far, 2, FuzzPolicy()).splitlines()]
    assert wide[0]["n"] == 1100 and wide[1]["n"] not in (20, 1100) and wide[2]["n"] == 30
    assert widened("jsonl", rows, "swap_values", rows.replace('"n": 10}', '"n": 20}').replace(
        '"id": 2, "n": 20', '"id": 2, "n": 10'), 2, FuzzPolicy()) is None  # two records changed


@pytest.mark.parametrize("prompt, field", [
    ("* `transfers_checked` is for our dashboard — put the number of lines you processed; it isn't part "
     "of the grade.", "transfers_checked"),
    ("* `budget_cents` — optional: echo 5000 if you like, it only makes the file self-describing and isn't "
     "graded.", "budget_cents"),
    ("You may add other keys to a line — an `\"id\"` or a little ASCII picture under `\"drawing\"`, say — we "
     "ignore them.", "id"),
    ("You may add other top-level keys (for example how many iterations you needed); they are ignored.",
     "iterations"),
])
def test_free_fields_in_other_words(prompt, field):
    assert read_prompt(prompt).leaves_open("number_far", f"record 0, field '{field}'")[0] == "info"


def test_comments_a_prompt_allows():
    assert read_prompt("The file may contain SQL comments and may end with a semicolon, but must hold a "
                       "single statement.").comments_said
    assert not read_prompt("The file must contain no comments.").comments_said


def test_copies_that_must_agree_may_be_repeated():
    allows = read_prompt("If you write the two summary lines more than once, every copy has to agree.")
    assert allows.leaves_open("duplicate_record", "line 14")[0] == "info"
    assert allows.leaves_open("duplicate_record", "record 3 (line 4)") is None  # records are not lines
    assert not read_prompt("Each tiling must appear exactly once; copies must agree.").copies_agree


def test_prose_allowed_before_a_but_that_pins_the_rest():
    free = read_free_lines("You can write whatever prose you like around it (a title, an intro sentence, "
                           "caveats), but the file must contain the following three things.\n\n"
                           "A Markdown pipe table with exactly these column headings, in this order.")
    assert {"headings", "commentary"} <= free.parts and free.title_free


def test_an_xml_answer_s_element_and_attribute_names_are_its_format(tmp_path):
    """p11: a prompt showing `<step module=... start=... finish=... critical=.../>` 'quoted 11/22 of the
    answer's values' (plan, step, encoding, UTF-8, finish, ...): names of the format, not answers."""
    from artifactbench.gates.core import markup_content

    assert markup_content('<?xml version="1.0"?><plan><step id="core" end="3"/><!-- x --></plan>').split() == [
        '"core"', '"3"']
    reference = ('<?xml version="1.0" encoding="UTF-8"?>\n<plan>\n'
                 + "".join(f'  <step module="m{i}-lib" start="{i}" finish="{i + 2}" critical="no"/>\n'
                           for i in range(8)) + "</plan>\n")
    prompt = ('Write `plan.xml`:\n\n```xml\n<?xml version="1.0" encoding="UTF-8"?>\n<plan>\n'
              '  <step module="NAME" start="S" finish="F" critical="yes"/>\n</plan>\n```\n')
    result = content_leaks(tmp_path, "plan", "plan.xml", reference, prompt, {"modules.txt": "m0-lib\n"})
    assert result.status == "pass", result
    leaked = prompt.replace('module="NAME"', 'module="m0-lib"').replace("```\n", "".join(
        f'<step module="m{i}-lib" start="{i}"/>\n' for i in range(8)) + "```\n", 1)
    result = content_leaks(tmp_path, "plan2", "plan.xml", reference, leaked, {"modules.txt": "m0-lib\n"})
    assert result.status == "fail", result  # the module names with their start times are the answer


def test_an_input_the_answer_edits_holds_its_unchanged_lines(tmp_path):
    """p11: an INI change log's answer keeps most lines of `base.ini`, which the prompt gives as input;
    the answer is in the lines it changed. An input holding every line of the answer still leaks it."""
    base = "[server]\nport = 8080\nworkers = 4\nhost = db.internal\n[database]\nurl = postgres://db/app\n"
    reference = base.replace("8080", "9090").replace("workers = 4", "workers = 8")
    prompt = "Apply `changes.log` to `base.ini` and write the result to `final.ini`.\n"
    files = {"base.ini": base, "changes.log": "port 9090\nworkers 8\n"}
    assert content_leaks(tmp_path, "ini", "final.ini", reference, prompt, files).status == "pass"
    files["base.ini"] = "; snapshot after the changes\n" + reference
    assert content_leaks(tmp_path, "ini2", "final.ini", reference, prompt, files).status == "fail"


def test_an_order_freed_for_one_field_keeps_the_stated_order_of_another():
    """p12: "`delivered` — the parcels delivered, in any order" freed every order of the answer, so a
    grader accepting the plan's `actions` swapped (an illegal plan) was only told it was allowed."""
    allows = read_prompt("* `actions` — the plan, in order.\n* `delivered` — the parcels that end up "
                         "delivered, in any order.\n")
    assert not allows.unordered and allows.field_unordered == frozenset({"delivered"})
    assert allows.leaves_open("swap_records", "at $.actions[0] <-> at $.actions[3]") is None
    assert allows.leaves_open("swap_records", "at $.delivered[0] <-> at $.delivered[1]")[0] == "info"
    assert read_prompt("Rows may come in any order; `tags` too.").unordered  # rows: the whole output


def test_how_many_records_the_answer_has_is_a_total_not_a_value():
    """p12: '102 valid plan(s) missing' for one made-up line: 102 is how many plans the answer lists
    (its comment line '# 102 valid plans' aside), a total as in spec 3.3's '3 of 12 endpoints'."""
    from artifactbench.gates.leaks._numbers import NumberIndex, ReferenceNumbers
    from artifactbench.gates.leaks._sizes import record_counts

    reference = "# 102 valid plans\n" + "".join(f"A{i}, B, C\n" for i in range(102))
    assert 102 in record_counts("text", reference)
    numbers = ReferenceNumbers({102.0: "102", 4711.0: "4711"}, [], record_counts("text", reference))
    assert numbers.matches("102 valid plan(s) missing", NumberIndex([])) == []
    assert [m.spelling for m in numbers.matches("expected 4711", NumberIndex([]))] == ["4711"]


def test_a_definition_item_frees_the_order_of_the_field_it_defines():
    allows = read_prompt("* `rejected`: the `id`s of all rejected events, each once, in any order.\n")
    assert allows.leaves_open("swap_records", "at $.rejected[0] <-> at $.rejected[1]")[0] == "info"
# Found by attack11: the rules above hid real flaws, or scanned a hostile reference in quadratic time.

def test_a_quota_over_other_things_widens_no_record():
    """"3 of the 4 seeds" is no quota of an answer of 20 yields: widened to the quota's total only."""
    rows = json.dumps([{"id": i, "y": 1.5 * i} for i in range(1, 21)])
    far = rows.replace('"y": 1.5}', '"y": 1500.0}')
    assert widened("json", rows, "number_far", far, 2, FuzzPolicy(), 20) is not None
    assert widened("json", rows, "number_far", far, 2, FuzzPolicy(), 4) is None


def test_a_comment_the_prompt_quotes_is_graded():
    sql = "-- schema_version: 7\nSELECT 1;\n"
    prompt = "The first line must be exactly the header comment `-- schema_version: 7`. You may add comments."
    assert not comment_only("q.sql", sql, sql.replace("7", "1070"), prompt)  # the quoted header edited
    assert not comment_only("q.sql", sql, sql.replace("-- schema_version: 7\n", ""), prompt)  # dropped
    assert not comment_only("q.sql", sql, "-- note\n" + sql, prompt)  # no longer first
    assert comment_only("q.sql", sql, sql + "-- note\n", prompt)  # another comment after it
    assert comment_only("q.sql", sql, sql.replace("7", "1070"), "You may add comments.")


def test_a_sentence_naming_two_elements_frees_neither():
    assert graded_element("The page can look however you like, but it must have an `<h1 id=\"t\">` heading "
                          "and a `<table id=\"r\">` of results.") is None


def test_copies_may_agree_but_records_are_listed_once():
    allows = read_prompt("Write one line per host, each host listed exactly once. If you write the summary "
                         "line more than once, every copy has to agree.")
    assert not allows.copies_agree


def test_hostile_lines_are_scanned_in_linear_time():
    import time
    from artifactbench.gates.fuzz._comments import _element_lines
    from artifactbench.gates.fuzz._reference import _RULE
    started = time.monotonic()
    assert _element_lines(["<table" * 40_000], "table", {"id": "r"}) is None
    assert _RULE.match("-" * 40_000 + "x") is None and _RULE.match("|---|:--:|") and not _RULE.match("| a |")
    assert time.monotonic() - started < 1.0  # (quadratic: about 10 s)


def test_order_freed_anywhere_frees_every_nested_list():
    """p11: "Order does not matter anywhere: not the order of the pairings, not the order of pairs
    inside a pairing ..." and a grader comparing the pairs of each pairing in the reference's order."""
    allows = read_prompt("Order does not matter anywhere: not the order of the pairings, not the order of pairs "
                         "inside a pairing.")
    assert allows.frees_list("at $.pairings[0].pairs[0] <-> at $.pairings[0].pairs[1]", 2)
    assert allows.frees_list("at $.pairings[0] <-> at $.pairings[1]", 2)
    assert not read_prompt("Order does not matter.").frees_list("at $.pairings[0] <-> at $.pairings[1]", 2)
