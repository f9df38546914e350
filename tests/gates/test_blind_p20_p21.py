"""Rules from blind batches p20-p21 (tasks none of us wrote): a record written over by a copy of its
neighbour, a fixed-width line's padding, a script's closing `exit 0`, one grader exception met by several
fuzz kinds, one leaking detail line met by several probes, lines placed by their shape, and free lines
graded last."""

from __future__ import annotations

import random

from artifactbench.gates.core import read_prompt
from artifactbench.gates.core import CaseResult
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._draws import pick, scout
from artifactbench.gates.fuzz._fuzz import _mutant_place, _raised_once
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._reference import Reference
from artifactbench.gates.fuzz._strategies import mutation_draws
from artifactbench.gates.fuzz._text_strategies import states_layout
from artifactbench.gates.leaks._detail import detail_shape, once_per_shape


def _all(draws) -> list[Mutation]:
    return list(draws.values(random.Random(0)))


def test_replace_record_keeps_the_count_and_loses_a_record():
    text = '{"crates": ["A", "B"], "kg": 9}\n{"crates": ["A", "C"], "kg": 10}\n{"crates": ["A", "C"], "kg": 10}\n'
    mutants = _all(mutation_draws("jsonl", text, FuzzPolicy(), "replace_record"))
    assert mutants
    assert all(len(m.text.splitlines()) == 3 and m.text != text and "replaced by a copy of" in m.where
               for m in mutants)
    top = {m.where for m in mutants if "field" not in m.where}
    assert top == {"record 0 (line 1) replaced by a copy of record 1 (line 2)",
                   "record 1 (line 2) replaced by a copy of record 0 (line 1)"}, top  # (2 equals its neighbour)
    # (a nested list's item too: ["A", "C"] as ["C", "C"] names one crate twice and loses one)
    # equal neighbours offer nothing to write over: the result would be the same text
    assert mutation_draws("jsonl", '{"a": 1}\n{"a": 1}\n', FuzzPolicy(), "replace_record") is None
    lines = _all(mutation_draws("text", "alpha 1\nbeta 2\ngamma 3\n", FuzzPolicy(), "replace_record"))
    assert {m.where for m in lines} >= {"line 1 replaced by a copy of line 2", "line 3 replaced by a copy of line 2"}
    assert all(len(m.text.splitlines()) == 3 for m in lines)


BOARD = "08:02 4  Harbour       2\n08:05 11 Old Mill     12\n"
LAYOUT = "Each line is exactly 24 characters: columns 1-5 the time, then the line, left-aligned, space-padded."


def test_padding_is_collapsed_only_where_the_prompt_fixes_the_columns():
    assert states_layout(LAYOUT) and states_layout("The controller reads a fixed-width file.")
    assert not states_layout("Write one line per departure: time, line and destination separated by spaces.")
    mutants = _all(mutation_draws("text", BOARD, FuzzPolicy(), "collapse_spaces", LAYOUT))
    assert {m.new for m in mutants} == {"'08:02 4 Harbour 2'", "'08:05 11 Old Mill 12'"}
    assert mutation_draws("text", BOARD, FuzzPolicy(), "collapse_spaces", "one line per tram") is None
    table = "| a  | b |\n|----|---|\n| 1  | 2 |\n"  # a Markdown table's padding is free
    assert mutation_draws("text", table, FuzzPolicy(), "collapse_spaces", LAYOUT) is None


def _ref(artifact: str, text: str) -> Reference:
    return Reference("text", text, FuzzPolicy(), read_prompt(""), artifact)


SCRIPT = "#!/bin/bash\nif grep -q x \"$1\"; then\n    echo bad\n    exit 1\nfi\nexit 0\n"


def test_a_cut_of_a_scripts_closing_exit_alone_is_left_open():
    ref = _ref("lint.sh", SCRIPT)
    at = SCRIPT.index("\nexit 0")
    assert ref.program_change("truncate_text", f"cut at character {at} of {len(SCRIPT)}")[0] == "warn"
    assert ref.program_change("truncate_text", f"cut at character {at + 1} of {len(SCRIPT)}")[0] == "warn"
    # the `fi` cut off too, a cut inside a line, or all of it: the program no longer runs
    before_fi = SCRIPT.index("fi\n")
    assert ref.program_change("truncate_text", f"cut at character {before_fi} of {len(SCRIPT)}") is None
    assert ref.program_change("truncate_text", f"cut at character {at + 3} of {len(SCRIPT)}") is None
    assert ref.program_change("truncate_text", f"cut at character 0 of {len(SCRIPT)}") is None
    sql = "SELECT a FROM t\nWHERE b > 2;\n"
    assert _ref("q.sql", sql).program_change("truncate_text", f"cut at character {sql.index('WHERE')} of 30") is None
    end = "SELECT a FROM t\nORDER BY a;\n"  # the final `;` alone (this project's meter_totals_sql_fresh twin)
    assert _ref("q.sql", end).program_change("truncate_text", f"cut at character {len(end) - 2} of 22")[0] == "warn"
    assert _ref("q.sql", end).program_change("truncate_text", f"cut at character {len(end) - 3} of 22") is None
    assert _ref("out.txt", SCRIPT).program_change("truncate_text", f"cut at character {at} of 50") is None


class _Ctx:
    def __init__(self) -> None:
        self.raised: dict = {}


RAISED = ('grader raised instead of returning a failing GradeResult on 1 mutant(s), first: {kind}: line 1: '
          '"8" -> "1080"; grader exception: grade() raised LookupError: unknown encoding: UTF-1080; traceback '
          'tail: File "/t/grader/hidden.py", line {line}, in grade / root = ET.parse(art).getroot()')


def test_one_grader_exception_met_by_several_kinds_is_reported_once():
    ctx = _Ctx()
    cases = [CaseResult("number_far", "FINDING", RAISED.format(kind="number_far", line=60)),
             CaseResult("number_nan", "FINDING", RAISED.format(kind="number_nan", line=60)),
             CaseResult("inject_record", "FINDING", RAISED.format(kind="inject_record", line=61)),
             CaseResult("drop_record", "FINDING", "grader ACCEPTED a mutant (shrunk minimal example): ...")]
    out = _raised_once(ctx, cases)
    assert [c.status for c in out] == ["FINDING", "SKIPPED", "FINDING", "FINDING"]
    assert "as on fuzz/number_far (reported there)" in out[1].detail
    # the contract gate reported it first: every fuzz kind points there
    ctx = _Ctx()
    ctx.raised[("LookupError", "/t/grader/hidden.py", "60")] = "contract/no_raise:malformed"
    assert _raised_once(ctx, cases[:1])[0].status == "SKIPPED"


def test_one_leaking_detail_line_met_by_several_probes_is_reported_once():
    a = '{"WH-A1": {"on_hand_qty": 253, "on_hand_value": 6332.65}}'
    first = detail_shape("WH-A1: on_hand_qty mismatch (expected 253.00, got 3530)", a)
    assert first == detail_shape("WH-A1: on_hand_value mismatch (expected 6332.65, got 12666.3)", a)
    assert first != detail_shape("total mismatch: expected 253.00", a)
    cases = [CaseResult("leak:number_far", "FINDING", "x", "warn"),
             CaseResult("leak:number_sign", "FINDING", "y", "fail"),
             CaseResult("leak:drop_record", "FINDING", "z", "fail")]
    out = once_per_shape(cases, ["s", "s", "t"])
    assert [c.status for c in out] == ["SKIPPED", "FINDING", "FINDING"]  # the more severe of one shape stays
    assert "leak:number_sign (reported there)" in out[0].detail


def test_text_lines_are_placed_by_their_shape():
    def drop(line: str, n: int) -> Mutation:
        return Mutation("drop_record", f"line {n}", repr(line), "(dropped)", "")
    assert _mutant_place(drop('  <error code="DUP_BARCODE"/>', 4)) == _mutant_place(drop('  <error code="YEAR"/>', 9))
    assert _mutant_place(drop('  <record id="CAT00014">', 3)) != _mutant_place(drop('  <error code="YEAR"/>', 9))
    number = Mutation("number_far", "line 4", "'8'", "'1080'", "")
    assert _mutant_place(number) == "line 4"  # a number's place stays its line


def test_free_lines_are_graded_last():
    order: list[str] = []

    def accepted(mutant: Mutation) -> bool:
        order.append(mutant.where)
        return False

    names = ["free 1", "graded 1", "free 2", "graded 2", "graded 3"]
    draws = pick([Mutation("drop_record", n, "", "", n) for n in names])
    scout(draws, accepted, 4, random.Random(1), lambda m: m.where, defer=lambda m: m.where.startswith("free"))
    assert sorted(order[:3]) == ["graded 1", "graded 2", "graded 3"]
    assert order[3].startswith("free") and len(order) == 4


def test_a_programs_keywords_are_no_answer_values():
    from artifactbench.gates.leaks._values import distinctive, program_values

    script = '#!/bin/bash\nif ! grep -q "Unreleased section" "$1"; then\n    echo "missing Unreleased"\n    exit 1\nfi\n'
    values = program_values(distinctive("text", script), script)
    assert {"Unreleased", "section", "missing"} <= values.strings
    assert not {"grep", "exit", "echo", "then"} & values.strings


def test_a_query_of_constants_is_built_from_the_workspace_data(tmp_path):
    from artifactbench.gates.fuzz._constant_query import constant_query

    (tmp_path / "schema.sql").write_text("CREATE TABLE r (meter TEXT, kwh REAL);\n")
    (tmp_path / "data.sql").write_text("INSERT INTO r VALUES ('M-1', 2.5), ('M-2', NULL), ('it''s', 1e308);\n")
    query = "-- totals\nSELECT meter, SUM(kwh) AS total FROM r WHERE kwh IS NOT NULL GROUP BY meter ORDER BY meter;"
    text, source, _ = constant_query("out/q.sql", query, tmp_path)
    assert source == "data.sql + schema.sql" and "FROM r" not in text
    import sqlite3

    assert sqlite3.connect(":memory:").execute(text).fetchall() == [("M-1", 2.5), ("it's", 1e308)]
    view = "CREATE VIEW totals AS SELECT meter FROM r WHERE kwh > 2;"
    made, _, _ = constant_query("v.sql", view, tmp_path)
    assert made.splitlines()[1].startswith("CREATE VIEW totals AS WITH t(")
    assert constant_query("q.txt", query, tmp_path) == "the artifact is not an SQL query"
    assert "more than one statement" in constant_query("q.sql", "SELECT 1; SELECT 2;", tmp_path)
    # task files never reach another file, and a runaway query is cut off
    assert "attaches or writes" in constant_query("q.sql", "ATTACH 'x.db' AS x", tmp_path)
    (tmp_path / "data.sql").write_text("ATTACH DATABASE '/tmp/evil.db' AS e;\n")
    assert "attaches or writes" in constant_query("q.sql", query, tmp_path)
    (tmp_path / "data.sql").write_text("INSERT INTO r VALUES ('a', 1);\n")
    runaway = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
               "SELECT count(*) AS c FROM n, r")
    assert "does not run" in constant_query("q.sql", runaway, tmp_path)


def test_kinds_accepted_at_one_place_are_one_root_cause():
    from artifactbench.gates.fuzz._fuzz import _accepted_once

    def acc(kind: str, where: str) -> CaseResult:
        return CaseResult(kind, "FINDING", f"grader ACCEPTED a mutant (shrunk minimal example): {kind}: {where}: "
                                           "'4' -> '1040'; grader detail: 'audit matches'")
    text = [acc("number_far", "line 67"), acc("number_nan", "line 67"), acc("drop_record", "line 67"),
            acc("duplicate_record", "line 62"), acc("inject_record", "before line 1 (copy of line 63, numbers moved)")]
    out = _accepted_once("text", text)
    assert [c.status for c in out] == ["FINDING", "SKIPPED", "FINDING", "FINDING", "FINDING"]  # (a drop: its own)
    assert "same place as number_far (reported there)" in out[1].detail
    # a field whatever its record (blind p23: NaN grams of every ingredient), but not another field
    tree = [acc("number_far", "record 0, field 'grams'"), acc("number_sign", "record 3, field 'grams'"),
            acc("number_nan", "record 0, field 'objective'")]
    assert [c.status for c in _accepted_once("json", tree)] == ["FINDING", "SKIPPED", "FINDING"]


def test_review_narrowed_rules():
    """An outside review of the p20-p21 rules: each one too broad, with its repro."""
    for free in ("Fields are separated by any amount of whitespace; alignment does not matter.",
                 "Report the global alignment of the two sequences.", "the mean of columns 2-4 of each CSV row",
                 "IDs are zero-padded to 6 digits."):
        assert not states_layout(free), free
    assert states_layout("Each line is exactly 40 characters wide.")
    assert states_layout("The destination is left-aligned and space-padded to 20 characters.")
    # a repeat where the prompt takes any answer that passes the check, or a few wrong records
    allows = read_prompt("Write 5 codes. Any codes that satisfy the check are accepted; a code may repeat.")
    assert allows.leaves_open("replace_record", "record 0 (line 1) replaced by a copy of record 1 (line 2)")[0] == "warn"
    assert read_prompt("List every code once.").leaves_open("replace_record", "record 0 (line 1)") is None
    # a COMMIT or an END cut off changes what the program does
    for body in ("BEGIN;\nINSERT INTO t VALUES (1);\nCOMMIT;\n", "CREATE TRIGGER g AFTER INSERT ON t BEGIN\n"
                 "  UPDATE n SET c = c + 1;\nEND;\n"):
        last = body.rstrip("\n").rindex("\n") + 1
        assert _ref("q.sql", body).program_change("truncate_text", f"cut at character {last} of 50") is None
    # prose words of a report are not masked: two different lines of the grader stay two shapes
    report = "total expected got count missing rows"
    assert detail_shape("total: expected 40, got 12", report) != detail_shape("count: missing 7, rows 9", report)


def test_a_contract_rerun_on_a_stateful_grader_reports_its_raise(tmp_path):
    from artifactbench.gates import CheckOptions, resolve_gates, run_checks
    from artifactbench.manifest import load_task
    import shutil
    from pathlib import Path

    src = Path(__file__).resolve().parents[1] / "fixtures" / "foreign" / "pallet_mixes_distinct"
    task_dir = tmp_path / "pallet_mixes_stateful"
    shutil.copytree(src, task_dir)
    (task_dir / "task.yaml").write_text((task_dir / "task.yaml").read_text().replace(
        "pallet_mixes_distinct", "pallet_mixes_stateful"))
    grader = task_dir / "grader" / "hidden.py"
    text = grader.read_text().replace(
        '        crates = row.get("crates") if isinstance(row, dict) else None',
        '        crates = row.get("crates")')
    text = text.replace("def grade(scratch_dir):\n", "_CALLS = []\n\n\ndef grade(scratch_dir):\n"
                        "    _CALLS.append(1)\n    if len(_CALLS) > 1 and _POISONED:\n"
                        "        return GradeResult(False, 0.0, 'poisoned')\n    try:\n        return _grade(scratch_dir)\n"
                        "    except AttributeError:\n        _POISONED.append(1)\n        raise\n\n\n_POISONED = []\n\n\n"
                        "def _grade(scratch_dir):\n")
    grader.write_text(text)
    report = run_checks([load_task(task_dir)], resolve_gates(["contract"]), jobs=1,
                        options=CheckOptions(grader_timeout_s=20.0, generator_timeout_s=20.0))
    contract = report.tasks[0].checks[-1]
    assert any(k.name.startswith("no_raise:") and k.status == "FINDING" and "AttributeError" in k.detail
               for k in contract.cases), contract


def test_rules_from_blind_p22():
    from artifactbench.gates.fuzz._comments import comment_only, graded_element

    # keys the prompt leaves to the answer ("Bed labels are yours to choose")
    allows = read_prompt('Write {"beds": {"<bed label>": {...}}}. Bed labels are yours to choose (any non-empty '
                         "strings). Every stay appears in exactly one bed.")
    assert allows.leaves_open("rename_key", "at $.beds, key 'F-01'")[0] == "info"
    assert allows.leaves_open("rename_key", "at $.summary, key 'F'") is None
    assert read_prompt("Bed labels must not be changed: use the ward's labels.").leaves_open(
        "rename_key", "at $.beds, key 'F-01'") is None
    # a DNS zone file's `;` comments, whatever the file is called
    zone = ("; rebuilt from snapshot\n$TTL 300\na.corp.test. 300 IN A 10.0.0.1\nb.corp.test. 300 IN CNAME a.corp.test.\n"
            "corp.test. 3600 IN NS ns.corp.test.\n")
    assert comment_only("output/corp.test.db", zone, zone.replace("; rebuilt from snapshot\n", ""))
    assert not comment_only("output/corp.test.db", zone, zone.replace("$TTL 300\n", ""))
    assert not comment_only("output/notes.db", "; a\nx y\n", "x y\n")  # not a zone: no `;` comments
    # a line of tags is markup, not a one-word value
    page = "<html>\n<body>\n<p>\nharbour\n</p>\n</body></html>\n"
    assert {m.old for m in _all(mutation_draws("text", page, FuzzPolicy(), "string_change"))} == {"'harbour'"}
    # "any other HTML ... around the table": the table is graded, the rest of the page is free
    said = "Row order does not matter, and you may put any other HTML (headings, styling) around the table."
    assert graded_element(said)[0] == "table"
    assert graded_element("The table must not have any other HTML around the table rows.") is None


def test_a_row_added_inside_the_graded_table_is_not_free():
    prompt = ("Write an HTML document containing one `<table>` with one `<tr>` per finding. Row order does not "
              "matter, and you may put any other HTML (headings, summary paragraphs) around the table.")
    page = ("<html><body>\n<h1>Lint</h1>\n<table>\n<tr><th>line</th><th>code</th></tr>\n"
            "<tr><td>13</td><td>NS_NO_GLUE</td></tr>\n<tr><td>15</td><td>BAD_A</td></tr>\n</table>\n</body></html>\n")
    ref = Reference("text", page, FuzzPolicy(), read_prompt(prompt), "out/lint.html")
    lines = page.splitlines(keepends=True)
    extra = "".join(lines[:6] + ["<tr><td>99</td><td>BAD_A</td></tr>\n"] + lines[6:])
    assert ref.in_graded_element(extra, prompt)
    heading = page.replace("<h1>Lint</h1>", "<h1>Lint report</h1>")
    assert not ref.in_graded_element(heading, prompt)
    # a swap of the page's `<body>` line with a row is no reordering of the rows
    body, row = 1, 5
    assert not ref.records_swapped(f"line {body} <-> line {row}", prompt)
    assert ref.records_swapped("line 5 <-> line 6", prompt)
    # an injected copy of a markup line goes among lines of its own tag
    injected = [m for m in _all(mutation_draws("text", page, FuzzPolicy(), "inject_record")) if hasattr(m, "text")
                and m.where.startswith("before line")]
    assert injected
    for m in injected:
        new = [ln for ln in m.text.splitlines() if ln not in page.splitlines()]
        at = int(m.where.split("before line ", 1)[1].split()[0]) - 1
        neighbours = page.splitlines()[max(0, at - 1):at + 1]
        assert any(n.split(">")[0] == new[0].split(">")[0] for n in neighbours), (m.where, new)


def test_the_sql_probe_runs_task_sql_in_a_child_and_follows_no_link(tmp_path):
    import time

    from artifactbench.gates.fuzz._constant_query import constant_query

    (tmp_path / "root").symlink_to("/")  # never walked: the workspace's own files only
    (tmp_path / "schema.sql").write_text("CREATE TABLE r (a INTEGER);\nINSERT INTO r VALUES (1), (2);\n")
    started = time.monotonic()
    text, source, _ = constant_query("q.sql", "SELECT a FROM r ORDER BY a", tmp_path)
    assert source == "schema.sql" and "(1),\n  (2)" in text
    assert time.monotonic() - started < 20
    # a blob too big for the child is the child's failure, told as a reason: this process goes on
    why = constant_query("q.sql", "SELECT zeroblob(2000000000) AS z FROM r", tmp_path)
    assert isinstance(why, str) and ("does not run" in why or "failed" in why), why


def test_a_timestamps_hour_and_a_config_files_keys():
    from artifactbench.gates.fuzz._comments import has_comments
    from artifactbench.gates.fuzz._fuzz import _accepted_once
    from artifactbench.gates.fuzz._mutation import distinct_string

    assert distinct_string("2025-05-13T10:00:00", [])[0] == "2025-05-13T21:00:00"  # same day, another hour
    assert distinct_string("2025-05-13", [])[0] == "mutant-value"  # a date alone has no hour
    # a config file's free lines are its comments: a `key = value` line stays graded
    assert has_comments("out/meters.ini", "[m1]\nlast = 1\n") and not has_comments("report.md", "# T\n")
    assert not has_comments("page.html", "<p>x</p>\n")
    # one key accepted in every section is one unchecked value
    ini = "[m1]\nlast = 2025-05-13T10:00:00\n[m2]\nlast = 2025-05-11T18:00:00\nused = 3\n"

    def acc(kind: str, line: int) -> CaseResult:
        return CaseResult(kind, "FINDING", f"grader ACCEPTED a mutant (shrunk minimal example): {kind}: line {line}: "
                                           "'00' -> '1000'; grader detail: 'ok'")
    out = _accepted_once("text", [acc("number_far", 2), acc("later_record", 4), acc("type_change", 5)], ini)
    assert [c.status for c in out] == ["FINDING", "SKIPPED", "FINDING"]


def test_second_review_of_the_p20_p23_rules(tmp_path):
    """A second outside review: each repro a test."""
    from artifactbench.gates.fuzz._comments import comment_only, graded_element
    from artifactbench.gates.fuzz._constant_query import OTHER_DATA, constant_query
    from artifactbench.gates.leaks._values import distinctive, program_values

    # a workspace file's name is never a URI: `..%2F` opens nothing outside, `?mode=rwc` creates nothing
    outside = tmp_path / "outside"
    outside.mkdir()
    import sqlite3

    secret = sqlite3.connect(outside / "secret.db")
    secret.execute("CREATE TABLE k (v TEXT)")
    secret.execute("INSERT INTO k VALUES ('TOP-SECRET')")
    secret.commit()
    secret.close()
    ws = tmp_path / "ws"
    ws.mkdir()
    decoy = sqlite3.connect(ws / "real.db")
    decoy.execute("CREATE TABLE k (v TEXT)")
    decoy.execute("INSERT INTO k VALUES ('public')")
    decoy.commit()
    decoy.close()
    (ws / "real.db").rename(ws / "..%2Foutside%2Fsecret.db")
    text, _, _ = constant_query("q.sql", "SELECT v FROM k", ws)
    assert "public" in text and "TOP-SECRET" not in text
    assert sorted(p.name for p in outside.iterdir()) == ["secret.db"]
    # a value too big, or a query of many statements, is refused quickly
    assert "does not run" in constant_query("q.sql", "SELECT zeroblob(100000000) AS z FROM k", ws)
    assert "more than one" in constant_query("q.sql", "SELECT '" + ";" * 300 + "'", ws)
    # the words that say the query is for other data
    assert not OTHER_DATA.search("Write the query to a new file; leave schema.sql unchanged.")
    assert not OTHER_DATA.search("Readings from other days are ignored.")
    # keys bound by the prompt stay graded, whatever else "may be any string"
    bound = read_prompt("Ward names must be copied exactly from the input; the optional `comment` field may be "
                        "any string.")
    assert bound.leaves_open("rename_key", "at $.wards, key 'North'") is None
    # "may not put any other HTML around the table" frees nothing; a named table is the one graded
    assert graded_element("You may not put any other HTML around the table.") is None
    named = graded_element('Fill `<table id="results">`. You may put any other HTML around the table.')
    assert named[0] == "table" and named[1] == {"id": "results"}
    # a program's ids, hosts and tables stay answer values
    script = "#!/bin/sh\ncurl billing-7f3q.internal.example --tier X9-PLATINUM\nexit 0\n"
    kept = program_values(distinctive("text", script), script).strings
    assert {"X9-PLATINUM", "billing-7f3q.internal.example"} <= kept and "curl" not in kept
    # `alice A 93` is a grade, not a DNS record
    grades = "alice A 93\nbob B 81\ncarol A 97\n;dave withdrawn\n"
    assert not comment_only("out/grades", grades, grades.replace(";dave withdrawn\n", ""))


def test_a_text_artifacts_fields_and_values_the_prompt_leaves_to_the_answer():
    """Blind p24: "an `id` attribute (any string, unique within the file)", "The `#` column is a row
    number (any numbering you like)": those values are the answer's own, in an XML or Markdown answer."""
    rings = read_prompt("One `<ring>` per ring, with an `id` attribute (any string, unique within the file) and "
                        "`size` = number of claims in it.")
    assert "id" in rings.free_fields and "size" not in rings.free_fields
    assert "#" in read_prompt("The `#` column is a row number (any numbering you like).").free_fields
    xml = '<rings count="2">\n  <ring id="4" size="4">\n  </ring>\n</rings>\n'
    ref = Reference("text", xml, FuzzPolicy(), read_prompt(""), "out/rings.xml")
    assert ref.text_field(xml.replace('id="4"', 'id="-4"')) == "id"
    assert ref.text_field(xml.replace('size="4"', 'size="1040"')) == "size"
    table = "| # | S1 | S2 |\n|---|---|---|\n| 1 | - | M67 |\n| 2 | HR34 | - |\n"
    ref = Reference("text", table, FuzzPolicy(), read_prompt(""), "out/s.md")
    assert ref.text_field(table.replace("| 2 |", "| 1010 |")) == "#"
    assert ref.text_field(table.replace("M67", "mutant-value")) == "S2"
    ini = "[m1]\nlast = 2025-05-13T10:00:00\n"
    assert Reference("text", ini, FuzzPolicy(), read_prompt(""), "m.ini").text_field(ini.replace("10:00", "21:00")) == "last"
    assert ref.text_field(table + "| 3 | - | - |\n") is None  # a line added: no field changed in place


def test_rules_from_blind_p24_p25():
    from artifactbench.gates.core._accuracy import stated_tolerance
    from artifactbench.gates.fuzz._reference import _record_map

    # a colon after a method phrase ends it; bold markers are no part of the words
    said = stated_tolerance("Any method is fine, but iterate to convergence: the answer is checked to **±0.01 m on "
                            "every junction head**, so stop only when your residuals are well below 1e-6.")
    assert said is not None and said.abs == 0.01
    assert stated_tolerance("Iterate until successive values are within 1e-12 of each other.") is None
    # a value with a unit is absolute; a bare one may be either
    assert stated_tolerance("heads are checked to within 0.01 m").readings == ((0.01, 0.0),)
    # ("within 0.01 of the true value" is a distance from it since blind p56; a bare "within 0.01" either)
    assert stated_tolerance("within 0.01 of the true value").readings == ((0.01, 0.0),)
    assert stated_tolerance("answers within 0.01 are accepted").rel == 0.01
    # a map of ids to numbers: its keys are data, never "other keys" a grant leaves open
    assert _record_map({"J1": 141.2, "J2": 139.8, "J3": 140.1})
    assert not _record_map({"pressures": 1.0, "iterations": 12.0, "residual": 0.1})
    assert not _record_map({"J1": 141.2, "J2": "x", "J3": 140.1})


def test_a_number_grown_at_the_end_of_a_line_has_its_field():
    """A value change that only appends to a line ("GROUP BY 1" -> "GROUP BY 1010") once ended the fuzz
    gate with StopIteration."""
    sql = "SELECT region\nGROUP BY 1\n"
    ref = Reference("text", sql, FuzzPolicy(), read_prompt(""), "q.sql")
    assert ref.text_field(sql.replace("BY 1", "BY 1010")) is None
    ini = "limit = 1\n"
    assert Reference("text", ini, FuzzPolicy(), read_prompt(""), "c.ini").text_field("limit = 1010\n") == "limit"


def test_a_value_the_prompt_leaves_to_the_answer_refused_is_a_stricter_grader():
    """Blind p24: ring ids parsed with int() under "an `id` attribute (any string, unique within the
    file)": a right answer with `id="n/a"` fails. A text answer's value changes are placed by field."""
    from artifactbench.gates.fuzz._fuzz import _chosen_value, _field_place

    prompt = "One `<ring>` per ring, with an `id` attribute (any string, unique within the file)."
    allows = read_prompt(prompt)
    assert allows.chosen_values[0][:2] == ("id", "string")
    xml = '<rings count="1">\n  <ring id="3" size="2">\n    <claim>CLM-40687</claim>\n  </ring>\n</rings>\n'
    ref = Reference("text", xml, FuzzPolicy(), allows, "out/rings.xml")
    word = Mutation("type_change", "line 2", "'3'", "'n/a'", xml.replace('id="3"', 'id="n/a"'))
    assert "leaves 'id' to the answer" in _chosen_value(allows, ref, "type_change", word)
    size = Mutation("type_change", "line 2", "'2'", "'n/a'", xml.replace('size="2"', 'size="n/a"'))
    assert _chosen_value(allows, ref, "type_change", size) == ""
    numbering = read_prompt("The `#` column is a row number (any numbering you like).")
    assert numbering.chosen_values[0][:2] == ("#", "number")
    place = _field_place(ref)
    claim = Mutation("number_far", "line 3", "'40687'", "'407720'", xml.replace("40687", "407720"))
    assert place(claim) == "field claim" and place(word) == "field id"
