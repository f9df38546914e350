"""Rules from blind batches p28-p31 (tasks none of us wrote): a table's header row is no record, a shell
script graded on its sample only, lines freed by a marker or after a closing line, a line dropped from a
run of its kind, a named order of a nested list, a page free but for its table, a CSV without a header."""

from __future__ import annotations

from artifactbench.gates.core import read_prompt
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._reference import Reference

REPORT = """# Formula audit

| Issue | Count |
|---|---|
| DIV_ZERO | 2 |

| Cell | Issue | Note |
|---|---|---|
| `E13` | DIV_ZERO | |
| `F2` | DIV_ZERO | |
"""
PROMPT = "Write `audit.md` with two pipe tables. The order of the findings rows does not matter."


def test_a_table_header_swapped_with_a_row_is_no_reordering_of_rows():
    """p28: `| Cell | Issue | Note |` swapped with a finding row has the row's shape, but the grader that
    rejects it refuses no order the prompt frees (it was a warn that the grader is stricter)."""
    ref = Reference("text", REPORT, FuzzPolicy(), read_prompt(PROMPT), "audit.md")
    assert not ref.records_swapped("line 7 <-> line 9", PROMPT)  # the header and the first finding
    assert not ref.records_swapped("line 9 <-> line 7", PROMPT)
    assert ref.records_swapped("line 9 <-> line 10", PROMPT)  # two findings


SCRIPT = """#!/bin/sh
# prints its argument's lines, upper-cased, and fails on a missing file
[ -f "$1" ] || { echo "no such file: $1" >&2; exit 3; }
tr a-z A-Z < "$1"
exit 0
"""


def _sh(text: str, tmp_path, *args: str) -> tuple[int, bytes]:
    import subprocess

    script = tmp_path / "it.sh"
    script.write_text(text)
    proc = subprocess.run(["sh", str(script), *args], capture_output=True, cwd=tmp_path)
    return proc.returncode, proc.stdout


def test_the_recording_wrapper_prints_and_exits_as_the_script_and_keeps_each_run(tmp_path):
    """constant_script's first grading: the reference wrapped must behave as the reference (stdout,
    exit status, its arguments), or the grader's verdict on it says nothing."""
    from artifactbench.gates.fuzz._constant_script import _runs, recording

    runs = tmp_path / "runs"
    runs.mkdir()
    (tmp_path / "in.txt").write_text("gate a\nq'uote\n")
    wrapped = recording(SCRIPT, runs)
    assert wrapped.startswith("#!/bin/sh\n")
    assert _sh(wrapped, tmp_path, "in.txt") == _sh(SCRIPT, tmp_path, "in.txt") == (0, b"GATE A\nQ'UOTE\n")
    assert _sh(wrapped, tmp_path, "missing.txt") == _sh(SCRIPT, tmp_path, "missing.txt") == (3, b"")
    assert sorted(_runs(runs)) == [b"", b"GATE A\nQ'UOTE\n"]


def test_the_constant_script_prints_the_recorded_bytes_whatever_its_input(tmp_path):
    from artifactbench.gates.fuzz._constant_script import constant

    printed = b"it's 100%\n\\n $HOME `id`\nno newline at the end"
    text = constant(SCRIPT, printed)
    assert text is not None and text.startswith("#!/bin/sh\n")
    assert _sh(text, tmp_path, "anything") == (0, printed)
    assert constant(SCRIPT, b"nul\0byte") is None and constant(SCRIPT, b"\xff") is None


def test_a_prompt_wanting_a_script_for_any_log_is_read_as_other_data():
    from artifactbench.gates.fuzz._constant_query import OTHER_DATA
    from artifactbench.gates.fuzz._constant_script import shell_script

    assert OTHER_DATA.search("The cron job runs it on every day's log, so it must work for any log in this "
                             "format, not just the sample.")
    assert OTHER_DATA.search("It must run on any input directory of this layout.")
    assert not OTHER_DATA.search("Lines may come in any order.")
    assert not OTHER_DATA.search("Print the lines of the sample in any order.")
    assert shell_script("tools/report.sh", "echo hi\n") and shell_script("report", "#!/usr/bin/env bash\necho\n")
    assert not shell_script("report.py", "#!/usr/bin/env python3\n")


CATALOGUE = """<?xml version="1.0" encoding="UTF-8"?>
<audit>
  <record id="CAT00243">
    <error code="DUP_BARCODE"/>
  </record>
  <record id="CAT00246">
    <error code="DUP_BARCODE"/>
    <error code="YEAR_RANGE"/>
  </record>
</audit>
"""
CATALOGUE_PROMPT = """Write `output/audit.xml`:

```
<audit>
  <record id="CAT00001">
    <error code="DUP_BARCODE"/>
  </record>
</audit>
```

- One `<error>` child per violated rule. You may add XML comments anywhere; they are ignored.
"""


def _dropped(text: str, line: int) -> str:
    return "".join(x for i, x in enumerate(text.splitlines(True)) if i != line - 1)


def test_a_line_dropped_from_a_run_of_its_shape_is_its_own_place():
    """Blind p20: the codes of a record checked as a subset of the right ones. Dropping the only
    `<error>` of a record is rejected, dropping one of two is not: four drops of lone lines must not
    make the kind "clearly rejected" before a drop from a run is graded."""
    from artifactbench.gates.fuzz._fuzz import _field_place

    ref = Reference("text", CATALOGUE, FuzzPolicy(), read_prompt(CATALOGUE_PROMPT), "output/audit.xml")
    place = _field_place(ref)

    def drop(line: int) -> str:
        old = CATALOGUE.splitlines()[line - 1]
        return place(Mutation("drop_record", f"line {line}", repr(old), "(dropped)", _dropped(CATALOGUE, line)))

    assert drop(4) != drop(7) == drop(8)  # the lone code of CAT00243; the two codes of CAT00246
    assert drop(7).endswith("one of a run") and not drop(4).endswith("one of a run")


def test_a_shown_line_the_answer_repeats_is_a_record_not_a_given_line():
    """Blind p20: the prompt's example shows `<error code="DUP_BARCODE"/>`, which the answer holds once
    per record with that code: dropping one is a lost record, not a given line changed."""
    ref = Reference("text", CATALOGUE, FuzzPolicy(), read_prompt(CATALOGUE_PROMPT), "output/audit.xml")
    assert ref.shown_line_change(_dropped(CATALOGUE, 7), CATALOGUE_PROMPT) is None
    shown_once = CATALOGUE.replace('<record id="CAT00246">', '<record id="CAT00001">')
    ref = Reference("text", shown_once, FuzzPolicy(), read_prompt(CATALOGUE_PROMPT), "output/audit.xml")
    assert ref.shown_line_change(shown_once.replace("CAT00001", "CAT00002"), CATALOGUE_PROMPT) is not None


def test_an_xml_data_file_frees_its_comments_not_its_elements():
    from artifactbench.gates.fuzz._comments import has_comments

    assert has_comments("output/audit.xml", CATALOGUE)
    assert not has_comments("report.html", "<html><body><p>hi</p></body></html>\n")


def test_a_named_order_of_a_nested_list_is_stated():
    """Blind p27: "`waitlist` must be in queue order, head first" states the nested list's order, so a
    grader comparing it with sorted() accepts a wrong queue: a fail, not an order left open."""
    prompt = ("- `confirmed` and `cancelled` may be in any order.\n"
              "- `waitlist` **must be in queue order**, head first.\n")
    allows = read_prompt(prompt)
    assert allows.leaves_open("swap_records", "at $.sailings.S1.waitlist[0] <-> at $.sailings.S1.waitlist[1]") is None
    assert allows.leaves_open("swap_records", "at $.sailings.S1.confirmed[0] <-> at $.sailings.S1.confirmed[1]")
    for free in ("List the rows in any order.", "Rows may come in no particular order.",
                 "The lines can be in an arbitrary order."):
        assert read_prompt(free).leaves_open("swap_records", "line 2 <-> line 3"), free


PAGE_PROMPT = ("Write `output/breaker_state.html`: an HTML document containing a `<table>` whose first row is a "
               "header row with the cells `Breaker`, `State`, `Trips`. Row order is free; any other markup, "
               "styling or text in the document is allowed.")
PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Breaker states</title></head>
<body>
<table border="1">
  <tr><th>Breaker</th><th>State</th><th>Trips</th></tr>
  <tr><td>CB-101</td><td>OPEN</td><td>1</td></tr>
  <tr><td>CB-102</td><td>CLOSED</td><td>3</td></tr>
</table>
</body></html>
"""


def test_a_page_free_but_for_its_table_frees_the_lines_around_it():
    """Blind p30: "any other markup, styling or text in the document is allowed", the table named in
    another sentence: the `<meta charset="utf-8">` line is free, a row of the table is not."""
    from artifactbench.gates.fuzz._comments import graded_element

    element = graded_element(PAGE_PROMPT)
    assert element is not None and element[0] == "table"
    ref = Reference("text", PAGE, FuzzPolicy(), read_prompt(PAGE_PROMPT), "output/breaker_state.html")
    assert ref.markup_change(PAGE.replace("utf-8", "utf-1080"), PAGE_PROMPT)[0] == "info"
    assert ref.markup_change(PAGE.replace("<td>3</td>", "<td>4</td>"), PAGE_PROMPT) is None
    assert graded_element("Write a page with a `<table>`. You may not add any other markup; it is not allowed.") is None


def test_a_page_attribute_the_prompt_never_names_is_presentation():
    """Blind p30: `<table border="1">` dropped or repeated moves tags only (a warn); an attribute the
    prompt names (`data-state`) is a value."""
    from artifactbench.gates.fuzz._comments import markup_only

    dropped = PAGE.replace('<table border="1">\n', "")
    assert markup_only("out.html", PAGE, dropped, PAGE_PROMPT)
    assert not markup_only("out.html", PAGE, dropped, PAGE_PROMPT + " Give the table `border` 1.")
    assert not markup_only("out.html", PAGE, PAGE.replace("<td>3</td>", "<td>4</td>"), PAGE_PROMPT)


def test_a_csv_the_prompt_says_has_no_header_is_read_as_lines():
    """Blind p30: "CSV **without a header**, one minimal set per line": the first set is no row of
    column names, and the sets differ in length; an input file without a header says nothing of it."""
    from artifactbench.gates.fuzz._formats import format_for

    prompt = ("Write `output/cutsets.csv`: CSV **without a header**, one minimal set per line, each line "
              "listing the set's ids separated by commas.")
    assert format_for("output/cutsets.csv", prompt) == "text"
    assert format_for("output/cutsets.csv", "Write `output/cutsets.csv` with a header row `a,b`.") == "csv"
    assert format_for("output/cutsets.csv", "`lines.csv` has no header. Write `output/cutsets.csv` as CSV.") == "csv"
    assert format_for("out/v.csv", "Write `out/v.csv` as CSV without a header row.") == "text"
