"""Rules from the blind batches p351-p356 (2026-12-07, twenty-fifth session), each with a twin that keeps its
verdict, and one from p348 met again while looking at what the last round missed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _contract, _fails, _fuzz, _task, _text_task, _twins  # noqa: E402

from artifactbench.gates.core._prompt import read_prompt  # noqa: E402

# --- p348: "(a leading `+` is optional)" inside the sentence naming three columns ---------------------------------

_COLUMNS = ("- `Submitted`: the figure from `submitted_return.csv`; `Recomputed`: your figure; `Difference`: a signed "
            "integer such as `-7`, `0` or `12` (a leading `+` is optional).\n")


def test_how_a_value_may_be_written_frees_no_field_the_sentence_names():
    # (p348: the three columns read as optional, so keep_total's Submitted and Difference moved together, which the
    # grader took on the answer's word, was a warn; the planted flaw)
    assert read_prompt(_COLUMNS).optional_fields == frozenset()
    for said in ("a trailing zero is optional", "the `%` sign is optional", "thousands separators are optional",
                 "the unit suffix is optional"):
        assert read_prompt(f"`total` is the sum of the rows ({said}).\n").optional_fields == frozenset(), said


def test_a_field_called_optional_beside_such_a_note_stays_optional():
    # the twins: the field itself called optional, with or without a note on how values are written
    assert read_prompt("`note` is optional.\n").optional_fields == {"note"}
    assert "comment" in read_prompt("The `comment` column is optional; the `%` sign is optional.\n").optional_fields
    assert "note" in read_prompt(_COLUMNS.replace("(a leading `+` is optional)", "(`note` is optional)")
                                 .replace("- `Submitted`", "- `note`")).optional_fields


# --- p355: one field moved between sibling records, their sum kept -----------------------------------------------

_LEDGER = json.dumps({"cards": {
    "VC-01": {"total_cents": 1200, "days": {"2024-03-05": {"charged_cents": 500, "boardings": 3},
                                            "2024-03-06": {"charged_cents": 700, "boardings": 4}}},
    "VC-02": {"total_cents": 900, "days": {"2024-03-05": {"charged_cents": 400, "boardings": 2},
                                           "2024-03-07": {"charged_cents": 500, "boardings": 2}}}}}, indent=2) + "\n"
_LEDGER_PROMPT = ("Write `ledger.json`: for each card its `total_cents` and, per service day, `charged_cents` (exact to "
                  "the cent: these settle disputes) and `boardings`.\n")
_CARD_SUMS_ONLY = """
got, want = json.loads(text), json.loads(REF)
for card, rec in want['cards'].items():
    mine = got['cards'][card]
    if mine['total_cents'] != rec['total_cents'] or set(mine['days']) != set(rec['days']):
        return False, f'card {card} wrong'
    if sum(d['charged_cents'] for d in mine['days'].values()) != mine['total_cents']:
        return False, f'card {card}: days do not add up'
    if any(mine['days'][d]['boardings'] != v['boardings'] for d, v in rec['days'].items()):
        return False, f'card {card}: boardings'
return True, 'ledger matches'
"""
_EVERY_DAY = _CARD_SUMS_ONLY.replace("return True, 'ledger matches'",
                                     "if got != want:\n    return False, 'a day is wrong'\nreturn True, 'ledger matches'")


def _with_ref(body: str, ref: str) -> str:
    return f"REF = {ref!r}\n" + body


def test_money_moved_between_two_days_of_a_card_is_found(tmp_path):
    # (p355: the grader compared each day's boardings, and the days' charges only against the card's total, which it
    # recomputed: 250 cents booked on the wrong day, one day over the daily cap, passed)
    _twins(tmp_path, "fare_ledger", "ledger.json", _LEDGER, _LEDGER_PROMPT, _with_ref(_CARD_SUMS_ONLY, _LEDGER),
           _with_ref(_EVERY_DAY, _LEDGER), "keep_total", "moved against each other")


_TABLE = ("| lot | sku | qty |\n|---|---|---:|\n| L1 | ATOR | 64 |\n| L2 | ATOR | 504 |\n| L3 | INSG | 37 |\n"
          "| L4 | INSG | 60 |\n")
_ROW = "rows = [[c.strip() for c in l.strip().strip('|').split('|')] for l in text.splitlines()[2:] if l.strip()]\n"
_SKU_SUMS_ONLY = _ROW + """
want = [[c.strip() for c in l.strip().strip('|').split('|')] for l in REF.splitlines()[2:] if l.strip()]
if [r[:2] for r in rows] != [r[:2] for r in want]:
    return False, 'lots differ'
for sku in {r[1] for r in want}:
    if sum(int(r[2]) for r in rows if r[1] == sku) != sum(int(r[2]) for r in want if r[1] == sku):
        return False, f'{sku} on hand wrong'
return True, 'stock matches'
"""


def test_a_table_column_moved_between_rows_is_found_and_a_band_wider_than_the_step_is_not(tmp_path):
    # (p343's lot quantities, as a Markdown table: units of one lot moved onto another, the SKU's sum kept)
    prompt = "Write `stock.md`, one row per lot: `| lot | sku | qty |`; every `qty` must match the replay exactly.\n"
    _twins(tmp_path, "lot_table", "stock.md", _TABLE, prompt, _with_ref(_SKU_SUMS_ONLY, _TABLE),
           _with_ref(_ROW + "return text == REF, 'stock matches' if text == REF else 'a lot is wrong'", _TABLE),
           "keep_total", "column 'qty'")


def test_no_shift_within_the_band_the_prompt_allows_or_across_zero():
    # the twins: a step the prompt's band covers is no wrong answer, and a zero or a sign change is not moved
    from artifactbench.gates.fuzz._keep_total import _num, _shift

    a, b = _num("qty", "64", ()), _num("qty", "504", ())
    assert _shift(a, b, None) == ("96", "472")
    assert _shift(a, b, lambda slot, value: 10.0) is None  # (a step of 32 is within 4 bands of 10)
    assert _shift(_num("qty", "0", ()), b, None) is None
    assert _shift(_num("d", "-3", ()), _num("d", "5", ()), None) is None
    assert _shift(_num("d", "1", ()), _num("d", "2", ()), None) is None  # (a step under one unit: nothing)
    assert _shift(_num("d", "4", ()), _num("d", "6", ()), None) is None  # (6, 4: the two exchanged, swap_values' case)


# --- p356: "What's optional: a title, ..."; "We read only the count line and the table" ----------------------------

def test_a_label_of_what_is_optional_and_a_grader_reading_only_some_lines_free_the_rest():
    # (p356: the report's `# Estuary Case: candidate line-ups` title dropped was a false fail; the prompt's aside said
    # "(What's optional: a title, a sentence or two of introduction, notes under the table. ... We read only the count
    # line and the table.)")
    from artifactbench.gates.core._free_lines import COMMENTARY, ELSEWHERE, HEADINGS, read_free_lines, uncommented
    said = read_free_lines(uncommented("What's optional: a title, a sentence or two of introduction, notes under the "
                                       "table.\n"))
    assert {HEADINGS, COMMENTARY} <= said.parts
    assert ELSEWHERE in read_free_lines(uncommented("We read only the count line and the table.\n")).parts
    assert ELSEWHERE in read_free_lines(uncommented("The grader only looks at the table.\n")).parts
    # the twins: a label that frees nothing, and a reading that refuses other text, free nothing
    assert not read_free_lines(uncommented("What is optional: nothing.\n")).parts
    assert not read_free_lines(uncommented("We read only the table; no other text may appear.\n")).parts
    assert not read_free_lines(uncommented("The count line and the table are read.\n")).parts


_CASE = ("# Estuary Case: candidate line-ups\n\nValid selections: 4\n\n| rank | specimens | mass |\n|---:|---|---:|\n"
         "| 1 | A, B | 14.60 |\n| 2 | A, C | 14.90 |\n| 3 | B, C | 15.10 |\n| 4 | B, D | 15.20 |\n")
_CASE_PROMPT = ("Write `case.md`: a line `Valid selections: N`, N the number of allowed line-ups, and a table "
                "`| rank | specimens | mass |` listing **every** allowed line-up exactly once, ranked 1, 2, 3, ... from the "
                "top, heaviest last.\n")
_RANKS = """
lines = text.splitlines()
count = next(int(l.split(':')[1]) for l in lines if l.startswith('Valid selections:'))
rows = [[c.strip() for c in l.strip().strip('|').split('|')] for l in lines if l.startswith('| ') and l[2].isdigit()]
want = [[c.strip() for c in l.strip().strip('|').split('|')] for l in REF.splitlines() if l.startswith('| ') and l[2].isdigit()]
if [r[0] for r in rows] != [str(i + 1) for i in range(len(rows))] or count != len(rows):
    return False, 'ranks or count wrong'
if any(r not in want for r in rows):
    return False, 'a line-up is not allowed'
"""


def test_a_list_cut_short_with_its_count_made_one_less_is_tried_at_its_last_row(tmp_path):
    # (p356: the grader checked every row, the ranks' sequence and the count against the rows, never the count itself;
    # a row dropped from the middle broke the ranks, so four such drops were rejected, and the last row was never tried)
    _twins(tmp_path, "case_rows", "case.md", _CASE, _CASE_PROMPT, _with_ref(_RANKS + "return True, 'ok'", _CASE),
           _with_ref(_RANKS + "return len(rows) == len(want), 'ok'", _CASE), "drop_record", "count made 3")


def test_a_line_with_a_field_more_must_not_make_the_grader_raise(tmp_path):
    # (p356: `cid, rule = line.split("\t")` raised on an agent's explanation column; a line without its last field
    # was handled)
    from artifactbench.gates.contract._contract import short_lines

    reference = "NHC-001\tDUP_ACCESSION\nNHC-002\tBAD_DATE\n"
    assert short_lines(reference, longer=True)[0][1] == "NHC-001\tDUP_ACCESSION\tDUP_ACCESSION\nNHC-002\tBAD_DATE\n"
    assert short_lines("a,b,c\r\n", longer=True)[0][1] == "a,b,c,c\r\n"
    grader = """\
from dataclasses import dataclass
from pathlib import Path

@dataclass
class GradeResult:
    passed: bool
    score: float
    detail: str

def grade(scratch_dir):
    path = Path(scratch_dir) / "out" / "log.txt"
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return GradeResult(False, 0.0, "no readable findings")
    got = set()
    for line in text.splitlines():
        if "\\t" not in line:
            return GradeResult(False, 0.0, "a line without a tab")
        SPLIT
        got.add((cid, rule))
    ok = got == {("NHC-001", "DUP_ACCESSION"), ("NHC-002", "BAD_DATE")}
    return GradeResult(ok, float(ok), "findings checked")
"""
    flawed = _contract(_text_task(tmp_path, "audit", reference, grader.replace("SPLIT", 'cid, rule = line.split("\\t")')))
    assert next(k for k in flawed["contract"].cases if k.name == "no_raise:long_line").severity == "fail"
    sound = _contract(_text_task(tmp_path, "audit_sound", reference, grader.replace(
        "SPLIT", 'cid, _, rule = line.partition("\\t")')))
    assert next(k for k in sound["contract"].cases if k.name == "no_raise:long_line").status == "OK"


# --- p353: the answer's one result line in verify.py's docstring ------------------------------------------------------

def test_the_answer_s_one_result_line_in_a_verifier_is_a_leak():
    # (p353: verify.py's "Expected layout" showed the first hourly line, an input's values, and the answer's last line,
    # `CROSS10 2024-08-15T15:17`, the task's one result; one line of fifty, no rule's share reached)
    from artifactbench.gates.leaks._content import _summary_case, summary_lines

    reference = "".join(f"2024-08-14T{h:02d}:00 9.{h:02d} 11.50 14.00\n" for h in range(6, 20)) \
        + "CROSS10 2024-08-15T15:17\n"
    lines = summary_lines(reference, frozenset())
    assert lines == ["CROSS10 2024-08-15T15:17"]
    verify = '"""Expected layout:\n\n    2024-08-14T06:00 9.06 11.50 14.00\n    CROSS10 2024-08-15T15:17\n"""\n'
    case = _summary_case("workspace/verify.py", verify, lines, lambda: "CROSS10 YYYY-MM-DDTHH:MM\n")
    assert case is not None and case.status == "FINDING"
    # the twins: a value the prompt or an input holds, a placeholder line, a line of a shape many lines share
    assert _summary_case("workspace/verify.py", verify, lines, lambda: "at 2024-08-15T15:17 the alarm") is None
    assert _summary_case("workspace/verify.py", "CROSS10 YYYY-MM-DDTHH:MM\n", lines, lambda: "") is None
    assert summary_lines("A 1\nA 2\nA 3\n", frozenset()) == []


# --- p354: a date a day off, where the prompt asks for the exact day --------------------------------------------------

_DATES = ("| hive | r_per_day | cross_date |\n|---|---:|---|\n| H-09 | 0.0371 | 2025-07-01 |\n"
          "| H-12 | 0.0551 | 2025-07-22 |\n| H-08 | 0.0587 | never |\n")
_DATES_CHECK = _ROW + """
import datetime
want = [[c.strip() for c in l.strip().strip('|').split('|')] for l in REF.splitlines()[2:] if l.strip()]
if [r[0] for r in rows] != [r[0] for r in want]:
    return False, 'hives differ'
for r, w in zip(rows, want):
    if not abs(float(r[1]) - float(w[1])) <= 0.0005:
        return False, f'{r[0]} rate'
    if (r[2] == 'never') != (w[2] == 'never'):
        return False, f'{r[0]} date'
    if w[2] != 'never' and abs((datetime.date.fromisoformat(r[2]) - datetime.date.fromisoformat(w[2])).days) > SLACK:
        return False, f'{r[0]} date'
return True, 'all hives within tolerance'
"""


def test_a_date_a_day_off_is_tried_first_and_a_band_of_days_allows_it(tmp_path):
    # (p354: "The `cross_date` has to be the exact day though", graded to a day either way: `floor` for `ceil` passed;
    # string changes of the date only ever broke its parse)
    from artifactbench.gates.fuzz._mutation import day_later

    exact = "Write `mites.md`, the table `| hive | r_per_day | cross_date |`; r within ±0.0005, the date the exact day.\n"
    _twins(tmp_path, "mite_dates", "mites.md", _DATES, exact, _with_ref(_DATES_CHECK.replace("SLACK", "1"), _DATES),
           _with_ref(_DATES_CHECK.replace("SLACK", "0"), _DATES), "string_change", "a date moved a day later")
    # the twin: a prompt that allows a day either way keeps the same grader clean
    fuzz = _fuzz(_task(tmp_path, "mite_band", "mites.md", _DATES, exact.replace("the date the exact day", "a date within ±1 day is accepted"),
                       _with_ref(_DATES_CHECK.replace("SLACK", "1"), _DATES)))
    assert not _fails(fuzz), _fails(fuzz)
    assert day_later("2025-12-31") == "2026-01-01" and day_later("2025-02-30") is None
    # (review: a band of days said of the data, or a warning, is no band of the answer's dates; the run's own date is any)
    from artifactbench.gates.fuzz._fuzz import _day_band
    where = "line 3, column 'cross_date' (a date moved a day later)"
    assert _day_band("Tickets resolved within 1 day are marked FAST.\n", where) == ""
    assert _day_band("Careful: being off by one day is the classic mistake with dates here.\n", where) == ""
    assert _day_band("Write `generated_on`, the date you run your script.\n", "at $.generated_on, (a date moved a day later)")
    assert day_later("2025-07-01T10:00") is None and day_later("v2025-07-01") is None


# --- p360 (round 2): a rubric's "### Not graded (no points lost)" over a list ------------------------------------------

def test_the_items_under_a_not_graded_heading_are_read_as_not_graded():
    # (p360: the report's title dropped was a false fail; its freedom was a list under "### Not graded (no points
    # lost)", "- Any other text: headings, notes on convergence, iteration counts")
    from artifactbench.gates.core._free_lines import COMMENTARY

    rubric = ("## Output\n\nOne table.\n\n### Not graded (no points lost)\n\n- Any other text: headings, notes on "
              "convergence. Put whatever helps\n  around the tables.\n- Column alignment markers.\n\n## Rubric\n\n"
              "- Every figure is checked to the cent.\n")
    allows = read_prompt(rubric)
    assert COMMENTARY in allows.free_lines.parts
    # the twins: the same list under another heading, and the list after the heading's section ended
    assert not read_prompt(rubric.replace("### Not graded (no points lost)", "### Graded")).free_lines.parts
    from artifactbench.gates.core._prompt import _ungraded_lists
    out = _ungraded_lists(rubric)
    assert "- Not graded: Column alignment markers." in out and "- Every figure is checked" in out


# --- p357 (round 2): a patent claim's "further tables are permissible"; "deviates by not more than 1 second" -----------

def test_further_tables_beside_the_one_asked_for_are_free():
    # (p357: a `## Summary` table of `| Tag | Options |` under "headings, prose and further tables are permissible
    # anywhere in the document, provided that exactly one table has the header recited in claim 7" was six false fails)
    from artifactbench.gates.core._free_lines import read_free_lines, uncommented

    prompt = ("7. The method of claim 1, wherein the table's header row has the cells `Tag`, `Routing` and `Departs`.\n\n"
              "11. The method of claim 7, wherein headings, prose and further tables are permissible anywhere in the "
              "document, provided that exactly one table has the header recited in claim 7.\n")
    answer = ("# Options\n\n| Tag | Routing | Departs |\n|---|---|---|\n| 207 | AZ767 | 17:15 |\n\n## Summary\n\n"
              "| Tag | Options |\n|---|---|\n| 207 | 4 |\n")
    free = read_free_lines(uncommented(prompt))
    kinds = dict(zip(answer.splitlines(), free.kinds(answer)))
    assert kinds["| 207 | 4 |"] == "free" and kinds["| 207 | AZ767 | 17:15 |"] == "graded"
    # the twins: "no further tables are permitted" and a prompt without the sentence free no table
    for other in (prompt.replace("headings, prose and further tables are permissible", "no further tables are "
                                 "permissible"), prompt.split("\n\n")[0] + "\n"):
        again = read_free_lines(uncommented(other))
        assert dict(zip(answer.splitlines(), again.kinds(answer)))["| 207 | 4 |"] == "graded"


def test_a_band_said_as_deviating_by_not_more_than_from_the_exact_value():
    from artifactbench.gates.core import stated_tolerance

    said = stated_tolerance("Because segment times are not whole seconds, a margin that deviates by not more than 1 "
                            "second from the exact margin is regarded as correct.\n")
    assert said is not None and said.abs == 1.0
    # the twin: a rule about the data, not the answer's band
    assert stated_tolerance("A count that deviates by at most 3 from the mean of its week is flagged.\n") is None


# --- p358 (round 2): a deposition transcript's page:line numbers; "Does the order of the rows matter? / No." ---------

def test_a_transcript_s_line_numbers_and_its_answered_order_question():
    # (p358: "Order\n 20:23      doesn't matter." ran into the line number, and "Q. Does the order of the rows matter? /
    # A. No. Sort them however you like." was a question: two rows exchanged were two false fails)
    from artifactbench.gates.core._prompt import unnumbered

    lines = [f" 7:{n:<2}  filler line {n} of the testimony." for n in range(1, 12)]
    asked = "\n".join(lines + [" 7:22  Q.  Does the order of the rows matter?", " 7:23  A.  No. Sort them however you like."])
    assert "\n  Q." not in unnumbered(asked) and unnumbered(asked).splitlines()[-1] == "A.  No. Sort them however you like."
    assert read_prompt(asked).unordered_sentences
    broken = "\n".join(lines + [" 20:22      that's what it's read by. Order", " 20:23      doesn't matter. One row per tier."])
    assert read_prompt(broken).unordered_sentences
    # the twins: answered yes, or a prompt whose lines are not numbered, keep the order
    assert not read_prompt(asked.replace("A.  No. Sort them however you like.", "A.  Yes, by account id.")).unordered_sentences
    assert unnumbered("Use 10:30 as the start.\nSee 7:22  below.\n") == "Use 10:30 as the start.\nSee 7:22  below.\n"


# --- p358, p362 (round 2): an object written as a list; "I want every place where ..." -------------------------------

def test_an_object_written_as_a_list_must_not_make_the_grader_raise():
    # (p358: `plan.get("close")` on an `if_stuck` entry written as a list raised AttributeError; the contract retyped the
    # first 40 leaves, all under `P01`..`P10`, and never an object)
    from artifactbench.gates.fuzz import FuzzPolicy, object_examples, place_examples

    plans = {f"P{i:02d}": {"close": ["V1"], "customers_out": i, "if_stuck": {f"V{i:02d}": {"close": ["V2"],
                                                                                        "customers_out": 1}}}
             for i in range(1, 30)}
    text = json.dumps(plans)
    leaves = [m.where for m in place_examples("json", text, FuzzPolicy(), "type_change")]
    assert leaves[:3] == ["at $.P01.close[0]", "at $.P01.customers_out", "at $.P01.if_stuck.V01.close[0]"]
    assert not any(w.startswith("at $.P02.close") for w in leaves)  # (`P01`..`P29` one field)
    objects = list(object_examples("json", text, FuzzPolicy()))
    assert [m.where for m in objects][:3] == ["at $.P01", "at $.P01.if_stuck", "at $.P01.if_stuck.V01"]
    assert json.loads(objects[2].text)["P01"]["if_stuck"]["V01"] == [["V2"], 1]
    # the twin: field names that merely hold a digit (`q1`, `q2`) stay fields of their own
    assert len(list(place_examples("json", json.dumps({"q1": 1, "q2": 2}), FuzzPolicy(), "type_change"))) == 2


def test_a_prompt_that_wants_every_such_record_asks_for_every_row():
    # (p362: rows dropped from the audit with "Discrepancies: N" made one less passed; "I want every place where the
    # read-back did not match" was not read as asking for every row, so it was only a warning)
    from artifactbench.gates.fuzz._fuzz import _ASKS_EVERY

    for said in ("I want every place where the read-back did not match what we passed.",
                 "List all orders whose total exceeds the cap."):
        assert _ASKS_EVERY.search(said), said
    for said in ("I want every row to be sorted by time.", "Every line that starts with # is ignored."):
        assert not _ASKS_EVERY.search(said), said


# --- round 3: p363's bands, p364's reason codes, p366's echoed input, p367's "It's optional." -------------------------

def test_bands_that_each_takes_up_or_gives_two_ways_or_says_in_the_subjunctive():
    # (p363: "| **Honesty** | `sse`, `forecast` and `rmse` are what your α actually produces: each within 0.1 % relative, or
    # 0.01 absolute, whichever is looser." was every number's band, relative only, and "asks that your SSE be within 0.1
    # % of the best" too: α moved 16x that band, SSE flat near its minimum, was a false fail)
    from artifactbench.gates.core import stated_tolerance

    row = ("| **Honesty** | `sse`, `forecast` and `rmse` are what your α actually produces: each within 0.1 % relative, "
           "or 0.01 absolute, whichever is looser. |\n")
    said = stated_tolerance(row)
    assert not said.general and said.states_for(("forecast",)) and not said.states_for(("alpha",))
    assert said.band_at(("forecast",), 0.1643) >= 0.01
    fit = stated_tolerance("The Fit track only asks that your SSE be within 0.1 % of the best.\n")
    assert fit is not None and not fit.general and fit.states_for(("sse",))
    # the twins: a band of its own keys with no "each", and a second band of another key, keep their readings
    two = stated_tolerance("`sse` within 0.1 % relative; `rmse` within 0.01.\n")
    assert not two.general and two.band_at(("sse",), 5.0) == 0.005
    assert stated_tolerance("All values must be within 0.5.\n").general


def test_a_column_of_reason_words_gets_another_rare_word():
    # (p364: `S0000005 DENY SUSPENDED` lines, whose reason the grader never compared; the only string changes were of
    # `OK` on an ACCEPT line, which its ACCEPT rule did check)
    from artifactbench.gates.fuzz._text_strategies import column_codes

    lines = [f"S{i:07d} ACCEPT OK" for i in range(1, 9)] + ["S0000009 DENY SUSPENDED", "S0000010 DENY PASSBACK",
                                                              "S0000011 DENY CLOSED"]
    changes = {(lines[c[0]].split()[2], c[4]) for c in column_codes(lines, tuple(range(len(lines)))) if c[1] == 2}
    assert changes and all(old in ("SUSPENDED", "PASSBACK", "CLOSED") and new in ("SUSPENDED", "PASSBACK", "CLOSED")
                           and old != new for old, new in changes)
    # the twin: a column of two words only (a flag) is no such column
    flags = [f"S{i:07d} ACCEPT {'OK' if i % 3 else 'LATE'}" for i in range(1, 10)]
    assert not [c for c in column_codes(flags, tuple(range(len(flags)))) if c[1] == 2]


def test_an_echo_of_an_input_the_grant_names_is_one_of_the_extra_keys():
    # (p366: `"horizon"` dropped from the answer, under 'Extra top-level keys (e.g. a horizon echo) ... are ignored',
    # was a false fail: an input variable of that name made it a named key)
    allows = read_prompt('variable "horizon" {\n  description = "The replay horizon."\n}\n\nWrite `out.json` with '
                         '`turbines` and `ignored`. Extra top-level keys (e.g. a horizon echo) and extra per-interval '
                         'keys are ignored.\n')
    assert allows.other_key("top level, key 'horizon'") == "horizon"
    # the twin: a key named elsewhere and given by the grant as no example stays named
    other = read_prompt('variable "horizon" {\n}\n\nWrite `out.json` with `turbines`. Extra top-level keys are ignored.\n')
    assert other.other_key("top level, key 'horizon'") is None


def test_it_s_optional_after_a_sentence_naming_parts_around_the_table():
    # (p367: "Sure, write a paragraph above or below the table — a title, a note, whatever. It's optional." freed nothing,
    # and the report's `# Dryer report` dropped was a false fail)
    from artifactbench.gates.core._free_lines import HEADINGS, read_free_lines, uncommented

    said = "Sure, write a paragraph above or below the table — a title, a note, whatever. It's optional.\n"
    assert HEADINGS in read_free_lines(uncommented(said)).parts
    # the twins: no "optional" after it, or the input's notes, free nothing
    assert not read_free_lines(uncommented(said.replace(" It's optional.", " Keep it short."))).parts
    assert not read_free_lines(uncommented("The log has a title and notes above the table in each input file. "
                                           "It's optional.\n")).parts


# --- the outside review of this session's rules: eleven problems, each reproduced, now each a twin ---------------------

def test_the_review_s_cases():
    from artifactbench.gates.core import stated_tolerance
    from artifactbench.gates.core._free_lines import HEADINGS, read_free_lines, uncommented
    from artifactbench.gates.fuzz import FuzzPolicy, place_examples
    from artifactbench.gates.fuzz._fuzz import _ASKS_EVERY, _day_band
    from artifactbench.gates.leaks._content import summary_lines

    # the run's own date is any day; a band of days said of the data or as a warning is no band
    assert _day_band("Write `generated_on` (the date you run your script) and `total_kwh`.\n",
                     "at $.generated_on, (a date moved a day later)")
    assert not _day_band("Tickets resolved within 1 day are marked FAST; report each ticket's `closed` date.\n",
                         "line 2, column 'closed' (a date moved a day later)")
    # "find all the data that you need in `x.csv`" asks for no row
    assert not _ASKS_EVERY.search("You will find all the data that you need in `specimens.csv`.")
    # a rule of the data is no band of the answer's numbers
    assert stated_tolerance("A batch passes when its mean weight deviates by at most 2 from the expected weight printed "
                            "on the label.\n") is None
    # the answer's own table, of most rows, stays graded under "further tables are permissible", whatever its header adds
    prompt = ("The table's columns are Tag, Routing and Departs. Headings, prose and further tables are permissible.\n")
    answer = ("| Tag | Routing | Departs (UTC) |\n|---|---|---|\n| 207 | AZ767 | 17:15 |\n| 208 | AZ768 | 18:15 |\n\n"
              "| Tag | Options |\n|---|---|\n| 207 | 4 |\n")
    kinds = dict(zip(answer.splitlines(), read_free_lines(uncommented(prompt)).kinds(answer)))
    assert kinds["| 207 | AZ767 | 17:15 |"] == "graded" and kinds["| 207 | 4 |"] == "free"
    # a form's note frees nothing, but a field sharing its verb stays optional
    assert "notes" in read_prompt("Required: `sku`, `qty`. The `notes` column and the currency symbol are optional.\n"
                                  ).optional_fields
    # a text answer of lines each unlike the others (a config file) has no one result line
    assert summary_lines("server {\nlisten 8443 ssl;\nserver_name a.example;\nroot /srv/www;\n}\n", frozenset()) == []
    # "No, but ... must be sorted" keeps the order
    assert not read_prompt("Q. Does the order of the rows matter?\nA. No — but rows must be sorted by `priority` within "
                           "each team.\n").unordered_sentences
    # "Many plans are valid: any allocation that ... is accepted" accepts more than one answer
    assert read_prompt("Many plans are valid: any allocation that ships exactly 150 units in total is accepted.\n"
                       ).many_answers
    # "It's optional to ..." and a label's clause that says its parts are graded free nothing
    for said in ("Start the file with the title `# Stock report` above the table; the grader checks it. It's optional "
                 "to add a note after the table.\n",
                 "Optional: a sort order of your choosing; the title and notes under the table are graded.\n"):
        assert HEADINGS not in read_free_lines(uncommented(said)).parts, said
    # quantiles are fields of their own, not data keys
    text = json.dumps({"latency_ms": {"p50": 1, "p90": 2, "p95": 3, "p99": 4, "p999": 5, "p9999": 6}})
    assert len(list(place_examples("json", text, FuzzPolicy(), "type_change"))) == 6
