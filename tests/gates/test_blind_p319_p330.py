"""Rules from the blind batches p319-p330 (2026-12-07, twenty-third session), each with a twin that keeps its
verdict."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import OPTIONS, _fails, _fuzz, _leaks, _task, _twins  # noqa: E402

from artifactbench.gates import check_task, resolve_gates  # noqa: E402
from artifactbench.manifest import load_task  # noqa: E402

from artifactbench.gates.core._free_lines import read_free_lines, uncommented  # noqa: E402
from artifactbench.gates.core._prompt import read_prompt  # noqa: E402
from artifactbench.gates.leaks._blocks import answer_text  # noqa: E402
from artifactbench.gates.fuzz._fuzz import _tight_order  # noqa: E402

# --- p323: a telegram's STOPs, and `KEY value` lines ----------------------------------------------------------------

_CYCLE = "LAMBDA 56.50\nCRITICAL L2D_KNG_DEP L2D_CRS_ARR L3D_CRS_DEP\n"
_CYCLE_PROMPT = ("OPS BULLETIN 0711 STOP TIMETABLE PLANNING STOP STABILITY CHECK STOP\n\n"
                 "WRITE OUT/CYCLE.TXT STOP PLAIN TEXT TWO LINES STOP LINE ORDER FREE STOP BLANK LINES IGNORED STOP\n"
                 "LINE LAMBDA THEN ONE SPACE THEN THE NUMBER STOP DECIMAL POINT FORM STOP CHECKED WITHIN 0.01 MIN "
                 "ABSOLUTE STOP\nLINE CRITICAL THEN THE EVENT NAMES OF THE CIRCUIT STOP\n\nSHAPE EXAMPLE STOP\n"
                 "```\nLAMBDA 48.25\nCRITICAL L9D_AAA_DEP L9D_BBB_ARR\n```\nENDS\n")
_CYCLE_GRADER = """\
    pairs = [line.split(" ", 1) for line in text.splitlines() if line.strip()]
    lines = dict(pairs)
    if len(pairs) != 2 or len(lines) != 2:
        return False, "two lines"
    ok = abs(float(lines["LAMBDA"]) - 56.5) <= BAND and lines["CRITICAL"].split() == ["L2D_KNG_DEP", "L2D_CRS_ARR",
                                                                                     "L3D_CRS_DEP"]
    return ok, "checked"
    """


def test_a_telegram_s_stops_end_its_sentences(tmp_path):
    # (p323: "CHECKED WITHIN 0.01 MIN ABSOLUTE STOP" ran into one sentence with the rest: no band read, and
    # `LAMBDA 56.50`, a word and a number, was no keyed number either; the grader's 1 % passed 56.0)
    said = uncommented(_CYCLE_PROMPT)
    assert "CHECKED WITHIN 0.01 MIN ABSOLUTE." in said and "LAMBDA 48.25" in said
    assert read_prompt(said).stated is not None and read_prompt(said).stated.abs == 0.01
    _twins(tmp_path, "cycle", "out/cycle.txt", _CYCLE, _CYCLE_PROMPT, flawed=_CYCLE_GRADER.replace("BAND", "0.565"),
           sound=_CYCLE_GRADER.replace("BAND", "0.01"), kind="number_near", marker="LAMBDA")


def test_stop_in_ordinary_prose_or_a_code_block_stays():
    # the twin: a prompt in ordinary case, or with STOP only as a value of its examples, is read as written
    prose = "Write the signal states. Use STOP for red, GO for green. " * 3 + "The word STOP ends no sentence here.\n"
    assert uncommented(prose) == prose
    fenced = "WRITE THE STATES.\n```\nA STOP\nB STOP\nC STOP\nD STOP\nE STOP\nF STOP\n```\n"
    assert uncommented(fenced) == fenced


def test_a_telegram_s_notes_around_the_table_are_free():
    # (p323: "TITLE OR NOTES ABOVE OR BELOW THE TABLE FINE STOP": the title line dropped was a false fail)
    prompt = ("REPORT CARRIES ONE MARKDOWN PIPE TABLE ONLY STOP ROW ORDER FREE STOP TITLE OR NOTES ABOVE OR BELOW THE "
              "TABLE FINE STOP NUMBERS PLAIN STOP PERCENT SIGN OPTIONAL STOP CALLS EXACT STOP\n")
    report = "# PUNCTUALITY REPORT\n\n| STATION | CALLS |\n|---|---|\n| ABY | 12 |\n"
    assert read_free_lines(uncommented(prompt)).kinds(report)[0] == "free"
    # the twin: notes the prompt does not free stay graded
    strict = prompt.replace("TITLE OR NOTES ABOVE OR BELOW THE TABLE FINE STOP ", "NOTHING ELSE IN FILE STOP ")
    assert read_free_lines(uncommented(strict)).kinds(report)[0] != "free"


# --- p324: a panel drawn in box characters; "is yours — we read it, the grader doesn't" -----------------------------

_PROOF = ("# Proofing note\n\n| Bin | Issues | Note |\n|-----|--------|------|\n| C050 | GHOST | not in the book |\n"
          "| C147 | VINTAGE | Huet Le Mont |\n| C224 | WINDOW | Raveneau Chablis |\n| C236 | PRICE | Tondonia |\n\n"
          "_Proofed against the cellar book, 2026-04-01._\n")
_PROOF_PROMPT = """**Finish.** A short proofing note for the floor team, with the table.

```
┌─ service ──────────────────────────────────────────────────────┐
│ pour into   output/audit.md                                    │
│ table       a markdown table with a Bin column and an Issues   │
│             column                                             │
│ rows        one per flagged bin, in any order                  │
│ note        the Note column, and any prose around the table,   │
│             is yours — we read it, the grader doesn't          │
└────────────────────────────────────────────────────────────────┘
```
"""
_PROOF_GRADER = """\
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines()
            if line.startswith("| C")]
    got = {r[0]: r[1] for r in rows}
    ok = got == {"C050": "GHOST", "C147": "VINTAGE", "C224": "WINDOW", "C236": "PRICE"} and len(rows) == 4
    return ok, "audit checked"
    """


def test_a_box_panel_s_items_are_read_one_by_one(tmp_path):
    # (p324: the panel ran into one sentence, and "is yours — we read it, the grader doesn't" freed nothing: the Note
    # column exchanged and the closing line moved were three false fails)
    said = uncommented(_PROOF_PROMPT)
    assert "- note: the Note column, and any prose around the table, is yours — we read it, the grader doesn't" in said
    assert "Note" in read_prompt(said).free_fields
    assert not _fails(_fuzz(_task(tmp_path, "proof", "output/audit.md", _PROOF, _PROOF_PROMPT, _PROOF_GRADER)))


def test_a_box_panel_that_frees_nothing_keeps_its_findings(tmp_path):
    # the twin: the same panel without the note's line; the grader never reading the Note column is a finding
    strict = _PROOF_PROMPT.replace(
        "│ note        the Note column, and any prose around the table,   │\n"
        "│             is yours — we read it, the grader doesn't          │\n",
        "│ note        the Note column names the wine, as the book has it  │\n")
    assert "Note" not in read_prompt(uncommented(strict)).free_fields
    fails = _fails(_fuzz(_task(tmp_path, "proof_strict", "output/audit.md", _PROOF, strict, _PROOF_GRADER)))
    assert any(f.startswith("swap_values:") and "Note" in f for f in fails), fails


# --- p323: a null key renamed ----------------------------------------------------------------------------------------

_CALL = '{"train": "1U02", "station": "CRS", "arr": "06:20", "dep": null}\n'
_CALL_PROMPT = ("Write `out.json`: the call's `train`, `station`, `arr` and `dep`, times as `HH:MM`; at the destination "
                "`dep` is null.\n")
_CALL_GRADER = """\
    doc = json.loads(text)
    got = (doc.get("train"), doc.get("station"), doc.get("arr"), doc.get("dep"))
    return got == ("1U02", "CRS", "06:20", None), "checked"
    """


def test_a_null_key_renamed_is_a_warning_as_one_dropped(tmp_path):
    # (p323: `"DEP": null` renamed was a false fail: read as missing, the same answer)
    check = _fuzz(_task(tmp_path, "call", "out.json", _CALL, _CALL_PROMPT, _CALL_GRADER))
    assert not _fails(check), _fails(check)
    assert any(k.name == "rename_key" and k.severity == "warn" and "null" in k.detail for k in check.cases), check.cases
    # the twin: a key with a value renamed is still a finding
    lax = _CALL_GRADER.replace('doc.get("arr")', '"06:20"')
    fails = _fails(_fuzz(_task(tmp_path, "call_lax", "out.json", _CALL, _CALL_PROMPT, lax)))
    assert any("'arr'" in f for f in fails), fails


# --- p321: "if you happen to write the same finding twice we won't hold it against you" -------------------------------

_FINDINGS = "NDB-24-001 HEAVY_SUPER\nNDB-24-001 MOISTURE\nNDB-24-007 NET_MISMATCH\nNDB-24-019 HEAVY_SUPER\n"
_FINDINGS_PROMPT = ("Write `audit.txt`, one line `<batch_id> <CODE>` per problem.\n\n"
                    "* Lines can be in **any order**.\n"
                    "* Blank lines are harmless, and if you happen to write the same finding twice we won't hold it "
                    "against you. But no headers, no commentary, no other codes.\n")
_FINDINGS_GRADER = """\
    got = COLLECT(tuple(line.split()) for line in text.splitlines() if line.strip())
    want = COLLECT(tuple(line.split()) for line in WANT.splitlines())
    return got == want, "checked"
    """.replace("WANT", repr(_FINDINGS))


def test_a_finding_written_twice_that_the_prompt_forgives(tmp_path):
    check = _fuzz(_task(tmp_path, "twice", "audit.txt", _FINDINGS, _FINDINGS_PROMPT,
                        _FINDINGS_GRADER.replace("COLLECT", "set")))
    assert not _fails(check), _fails(check)
    # the twin: without the sentence, a grader reading the lines as a set lets a copy through
    strict = _FINDINGS_PROMPT.replace(", and if you happen to write the same finding twice we won't hold it "
                                      "against you", "")
    fails = _fails(_fuzz(_task(tmp_path, "twice_strict", "audit.txt", _FINDINGS, strict,
                               _FINDINGS_GRADER.replace("COLLECT", "set"))))
    assert any(f.startswith("duplicate_record:") for f in fails), fails


# --- p319: a headerless CSV in a text file; a budget too small for every kind ----------------------------------------

_ALERTS = ("AMI-20227,2025-06-07T23:00,2025-06-10T03:00,REPAIRED,56.9\nAMI-20343,2025-06-11T16:00,OPEN,NONE,54.0\n"
           "AMI-20421,2025-06-12T05:00,2025-06-12T14:00,QUIET,37.2\nAMI-21135,2025-06-06T05:00,2025-06-07T02:00,"
           "SNOOZED,46.6\n")
_ALERTS_PROMPT = ("Write `alerts.txt`: one line per alert, no header, five fields separated by single commas: "
                  "`meter_id,open_interval,close_interval,close_reason,peak_gph`; `close_reason` is one of `QUIET`, "
                  "`SNOOZED`, `REPAIRED`, or `NONE` for an alert still open. The order of lines is immaterial.\n")
_ALERTS_GRADER = """\
    want = {tuple(line.split(",")) for line in WANT.splitlines()}
    got = {tuple(line.split(",")) for line in text.splitlines() if line.strip()}
    if len(got) != len(text.split()):
        return False, "a line twice"
    return {KEY(g) for g in got} == {KEY(w) for w in want} and all(g[3] in ("QUIET", "SNOOZED", "REPAIRED", "NONE")
                                                               for g in got), "checked"
    """.replace("WANT", repr(_ALERTS))


def test_a_headerless_csv_in_a_text_file_has_its_cells_exchanged(tmp_path):
    # (p319: a grader that checks `close_reason` is one of the words, never which: no kind exchanged comma cells)
    _twins(tmp_path, "alerts", "alerts.txt", _ALERTS, _ALERTS_PROMPT,
           flawed=_ALERTS_GRADER.replace("KEY(g)", "(g[0], g[1], g[2], g[4])").replace("KEY(w)", "(w[0], w[1], w[2], w[4])"),
           sound=_ALERTS_GRADER.replace("KEY(g)", "g").replace("KEY(w)", "w"), kind="swap_values", marker="column 4")


def test_a_tight_budget_runs_the_kinds_that_change_values_first():
    # (p319: a 0.6 s grader spent the 10 s before swap_values ran, 19 kinds in their usual order)
    kinds = ["number_far", "number_sign", "number_nan", "string_change", "later_record", "swap_records", "swap_values"]
    assert _tight_order(dict.fromkeys(kinds), graded_s=0.6, left_s=3.0)[:2] == ["swap_values", "number_far"]
    # the twin: where the budget holds a grading of every kind, the usual order
    assert _tight_order(dict.fromkeys(kinds), graded_s=0.01, left_s=9.0) == kinds


# --- p329: numbers of headerless rows; a capped list of whole records ------------------------------------------------

_RATES = "S026 Alto 45.5 at-risk\nS028 Bass 54.5 at-risk\nS025 Soprano 57.1 at-risk\nS004 Bass 92.9 ok\n"
_RATES_PROMPT = ("Write `rates.txt`, one line per singer: `singer_id  voice_part  rate  status`, e.g. `S099 Alto 68.8 "
                 "at-risk`. `rate` is a percentage with one decimal place. We allow ±0.05 for rounding, nothing "
                 "looser. The order of the lines is up to you.\n")
_RATES_GRADER = """\
    want = {l.split()[0]: l.split() for l in WANT.splitlines()}
    got = [l.split() for l in text.splitlines() if l.strip()]
    if sorted(g[0] for g in got) != sorted(want):
        return False, "singers"
    for g in got:
        w = want[g[0]]
        if g[1] != w[1] or g[3] != w[3] or not abs(float(g[2]) - float(w[2])) <= BAND:
            return False, "a line is wrong"
    return True, "checked"
    """.replace("WANT", repr(_RATES))


def test_numbers_of_headerless_rows_are_held_to_the_stated_band(tmp_path):
    # (p329: `S026 Alto 45.5 at-risk` had no key, so number_near had nothing to move; the grader allowed 2 %)
    _twins(tmp_path, "rates", "rates.txt", _RATES, _RATES_PROMPT, flawed=_RATES_GRADER.replace("BAND", "0.02 * float(w[2])"),
           sound=_RATES_GRADER.replace("BAND", "0.05"), kind="number_near", marker="column 3")


_QUARTETS = "| Soprano | Alto | Tenor | Bass |\n|---|---|---|---|\n" + "".join(
    f"| C0{s} | C1{a} | C2{t} | C3{b} |\n" for s in (1, 2) for a in (1, 2) for t in (1, 2) for b in (1, 2)) + \
    "\nTotal lineups: 16\n"
_QUARTETS_PROMPT = ("Write `quartets.md`: a Markdown table of every lineup, one per row, columns Soprano, Alto, Tenor, "
                    "Bass, then a line `Total lineups: N`. Row order is free.\n")
_QUARTETS_GRADER = """\
    rows = [tuple(c.strip() for c in l.strip().strip("|").split("|")) for l in text.splitlines() if l.startswith("| C")]
    total = [l for l in text.splitlines() if l.startswith("Total lineups:")]
    want = {tuple(c.strip() for c in l.strip().strip("|").split("|")) for l in WANT.splitlines() if l.startswith("| C")}
    if len(total) != 1 or int(total[0].split(":")[1]) != len(rows):
        return False, "the Total lineups line does not count the rows"
    missing = sorted(want - set(rows))
    if missing or len(rows) != len(want):
        return False, f"{len(missing)} missing" + SHOWN
    return True, "all lineups"
    """.replace("WANT", repr(_QUARTETS))


def test_a_detail_listing_a_few_missing_records_at_a_time_pages_through_them(tmp_path):
    # (p329: "54 missing (e.g. C02/C09/C19/C24, ...)": every value an input's id, the records the answer; and the
    # `Total lineups:` line had to agree with the rows before the grader compared them)
    leaky = _task(tmp_path, "quartets", "quartets.md", _QUARTETS, _QUARTETS_PROMPT,
                  _QUARTETS_GRADER.replace("SHOWN", "' (e.g. ' + ', '.join('/'.join(m) for m in missing[:3]) + ')'"))
    check = _leaks(leaky)
    assert any(k.name == "paged" and k.severity == "fail" for k in check.cases), check.cases
    # the twin: a detail that says how many are missing, not which
    quiet = _task(tmp_path, "quartets_quiet", "quartets.md", _QUARTETS, _QUARTETS_PROMPT,
                  _QUARTETS_GRADER.replace("SHOWN", "''"))
    assert not [k for k in _leaks(quiet).cases if k.severity == "fail"]


# --- p322: "may be placed before or after the table at the author's discretion, provided ..."; a slow grader -------

def test_text_placed_at_the_author_s_discretion_provided_that_is_free():
    # (p322: "provided they contain no further table" read as the provided input's: the title dropped was a false fail)
    prompt = ("The report shall contain one table. Headings, explanatory prose and other text may be placed before or "
              "after the table at the author's discretion, provided they contain no further table.\n")
    report = "# Title scenarios\n\n| Start No | Titles |\n|---:|---:|\n| 1 | 3546 |\n"
    assert read_free_lines(prompt).kinds(report)[0] == "free"
    # the twin: the input's text "as provided" frees nothing of the report
    of_input = "The report shall contain one table. Headings in the file as provided may be placed before the table.\n"
    assert read_free_lines(of_input).kinds(report)[0] != "free"


def test_a_fuzz_gate_that_ran_under_half_its_kinds_says_so(tmp_path):
    # (p322: a 5 s grader let 2 of 14 kinds run in the 10 s budget, and the gate passed clean)
    slow = _ALERTS_GRADER.replace("KEY(g)", "g").replace("KEY(w)", "w").replace(
        '    want = {', '    import time\n    time.sleep(0.4)\n    want = {', 1)
    root = _task(tmp_path, "slow", "alerts.txt", _ALERTS, _ALERTS_PROMPT, slow)
    report = check_task(load_task(root), resolve_gates(["positive", "fuzz"]),
                        replace(OPTIONS, fuzz_seconds=1.5))
    fuzz = next(c for c in report.checks if c.gate == "fuzz")
    assert any(k.name == "budget_spent" and k.severity == "warn" for k in fuzz.cases), fuzz.cases
    # the twin: the same grader with the budget it needs has no such warning
    report = check_task(load_task(root), resolve_gates(["positive", "fuzz"]), replace(OPTIONS, fuzz_seconds=60))
    fuzz = next(c for c in report.checks if c.gate == "fuzz")
    assert not any(k.name == "budget_spent" for k in fuzz.cases), fuzz.cases


# --- p330: "Mariners may put a title ... anywhere outside the table"; `KEY=VALUE` labels ----------------------------

def test_a_title_anyone_may_put_anywhere_outside_the_table_is_free():
    # (p330: the notice's "Mariners" are the answer's authors; the title dropped was a false fail)
    prompt = ("3. Somewhere in the file, outside the table, give one line `Total options: N`.\n"
              "4. Mariners may put a title, remarks or reasoning anywhere outside the table.\n")
    report = "# M/V SKUA RIDGE: on-deck options\n\n| Unit | Slot |\n|---|---|\n| U1 | 020482 |\n\nTotal options: 1\n"
    assert read_free_lines(prompt).kinds(report)[0] == "free"
    # the twin: a title the prompt asks for is graded
    asked = prompt.replace("4. Mariners may put a title, remarks or reasoning anywhere outside the table.",
                           "4. The first line must be the title `# M/V SKUA RIDGE: on-deck options`.")
    assert read_free_lines(asked).kinds(report)[0] != "free"


_GM = ("# M/V KESTREL BAY departure condition\nDISPLACEMENT_T=13584.6200\nKM_M=11.2573\nKG_SOLID_M=10.0932\n"
       "FSC_M=0.0829\nGM_FLUID_M=1.0812\nBALLAST_T=602.5374\nDRAFT_FINAL_M=6.2111\n")
_GM_PROMPT = ("Write `stability.txt` with one `KEY=VALUE` line for each key:\n\n| Key | Meaning | Tolerance |\n|---|---|---|\n"
              "| `DISPLACEMENT_T` | displacement, t | ±0.5 |\n| `KM_M` | KM, m | ±0.003 |\n| `KG_SOLID_M` | KG, m | ±0.003 |\n"
              "| `FSC_M` | free surface correction, m | ±0.002 |\n| `GM_FLUID_M` | fluid GM, m | ±0.005 |\n"
              "| `BALLAST_T` | least ballast, t | ±2.0 |\n| `DRAFT_FINAL_M` | mean draft, m | ±0.005 |\n\n"
              "`VALUE` is a plain decimal number. For example: `KM_M=11.204`.\n")


def test_keys_of_key_value_lines_the_prompt_writes_as_code_are_no_leaked_values(tmp_path):
    # (p330: "quotes 7/13 of the answer's distinctive values (BALLAST_T, DISPLACEMENT_T, ...)": the keys of its format)
    said = answer_text(_GM, _GM_PROMPT, frozenset())
    assert "KM_M" not in said and "BALLAST_T" not in said and "11.2573" in said and "602.5374" in said
    root = _task(tmp_path, "gm", "stability.txt", _GM, _GM_PROMPT, "    return text == " + repr(_GM) + ", 'checked'\n")
    check = next(c for c in check_task(load_task(root), resolve_gates(["content_leaks"]), OPTIONS).checks)
    assert not [k for k in check.cases if k.severity == "fail"], check.cases
    # the twin: a key the prompt never writes stays the answer's (`TRIM_M=` of no format line)
    other = answer_text(_GM + "TRIM_M=0.41\n", _GM_PROMPT, frozenset())
    assert "TRIM_M=0.41" in other


# --- p324, p326: the answer's function raising ------------------------------------------------------------------------

_PLANNER = "def plan(budget):\n    if budget < 10:\n        return None\n    return [1, 2, 3][: budget // 10]\n"
_PLANNER_PROMPT = "Write `planner.py` with `plan(budget)`: the list of dishes, or None when no flight fits.\n"
_PLANNER_GRADER = '''import importlib.util
from dataclasses import dataclass
from pathlib import Path

@dataclass
class GradeResult:
    passed: bool
    score: float
    detail: str

def grade(scratch_dir):
    path = Path(scratch_dir) / "planner.py"
    if not path.is_file():
        return GradeResult(False, 0.0, "output artifact not produced")
    spec = importlib.util.spec_from_file_location("planner_under_test", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        return GradeResult(False, 0.0, f"import failed: {type(exc).__name__}")
    cases = {5: None, 10: [1], 35: [1, 2, 3]}
    for budget, want in cases.items():
        CALL
        if got != want:
            return GradeResult(False, 0.0, f"plan({budget}) is wrong")
    return GradeResult(True, 1.0, "all cases")
'''


def test_an_unguarded_call_of_the_answer_s_function_that_raises_is_found(tmp_path):
    # (p324, p326: a grader calling `plan_flight` unguarded raised with it; `return None` never made it raise)
    def fuzz_of(name: str, call: str):
        root = _task(tmp_path, name, "planner.py", _PLANNER, _PLANNER_PROMPT, "    return True, 'x'\n")
        (root / "grader" / "hidden.py").write_text(_PLANNER_GRADER.replace("CALL", call))
        return _fails(_fuzz(root))
    fails = fuzz_of("planner", "got = module.plan(budget)")
    assert any(f.startswith("stub_function:") and "raise RuntimeError" in f for f in fails), fails
    # the twin: a grader that guards the call fails such an answer and raises nothing
    guarded = ("try:\n            got = module.plan(budget)\n        except Exception as exc:\n"
               "            return GradeResult(False, 0.0, f'plan raised {type(exc).__name__}')")
    assert not fuzz_of("planner_guarded", guarded)


# --- the outside review of these rules -------------------------------------------------------------------------------

def test_words_near_a_field_that_free_nothing_of_it():
    # ("is yours" or "the grader will not, however," freed every field of the sentence; "the Total column" of a sentence
    # freeing the Note column was freed with it)
    for sentence in ("The approach is yours; `total` must equal the sum of `amount`.",
                     "The grader will not, however, accept a `total` that differs from the sum.",
                     "We compare the Total column exactly and the Note column is not graded.",
                     "Unlike the Total column, the Note column is informational."):
        assert "total" not in read_prompt(sentence).free_fields and "Total" not in read_prompt(sentence).free_fields
    report = "# Report\n\n| Station | Mean |\n|---|---|\n| ABY | 2.5 |\n\nNotes: skipped BRK\n"
    for prompt in ("The heading is yours, but the notes line must list every station that was skipped.",
                   "The wording of the notes is at your discretion provided they name every skipped station."):
        assert read_free_lines(prompt).kinds(report)[-1] != "free", prompt


def test_a_repeat_that_costs_points_is_no_repeat_forgiven():
    prompt = "List each finding once. A repeated finding costs you points, and we won't hold it against you if the order differs.\n"
    assert not read_prompt(prompt).set_sentences
    assert read_prompt(_FINDINGS_PROMPT).set_sentences  # the twin: p321's forgiving sentence


def test_a_detail_naming_one_missing_record_at_a_time_is_a_warning(tmp_path):
    # (the spec's own "missing endpoint /api/v2/users": one record a grading names what went wrong)
    one = _task(tmp_path, "quartets_one", "quartets.md", _QUARTETS, _QUARTETS_PROMPT,
                _QUARTETS_GRADER.replace("SHOWN", "' (first: ' + '/'.join(missing[0]) + ')'"))
    cases = [k for k in _leaks(one).cases if k.name == "paged"]
    assert cases and all(k.severity == "warn" for k in cases), cases


def test_stop_cells_of_a_table_and_a_drawn_table_are_read_as_written():
    plan = ("SIGNAL PLAN FOR THE JUNCTION. ALL PHASES LISTED BELOW.\n| PHASE | NS | EW |\n|---|---|---|\n"
            "| P1 | GO | STOP |\n| P2 | STOP | GO |\n| P3 | STOP | STOP |\n| P4 | GO | STOP |\nWRITE THE PLAN.\n")
    assert uncommented(plan) == plan
    drawn = "```\n┌──────────┬──────┐\n│ Station  │ Mean │\n├──────────┼──────┤\n│ ABY      │ 2.5  │\n└──────────┴──────┘\n```\n"
    assert uncommented(drawn) == drawn


def test_headings_that_may_precede_or_follow_the_table_are_free():
    # (p332: "provided that no other line ... begins with `|`" read as a refusal of every other part: the title
    # dropped was a false fail)
    prompt = ("3.1 The PLANNER shall write a Markdown document containing exactly one table. The PLANNER MAY precede or "
              "follow the table with headings or explanatory text, provided that no other line of the document begins "
              "with the character `|`.\n")
    report = "# Maximal load plans\n\n| Load | Crates |\n|---|---|\n| 1 | CR-A01 |\n"
    assert read_free_lines(prompt).kinds(report)[0] == "free"
    # the twin: "no other line" said as a rule of its own still refuses
    strict = "The document holds exactly one table. There must be no other line in the document.\n"
    assert read_free_lines(strict).kinds(report)[0] != "free"


def test_a_row_dropped_with_its_count_line_made_one_less(tmp_path):
    # (p334: the grader checked each row and that `Total qualifying subsets:` counted them, never that the rows were
    # all there: one valid row and a total of 1 passed; a row dropped alone was rejected for the count)
    valid_only = _QUARTETS_GRADER.replace("missing = sorted(want - set(rows))", "missing = sorted(set(rows) - want)") \
        .replace("if missing or len(rows) != len(want):", "if missing:").replace("SHOWN", "''")
    every = _QUARTETS_PROMPT.replace("every lineup", "every valid lineup")
    _twins(tmp_path, "subsets", "quartets.md", _QUARTETS, every, flawed=valid_only,
           sound=_QUARTETS_GRADER.replace("SHOWN", "''"), kind="drop_record", marker="count made 15")


def test_a_record_written_with_a_unit_after_its_number_is_written_out():
    # (p335: "e.g. LIN OKAFOR 1.3/C11 -> 1.3/C07 (72s)" of `| LIN OKAFOR | 1.3 | C11 | 1.3 | C07 | 72 |`)
    from artifactbench.gates.leaks._probes import written_records
    reference = "| Actor | Out | Gap (s) |\n|---|---|---:|\n| LIN OKAFOR | 1.3/C11 | 72 |\n| RUTH ADEYEMI | 2.2/C17 | 40 |\n"
    assert written_records("text", reference, "", "missing: LIN OKAFOR 1.3/C11 (72s)") == {0}
    # the twin: another number with the same digits is no such record
    assert written_records("text", reference, "", "missing: LIN OKAFOR 1.3/C11 (721s)") == set()


def test_the_second_review_s_cases():
    # a proviso that refuses other text still refuses; a plural table proviso frees only the headings
    names = "QUALIFIERS\nANNA LUND\nBRUNO SILVA\nCHEN WEI\n"
    refusing = ("List the qualifying runners, one per line. You may add a title line above the names, provided that no "
                "other text appears in the file.")
    assert "free" not in read_free_lines(refusing).kinds(names)[1:]
    plural = "You may precede or follow the table with headings, provided that no other lines begin with the character `|`."
    assert read_free_lines(plural).parts == frozenset({"headings"})
    # a record's number before a comma is written out, a longer number or an exponent is not
    from artifactbench.gates.leaks._probes import written_records
    reference = "| Actor | Out | Gap (s) |\n|---|---|---:|\n| LIN OKAFOR | 1.3/C11 | 72 |\n| RUTH ADEYEMI | 2.2/C17 | 40 |\n"
    assert written_records("text", reference, "", "missing (e.g. LIN OKAFOR 1.3/C11 72, RUTH ADEYEMI 2.2/C17 40)") == {0, 1}
    assert written_records("text", "| BRAVO | 2 |\n| ALPHA | 3 |\n", "", "ALPHA got 3e-05; BRAVO has 2FA") == set()


def test_a_row_dropped_with_its_count_where_any_such_rows_will_do(tmp_path):
    # ("at least 12 distinct valid lineups (any 12 or more will do)": 15 rows and a count of 15 is a right answer)
    prompt = ("Write `quartets.md`: a Markdown table listing at least 12 distinct valid lineups (any 12 or more will do), "
              "columns Soprano, Alto, Tenor, Bass, then a line `Total lineups: N` where N is the number of rows you "
              "listed.\n")
    grader = _QUARTETS_GRADER.replace("missing = sorted(want - set(rows))", "missing = sorted(set(rows) - want)") \
        .replace("if missing or len(rows) != len(want):", "if missing or len(rows) < 12 or len(set(rows)) != len(rows):") \
        .replace("SHOWN", "''")
    check = _fuzz(_task(tmp_path, "atleast", "quartets.md", _QUARTETS, prompt, grader))
    assert not _fails(check), _fails(check)


def test_key_order_in_any_object_frees_no_list_order():
    # (p327: "The order of keys in any object doesn't matter either" freed the order of every list, its hold queues'
    # too, which the grader compared as multisets)
    said = "The order of keys in any object doesn't matter either, and a `notes` key at the top is fine."
    assert not read_prompt(said).unordered_sentences
    # the twin: the order of the lists' items said free is still free
    assert read_prompt("The order of the items in any list doesn't matter.").unordered_sentences
