"""Rules from the fortieth session (2026-12-08): what the last rounds' planted flaws still slipped past (blind p357),
and the blind batches p369 onwards, each rule with a twin that keeps its verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import OPTIONS, _fuzz, _task, _twins, _with_verifier  # noqa: E402

from artifactbench.gates import check_task, resolve_gates  # noqa: E402
from artifactbench.manifest import load_task  # noqa: E402

from artifactbench.gates.core import stated_tolerance  # noqa: E402
from artifactbench.gates.core._free_lines import read_free_lines  # noqa: E402
from artifactbench.gates.core._prompt import read_prompt  # noqa: E402
from artifactbench.gates.fuzz._fuzz import _asks_every  # noqa: E402
from artifactbench.gates.fuzz._near import whole_in_unit  # noqa: E402
from artifactbench.gates.fuzz._formats import PyDoc  # noqa: E402
from artifactbench.gates.fuzz._py_near import _public_functions, py_near_strategy  # noqa: E402
from artifactbench.gates.leaks._content import _stated_together  # noqa: E402
from artifactbench.gates.leaks._detail import detail_shape  # noqa: E402
from artifactbench.gates.leaks._verdict import as_expected, hidden_expected  # noqa: E402


def _with_ref(body: str, ref: str) -> str:
    return f"REF = {ref!r}\n" + body


# --- p357: a margin in whole seconds held to a minute where the prompt says a second ------------------------------

_WRAPPED = ("8. The method of claim 7, wherein, because segment times are not whole\n"
            "   seconds, a margin that deviates by not more than 1 second from the exact\n"
            "   margin is regarded as correct; the status shall be determined from the exact margin.\n")


def test_a_band_sentence_wrapped_over_lines_is_read():
    stated = stated_tolerance(_WRAPPED)
    assert stated is not None and stated.abs == 1.0
    # the twin: a rule of the data wrapped the same way states no band of the answer
    assert stated_tolerance("A batch passes when its mean weight deviates by at most 2 from\n"
                            "   the expected weight printed on the label.\n") is None


def test_lines_beginning_with_a_mark_are_the_only_free_lines():
    free = read_free_lines("The lines may appear in any order, blank lines are permissible and ignored, and lines "
                           "beginning with `#` are permissible as comments and ignored.\n")
    assert free.prefixes == ("#",) and not free.parts
    assert read_free_lines("Lines starting with `#` are ignored.\n").prefixes == ("#",)


_MARGINS = "# lpn status margin_s\n" + "".join(
    f"{1000 + k:010d} {'MADE' if m >= 0 else 'MISSED'} {m}\n" for k, m in enumerate((581, 18, 1619, -47, 347, 5365)))
_MARGIN_PROMPT = ("Write `out/log.txt`: one line per bag, `lpn status margin`, the margin an integer number of seconds "
                  "(negative when late). Because segment times are not whole seconds, a margin that deviates by not "
                  "more than 1 second from the exact margin is regarded as correct; the status must be exact. The "
                  "lines may appear in any order, blank lines are permissible and ignored, and lines beginning with "
                  "`#` are permissible as comments and ignored.\n")
_MARGIN_GRADER = """
def rows(t):
    return {l.split()[0]: l.split()[1:] for l in t.splitlines() if l.strip() and not l.startswith('#')}
got, want = rows(text), rows(REF)
if set(got) != set(want) or sum(1 for l in text.splitlines() if l.strip() and not l.startswith('#')) != len(got):
    return False, 'bags differ'
for lpn, (status, margin) in want.items():
    if got[lpn][0] != status or abs(int(got[lpn][1]) - int(margin)) > TOL:
        return False, f'bag {lpn} wrong'
return True, 'all bags correct'
"""


def test_a_whole_number_column_named_in_the_band_s_unit_is_moved(tmp_path):
    # (p357: the grader compared margins in minutes, so "1 second" became 60; number_near skipped whole numbers and
    # the prompt's "lines beginning with `#`" read as freeing every status line)
    _twins(tmp_path, "margins", "out/log.txt", _MARGINS, _MARGIN_PROMPT,
           _with_ref(_MARGIN_GRADER.replace("TOL", "60"), _MARGINS),
           _with_ref(_MARGIN_GRADER.replace("TOL", "1"), _MARGINS), "number_near", "margin_s")


# --- p368: a part of the total taken on the answer's word -----------------------------------------------------------

_BILLING = ("pilot_id,jobs,billed_hours,cancellation_fees,total_eur\n"
            "P01,38,92.0,450.00,36877.58\nP02,47,119.0,600.00,44316.20\nP03,35,81.5,150.00,36358.13\n"
            "P04,35,76.0,0.00,33571.64\n")
_BILLING_PROMPT = ("Write `billing.csv`: per pilot the jobs, billed hours, the month's `cancellation_fees` (150.00 per "
                   "short-notice cancellation) and `total_eur`, the job fees plus the cancellation fees. Money to the "
                   "cent (within 0.01).\n")
_BILLING_GRADER = """
import csv, io
rows = list(csv.DictReader(io.StringIO(text)))
got = {r['pilot_id']: r for r in rows}
want = {r['pilot_id']: r for r in csv.DictReader(io.StringIO(REF))}
if set(got) != set(want) or len(rows) != len(got):
    return False, 'pilots differ'
for pid, w in want.items():
    g = got[pid]
    if int(g['jobs']) != int(w['jobs']) or not abs(float(g['billed_hours']) - float(w['billed_hours'])) <= 0.01:
        return False, f'{pid}: jobs or hours'
    job_fees = float(w['total_eur']) - float(w['cancellation_fees'])
    if not 0 <= float(g['cancellation_fees']) or not abs(float(g['total_eur']) - job_fees
                                                      - float(g['cancellation_fees'])) <= 0.01:
        return False, f'{pid}: total'
    CHECK
return True, 'all pilots match'
"""


def test_a_part_moved_with_its_total_is_a_part_taken_on_trust(tmp_path):
    _twins(tmp_path, "billing", "billing.csv", _BILLING, _BILLING_PROMPT,
           _with_ref(_BILLING_GRADER.replace("CHECK", "pass"), _BILLING),
           _with_ref(_BILLING_GRADER.replace(
               "CHECK", "if not abs(float(g['cancellation_fees']) - float(w['cancellation_fees'])) <= 0.01:\n"
                        "        return False, f'{pid}: fees'"), _BILLING),
           "keep_total", "(moved together: a part and the total it is in)")


# --- p365: a list "of every rejected event" cut, with its own count -------------------------------------------------

_REJECTED = json.dumps({"works": {"W1": 3, "W2": 0}, "rejected": [4, 9, 17, 23, 31], "rejected_count": 5}, indent=2)
_REJECTED_GRADER = """
got, want = json.loads(text), json.loads(REF)
if got['works'] != want['works'] or len(set(got['rejected'])) != len(got['rejected']):
    return False, 'state or repeats'
if got['rejected_count'] != len(got['rejected']) or not set(got['rejected']) <= set(want['rejected']):
    return False, 'rejected list'
CHECK
return True, 'state and rejected events match'
"""
_EVERY_REJECTED = ("Write `ledger.json` (`works`, `rejected`, `rejected_count`).\n\n- `rejected` lists the seq of every "
                   "rejected event, each once, in any order you like. `rejected_count` is how many there are.\n")


def test_a_part_said_to_list_every_one_is_cut_with_its_count(tmp_path):
    sound = _REJECTED_GRADER.replace("CHECK", "if set(got['rejected']) != set(want['rejected']):\n"
                                              "    return False, 'rejected list'")
    _twins(tmp_path, "rejected", "ledger.json", _REJECTED, _EVERY_REJECTED,
           _with_ref(_REJECTED_GRADER.replace("CHECK", ""), _REJECTED), _with_ref(sound, _REJECTED),
           "drop_record", "count made")


def test_an_input_said_to_list_every_one_asks_for_nothing():
    assert _asks_every(_EVERY_REJECTED)
    assert not _asks_every("`events.csv` lists every event of March. Write `ledger.json` with a `rejected` list.\n")
    assert not _asks_every("The workspace lists all the rejected events you need.\n")


# --- round 1 (p369-p374): prompt sentences no rule read --------------------------------------------------------------

_SCHEDULE = ("## SCHEDULE\n\n| Item | Particulars |\n|------|-------------|\n| 4. Currency | EUR |\n"
             "| 5. Monetary Tolerance | EUR 0.01 on each Vehicle's Excess Charge |\n\n## CONDITIONS\n\n")


def test_a_band_named_by_a_defined_term_is_the_schedule_s():
    # (p372's policy wording: "within the Monetary Tolerance (Schedule Item 5)", the schedule's row giving EUR 0.01)
    stated = stated_tolerance(_SCHEDULE + "4. **Tolerance.** An `excess_charge` will be accepted where it lies within "
                                          "the Monetary Tolerance (Schedule Item 5) of the correctly computed figure.\n")
    assert stated is not None and stated.band_at(("excess_charge",), 1070.54) == 0.01
    assert "Monetary Tolerance" in stated.sentence  # (the report quotes the prompt's own words)
    # the twins: the term used nowhere, or a schedule without such a row, states no band
    assert stated_tolerance(_SCHEDULE + "An `excess_charge` is the excess km times the rate.\n") is None
    assert stated_tolerance(_SCHEDULE.replace("Monetary Tolerance", "Monetary Unit") + "An `excess_charge` will be "
                            "accepted where it lies within the Monetary Tolerance of the computed figure.\n") is None


def test_prose_placed_before_or_after_the_table_is_free():
    # (p372: "You may place headings or prose before or after it" after "The first such table ... is the one We read")
    free = read_free_lines("The first such table in the document is the one We read; You may place headings or prose "
                           "before or after it.\n")
    assert free.parts == {"commentary", "headings"}
    assert not read_free_lines("You may not place headings or prose before or after it.\n").parts


def test_a_short_sentence_saying_not_scored_frees_the_part_named_before():
    # (p370: "- A few sentences around the table (above or below it) for the welfare committee ... Read with interest,
    # not scored.")
    said = ("- A few sentences around the table (above or below it) for the welfare committee, which enclosure cools "
            "fastest. Read with interest, not scored.\n")
    assert read_free_lines(said).parts == {"commentary"}
    assert not read_free_lines(said.replace("Read with interest, not scored.", "They must cite the data.")).parts


def test_row_order_entirely_up_to_you_and_an_input_not_sorted():
    # (p370: "Row order is entirely up to you — we sort it ourselves", beside "Batches arrive out of order, so the
    # file is not sorted by time", which stated no order of the answer's)
    allows = read_prompt("- Batches arrive out of order, so the file is not sorted by time.\n- One row per excursion. "
                         "Row order is entirely up to you — we sort it ourselves.\n")
    assert allows.unordered and not allows.order_sentences
    kept = read_prompt("- Batches arrive out of order. Write one row per excursion, sorted by `start`.\n")
    assert not kept.unordered and kept.order_sentences


def test_a_field_left_out_if_you_like_or_never_scored_is_optional():
    # (p370: '- A top-level `"notes"` string with anything you think procurement should know. It is read by a human
    # and never scored; leave it out if you like.')
    for said in ('- A top-level `"notes"` string with anything procurement should know. It is read by a human and '
                 'never scored.\n',
                 "- A top-level `notes` string with anything procurement should know; leave it out if you like.\n"):
        assert read_prompt(said).optional_fields == {"notes"}, said
    # the twins: a sentence after one naming a field that says how it is checked, or "It" after two fields
    assert read_prompt("Write `total` as a number. It is checked to the cent.\n").optional_fields == frozenset()
    assert read_prompt("Write `total` and `net`. It is never scored.\n").optional_fields == frozenset()


def test_a_column_allowed_and_ignored_is_optional():
    # (p371: '- Two columns: quantity | value (a third "units" or "note" column is fine, it\'s ignored)')
    assert read_prompt('- Two columns: quantity | value (a third "units" or "note" column is fine, it\'s '
                       'ignored)\n').optional_fields == {"units", "note"}
    assert read_prompt("A `units` column is fine, but rows with status VOID are ignored.\n").optional_fields == frozenset()


# --- p371: an SSE taken on the answer's word, in a table of named values ---------------------------------------------

_FIT = ("# Surplus-production fit\n\n| quantity | value | units |\n|---|---:|---|\n| r | 0.3733378717 | 1/yr |\n"
        "| K_t | 142790.4473 | t |\n| sse | 0.2121704752 | - |\n| msy_t | 13327.27042 | t |\n")
_FIT_PROMPT = ("Write `fit.md` with one table `| quantity | value |` (a third \"units\" column is fine, it's ignored): r, "
               "K_t, sse and msy_t. We re-run your r and K through the model; your SSE must be within 0.5% of the best "
               "SSE we could find (relative). msy_t must be r * K_t / 4.\n")
_FIT_GRADER = """
vals = {}
for line in text.splitlines():
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if len(cells) >= 2 and cells[0] in ('r', 'K_t', 'sse', 'msy_t'):
        if cells[0] in vals:
            return False, f'{cells[0]} twice'
        vals[cells[0]] = float(cells[1])
if set(vals) != {'r', 'K_t', 'sse', 'msy_t'} or not all(math.isfinite(v) for v in vals.values()):
    return False, 'missing or non-finite values'
BEST = 0.2121704752
if not abs(vals['r'] - 0.3733378717) <= 1e-4 or not abs(vals['K_t'] - 142790.4473) <= 1.0:
    return False, 'not the optimum'
if vals['sse'] > BEST * 1.005 CHECK:
    return False, 'SSE not within 0.5% of the best'
if not abs(vals['msy_t'] - vals['r'] * vals['K_t'] / 4) <= 1e-3 * vals['msy_t']:
    return False, 'msy_t inconsistent'
return True, 'fit at the optimum'
"""


def test_an_sse_below_the_best_fit_is_moved_in_a_table_of_named_values(tmp_path):
    # (p371: the grader checked only `sse <= best * 1.005`, so any smaller SSE passed; the table's value cells had no
    # key of their own, and number_near moved numbers away from zero only)
    _twins(tmp_path, "fit", "fit.md", _FIT, _FIT_PROMPT, _FIT_GRADER.replace(" CHECK", ""),
           _FIT_GRADER.replace("CHECK", "or vals['sse'] < BEST * 0.995"), "number_near", "key 'sse'")


# --- p372, p374: a hidden case's whole expected result; a verifier that checks the answer's count ------------------

def test_an_expected_literal_of_a_hidden_case_is_the_suite_s():
    # (p372: "... report={...} expected={'outcome': 'WAIVER_APPLIED', 'customer_share': '800.00', 'admin_fee': '75.00',
    # 'total_due': '875.00'} got=None": no `expected X got` pair the old reader saw, the values split by commas)
    detail = ("369/369 reports answered wrongly; first: case 0 report={'repair_cost': 800.0} expected={'outcome': "
              "'WAIVER_APPLIED', 'customer_share': '800.00', 'admin_fee': '75.00', 'total_due': '875.00'} got=None")
    assert hidden_expected(detail, "def assess(report):\n    return None\n", "outcome WAIVER_APPLIED 75.00") == [
        "WAIVER_APPLIED", "800.00", "75.00", "875.00"]
    # the twins: every value the agent sees or wrote, or a literal of two values, is no hidden case
    assert hidden_expected(detail, "", "WAIVER_APPLIED 800.00 75.00 875.00") == []
    assert hidden_expected("expected=['A', 'B'] got=['B', 'A']", "", "") == []


_VERIFY = ("from pathlib import Path\nEXPECTED_ROWS = 40\n\n\ndef verify(artifact_path):\n"
           "    data = [l for l in Path(artifact_path).read_text().splitlines()\n"
           "            if l.startswith('| R')]\n"
           "    assert len(data) == EXPECTED_ROWS, f'expected {EXPECTED_ROWS} rows, found {len(data)}'\n")


def test_a_verifier_holding_the_count_beside_a_measure_of_that_number(tmp_path):
    # (p374: verify.py's `EXPECTED_ROWS = 255`, the reference's 255 table rows under a title, beside a prompt's "at most
    # 255 minutes": the rows of the table were no count the check knew, and any 255 in the prompt read as stating it)
    table = "# Van runs\n\n| run | kg |\n|---|---|\n" + "".join(f"| R{k:03d} | {k * 3} |\n" for k in range(40))
    grader = "return text == REF, 'ok' if text == REF else 'wrong runs'"
    found = {}
    for name, prompt in (("unsaid", "List every van run in `runs.md`; each run takes at most 40 minutes.\n"),
                         ("said", "List the 40 van runs in `runs.md`.\n")):
        root = _with_verifier(_task(tmp_path, name, "runs.md", table, prompt, _with_ref(grader, table)), _VERIFY)
        report = check_task(load_task(root), resolve_gates(["verifier_consistency"]), OPTIONS)
        found[name] = [(k.name, k.severity) for c in report.checks for k in c.cases if k.name == "size"]
    assert found == {"unsaid": [("size", "fail")], "said": []}


# --- round 2 (p375-p380) ---------------------------------------------------------------------------------------------

def test_agreeing_to_the_kilogram_is_a_band_of_one_kilogram():
    # (p376: "every `net_kg` must agree with the log to the kilogram", graded to 0.5 %)
    stated = stated_tolerance("Tolerance: nil; every `net_kg` must agree with the log to the kilogram, and every "
                              "ticket count exactly.\n")
    assert stated is not None and stated.band_at(("net_kg",), 114360.0) == 1.0
    # the twin: how to compute ("round ... to the nearest minute") states no band of the answer
    assert stated_tolerance("Round each `eta` to the nearest minute before you add the legs.\n") is None


def test_a_data_dictionary_row_frees_the_order_of_its_own_field():
    # (p375: "| `over_limit` | array of string | ... | Any order; no duplicates |" freed every list's order, the
    # `uncovered` list "Sorted by `station` ..., then by `from`" two rows below among them)
    rows = ("| name | type | description | required | tolerance | notes |\n|---|---|---|---|---|---|\n"
            "| `over_limit` | array of string | Guards whose `longest_run_minutes` is over the limit | yes | exact | "
            "Any order; no duplicates |\n"
            "| `uncovered` | array of object | Every uncovered interval | yes | exact | Sorted by `station`, then by "
            "`from` |\n")
    allows = read_prompt(rows)
    assert not allows.unordered and allows.field_unordered == {"over_limit"}
    assert read_prompt("The rows may appear in any order.\n").unordered


_INVOICES = ("| invoice | billed_gross | expected_gross | difference |\n|---|---:|---:|---:|\n"
             "| INV-1 | 8.40 | 5.70 | 2.70 |\n| INV-2 | 16.96 | 12.76 | 4.20 |\n| INV-3 | 30.00 | 24.50 | 5.50 |\n"
             "\nNet over-billing: 12.40\n")
_INVOICE_PROMPT = ("Write `audit.md`: a table of the wrongly billed invoices, `| invoice | billed_gross | expected_gross "
                   "| difference |`, where `expected_gross` is the invoice re-priced and `difference` is billed less "
                   "expected, then a line `Net over-billing: <sum of the differences>`. Money within 0.005.\n")
_INVOICE_GRADER = """
rows = [[c.strip() for c in l.strip().strip('|').split('|')] for l in text.splitlines() if l.startswith('| INV')]
want = {r[0]: r for r in ([c.strip() for c in l.strip().strip('|').split('|')] for l in REF.splitlines()
                          if l.startswith('| INV'))}
if sorted(r[0] for r in rows) != sorted(want) or len(rows) != len(want):
    return False, 'invoices differ'
total = 0.0
for r in rows:
    billed, expected, diff = (float(x) for x in r[1:4])
    if not abs(billed - float(want[r[0]][1])) <= 0.005 or not abs(diff - (billed - expected)) <= 0.005:
        return False, f'{r[0]} inconsistent'
    CHECK
    total += diff
line = [l for l in text.splitlines() if l.startswith('Net over-billing:')]
if len(line) != 1 or not abs(float(line[0].split(':')[1]) - total) <= 0.005:
    return False, 'total'
return True, 'audit consistent'
"""


def test_a_relation_s_move_reversed_in_the_next_record_keeps_every_sum(tmp_path):
    # (p375: the grader checked each row's `difference = billed - expected` and the total against the answer's own
    # differences, never `expected_gross` against the re-priced invoice)
    _twins(tmp_path, "invoices", "audit.md", _INVOICES, _INVOICE_PROMPT,
           _with_ref(_INVOICE_GRADER.replace("CHECK", "pass"), _INVOICES),
           _with_ref(_INVOICE_GRADER.replace("CHECK", "if not abs(expected - float(want[r[0]][2])) <= 0.005:\n"
                                                      "        return False, 'expected wrong'"), _INVOICES),
           "keep_total", "(the same move, reversed, in the next record: column sums kept)")


def test_an_answer_of_optional_to_a_question_about_some_rows():
    # (p377's podcast: "Now — rows where the variance is exactly zero. Theo?" / "**[00:03:44] THEO:** Optional.")
    said = ("Write one row per site and SKU. Now — rows where the variance is exactly zero. Theo?\n\n"
            "**[00:03:44] THEO:** Optional. Put them in or leave them out, both are fine.\n")
    assert "exactly zero" in read_prompt(said).optional_records
    # the twins: rows the sentence requires, and "Optional:" opening a list of other parts
    assert read_prompt("Write one row per site. Rows where the variance is zero must be there. Optional.\n"
                       ).optional_records == ""
    assert read_prompt("Write one row per site. Rows where the variance is zero. Optional: a notes column.\n"
                       ).optional_records == ""


def test_a_band_either_way_in_a_table_of_another_heading():
    # (p380's buyer's premium table: "| `value` (each drug) and `total_value` | £0.01 either way — the penny |")
    table = ("| Hammer band | Premium (allowance on the day) |\n|---|---|\n| Every count and lot number | Nil — exact |\n"
             "| `value` (each drug) and `total_value` | £0.01 either way — the penny, and not a penny more |\n")
    stated = stated_tolerance(table)
    assert stated is not None and stated.band_at(("value",), 931.6) == 0.01 and stated.states_for(("total_value",))
    assert stated_tolerance(table.replace("£0.01 either way", "£0.01 per lot")) is None


def test_a_whole_number_keyed_in_the_band_s_unit_below_one_unit():
    # (p379: "within half a litre (0.5 L)" of integer litres `total_l`, graded to 1 %)
    stated = stated_tolerance("A figure counts as correct if it is within half a litre (0.5 L) of the true value.\n")
    assert whole_in_unit(stated, ("total_l", "A01", "plots"), 8300.0)
    assert not whole_in_unit(stated, ("n_readings", "A01", "plots"), 12.0)


def test_what_the_grader_s_ledger_says_is_the_expected_value():
    # (p379: "Costa: water 504 L, ledger says 503"; one line of the grader however many records it names)
    assert as_expected("503", "Costa: water 504 L, ledger says 503")
    assert not as_expected("503", "Costa: water 503 L, outside the ledger's range")
    assert detail_shape("Costa: harvest 15.09 kg, ledger says 10.95", "| Costa | Harvest (kg) |\n") == \
        detail_shape("Moreno: harvest 1.2 kg, ledger says 5.0; Costa: harvest 1 kg, ledger says 2",
                     "| Moreno | Harvest (kg) |\n")


def test_a_penny_plus_or_minus_is_a_distance_in_money():
    # (p377: "Anything within one penny, plus or minus 0.01, of the right value is fine", read as 1 % too, so a grader
    # checking 1 % met the prompt's loosest reading)
    stated = stated_tolerance("On the pennies: we grade that to the cent. Anything within one penny, plus or minus "
                              "0.01, of the right value is fine.\n")
    assert stated is not None and stated.rel == 0.0 and stated.abs == 0.01
    assert stated_tolerance("We grade that to the cent. Anything plus or minus 0.01 is fine.\n").rel == 0.01  # (no coin)


_SCREENINGS = json.dumps({"screenings": {f"S{k:03d}": {"status": "scheduled", "sold": 0 if k in (4, 9) else 10 + k,
                                                        "available": 90 if k in (4, 9) else 80 - k,
                                                        "net_cents": 0 if k in (4, 9) else 1250 * k,
                                                        "orders": {} if k in (4, 9) else {f"H{k:03d}": 2}}
                                         for k in range(1, 11)}, "totals": {"net_cents": sum(1250 * k for k in range(1, 11)
                                                                                              if k not in (4, 9))}},
                         indent=2)
_SCREENING_GRADER = """
got, want = json.loads(text), json.loads(REF)
if got.get('totals') != want['totals'] or not isinstance(got.get('screenings'), dict):
    return False, 'totals'
CHECK
for sid, rec in got['screenings'].items():
    if want['screenings'].get(sid) != rec:
        return False, f'{sid} wrong'
return True, 'screenings match'
"""


def test_a_record_that_holds_nothing_is_dropped_first(tmp_path):
    # (p377: the grader compared only the screenings the answer listed, and the totals, which two unsold screenings
    # leave as they are; drop_key met other keys first)
    prompt = "Write `ledger.json`: every screening's state under `screenings`, and `totals`.\n"
    _twins(tmp_path, "screenings", "ledger.json", _SCREENINGS, prompt,
           _with_ref(_SCREENING_GRADER.replace("CHECK", ""), _SCREENINGS),
           _with_ref(_SCREENING_GRADER.replace("CHECK", "if set(got['screenings']) != set(want['screenings']):\n"
                                                        "    return False, 'screenings missing'"), _SCREENINGS),
           "drop_key", "key 'S004'")


# --- a module's results moved beyond the prompt's band (p378's `pick_day`, p361's `holdover_h`) ----------------------

_MODULE = ("def pick_day(days, brix, target):\n    slope = (brix[-1] - brix[0]) / (days[-1] - days[0])\n"
           "    return days[0] + (target - brix[0]) / slope\n\n\ndef block_ids(rows):\n    return [r['id'] for r in rows]\n")
_MODULE_GRADER = """
import importlib.util, pathlib, tempfile
with tempfile.TemporaryDirectory() as d:
    path = pathlib.Path(d) / 'ripe.py'
    path.write_text(text)
    spec = importlib.util.spec_from_file_location('ripe_probe', path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
        cases = [([1.0, 5.0], [18.0, 22.0], 24.0), ([2.0, 9.0], [17.5, 21.0], 23.0)]
        for days, brix, target in cases:
            want = days[0] + (target - brix[0]) / ((brix[-1] - brix[0]) / (days[-1] - days[0]))
            got = mod.pick_day(days, brix, target)
            if not isinstance(got, float) or not abs(got - want) <= TOL:
                return False, 'pick_day off'
        if mod.block_ids([{'id': 'B1'}, {'id': 'B2'}]) != ['B1', 'B2']:
            return False, 'block_ids wrong'
    except Exception as exc:
        return False, f'module raised {type(exc).__name__}'
return True, 'all cases right'
"""


def test_a_module_s_results_moved_past_the_band(tmp_path):
    prompt = ("Write `ripe.py` with `pick_day(days, brix, target)`, the day a block reaches the target, and "
              "`block_ids(rows)`. `pick_day` is accepted within ±0.25 day.\n")
    flawed, sound = (_MODULE_GRADER.replace("TOL", tol) for tol in ("5.0", "0.25"))
    _twins(tmp_path, "ripe", "ripe.py", _MODULE, prompt, flawed, sound, "number_near", "the results of pick_day")
    # (block_ids returns names, which no probe moves: a probe of it alone would read the reference as accepted)
    assert [f.name for f in _public_functions(_MODULE)] == ["pick_day"]
    # (and none where no band is of its results: "(the day a block reaches `target`, within ±0.25 day)" is `target`'s)
    assert py_near_strategy(PyDoc(_MODULE), stated_tolerance("`pick_day(days, brix, target)` gives the day a block "
                                                             "reaches `target` within ±0.25 day.\n"), "") is None


def test_a_record_that_holds_nothing_may_be_one_the_prompt_lets_be_left_out(tmp_path):
    prompt = ("Write `ledger.json`: under `screenings` one object per screening, its state, and `totals`. Screenings "
              "with no sales are optional.\n")
    sold_only = _SCREENING_GRADER.replace("CHECK", "if {k for k, v in want['screenings'].items() if v['sold']} - "
                                                    "set(got['screenings']):\n    return False, 'a screening missing'")
    check = _fuzz(_task(tmp_path, "optional_screenings", "ledger.json", _SCREENINGS, prompt,
                        _with_ref(sold_only, _SCREENINGS)))
    dropped = next(c for c in check.cases if c.name == "drop_key")
    assert dropped.severity == "warn" and ("S004" in dropped.detail or "S009" in dropped.detail), dropped.detail
    # (the twin: that grader under a prompt that frees no screening is a fail)
    check = _fuzz(_task(tmp_path, "every_screening", "ledger.json", _SCREENINGS, prompt.split(" Screenings")[0] + "\n",
                        _with_ref(sold_only, _SCREENINGS)))
    assert next(c for c in check.cases if c.name == "drop_key").severity == "fail"


def test_notes_in_other_files_free_no_line_of_the_answer():
    # (p376: "Working scripts and notes elsewhere in the directory are fine; only `output/audit_flags.txt` is read"
    # freed the answer's reason codes as notes, which the grader never compared)
    assert not read_free_lines("- Working scripts and notes elsewhere in the directory are fine; only "
                               "`output/audit_flags.txt` is read.\n")
    assert read_free_lines("Notes above the table are fine; only the table is read.\n").parts  # (the answer's own)


# --- round 3 (p381-p386) ---------------------------------------------------------------------------------------------

def test_round_3_sentences():
    # (p383: "A heading or a sentence or two above/below the table is fine"; p386's charter: "The lines may stand in
    # what order soever ye please")
    assert read_free_lines("A heading or a sentence or two above/below the table is fine; just one table in the file "
                           "please.\n").parts == {"commentary", "headings"}
    assert read_prompt("The lines may stand in what order soever ye please.\n").unordered
    assert not read_prompt("Ye shall take the entries in order of their date, the lesser first.\n").unordered


_ROSTER = "".join(f"2025-04-{d:02d} wall{k} crew{k}\n" for k, d in enumerate((7, 8, 9, 10, 14, 15), 1))
_ROSTER_GRADER = """
rows = [l.split() for l in text.splitlines() if l.strip()]
if sorted(r[1] for r in rows) != [f'wall{k}' for k in range(1, 7)] or any(len(r) != 3 for r in rows):
    return False, 'walls differ'
for day, wall, crew in rows:
    if not ('2025-04-07' <= day <= '2025-04-18') or crew != 'crew' + wall[4:]:
        return False, f'{wall} breaks a rule'
return True, 'every rule satisfied'
"""


def test_a_date_a_day_later_where_any_valid_roster_passes(tmp_path):
    # (p383: "There's more than one valid roster, I don't care which one"; a reset moved a day, still within its
    # window, is another valid roster)
    prompt = ("Write `out/log.txt`, one line per wall: `date wall crew`. There's more than one valid roster, I don't care "
              "which one. Every reset falls between 2025-04-07 and 2025-04-18.\n")
    check = _fuzz(_task(tmp_path, "roster", "out/log.txt", _ROSTER, prompt, _ROSTER_GRADER))
    moved = next(c for c in check.cases if c.name == "string_change")
    assert moved.severity != "fail", moved.detail
    # the twin: one right roster, the same grader, is a fail
    check = _fuzz(_task(tmp_path, "roster_one", "out/log.txt", _ROSTER, prompt.split(" There's")[0] + "\n",
                        _ROSTER_GRADER))
    assert next(c for c in check.cases if c.name == "string_change").severity == "fail"


def test_the_charter_s_words():
    # (p386: "A heading, a word of introduction, or notes after the count may be written at your pleasure"; "It shall be
    # deemed true if it lie within one hundredth of a point (0.01), more or less, of the composite reckoned")
    assert read_free_lines("A heading, a word of introduction, or notes after the count may be written at your "
                           "pleasure.\n").parts == {"headings", "commentary"}
    assert not read_free_lines("No heading may be written at your pleasure.\n").parts
    stated = stated_tolerance("The composite shall be deemed true if it lie within one hundredth of a point (0.01), "
                              "more or less, of the composite reckoned by these Provisos.\n")
    assert stated is not None and (stated.abs, stated.rel) == (0.01, 0.0)


def test_text_that_may_appear_in_the_document_outside_the_table():
    # (p382: "Headings, notes, the fitted parameters, or any other text may appear in the document outside the table")
    assert read_free_lines("Headings, notes, the fitted parameters, or any other text may appear in the document "
                           "outside the table.\n").parts == {"headings", "commentary", "anything else"}
    assert not read_free_lines("Nothing else may appear in the document outside the table.\n").parts


def test_a_rule_naming_two_labels_states_no_record_keyed_by_id():
    # (p382: "a run with a 1_3s violation is REJECTed" named two values of many runs, and the rule names read as most
    # of the answer in the prompt; a sentence naming a run's id with its decision still states that run)
    units = [{"QC-10482", "REJECT", "1_3s"}, {"QC-10483", "ACCEPT"}, {"QC-10484", "REJECT", "1_3s", "2_2s"}]
    labels = frozenset({"REJECT", "ACCEPT", "1_3s", "2_2s"})
    ids = frozenset({"QC-10482", "QC-10483", "QC-10484"})
    assert _stated_together("A run with a 1_3s violation is REJECT.", labels, units, ids, ids) == frozenset()
    assert _stated_together("Run QC-10482 is REJECT.", labels, units, ids, ids) == {"REJECT", "QC-10482"}


def test_the_review_s_cases():
    # (an outside review of this session's rules; each of these was a wrong verdict)
    # other files in an aside leave the permission of the sentence standing
    assert read_free_lines("You may add comments or headings around the table (other files in the directory are "
                           "ignored).\n").parts == {"commentary", "headings"}
    assert read_free_lines("Notes or a heading above or below the table are fine, and so are extra files in the "
                           "folder.\n").parts == {"commentary", "headings"}
    # "sentence" as prose only with a place; "The wording is not graded" frees no part; "It is not checked against
    # ..., only against our own recomputation" frees no field; "- `note`: optional." answers no question
    assert not read_free_lines("You may write each line as a full sentence, such as `Site A used 42 kg.`\n").parts
    assert not read_free_lines("Below the table, write one sentence naming the enclosure that cools fastest. The "
                               "wording is not graded.\n").parts
    assert read_prompt("Report `total_cost` in euros. It is not checked against the supplier's invoice, only against "
                       "our own recomputation, to the cent.\n").optional_fields == frozenset()
    assert read_prompt("Write `flags.csv`, one row per site.\n\n- `flag`: 1 for rows where the reading is missing, else "
                       "0.\n- `note`: optional.\n").optional_records == ""
    # "in the same order as `invoices.csv`, not sorted by amount" keeps its order; a row of no field frees every list's
    assert read_prompt("Write `flagged.csv`: one row per flagged invoice, in the same order as `invoices.csv`, not "
                       "sorted by amount.\n").order_sentences
    assert read_prompt("| Requirement | Value |\n|---|---|\n| Order | Any order; we sort before comparing |\n").unordered
    # a rule of the data in days, "the second decimal place", a schedule row of two amounts: no band
    assert stated_tolerance("Shipments that arrive within two days (48 h) of the order count as on time. Every number "
                            "must be within 0.001 of ours.\n").band_at(("on_time_share",), 0.8) < 0.01
    assert stated_tolerance("`score` must be correct to the second decimal place.\n") is None or stated_tolerance(
        "`score` must be correct to the second decimal place.\n").band_at(("score",), 3.14) <= 0.01
    assert stated_tolerance("| Item | Particulars |\n|---|---|\n| 5. Monetary Tolerance | the greater of EUR 0.50 and "
                            "1 % of the Excess Charge |\n\nAn `excess_charge` is accepted within the Monetary Tolerance "
                            "(Schedule Item 5) of the computed figure.\n") is None
    # an input that lists every one asks for nothing
    assert not _asks_every("The choir register lists every singer with their voice part.\n")
    # a module whose results are whole numbers, or a NamedTuple, or a script: no probe that moves nothing
    assert _public_functions("def fare_cents(km, rate):\n    return round(km * rate * 100)\n") == []


def test_a_module_probe_moves_a_namedtuple_and_stands_before_the_main_block():
    import random as _random
    source = ("from typing import NamedTuple\n\n\nclass Fit(NamedTuple):\n    slope: float\n    n: int\n\n\n"
              "def fit_line(xs, ys):\n    return Fit((ys[-1] - ys[0]) / (xs[-1] - xs[0]), len(xs))\n\n\n"
              "def label(x):\n    return 'ok' if x / 2 else None\n\n\n"
              "if __name__ == '__main__':\n    print(fit_line([0, 1], [0, 2]))\n")
    draws = py_near_strategy(PyDoc(source), stated_tolerance("`fit_line` is accepted within 0.001.\n"), "")
    text = next(m for m in draws.values(_random.Random(0))).text
    assert text.index("_ab_probe()") < text.index("if __name__ == '__main__':")
    scope: dict = {"__name__": "probe"}
    exec(compile(text, "probe.py", "exec"), scope)  # noqa: S102 - the probe's own source
    fitted = scope["fit_line"]([0, 1], [0, 2])
    assert type(fitted).__name__ == "Fit" and fitted.slope > 2.0 and fitted.n == 2
