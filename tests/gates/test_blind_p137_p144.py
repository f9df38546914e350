"""Rules from blind batches p137-p144 (tasks by helpers that saw only the spec): a false fail and missed flaws of
their first runs, in the batches' own words, each with a twin that must keep its verdict."""

from __future__ import annotations

import sys
from pathlib import Path

from artifactbench.gates.leaks._swapped import Traded, key_swap, presented
from artifactbench.gates.leaks._values import distinctive

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _leaks, _task  # noqa: E402


def test_p139_a_plain_texts_label_colon_is_no_part_of_the_value():
    # p139: "R-02: 15 valid strings missing" named request ids the agent's requests.csv holds, read as the
    # answer's `R-02:` (with its colon), which no input holds: a fail on a sound grader
    values = distinctive("text", "R-01: ELM>ASH\nR-02: QRY>KNT\nSee KNT-7.\n")
    assert {"R-01", "R-02", "KNT-7"} <= values.strings and "R-02:" not in values.strings
    # (a tree's string leaves stay as they are)
    assert "R-02:" in distinctive("json", '{"label": "R-02:"}').strings


TOML_PROMPT = """# Replay the desk log

Write `out/state.toml` with a `[summary]` table (`accepted`, `rejected`) and one
`[requests."R-...."]` table per request with `status`, `fine_cents` and `due` (a TOML date).
"""
TOML_REFERENCE = """# Replay of events.log

[summary]
accepted = 209
rejected = 14

[requests."R-2004"]
status = "closed"
fine_cents = 0
due = 2024-05-20

[requests."R-2008"]
status = "closed"
fine_cents = 25
due = 2024-05-10
"""
TOML_GRADER = """
try:
    got = tomllib.loads(text)
except tomllib.TOMLDecodeError as exc:
    return False, f"failed to parse: {exc}"
want = tomllib.loads(Path(__file__).with_name("reference_output.toml").read_text())
for key in ("accepted", "rejected"):
    if got.get("summary", {}).get(key) != want["summary"][key]:
        return False, MESSAGE
return got == want, "requests differ"
"""


def test_p139_a_toml_report_read_as_text_keeps_its_dates_when_moved(tmp_path):
    # p139: "summary.accepted = 3090, expected 209" went unreported: every number of the TOML text moved,
    # dates too, and the moved file no longer parsed, so the grader never said 209 again
    leaky = TOML_GRADER.replace("MESSAGE", 'f"summary.{key} = {got[\'summary\'].get(key)}, expected {want[\'summary\'][key]}"')
    root = _task(tmp_path, "p139_toml_leak", "out/state.toml", TOML_REFERENCE, TOML_PROMPT, leaky)
    assert any("209" in f for f in _fails(_leaks(root)))
    # (the twin names the field only)
    sound = TOML_GRADER.replace("MESSAGE", 'f"summary.{key} is wrong"')
    root = _task(tmp_path, "p139_toml_sound", "out/state.toml", TOML_REFERENCE, TOML_PROMPT, sound)
    assert not _fails(_leaks(root))


AUDIT_PROMPT = """# Crane work order audit

Write `audit.md` with a Markdown table of the columns `wo_id`, `crane`, `verdict`, `rules`: one row per
work order, `verdict` PASS or FAIL, `rules` the broken rule codes (`-` when none). Rows in any order.
"""
AUDIT_REFERENCE = """# Audit

| wo_id | crane | verdict | rules |
|---|---|---|---|
| WO-5100 | QC01 | PASS | - |
| WO-5103 | QC01 | PASS | - |
| WO-5106 | QC01 | FAIL | R2, R3 |
| WO-5109 | QC02 | FAIL | R2 |
| WO-5142 | QC02 | PASS | - |
"""
AUDIT_GRADER = """
def rows(t):
    out = {}
    for line in t.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 4 and cells[0].startswith("WO-"):
            out[cells[0]] = (cells[2], cells[3].replace(" ", ""))
    return out
got, want = rows(text), rows(Path(__file__).with_name("reference_output.md").read_text())
if set(got) != set(want):
    return False, f"{len(set(want) - set(got))} work order(s) missing"
wrong = [w for w in sorted(want) if got[w] != want[w]]
if wrong:
    return False, "; ".join(MESSAGE for w in wrong[:6])
return True, "all audited"
"""


def test_p138_a_detail_printing_each_wrong_records_expected_values(tmp_path):
    # p138: "WO-5106: got PASS [] expected FAIL [R2,R3]" for up to six rows a run: a verdict and rule codes are
    # no distinctive values (in the prompt, four letters short), and no mutant made a row wrong but whole
    leaky = AUDIT_GRADER.replace("MESSAGE", 'f"{w}: got {got[w][0]} [{got[w][1]}] expected {want[w][0]} [{want[w][1]}]"')
    root = _task(tmp_path, "p138_leak", "audit.md", AUDIT_REFERENCE, AUDIT_PROMPT, leaky)
    fails = _fails(_leaks(root))
    assert any(f.startswith("leak:key_swap") for f in fails), fails
    # (the twin names the wrong rows only)
    sound = AUDIT_GRADER.replace("MESSAGE", 'f"{w}: wrong verdict or rules"')
    root = _task(tmp_path, "p138_sound", "audit.md", AUDIT_REFERENCE, AUDIT_PROMPT, sound)
    assert not _fails(_leaks(root))


def test_p138_the_key_swap_probe_and_what_counts_as_presenting_a_records_values():
    swap = key_swap("text", AUDIT_REFERENCE)
    assert swap is not None and "WO-5100" in swap.where  # the first pair that differs in most other cells
    traded = Traded("WO-5106", frozenset({"FAIL", "R2", "R3"}), frozenset({"PASS"}))
    assert presented("WO-5106: got PASS [-] expected FAIL [R2,R3]", traded) == ["FAIL", "R2", "R3"]
    # (the options a field takes, the record's own values among them, present nothing; nor a count of cells,
    # nor another record's clause)
    assert presented("WO-5106: verdict must be PASS or FAIL; expected PASS or FAIL", traded) == []
    assert presented("WO-5106: expected 3 cells", Traded("WO-5106", frozenset({"3"}), frozenset({"4"}))) == []
    assert presented("WO-5106: wrong; WO-5109: expected FAIL", traded) == []
    # (records of JSONL trade a key too; a list without distinct names has none to trade)
    rows = '{"id": "A-1", "v": 1, "s": "x"}\n{"id": "A-2", "v": 2, "s": "y"}\n'
    assert key_swap("jsonl", rows).text == '{"id": "A-2", "v": 1, "s": "x"}\n{"id": "A-1", "v": 2, "s": "y"}\n'
    assert key_swap("jsonl", '{"v": 1}\n{"v": 2}\n') is None


ARRIVALS_PROMPT = """# Earliest arrival

Write `arrivals.jsonl`: one line per request, `{"request_id": ..., "arrival_day": ..., "path": [...]}`.
A request that cannot be delivered gets `"arrival_day": null` and `"path": []`. Lines in any order.
"""


def _arrivals() -> str:
    lines = []
    for i in range(40):
        day, path = ("null", "[]") if i % 7 == 3 else (str(40 + i), '["FAL", "ELM"]')
        lines.append(f'{{"request_id": "ILL-{4500 + i}", "arrival_day": {day}, "path": {path}}}')
    return "\n".join(lines) + "\n"


ARRIVALS_GRADER = """
want = {r["request_id"]: r for r in map(json.loads, Path(__file__).with_name("reference_output.jsonl").read_text().splitlines())}
got = {r["request_id"]: r for r in map(json.loads, text.splitlines())}
if set(got) != set(want):
    return False, "request ids differ"
for rid, w in want.items():
    if SKIP:
        continue
    if got[rid] != w:
        return False, f"{rid} wrong"
return True, "all correct"
"""


def test_p139_a_fields_nulls_are_a_place_of_their_own(tmp_path):
    # p139: a grader skipping the requests the reference calls undeliverable accepts any day for them; 12 of 64
    # nulls among 200 leaves were never drawn by type_change's random four
    flawed = ARRIVALS_GRADER.replace("SKIP", 'w["arrival_day"] is None')
    root = _task(tmp_path, "p139_nulls", "arrivals.jsonl", _arrivals(), ARRIVALS_PROMPT, flawed)
    fails = _fails(_fuzz(root))
    assert any(f.startswith("type_change") and "None -> 0" in f for f in fails), fails
    # (the twin compares every request)
    sound = ARRIVALS_GRADER.replace("SKIP", "False")
    root = _task(tmp_path, "p139_nulls_sound", "arrivals.jsonl", _arrivals(), ARRIVALS_PROMPT, sound)
    assert not [f for f in _fails(_fuzz(root)) if f.startswith("type_change")]


AUDIT_REPORT = """# Release audit - April 2025

**Releases audited:** 85
**Compliant releases:** 69

## Findings

| release_id | unit_id | rule |
|---|---|---|
| REL-0005 | W2513532-RBC | DONOR_DEFERRED |
| REL-0009 | W2513343-PLT | EXPIRED |
"""
FREE_FORM = """## Deliverable

Write `audit_report.md`. Free-form Markdown, but it must contain:

1. A line `Releases audited: <n>` and a line `Compliant releases: <n>`.
2. **One** Markdown findings table with the columns `release_id`, `unit_id` and `rule`, one row per
   violation. Row order and any extra columns (hospital, notes, ...) are up to you.
"""


def test_p137_a_free_form_report_holds_its_required_lines_in_any_order():
    # p137: "Free-form Markdown, but it must contain: ..." left the title graded, so the title swapped with a
    # count line, or written over with a copy of one, was a fail on a sound grader
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.core._free_lines import read_free_lines
    free = read_free_lines(FREE_FORM)
    assert free.any_order
    lines = AUDIT_REPORT.splitlines()
    swapped = list(lines)
    swapped[0], swapped[3] = lines[3], lines[0]
    assert free.confined(AUDIT_REPORT, "\n".join(swapped) + "\n")
    over = list(lines)
    over[0] = lines[2]
    assert free.confined(AUDIT_REPORT, "\n".join(over) + "\n")
    # (what it must contain stays graded: a count line dropped, a table row changed)
    assert not free.confined(AUDIT_REPORT, AUDIT_REPORT.replace("**Releases audited:** 85\n", ""))
    assert not free.confined(AUDIT_REPORT, AUDIT_REPORT.replace("EXPIRED", "DONOR_DEFERRED"))
    # (and a report the prompt fixes line by line has no such freedom)
    assert not read_free_lines("Write `audit_report.md` with exactly these lines, in this order.").any_order
    # "Row order and any extra columns (hospital, notes, ...) are up to you": the rows' order is free
    assert read_prompt(FREE_FORM).unordered
    assert not read_prompt("Row order and the totals must match the input file.").unordered


# --- an outside review of the rules above (the diff only, tasks of its own) ---

def test_review_key_swap_reads_expected_then_got_and_stops_at_another_record():
    traded = Traded("WO-5100", frozenset({"PASS"}), frozenset({"FAIL", "R2"}), (frozenset({"PASS"}),),
                    frozenset({"WO-5100", "WO-5109"}))
    # ("expected X, got Y": what was found ends what was expected)
    assert presented("WO-5100: expected PASS [-], got FAIL [R2]; WO-5109: expected FAIL [R2], got PASS [-]", traded) == ["PASS"]
    # (the next record's own values are not this record's expected ones)
    other = Traded("WO-5100", frozenset({"PASS"}), frozenset({"FAIL"}), (frozenset({"PASS"}),),
                   frozenset({"WO-5100", "WO-5109"}))
    assert presented("wrong rows: WO-5100 has FAIL [R2], not the expected verdict, WO-5109 has PASS [-], "
                     "not the expected verdict", other) == []


def test_review_key_swap_finds_records_and_ids():
    # (records one key down in a JSON object; the table of most rows, not a summary table before it)
    nested = key_swap("json", '{"generated": "2024-06-01", "orders": [{"id": "O-1", "s": "open", "n": 1}, '
                              '{"id": "O-2", "s": "shipped", "n": 2}]}')
    assert nested is not None and nested.where.startswith("at $.orders")
    report = ("| metric | value |\n|---|---|\n| rows | 3 |\n| total | 60 |\n\n"
              "| order_id | status | cents |\n|---|---|---|\n| A-1 | open | 10 |\n| A-2 | shipped | 20 |\n"
              "| A-3 | open | 30 |\n")
    assert "order_id" in key_swap("text", report).where
    # (a status that differs in every row of two is no key; ids of digits alone are, under an id's name)
    assert key_swap("csv", "status,cents\nopen,10\nshipped,20\n") is None
    assert "'emp_no'" in key_swap("csv", "emp_no,team,cents\n101,Dock,10\n102,Yard,20\n").where


def test_review_a_category_the_prompt_derives_from_the_key_is_a_warning(tmp_path):
    # "`category` comes from the letter after `SKU-`: `A` apparel, `F` food": the grader can say it from the key
    prompt = ("Write `valuation.md`: a Markdown table `sku`, `category`, `units`. `category` comes from the letter "
              "after `SKU-`: `A` apparel, `F` food. Rows in any order.\n")
    reference = "| sku | category | units |\n|---|---|---|\n| SKU-A100 | apparel | 4 |\n| SKU-F220 | food | 7 |\n"
    grader = """
rows = [[c.strip() for c in l.strip().strip("|").split("|")] for l in text.splitlines() if l.startswith("| SKU-")]
for sku, category, units in rows:
    want = {"A": "apparel", "F": "food"}[sku[4]]
    if category != want:
        return False, f"{sku}: category is {category}, should be {want} (from the SKU letter)"
return text == Path(__file__).with_name("reference_output.md").read_text(), "units differ"
"""
    root = _task(tmp_path, "review_sku", "valuation.md", reference, prompt, grader)
    check = _leaks(root)
    assert not _fails(check)
    assert any(k.name == "leak:key_swap" and k.severity == "warn" for k in check.cases)


def test_review_a_total_checked_against_the_artifacts_own_rows_is_no_leak(tmp_path):
    # a TOML report read as text, with dates: "total = -525, should be 525 (the sum of your requests)" is worked
    # out from the agent's own file; moved as dates, the request lines' numbers move and so does the sum
    prompt = "Write `out/state.toml`: `[summary]` `total_fine_cents` (the sum of the requests' `fine_cents`), then one table per request.\n"
    reference = ('[summary]\ntotal_fine_cents = 525\n\n[requests."R-1"]\nfine_cents = 150\ndue = 2024-05-20\n\n'
                 '[requests."R-2"]\nfine_cents = 375\ndue = 2024-05-10\n')
    grader = """
try:
    got = tomllib.loads(text)
except tomllib.TOMLDecodeError as exc:
    return False, f"failed to parse: {exc}"
own = sum(r.get("fine_cents", 0) for r in got.get("requests", {}).values())
total = got.get("summary", {}).get("total_fine_cents")
if total != own:
    return False, f"summary.total_fine_cents = {total}, should be {own} (the sum of your requests' fine_cents)"
return got == tomllib.loads(Path(__file__).with_name("reference_output.toml").read_text()), "requests differ"
"""
    root = _task(tmp_path, "review_toml_sum", "out/state.toml", reference, prompt, grader)
    assert not _fails(_leaks(root))


def test_review_the_readings_stay_where_they_were_said():
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.core._free_lines import read_free_lines
    from artifactbench.gates.leaks._verdict import as_expected
    # ("free-form text" of one field frees no report; an order stated beside "free-form" keeps the order)
    assert not read_free_lines("Write `routes.txt`. The `cause` column is free-form text.").any_order
    assert not read_free_lines("Write `build.md`. Free-form Markdown, but it must contain the build steps in the "
                               "order they must run.").any_order
    # (the order kept by a verb is no order freed)
    for said in ("Preserve line order and indentation exactly, trailing whitespace is ignored.",
                 "Keep the input's line order and everything else is up to you."):
        assert not read_prompt(said).unordered
    # (either value where the prompt takes both)
    allows = read_prompt("Write `out.jsonl`. `discount_cents` may be `null` or `0` (both are accepted).")
    assert allows.leaves_open("type_change", "record 1 (line 2), field 'discount_cents'")[0] == "warn"
    # ("unexpected" expects nothing)
    assert not as_expected("INC-212", "unexpected tables: INC-3120, INC-212 missing")


# --- p141-p144 (written in four house styles: terse tickets, a colleague's email, lenient graders, worked examples) ---

OPTIONS_PROMPT = """## Output

Write a plain-text file `output/return_options.txt` laid out in sections like this:

```
RETURN OPTIONS — SO-88412 (refund between 150.00 and 200.00)

SUMMARY
Count: <number of qualifying combinations>

OPTIONS
1. <combination> -> <refund>
```

What is flexible: the title line and blank lines are free, and you may add a notes section at the end
(for instance the per-option breakdown) as long as it starts with its own heading line such as `NOTES`.
"""
OPTIONS_REFERENCE = """RETURN OPTIONS — SO-88412 (refund between 150.00 and 200.00)

SUMMARY
Count: 2

OPTIONS
1. A+C -> 199.96
2. B+D -> 150.40

NOTES
Refund = gross - 15% restocking on opened units.
"""


def test_p143_a_plain_texts_free_title_and_notes_heading():
    # p143: "the title line ... free" kept the title graded (the example shows one), and `NOTES` (an example span of
    # the freeing sentence) read as a line the grader reads: five false fails, two of them default negative cases
    from artifactbench.gates.core._free_lines import read_free_lines
    free = read_free_lines(OPTIONS_PROMPT)
    kinds = free.kinds(OPTIONS_REFERENCE)
    assert kinds[0] == "free" and kinds[9] == "free" and kinds[2] == kinds[5] == kinds[6] == "graded"
    lines = OPTIONS_REFERENCE.splitlines()
    title = lines[0]
    assert free.confined(OPTIONS_REFERENCE, OPTIONS_REFERENCE.replace("150.00 and", "151.00 and"))  # off_by_one
    assert free.confined(OPTIONS_REFERENCE, title + "\n" + OPTIONS_REFERENCE)  # the title twice
    assert free.confined(OPTIONS_REFERENCE, OPTIONS_REFERENCE.replace("NOTES", "mutant-value"))
    # (the graded sections stay graded)
    assert not free.confined(OPTIONS_REFERENCE, OPTIONS_REFERENCE.replace("Count: 2", "Count: 3"))
    assert not free.confined(OPTIONS_REFERENCE, OPTIONS_REFERENCE.replace("OPTIONS\n1.", "OPTIONS\n7."))


def test_p144_free_choices_and_a_grader_that_sorts_before_comparing():
    from artifactbench.gates.core import read_prompt
    said = ("Free choices: row order (we sort before comparing; grouping N-1 rows before N-2 rows is the convention "
            "but not required), extra columns.")
    assert read_prompt(said).unordered
    assert not read_prompt("Rows must be sorted by id; the free choices are the extra columns.").unordered


def test_p144_p143_a_tally_row_twice_and_two_rule_rows_exchanged():
    from artifactbench.gates.fuzz._reference import _pair_row_key
    report = ["## Rule Tally", "", "| code | requests |", "|---|---|", "| INVALID | 2 |", "| NOTICE | 4 |",
              "", "| date | peak_mw | margin_mw |", "|---|---|---|", "| 2024-07-08 | 1760 | 276 |", "| 2024-07-09 | 1800 | 230 |"]
    assert _pair_row_key(report, 4) == "INVALID"
    from artifactbench.gates.fuzz._reference import once_here
    tally = ["## Decisions", "", "| request | decision |", "|---|---|", "| OR-1 | APPROVED |", ""] + report
    # ("exactly one row per request" of another section says nothing of the tally's rows; of no section, of all)
    assert not once_here("- **Decisions** — exactly one row per request.\n- **Rule Tally** — for each code, how many.",
                         tally, 10)
    assert once_here("Each code appears exactly once.", tally, 10)
    assert once_here("- **Rule Tally** — each code exactly once.", tally, 10)
    # (a row of a table of records is a record: repeated, one record more)
    assert _pair_row_key(report, 9) is None


def test_p143_a_column_one_table_lists_and_another_table_holds(tmp_path):
    # p143: `SKU`, a required column of the `## Inventory` table, also stood in the `## RMA status` table, whose
    # prompt item lists "at least the columns `RMA`, `State`, ..." and "tables may have extra columns"
    prompt = """Write `out/replay.md` with these sections:

1. `## RMA status` — a table with at least the columns `RMA`, `State`, `Qty`.
2. `## Inventory` — a table `SKU | Sellable` with the counts for every sku.

Rows may be in any order and tables may have extra columns.
"""
    reference = """## RMA status

| RMA | SKU | State | Qty |
|---|---|---|---|
| RMA-1 | BK-2202 | REFUNDED | 1 |
| RMA-2 | TY-7300 | SCRAPPED | 2 |
| RMA-3 | BK-2202 | RESTOCKED | 3 |

## Inventory

| SKU | Sellable |
|---|---|
| BK-2202 | 4 |
| TY-7300 | 0 |
"""
    grader = """
def rows(t, head):
    part = t.split(head, 1)[1].split("##", 1)[0] if head in t else ""
    out = []
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and not set(line) <= set("|- "):
            out.append(cells)
    return out
got, want = rows(text, "## RMA status"), rows(Path(__file__).with_name("reference_output.md").read_text(), "## RMA status")
pick = lambda rs: sorted((r[rs[0].index("RMA")], r[rs[0].index("State")], r[rs[0].index("Qty")]) for r in rs[1:]) if rs else None
try:
    ok = pick(got) == pick(want)
    inv = rows(text, "## Inventory") == rows(Path(__file__).with_name("reference_output.md").read_text(), "## Inventory")
except (ValueError, IndexError):
    return False, "bad table"
return ok and inv, "wrong"
"""
    root = _task(tmp_path, "p143_columns", "out/replay.md", reference, prompt, grader)
    check = _fuzz(root)
    assert not [f for f in _fails(check) if "SKU" in f or "7300" in f], _fails(check)
    # (the twin whose prompt lists `SKU` for the status table too: a column it asks for, never compared)
    root = _task(tmp_path, "p143_columns_listed", "out/replay.md", reference,
                 prompt.replace("`RMA`, `State`, `Qty`", "`RMA`, `SKU`, `State`, `Qty`"), grader)
    assert any("SKU" in f or "2202" in f or "7300" in f for f in _fails(_fuzz(root)))


def test_p143_a_section_heading_written_over_a_free_intro_line():
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.fuzz import Mutation
    from artifactbench.gates.fuzz._fuzz import _empty_heading_copy
    prompt = ("Create `report.md` with a `## Summary` section (any heading level; you may add a title, an intro "
              "paragraph or other sections around it).\n")
    reference = "# March\n\nSource: rmas.csv, refunds.csv (deduplicated).\n\n## Summary\n\n- Total RMAs: 58\n"
    allows = read_prompt(prompt)
    over = Mutation("replace_record", "line 3 replaced by a copy of line 5", "'Source: ...'", "'## Summary'",
                    reference.replace("Source: rmas.csv, refunds.csv (deduplicated).", "## Summary"))
    assert _empty_heading_copy(reference, "replace_record", over, allows, prompt)
    # (not where the prompt says a section comes once)
    assert not _empty_heading_copy(reference, "replace_record", over, allows, prompt + "The section appears exactly once.\n")
    # (a graded line written over is no free line's place)
    graded = Mutation("replace_record", "line 7 replaced by a copy of line 5", "'- Total RMAs: 58'", "'## Summary'",
                      reference.replace("- Total RMAs: 58", "## Summary"))
    assert not _empty_heading_copy(reference, "replace_record", graded, allows, prompt)


def test_p141_a_band_against_the_converged_fit_is_the_answers():
    # p141: "Every cell must be within 0.01 of the converged fit; don't round to whole trips" read as how to
    # iterate (a convergence criterion), so a grader holding cells to 1 % (2.1 trips) went unseen
    from artifactbench.gates.core import stated_tolerance
    stated = stated_tolerance("- Give `trips` to at least 3 decimals. Every cell must be within 0.01 of the "
                              "converged fit; don't round to whole trips.\n")
    assert stated is not None and stated.abs == 0.01
    # (how to iterate states none)
    assert stated_tolerance("Repeat until every row and column sum is within 0.001 of its target.") is None
    assert stated_tolerance("Iterate until every value is within 1e-6 of the previous sweep.") is None


def test_p144_number_near_reaches_more_fields_than_other_kinds(tmp_path):
    # p144: "every cost figure within $0.50", graded to 1 %, on one key of fifteen: number_near stopped after four
    # fields, none of them a cost
    lines = [f"g{i}_mw = {100 + i * 7.5:.4f}" for i in range(12)] + ["total_cost = 228430.17"]
    reference = "[H01]\n" + "\n".join(lines) + "\n"
    prompt = ("Write `dispatch.ini`. Every `g*_mw` output is compared within 0.01 MW, and `total_cost` within $0.50 "
              "of our value.\n")
    grader = """
import configparser
got, want = configparser.ConfigParser(), configparser.ConfigParser()
try:
    got.read_string(text)
except configparser.Error:
    return False, "unreadable"
want.read_string(Path(__file__).with_name("reference_output.ini").read_text())
for key, value in want["H01"].items():
    mine = got["H01"].get(key) if got.has_section("H01") else None
    try:
        mine = float(mine)
    except (TypeError, ValueError):
        return False, f"{key} missing"
    tol = 0.01 * float(value) if key == "total_cost" else 0.01
    if abs(mine - float(value)) > tol:
        return False, f"{key} off"
return True, "ok"
"""
    root = _task(tmp_path, "p144_near", "dispatch.ini", reference, prompt, grader)
    assert any(f.startswith("number_near") and "total_cost" in f for f in _fails(_fuzz(root)))


# --- a second outside review (the diff of the p141-p144 rules only) ---

def test_review2_a_title_is_no_record_and_an_example_no_format():
    from artifactbench.gates.core._free_lines import read_free_lines
    # (records in the form the prompt shows, no title: "A title line and headings are up to you" frees none)
    late = read_free_lines("Write `out/late.txt` with one line per unpaid invoice, in the form `<id> <days> days late`."
                           "\n\nA title line and headings are up to you.\n")
    assert set(late.kinds("INV-7 40 days late\nINV-3 12 days late\nINV-9 5 days late\n")) == {"graded"}
    # ("must look like `...`" is the format, not an example of a free part)
    like = read_free_lines("Headings and blank lines are up to you, but every invoice line must look like "
                           "`<id> <days> days late`.\n")
    assert like.kinds("# Late\nINV-7 40 days late\n") == ("free", "graded")
    # (a first line the prompt sets is no title)
    summary = read_free_lines("The first line must be `<n> overdue, <amount> EUR`. A title line is up to you.\n")
    assert not summary.title_free
    # (a list of codes in capitals is data, not headings)
    hubs = read_free_lines("Write one IATA code per line, each code exactly once. Headings are up to you.\n")
    assert hubs.kinds("AMS\nCDG\nFRA\n") != ("free", "free", "free")
    # ("such as `NOTES` or `REMARKS`": both examples)
    notes = read_free_lines("You may add a notes section at the end, as long as it starts with its own heading line "
                            "such as `NOTES` or `REMARKS`; notes are free.\n")
    assert not any(p.fullmatch("REMARKS") for p, _ in notes.templates)


def test_review2_once_and_ties_keep_their_verdicts():
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.fuzz._reference import ONCE
    assert not read_prompt("Rows ordered by `points`, highest first. Free choices: row order among teams with "
                           "equal points.").unordered
    assert ONCE.search("Each player must appear exactly once.") and ONCE.search("Each host gets exactly one section.")


def test_p142_an_emails_permission_in_passing():
    # p142 (prompts written as a colleague's email): "Order the rows however you like and put a title or a few notes
    # above the table if that's useful, but list each slot only once" freed neither the title nor the order
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.core._free_lines import read_free_lines
    said = ("Please put the answer in `dental_slots.md` as a single Markdown table with columns `Date`, `Clinic`, "
            "`Start` and `Vet`. Order the rows however you like and put a title or a few notes above the table if "
            "that's useful, but list each slot only once.\n")
    report = "Dental GA slots, week of 6 April 2026\n\n| Date | Clinic | Start | Vet |\n|---|---|---|---|\n" \
             "| 2026-04-06 | HLC | 09:00 | V08 |\n"
    assert read_free_lines(said).kinds(report)[0] == "free"
    assert read_prompt(said).unordered
    # (a permission for a column is no free line of the report)
    assert read_free_lines("Add a room column if you like.\n").kinds(report)[0] != "free"
