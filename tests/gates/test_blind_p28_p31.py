"""Rules from blind batches p28-p31 (tasks none of us wrote): a table's header row is no record, a shell
script graded on its sample only, lines freed by a marker or after a closing line, a line dropped from a
run of its kind, a named order of a nested list, a page free but for its table, a CSV without a header."""

from __future__ import annotations

import itertools

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
    found = sorted(_runs(runs))  # (arguments, exit status, stdout, argv, {n: bytes of a file argument})
    assert [(r[0], r[1], r[2]) for r in found] == [("in.txt", 0, b"GATE A\nQ'UOTE\n"), ("missing.txt", 3, b"")]
    assert found[0][3:] == (["in.txt"], {1: b"gate a\nq'uote\n"})


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
    # (an algorithm hint states no order of the output: blind p19)
    assert not read_prompt("For each sensor compute, using its readings in timestamp order:\n\n"
                           "- `missing` - number of missing readings;\n- `max_run` - the longest run.\n").ordered_by
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


LINT_PROMPT = ("Write `output/lint_report.txt`. Format:\n\n"
               "- Each finding is one line: `MK001 <target> <prerequisite>` for MK001, `<CODE> <name>` for the others.\n"
               "- Findings may be in any order and may be grouped under headings or mixed with free-form notes, "
               "but no non-finding line may start with `MK0`. Report each finding once.\n"
               "- The report ends with a summary block: a line containing exactly `SUMMARY`, followed by one line "
               "`<CODE>=<count>` per code.\n")
LINT = ("tinycalc Makefile lint report\n=============================\n\nMissing prerequisites:\n"
        "MK001 build/lexer.o include/tokens.h\nMK001 build/eval.o include/eval.h\n\nDependency cycles:\n"
        "MK002 build/parser.o\nMK002 build/grammar.c\n\nSUMMARY\nMK001=2\nMK002=2\n")


def test_a_plain_text_heading_ending_in_a_colon_is_free_where_headings_are():
    """Blind p32: "may be grouped under headings": `Missing prerequisites:` repeated is a heading
    repeated, though `<CODE> <name>` (two placeholders) matches any two-word line."""
    free = read_prompt(LINT_PROMPT).free_lines
    assert free.confined(LINT, LINT.replace("Missing prerequisites:\n", "Missing prerequisites:\n" * 2))
    assert not free.confined(LINT, LINT.replace("MK002 build/parser.o\n", ""))


def test_a_literal_line_or_a_summary_line_swapped_with_a_finding_is_no_reordering():
    """Blind p32: `SUMMARY` (quoted as the exact line) and `MK001=2` (a key=value summary line) have a
    finding line's shape by separators alone; a swap with them is no reorder of the findings."""
    ref = Reference("text", LINT, FuzzPolicy(), read_prompt(LINT_PROMPT), "output/lint_report.txt")
    lines = LINT.splitlines()
    at = {line: i + 1 for i, line in enumerate(lines)}
    finding, other = at["MK001 build/eval.o include/eval.h"], at["MK002 build/parser.o"]
    assert ref.records_swapped(f"line {finding} <-> line {other}", LINT_PROMPT)
    assert not ref.records_swapped(f"line {finding} <-> line {at['SUMMARY']}", LINT_PROMPT)
    assert not ref.records_swapped(f"line {other} <-> line {at['MK001=2']}", LINT_PROMPT)


def test_another_order_is_left_open_where_the_prompt_accepts_any_optimal_answer():
    """Blind p33: "`rooms` is the cleaning order ... Any optimal assignment is accepted": another order
    of a crew's rooms may be another optimal schedule (a warn, not a fail)."""
    allows = read_prompt("- `rooms` are listed in cleaning order for that person.\n"
                         "- Key order and extra keys are fine. Any optimal assignment is accepted.\n")
    assert allows.leaves_open("swap_records", "at $.crews[2].rooms[1] <-> at $.crews[2].rooms[3]")[0] == "warn"
    strict = read_prompt("- `rooms` are listed in cleaning order for that person.\n")
    assert strict.leaves_open("swap_records", "at $.crews[2].rooms[1] <-> at $.crews[2].rooms[3]") is None


def test_a_line_the_answer_repeats_under_many_records_is_no_leaked_line(tmp_path):
    """Blind p32: the format example shows `<flag code="FORCED_TRANSFER"/>`, which the answer repeats
    under many objects: "93/166 reference lines appear" counted that vocabulary line 90 times."""
    from _leak_task import content_leaks as _content_leaks

    reference = ('<?xml version="1.0" encoding="UTF-8"?>\n<flags>\n' + "".join(
        f'  <object accession="1987.{i:03d}.{i % 7}">\n    <flag code="FORCED_TRANSFER"/>\n  </object>\n'
        for i in range(40)) + "</flags>\n")
    prompt = ('Write `flags.xml`:\n\n```xml\n<flags>\n  <object accession="1950.001.1">\n'
              '    <flag code="FORCED_TRANSFER"/>\n  </object>\n</flags>\n```\n')
    result = _content_leaks(tmp_path, "flags", "flags.xml", reference, prompt, {"objects.csv": "accession\n"})
    assert result.status == "pass", result
    shown = prompt.replace("```\n", "".join(f'  <object accession="1987.{i:03d}.{i % 7}">\n'
                                           for i in range(40)) + "```\n", 1)
    result = _content_leaks(tmp_path, "flags2", "flags.xml", reference, shown, {"objects.csv": "accession\n"})
    assert result.status == "fail", result  # every object's line is the answer


def test_inject_record_copies_a_whole_element_beside_another_of_its_tag():
    """An XML answer's record is an element of several lines: a copy of one (numbers moved) put after
    another of its tag is one record more, where a copy of its opening line alone is only broken XML."""
    import random

    from artifactbench.gates.fuzz._strategies import mutation_draws
    from artifactbench.gates.fuzz._text_strategies import element_blocks

    doc = CATALOGUE.replace('"CAT00243"', '"1950.80"').replace('"CAT00246"', '"1954.93"')
    lines = doc.splitlines()
    assert element_blocks(lines) == [(2, 4), (5, 8)]  # each <record> (not the document's <audit>)
    draws = mutation_draws("text", doc, FuzzPolicy(), "inject_record")
    mutants = list(itertools.islice(draws.values(random.Random(0)), 200))
    blocks = [m for m in mutants if "(copy of lines " in getattr(m, "where", "")]
    assert blocks
    for m in blocks:
        new = m.text.splitlines()
        assert len(new) - len(lines) in (3, 4) and new.count("  </record>") == 3


def test_a_declaration_or_doctype_change_accepted_is_info_and_a_shebang_is_not_drawn():
    """Blind p28-p33: `<?xml version="1.0"?>` moved to 1010.0, dropped or repeated was a `warn` in every
    XML task (it is still drawn: a grader raising on `encoding="UTF-1080"` is a finding); a script's `#!`
    line is not drawn at all."""
    import random
    import re

    from artifactbench.gates.fuzz._strategies import mutation_draws

    page = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE r>\n<r>\n  <a n="12.5"/>\n  <a n="13.5"/>\n</r>\n'
    ref = Reference("text", page, FuzzPolicy(), read_prompt("Write `r.xml`."), "r.xml")
    assert ref.declaration_change(page.replace('version="1.0"', 'version="1010.0"'))[0] == "info"
    assert ref.declaration_change(page.replace("<!DOCTYPE r>\n", "")) is not None
    assert ref.declaration_change(page.replace("12.5", "13.5")) is None
    script = "#!/bin/sh\n# counts per door\nawk '{ n[$2]++ } END { for (d in n) print d, n[d] }' \"$1\"\n"
    for kind in ("number_far", "drop_record", "duplicate_record", "string_change", "swap_records"):
        draws = mutation_draws("text", script, FuzzPolicy(), kind)
        for m in itertools.islice(draws.values(random.Random(0)), 100) if draws is not None else ():
            if hasattr(m, "where"):
                assert 1 not in {int(n) for n in re.findall(r"line (\d+)", m.where)}, (kind, m.where)
    sh = Reference("text", script, FuzzPolicy(), read_prompt("Write `count.sh`."), "count.sh")
    assert sh.comment_change(script.replace("# counts per door\n", ""))[0] == "info"


def test_a_band_stated_of_one_kind_of_value_is_that_kind_s():
    """Blind p25: "checked to ±0.01 m on every junction head and ±0.05 L/s on every pipe flow": the
    heads' band is 0.01, not the loosest of the two (a grader checking heads to 1% passed every move)."""
    stated = read_prompt("Iterate to convergence: the answer is checked to **±0.01 m on every junction head** "
                         "and **±0.05 L/s on every pipe flow**, so stop early at your own risk.").stated
    assert dict((n, (a, r)) for n, a, r in stated.scoped) == {"head": (0.01, 0.0), "flow": (0.05, 0.0)}
    assert stated.band_at(("J1", "heads"), 147.0) == 0.01
    assert stated.band_at(("P1", "flows"), 58.0) == 0.05
    assert stated.band_at(("elevation",), 3.0) == stated.band(3.0) == 0.05
    assert read_prompt("Every value must be within 0.5% of the exact one.").stated.scoped == ()


DOCKET = """# Docket summary

## Hon. Jane Doe
- Open cases: 4
- Closed cases: 9
- Oldest open case: 2022-CR-0412

## Hon. Ray Lee
- Open cases: 12
- Closed cases: 4
- Oldest open case: none
"""
DOCKET_PROMPT = ("Each section must contain these bullet items (labels exactly as shown, in any order):\n\n"
                 "```\n- Open cases: <n>\n- Closed cases: <n>\n- Oldest open case: <case_no>\n```\n\n"
                 "Judge sections may appear in any order.")


def test_a_labelled_value_repeated_is_a_warn_and_a_swap_across_sections_no_reorder():
    """Blind p34: `- Open cases: 4` twice says the same value twice (a warn, where a record repeated in
    a list is a fail), and `- Closed cases: 9` of one judge swapped with `- Open cases: 12` of another
    moves values between records, which no "in any order" frees."""
    ref = Reference("text", DOCKET, FuzzPolicy(), read_prompt(DOCKET_PROMPT), "report.md")
    assert ref.field_repeat("duplicate_record", "line 4", DOCKET_PROMPT)[0] == "warn"
    assert ref.field_repeat("duplicate_record", "line 1", DOCKET_PROMPT) is None  # a title, no labelled value
    listing = Reference("text", "A B C\nA C B\nB A C\n", FuzzPolicy(), read_prompt(""), "orders.txt")
    assert listing.field_repeat("duplicate_record", "line 2", "") is None
    errors = Reference("text", CATALOGUE, FuzzPolicy(), read_prompt(""), "audit.xml")
    assert errors.field_repeat("duplicate_record", "line 7", CATALOGUE_PROMPT) is None  # one `<error>` of a run
    # (a label the prompt does not name is data: `bob: 5` of "one line per user, `username: count`")
    users = Reference("text", "alice: 3\nbob: 5\ncarol: 2\n", FuzzPolicy(), read_prompt(""), "users.txt")
    assert users.field_repeat("duplicate_record", "line 2", "One line per user, `username: count`.") is None
    assert not ref.records_swapped("line 5 <-> line 9", DOCKET_PROMPT)


def test_a_one_word_key_named_only_in_the_method_text_is_another_key():
    """Blind p34: "use any root-finding method you like" does not name an output key `method`; "Extra
    keys are allowed" then frees it."""
    allows = read_prompt("There is no closed form; use any root-finding method you like.\n\n"
                         "Write `out.json` with `lift` and `rate` per lift. Extra keys are allowed.")
    assert not allows.names("method") and allows.names("rate")
    assert allows.leaves_open("string_change", "at $.lifts[0].method") is not None
    assert read_prompt("Each record has a `method` field. Extra keys are allowed.").names("method")
    assert read_prompt("Report the method you used. Extra keys are allowed.").names("method")


def test_grant_examples_inside_records_and_keys_listed_for_the_output():
    """Blind p35: a closed list of top-level keys with "Extra keys inside the per-target objects are
    ignored, so you may add e.g. a `notes` field"; a JSONL output "with keys:" `booking`, `status`,
    `seats`, where `screening` (an input event's field) is another key; "the order within `seats` do not
    matter" frees lines too."""
    plan = read_prompt("Write a JSON object with exactly the keys `release`, `debug`. Each value is an object "
                       "with `waves`. Extra keys inside the per-target objects are ignored, so you may add e.g. "
                       "a `notes` field.")
    assert plan.leaves_open("drop_key", "at $.debug, key 'notes'")[0] == "info"
    assert plan.leaves_open("drop_key", "at $.debug, key 'waves'") is None
    bookings = read_prompt("- `hold` (`screening`, `seats`): the booking holds seats.\n\n"
                           "Write `out.jsonl`: one JSON object per line, with keys:\n\n"
                           "- `booking` - the booking id\n- `status` - its final state\n- `seats` - its seats\n\n"
                           "Line order, key order and the order within `seats` do not matter. Extra keys are "
                           "allowed and ignored.\n")
    assert bookings.listed_keys == {"booking", "status", "seats"}
    assert bookings.leaves_open("string_change", "record 3 (line 4), field 'screening'") is not None
    assert bookings.leaves_open("string_change", "record 3 (line 4), field 'status'") is None
    assert bookings.leaves_open("swap_records", "record 0 (line 1) <-> record 1 (line 2)")[0] == "info"


def test_a_page_line_outside_the_table_written_over_with_tags_and_a_header_row_swap():
    """Blind p35: "You may put any other content (headings, notes, CSS) outside the table": the `<h1>`
    line written over with a copy of `<table border=1>` is a freed line dropped and a tag added (a warn);
    the `<tr><th>` header row swapped with a data row is no reorder of the rows."""
    prompt = ("Write `growth.html`: an HTML document containing one `<table>` whose first row is a header. "
              "Rows may be in any order. You may put any other content (headings, notes, CSS) outside the table.")
    page = ("<html><body>\n<h1>Fitted growth</h1><p>Bisection on g</p>\n<table border=1>\n"
            "<tr><th>hive</th><th>g</th></tr>\n<tr><td>H1</td><td>0.02</td></tr>\n<tr><td>H2</td><td>0.03</td></tr>\n"
            "</table>\n</body></html>\n")
    ref = Reference("text", page, FuzzPolicy(), read_prompt(prompt), "growth.html")
    lines = page.splitlines()
    over = "\n".join(lines[:1] + [lines[2]] + lines[2:]) + "\n"
    assert ref.markup_change(over, prompt)[0] == "warn"
    assert ref.markup_change(page.replace("<td>0.02</td>", "<td>0.05</td>"), prompt) is None
    assert not ref.records_swapped("line 4 <-> line 5", prompt)
    assert ref.records_swapped("line 5 <-> line 6", prompt)


AUDIT_PROMPT = ("1. One *finding line* per commit that violates a rule: `<first 7 characters of the sha> <rules>`, "
                "e.g. `1a2b3c4 R1,R5`.\n2. Then a summary block that starts with the line `== summary ==`.\n\n"
                "You may put a title, blank lines or short prose before the findings, as long as no such line "
                "starts with a 7-character hex word.\n")
AUDIT = "Commit convention audit\n=======================\n\n1197955 R1\ne4666a6 R1\n== summary ==\ncommits_checked: 9\n"


def test_prose_before_the_findings_is_free_and_a_placeholder_format_grades_lines_with_values():
    """Blind p37: the title's underline edited to a word, or a line put above the first finding, is
    prose "before the findings"; `<sha> <rules>` (placeholders only) grades lines holding a value."""
    free = read_prompt(AUDIT_PROMPT).free_lines
    assert free.before
    assert free.confined(AUDIT, AUDIT.replace("=" * 23, "mutant-value"))
    assert free.confined(AUDIT, "Checked by hand in May\n" + AUDIT)
    assert not free.confined(AUDIT, AUDIT.replace("1197955 R1", "abcdef0 R9\n1197955 R1"))  # a finding added
    assert not free.confined(AUDIT, AUDIT.replace("e4666a6 R1\n", ""))
    assert not free.confined(AUDIT, AUDIT.replace("1197955 R1", "1197955 R2"))


def test_an_injected_copy_keeps_an_id_s_width():
    """Blind p37: `1197955 R1` copied as `11980550 R1` (and `249e196` read as a float) made a line its
    prompt calls prose; the copy keeps the id's width."""
    import random

    from artifactbench.gates.fuzz._strategies import mutation_draws

    text = "1197955 R1\n249e196 R5\n"
    draws = mutation_draws("text", text, FuzzPolicy(), "inject_record")
    copies = {m.new for m in itertools.islice(draws.values(random.Random(0)), 50) if hasattr(m, "new")}
    assert copies and all(len(c.strip("'").split()[0]) == 7 for c in copies), copies


def test_a_key_value_answer_s_keys_are_its_format_and_named_keys_are_graded(tmp_path):
    """Blind p37: a TOML answer whose keys the prompt names was "quoting 7/12 of the answer's values" (its
    key names); and `rated_speed_mps = nan` was left open by "any additional keys are up to you"."""
    from _leak_task import content_leaks as _content_leaks

    reference = ("[elevator]\nrated_speed_mps = 3.247719\nmean_flight_time_s = 16.000000\n"
                 "longest_flight_s = 31.5\nshortest_flight_s = 4.25\n")
    prompt = ("Write `profile.toml` with a table `[elevator]` holding `rated_speed_mps`, `mean_flight_time_s`, "
              "`longest_flight_s` and `shortest_flight_s`. Comments, key order and any additional keys or "
              "tables are up to you.\n")
    result = _content_leaks(tmp_path, "lift", "profile.toml", reference, prompt, {"trips.csv": "t\n"})
    assert result.status == "pass", result
    free = read_prompt(prompt).free_lines
    assert not free.confined(reference, reference.replace("3.247719", "nan"))
    assert free.confined(reference, reference + "notes = 'fast'\n")


def test_an_element_that_is_a_list_s_item_repeated_stays_a_record_repeated():
    """Blind p19: `<reason>range</reason>` is one of a sensor's reasons (another sensor has two in a row):
    repeated, it is one reason more, unlike `<boarded>`, which every lift has once."""
    qc = ('<qc>\n  <sensor id="A">\n    <reason>range</reason>\n  </sensor>\n  <sensor id="B">\n'
          '    <reason>stuck</reason>\n    <reason>range</reason>\n  </sensor>\n</qc>\n')
    ref = Reference("text", qc, FuzzPolicy(), read_prompt(""), "qc.xml")
    assert ref.field_repeat("duplicate_record", "line 3", "Give each sensor's `<reason>` elements.") is None
    lifts = '<lifts>\n  <lift id="A">\n    <boarded>34</boarded>\n  </lift>\n</lifts>\n'
    assert Reference("text", lifts, FuzzPolicy(), read_prompt(""), "l.xml").field_repeat(
        "duplicate_record", "line 3", "Each `<lift>` holds a `<boarded>` count.")[0] == "warn"


def test_review_repros_of_rules_too_broad(tmp_path):
    """An outside review of this batch of rules found each of these downgrading a real flaw, or a
    format misread; each is its repro."""
    from artifactbench.gates.fuzz._comments import graded_element, markup_only
    from artifactbench.gates.fuzz._constant_query import other_data
    from artifactbench.gates.fuzz._constant_script import constant
    from artifactbench.gates.fuzz._formats import format_for

    # a declaration sharing its line with the document is no declaration-only change
    one_line = '<?xml version="1.0" ?><summary><failed>42</failed></summary>\n'
    ref = Reference("text", one_line, FuzzPolicy(), read_prompt(""), "s.xml")
    assert ref.declaration_change(one_line.replace("42", "4200")) is None
    # a page that names a `<p id="total">` besides its `<table>` is not free but for the table
    both = ("Put the count in a `<p id=\"total\">` element and the jobs in a `<table>`. Any other markup or "
            "styling is allowed.")
    page2 = '<p id="total">2</p>\n<table>\n<tr><td>job-1</td></tr>\n</table>\n'
    assert graded_element(both)[0] == "table"  # (a row added to it is graded)
    assert Reference("text", page2, FuzzPolicy(), read_prompt(both), "p.html").markup_change(
        page2.replace(">2<", ">7<"), both) is None
    # an `href` is a value, whatever the prompt calls it
    page = '<table>\n<tr><td><a href="https://pypi.org/project/flask/">flask</a></td></tr>\n</table>\n'
    assert not markup_only("p.html", page, page.replace("https://pypi.org/project/flask/", "https://evil.example/"),
                           "Link each package to its page.")
    # a one-word key named in plain prose is named
    assert read_prompt("Save `result.json` with `by_user`. Also give the overall total. Extra keys are allowed.") \
        .names("total")
    # the constant script keeps the exit status the grader saw
    script = tmp_path / "c.sh"
    script.write_text(constant("#!/bin/sh\necho\n", b"E101 a.py\n", 1))
    import subprocess
    assert subprocess.run(["sh", str(script)], capture_output=True).returncode == 1
    # a sort the prompt states is one order, whatever answers it accepts
    sorted_crews = read_prompt("The lines must be sorted by `crew` ascending. Any optimal assignment is accepted.")
    assert sorted_crews.leaves_open("swap_records", "line 1 <-> line 2") is None
    # an input without a header row, or a file whose name holds the output's, says nothing of the output
    assert format_for("out/readings.csv", "The input `data/readings.csv` has no header row. Write "
                      "`out/readings.csv` with the header `sensor,mean`.") == "csv"
    assert format_for("out.csv", "The input `layout.csv` has no header row. Write `out.csv`.") == "csv"
    # a permission to hard-code asks nothing of other data
    assert other_data("You may hard-code the path `app.log`.") is None
    assert other_data("Hard-coding the file name is fine.") is None


def test_a_key_line_is_injected_only_into_its_own_table():
    """Blind p15, p20: `movements_applied = 23500` copied above `[summary]` is a root key more, which
    "extra keys are up to you" frees; a copy goes into the key's own table."""
    import random

    from artifactbench.gates.fuzz._strategies import mutation_draws

    toml = "[summary]\nmovements_applied = 2250\n\n[warehouses.AMS]\ntotal_units = 4056\n"
    draws = mutation_draws("text", toml, FuzzPolicy(), "inject_record")
    for m in itertools.islice(draws.values(random.Random(0)), 100):
        if hasattr(m, "where"):
            at = int(m.where.split("before line ", 1)[1].split()[0]) - 1
            source = int(m.where.split("copy of line ", 1)[1].split(",")[0]) - 1
            headers = lambda k: sum(1 for line in toml.splitlines()[:k] if line.startswith("["))  # noqa: E731
            assert headers(at) == headers(source + 1), m.where


def test_a_shell_script_gets_no_200_kb_of_brackets():
    """The shell parses a script the grader runs: 200 KB of `[` cost `sh` 2.8 s a run and tested nothing of
    the grader (door_counts_sh fixtures: the contract gate took 3.7 s of a 4 s check)."""
    from artifactbench.gates.contract._garbage import garbage_cases

    names = [g.name for g in garbage_cases("text", "echo hi\n", 1, shell=True)]
    assert "deeply_nested_json" not in names and "binary_garbage" in names
    assert "deeply_nested_json" in [g.name for g in garbage_cases("text", "a b\n", 1)]


def test_the_reference_query_with_its_rows_reversed(tmp_path):
    """Blind p33: a grader matching rows by name never checked the `ORDER BY total_minutes DESC` its
    prompt asks for. The probe wraps the reference so its rows come in reverse, only where that is another
    order; a grader accepting it ignores the order (`query_order`)."""
    import sqlite3

    from artifactbench.gates.fuzz._constant_query import constant_query

    (tmp_path / "schema.sql").write_text("CREATE TABLE h (name TEXT, minutes INTEGER);\n"
                                         "INSERT INTO h VALUES ('ann', 30), ('bo', 50), ('cy', 40);\n")
    reference = "-- minutes per housekeeper\nSELECT name, minutes FROM h\nORDER BY minutes DESC; -- busiest first\n"
    _, _, reversed_ = constant_query("q.sql", reference, tmp_path)
    conn = sqlite3.connect(":memory:")
    conn.executescript((tmp_path / "schema.sql").read_text())
    assert conn.execute(reversed_).fetchall() == [("ann", 30), ("cy", 40), ("bo", 50)]
    # one row, or rows that read the same backwards: no other order to offer
    assert constant_query("q.sql", "SELECT name FROM h WHERE name = 'bo'", tmp_path)[2] is None
