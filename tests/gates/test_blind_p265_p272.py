"""Rules from the blind batches p265-p280 (2026-12-07, nineteenth session) and the session's other fixes, each with a
twin that keeps its verdict."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _task, _twins  # noqa: E402

from artifactbench.gates.core import read_prompt  # noqa: E402
from artifactbench.gates.core._accuracy import stated_tolerance  # noqa: E402


def test_a_search_draws_no_constant_from_the_checkers_own_source():
    # Hypothesis mixes constants parsed from every "local" module's source into its draws: here the checker's own
    # (the grader runs in another process). During our searches it reads none (a seed's mutants do not depend on the
    # checker's source; ~1.3 s of CPU a run saved); after them a host's own Hypothesis reads as before.
    from hypothesis.internal.conjecture import providers

    from artifactbench.gates.fuzz._sampling import hypothesis_home
    before = providers._get_local_constants
    with hypothesis_home():
        with hypothesis_home():  # (nested: parallel tasks' searches)
            assert len(providers._get_local_constants()) == 0
        assert len(providers._get_local_constants()) == 0
    assert providers._get_local_constants is before



def test_order_left_to_the_reader_in_a_letters_or_a_contracts_words():
    # (p268's P.S.: "I really don't care what order the lines are in"; p266: "... at the Contractor's discretion")
    for said in ("I really don't care what order the lines are in, I'll be cutting them into strips.",
                 "We don\u2019t mind about the order of the rows.",
                 "4.3 The order of the lines is at the Contractor's discretion.",
                 "4.5 The order of rows and the order of columns in the Deliverable are at the Contractor's discretion."):
        assert read_prompt(said + "\n").unordered, said
    # twins: an order cared about, one within a line, one fixed
    for said in ("I do care what order the lines are in.",
                 "I don't mind what order the rewards are listed in within a line.",
                 "The order of the lines is fixed by clause 4.",
                 "Rows are sorted by date; the Contractor's discretion covers only the notes column."):
        assert not read_prompt(said + "\n").unordered, said


def test_a_band_a_value_needs_to_be_within_beside_how_to_converge():
    # (p268: the clause saying what each number "needs to be" speaks of the answer, whatever the sentence says of the fit)
    said = ("I'll be comparing against the actuary's own fit, and each number needs to be within 0.0005 of hers, "
            "absolute, decay rate included, so do make sure the fit has properly converged rather than stopping at the "
            "first answer that looks plausible.\n")
    assert stated_tolerance(said).abs == 0.0005
    # twin: a method's own threshold is no band of the answer
    assert stated_tolerance("Iterate until the step needs to be below 1e-9, so the fit has converged.\n") is None


_FIT = ("intercept: -3.57005106\namount_k: 0.08391324\nlog_likelihood: -130.746731\n\n# unpenalised MLE\n"
        "iterations: 7\n")
_FIT_PROMPT = ("Report in `fit.txt`, one `name: value` per line: `intercept`, `amount_k` and `log_likelihood`, each "
               "within 1e-4.\n\nLine order doesn't matter. Blank lines and `#` comment lines are fine, and so are extra "
               "lines like an iteration count; anything with a name I didn't list gets ignored. Please don't repeat a name.\n")


def _fit_grader(checked: tuple[str, ...]) -> str:
    return f"""\
    want = {{"intercept": -3.57005106, "amount_k": 0.08391324, "log_likelihood": -130.746731}}
    got = {{}}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, value = line.partition(":")
            if name.strip() in got:
                return False, "repeated " + name
            got[name.strip()] = value.strip()
    for name in {checked!r}:
        if name not in got:
            return False, "missing " + name
        v = float(got[name])
        if not math.isfinite(v) or abs(v - want[name]) > 1e-4:
            return False, name + " is off"
    return True, "ok"
"""


def test_a_name_value_line_of_a_name_the_prompt_never_lists_may_go_or_come(tmp_path):
    # (p271: `iterations: 7` dropped, a `p_CLM-37101` line added, under "anything with a name I didn't list gets ignored";
    # the grader ignoring them is sound. A name the prompt lists left unchecked is a finding.)
    allows = read_prompt(_FIT_PROMPT)
    assert allows.other_keys_free and allows.other_key("field 'iterations'") == "iterations"
    assert allows.other_key("field 'intercept'") is None
    _twins(tmp_path, "fit", "fit.txt", _FIT, _FIT_PROMPT, _fit_grader(("intercept", "log_likelihood")),
           _fit_grader(("intercept", "amount_k", "log_likelihood")), "drop_record", "amount_k")
    # twin: the grant is no grant where it refuses ("anything with a name not listed above is an error")
    assert not read_prompt("Anything with a name not listed above is an error.\n").other_keys


_AUDIT = ("AUDIT REPORT BR-7\n\nBILLS EXAMINED: 64\nDISCREPANT BILLS: 2\n"
          "DISCREPANCY B-101 billed=1200 correct=1185 findings=WATER\n"
          "DISCREPANCY B-117 billed=900 correct=940 findings=SERVICE,ARITHMETIC\n")
_AUDIT_PROMPT = ("5.2 The first non-blank line of the Report shall be exactly `AUDIT REPORT BR-7`.\n\n"
                 "5.3 The Report shall contain `BILLS EXAMINED: <n>` and `DISCREPANT BILLS: <k>` once each, and one "
                 "line `DISCREPANCY <bill_id> billed=<b> correct=<c> findings=<f>` per Discrepant Bill.\n\n"
                 "5.5 After the first line, the order of lines is at the Contractor's discretion. Blank lines, and "
                 "lines that do not begin with `BILLS EXAMINED`, `DISCREPANT BILLS` or `DISCREPANCY`, are commentary "
                 "and shall be disregarded.\n")


def _audit_grader(check_correct: bool) -> str:
    return f"""\
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    if not lines or lines[0] != "AUDIT REPORT BR-7":
        return False, "title"
    want = [l for l in {_AUDIT!r}.splitlines()[1:] if l.strip()]
    got = [l for l in lines[1:] if l.startswith(("BILLS EXAMINED", "DISCREPANT BILLS", "DISCREPANCY"))]
    if {check_correct!r}:
        return sorted(got) == sorted(want), "figures"
    strip = lambda l: " ".join(w for w in l.split() if not w.startswith("correct="))
    return sorted(map(strip, got)) == sorted(map(strip, want)), "figures"
"""


def test_lines_not_opening_as_the_graded_ones_do_are_commentary(tmp_path):
    # (p266: the title written twice is a commentary line after the first; a `correct=` never compared is a finding)
    free = read_prompt(_AUDIT_PROMPT).free_lines
    assert free.graded_prefixes == ("BILLS EXAMINED", "DISCREPANT BILLS", "DISCREPANCY") and free.first_line_set
    lines = _AUDIT.splitlines()
    assert free.confined(_AUDIT, "\n".join([lines[0], "Prepared by the Contractor", *lines[1:]]) + "\n")
    assert not free.confined(_AUDIT, "\n".join(["NOT THE TITLE", *lines[1:]]) + "\n")  # (the first line is fixed)
    assert not free.confined(_AUDIT, "\n".join(lines[:2] + lines[3:]) + "\n")
    fails = _fails(_fuzz(_task(tmp_path, "audit", "audit_report.txt", _AUDIT, _AUDIT_PROMPT, _audit_grader(False))))
    assert any(f.startswith("number_") and ("'1185'" in f or "'940'" in f) for f in fails), fails
    clean = _fails(_fuzz(_task(tmp_path, "audit_sound", "audit_report.txt", _AUDIT, _AUDIT_PROMPT, _audit_grader(True))))
    assert not clean, clean
    # twin: lines that must begin so ("lines that do not begin with `DISCREPANCY` are rejected") free nothing
    assert not read_prompt("Lines that do not begin with `DISCREPANCY` are rejected.\n").free_lines.graded_prefixes


_CLUBS = ["Abbotsford", "Corrie Bridge", "Bellhaven", "Dalmuir Thistle", "Eversley", "Farleigh Park"]


def _clubs_task(tmp_path: Path, name: str, clubs: list[str]) -> Path:
    reference = "".join(f'[clubs."{c}"]\nchampion_outright = {17 * i + 5}\n\n' for i, c in enumerate(clubs))
    grader = f"""\
    got = tomllib.loads(text).get("clubs", {{}})
    want = tomllib.loads({reference!r})["clubs"]
    missing = sorted(set(want) - set(got))
    if missing:
        return False, "missing club(s): " + ", ".join(missing)
    return got == want, "counts differ"
"""
    root = _task(tmp_path, name, "projection.toml", reference,
                 "Write `projection.toml`, one `[clubs.\"<club>\"]` table per club of the answer.\n", grader)
    rows = ",\n".join(f'    {{"club": "{c}", "points": {15 - i}}}' for i, c in enumerate(_CLUBS))
    (root / "workspace" / "table.json").write_text('{"table": [\n' + rows + "\n]}\n")
    return root


def test_a_detail_naming_nearly_every_input_club_by_its_words_names_the_input(tmp_path):
    # (p272: "missing club(s): Bellhaven, Corrie Bridge, Dalmuir Thistle, Eversley, Farleigh Park" of an answer of
    # every club in table.json: the names' words are the distinctive values, the group's items are the names)
    from _blind_task import _leaks

    assert not [k for k in _leaks(_clubs_task(tmp_path, "all_clubs", _CLUBS)).cases if k.severity == "fail"]
    # twin: an answer of three of the six clubs (which can still win): the list says which
    leaked = _leaks(_clubs_task(tmp_path, "some_clubs", ["Corrie Bridge", "Dalmuir Thistle", "Farleigh Park"]))
    assert [k for k in leaked.cases if k.severity == "fail"], leaked.cases


def test_a_band_written_as_a_power_of_ten_in_print():
    # (p266: "shall differ from the Exact Multiplier by no more than 1 × 10⁻⁶ (absolute)")
    said = stated_tolerance("5.1 The Reported Multiplier shall differ from the Exact Multiplier by no more than "
                            "1 × 10⁻⁶ (absolute).\n")
    assert (said.abs, said.rel) == (1e-6, 0.0)
    assert stated_tolerance("Each value within 2.5·10^-4.\n").abs == 2.5e-4
    assert stated_tolerance("Each value within 10⁻⁹.\n").abs == 1e-9
    # twins: a grid's size is no power; runs that "differ by at most 3 rows" state no band of the answer
    assert stated_tolerance("Use a 3 x 10 grid; each value within 0.5.\n").abs == 0.5
    assert stated_tolerance("The two runs differ by at most 3 rows when the seed changes.\n") is None


_PAYOUTS = ('rate_per_stream = 0.0036967483\nmonth = "2024-06"\n\n[payouts]\nART-101 = 18.2653\nART-108 = 7.0011\n'
            'ART-115 = 1154.5656\nART-122 = 2184.5354\n')
_PAYOUTS_PROMPT = ("Write `settlement.toml` with `rate_per_stream` and a `[payouts]` table, one entry per artist.\n\n"
                   "- Other top-level keys and comments are allowed and ignored.\n"
                   "- Each payout must be within ±0.01 EUR of the exact one.\n")


def _payouts_grader(rel: float) -> str:
    return f"""\
    got, want = tomllib.loads(text), tomllib.loads({_PAYOUTS!r})
    if not abs(got.get("rate_per_stream", 0) - want["rate_per_stream"]) <= 1e-9:
        return False, "rate"
    if set(got.get("payouts", {{}})) != set(want["payouts"]):
        return False, "artists"
    for k, v in want["payouts"].items():
        g = got["payouts"][k]
        if not math.isfinite(g) or not math.isclose(g, v, rel_tol={rel!r}, abs_tol=0.01):
            return False, k + " off"
    return True, "ok"
"""


def test_other_top_level_keys_free_no_key_of_a_table(tmp_path):
    # (p270: "Other top-level keys and comments are allowed and ignored" freed `ART-101 = 18.2653` of `[payouts]`, and a
    # 1% band on payouts said to ±0.01 EUR was reported as a change on free lines)
    free = read_prompt(_PAYOUTS_PROMPT).free_lines
    assert free.options_top_level
    kinds = free.kinds('note = "mine"\n' + _PAYOUTS)
    assert kinds[0] == "free" and kinds[5] == "graded"  # (`note` above the tables; `ART-101` inside `[payouts]`)
    _twins(tmp_path, "payouts", "settlement.toml", _PAYOUTS, _PAYOUTS_PROMPT, _payouts_grader(0.01),
           _payouts_grader(0.0), "number_near", "ART-1")


_LEDGER = ("LEAGUE LEDGER\n\nMatchday 1\nPos  Club        P  W  D  L  Pts\n  1  Arden Vale  1  1  0  0    3\n"
           "  2  Crowmarsh   1  0  0  1    0\n\nMatchday 2\nPos  Club        P  W  D  L  Pts\n"
           "  1  Crowmarsh   2  1  0  1    3\n  2  Arden Vale  2  1  0  1    3\n")
_LEDGER_PROMPT = ("Write `ledger.txt`: for each matchday a `Matchday N` line, then one line per club: position, club, "
                  "played, won, drawn, lost and points.\n\nNote: a title line, column-header lines, blank lines and "
                  "separator lines made of dashes may appear anywhere and are ignored.\n")


def _ledger_grader(every: bool) -> str:
    return f"""\
    def sections(t):
        out, cur = [], None
        for line in t.splitlines():
            if line.startswith("Matchday"):
                cur = [line.split()]
                out.append(cur)
            elif cur is not None and line.strip()[:1].isdigit():
                cur.append(line.split())
        return out
    got, want = sections(text), sections({_LEDGER!r})
    if len(got) != len(want) or any(len(g) != len(w) for g, w in zip(got, want)):
        return False, "sections"
    if [g[0] for g in got] != [w[0] for w in want]:
        return False, "matchday labels"
    return (got == want) if {every!r} else (got[-1] == want[-1]), "tables"
"""


def test_where_only_headings_are_free_a_line_of_numbers_is_graded(tmp_path):
    # (p272: the club rows of every matchday but the last were never compared; under "a title line, column-header
    # lines, blank lines and separator lines ... are ignored" they were read as lines of unknown standing, and
    # every change to them a warning)
    free = read_prompt(_LEDGER_PROMPT).free_lines
    kinds = dict(zip(_LEDGER.splitlines(), free.kinds(_LEDGER)))
    assert kinds["  1  Arden Vale  1  1  0  0    3"] == "graded" and kinds["LEAGUE LEDGER"] == "free"
    _twins(tmp_path, "ledger", "ledger.txt", _LEDGER, _LEDGER_PROMPT, _ledger_grader(False), _ledger_grader(True),
           "number_far", "line 5:")


_AUDIT_CODES = ("B-201: OK\nB-202: OG_RANGE\nB-203: TEMP_EXCURSION\nB-204: OK\nB-205: FG_UNSTABLE\nB-206: ABV_LABEL\n"
                "B-207: FG_UNSTABLE, TOO_EARLY\n")
_AUDIT_CODES_PROMPT = ("Write `audit.txt`, one line per batch: `B-2xx: OK` or `B-2xx: CODE, CODE` with the codes it "
                       "fails.\n\nOn the file format: lines can be in any order and the codes within a line can be in "
                       "any order; blank lines and lines starting with `#` are ignored, so comments are fine.\n")


def _codes_grader(compare: bool) -> str:
    return f"""\
    def read(t):
        out = {{}}
        for line in t.splitlines():
            if line.strip() and not line.startswith("#"):
                batch, _, codes = line.partition(":")
                if batch.strip() in out:
                    return None
                out[batch.strip()] = sorted(c.strip() for c in codes.split(","))
        return out
    got, want = read(text), read({_AUDIT_CODES!r})
    if got is None or set(got) != set(want):
        return False, "batches"
    known = {{"OK", "OG_RANGE", "TEMP_EXCURSION", "FG_UNSTABLE", "ABV_LABEL", "TOO_EARLY"}}
    if any(c not in known for v in got.values() for c in v):
        return False, "unknown code"
    if {compare!r}:
        return got == want, "codes"
    return all(len(got[b]) == len(want[b]) for b in want), "codes"
"""


def test_lines_trading_contents_keep_their_ids_an_exchange_not_an_order(tmp_path):
    # (p276: `B-205: FG_UNSTABLE` / `B-206: ABV_LABEL` with their codes exchanged, under "lines can be in any order",
    # was excused as a new order; the format's `B-2xx` is a number's placeholder; "so comments are fine" after the
    # `#` lines frees those lines, no prose)
    free = read_prompt(_AUDIT_CODES_PROMPT).free_lines
    assert not free.parts and free.prefixes == ("#",)
    assert set(free.kinds(_AUDIT_CODES)) == {"graded"}
    _twins(tmp_path, "codes", "audit.txt", _AUDIT_CODES, _AUDIT_CODES_PROMPT, _codes_grader(False), _codes_grader(True),
           "swap_records", "(each keeps its id)")
    # twin: a position's number, `OPTION 2`, keeps the plain reading (the contents move in the order)
    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._strategies import mutation_draws
    options = "OPTION 1: A B\nOPTION 2: C D\nOPTION 3: E F\n"
    drawn = list(itertools.islice(mutation_draws("text", options, FuzzPolicy(), "swap_records").values(random.Random(0)), 20))
    renumbered = [m.where for m in drawn if "(each keeps" in m.where]
    assert renumbered and all("(each keeps its number)" in w for w in renumbered), renumbered


# ---- round 3: p277-p280 ----

_WARDS = ("# capacity report, Erlang loss model\nWARD=AMU A=41.8000 B=0.043625 UTIL=0.83284\n"
          "WARD=4A A=24.4800 B=0.074229 UTIL=0.80939\nWARD=4B A=21.8400 B=0.101139 UTIL=0.81796\n")
_WARDS_PROMPT = ("Plain text, 1 line per ward, whitespace-separated `KEY=value` tokens:\n"
                 "`WARD=<ward> A=<num> B=<num> UTIL=<num>`\n\nToken order within a line + line order free. "
                 "Lines starting `#` + blank lines ignored.\n\n- `A` ± 0.001 abs\n- `B` ± 0.0001 abs\n"
                 "- `UTIL` ± 0.001 abs\n")


def _wards_grader(b_tol: float) -> str:
    return f"""\
    def read(t):
        out = {{}}
        for line in t.splitlines():
            if line.strip() and not line.startswith("#"):
                pairs = dict(tok.split("=", 1) for tok in line.split())
                if pairs["WARD"] in out:
                    return {{}}
                out[pairs["WARD"]] = pairs
        return out
    got, want = read(text), read({_WARDS!r})
    if set(got) != set(want):
        return False, "wards"
    for w, p in want.items():
        for k, tol in (("A", 0.001), ("B", {b_tol!r}), ("UTIL", 0.001)):
            v = float(got[w].get(k, "nan"))
            if not abs(v - float(p[k])) <= tol:
                return False, w + " " + k
    return True, "ok"
"""


def test_a_line_of_key_value_tokens_only_is_pairs_and_lines_starting_a_mark_are_free(tmp_path):
    # (p277: `WARD=AMU A=41.8000 B=0.043625` opens like a config line and number_near drew none of its numbers; "Lines
    # starting `#` + blank lines ignored" (no "with") left the comment line graded, and its drop a finding)
    assert read_prompt(_WARDS_PROMPT).free_lines.prefixes == ("#",)
    _twins(tmp_path, "wards", "capacity.txt", _WARDS, _WARDS_PROMPT, _wards_grader(0.01), _wards_grader(0.0001),
           "number_near", "key 'B'")


_FINES = "patron_id,overdue_items,total_fine\nP1001,4,24.50\nP1003,1,0.63\nP1007,2,3.25\nP1011,1,1.13\n"
_FINES_PROMPT = ("Write `fines.csv` with the header `patron_id,overdue_items,total_fine`. Round each loan's fine to the "
                 "nearest cent, halves up, then add them up.\n\nFinance will check it to the cent.\n")


def _fines_grader(tol: float) -> str:
    return f"""\
    import csv, io
    rows = list(csv.DictReader(io.StringIO(text)))
    got = {{r["patron_id"]: r for r in rows}}
    want = {{r["patron_id"]: r for r in csv.DictReader(io.StringIO({_FINES!r}))}}
    if set(got) != set(want) or len(rows) != len(got):
        return False, "patrons"
    for p, r in want.items():
        if got[p]["overdue_items"] != r["overdue_items"]:
            return False, p + " items"
        if not abs(float(got[p]["total_fine"]) - float(r["total_fine"])) <= {tol!r}:
            return False, p + " fine"
    return True, "ok"
"""


def test_figures_checked_to_the_cent_are_held_to_it(tmp_path):
    # (p279: "Finance will check it to the cent" beside "round ... to the nearest cent": a grader off by half a dollar
    # was a warning, the prompt stating no band in numbers)
    _twins(tmp_path, "fines", "fines.csv", _FINES, _FINES_PROMPT, _fines_grader(0.5), _fines_grader(0.001),
           "number_near", "cent the prompt holds")
    # twin: only how to round, no check to the cent: a warning still
    fails = _fails(_fuzz(_task(tmp_path, "fines_round", "fines.csv", _FINES, _FINES_PROMPT.replace(
        "Finance will check it to the cent.", "Write it as you like."), _fines_grader(0.5))))
    assert not [f for f in fails if f.startswith("number_near")], fails


_BOOKINGS = ("booking_id,rule,severity\nB01,SAT_OVERLAP,NO-GO\nB04,MAINT,NO-GO\nB05,MASK,NO-GO\nB09,BAND,NO-GO\n"
             "B15,SHORT,WARNING\nB19,SHORT,WARNING\n")
_BOOKINGS_PROMPT = ("Audit `bookings.csv`.\n\n| Code | Severity | Rule |\n|---|---|---|\n| `MASK` | NO-GO | elevation below "
                    "the mask |\n| `BAND` | NO-GO | band not on the antenna |\n| `MAINT` | NO-GO | overlaps maintenance |\n"
                    "| `SAT_OVERLAP` | NO-GO | two bookings of one satellite overlap |\n| `SHORT` | WARNING | under "
                    "five minutes |\n\nWrite `findings.csv` with `booking_id,rule,severity`, one row per finding.\n")


def test_codes_a_table_defines_beside_their_category_are_vocabulary(tmp_path):
    # (p278: `| `BAND` | NO-GO | ... |` names a code with its severity, two values of the answer's row `B09,BAND,NO-GO`:
    # the code's own category, not the answer's pairing; the booking ids are the input's)
    from _leak_task import content_leaks

    files = {"bookings.csv": "booking_id,station\n" + "".join(f"B{i:02d},GS1\n" for i in range(1, 30))}
    check = content_leaks(tmp_path, "bookings", "findings.csv", _BOOKINGS, _BOOKINGS_PROMPT, files)
    assert not [c for c in check.cases if c.severity == "fail"], check.cases
    # twin: a table of the answer's own rows (each booking with its code) is the answer
    listed = _BOOKINGS_PROMPT + "\nLast quarter's findings:\n\n| Booking | Code |\n|---|---|\n" + "".join(
        f"| {row.split(',')[0]} | {row.split(',')[1]} |\n" for row in _BOOKINGS.splitlines()[1:])
    check = content_leaks(tmp_path, "bookings_listed", "findings.csv", _BOOKINGS, listed, files)
    assert [c for c in check.cases if c.severity == "fail"], check.cases


def test_what_each_object_must_carry_lists_its_keys_and_a_grant_the_office_will_ignore(tmp_path):
    # (p280: "Each object must carry:" over `- `rank`: ...` bullets, then "Respondents may add further fields to each
    # object (station, fuel and so on); the Office will ignore them": `fuel`, a column of the input, is one of them)
    prompt = ("Write `stack.jsonl`, one object per unit. Each object must carry:\n\n   - `rank`: integer;\n"
              "   - `unit_id`: string, as in `units.csv`;\n   - `marginal_cost`: number.\n\n   Respondents may add "
              "further fields to each object (station, fuel and so on); the Office will ignore them.\n\nThe cost uses "
              "the fuel entry that matches the unit's `fuel` column.\n")
    allows = read_prompt(prompt)
    assert allows.listed_keys == frozenset({"rank", "unit_id", "marginal_cost"}) and allows.other_keys_free
    assert allows.leaves_open("string_change", "record 0 (line 1), field 'fuel'")[0] == "info"
    assert allows.leaves_open("number_far", "record 0 (line 1), field 'marginal_cost'") is None
    # twin: "the Office will check them" grants nothing free
    assert not read_prompt(prompt.replace("will ignore them", "will check them")).other_keys_free


def test_review_repros_of_the_p265_p280_rules(tmp_path):
    """An outside review of these rules: each a sound grader's false fail, or a real flaw hidden, now held."""
    from hypothesis.internal.conjecture import providers

    from artifactbench.gates.fuzz._fuzz import _checked_to_the_cent
    from artifactbench.gates.fuzz._sampling import hypothesis_home
    # "lines that do not begin with ..." of an input, with a placeholder, or saying they are graded: no free lines
    for said in ("Read `events.log`. In that log, lines that do not begin with `EVT` are commentary and should be ignored.",
                 "Lines that do not begin with `#` are data lines, not commentary, and are all graded."):
        assert not read_prompt(said + "\n").free_lines.graded_prefixes, said
    assert read_prompt("Lines that do not begin with `ITEM <sku>` or `TOTAL:` are commentary and are ignored.\n") \
        .free_lines.graded_prefixes == ("ITEM", "TOTAL:")
    # an order of goods at one's discretion, the input's order: no order freedom of the answer
    for said in ("Orders over 1,000 may be split; whether to split an order is at the buyer's discretion.",
                 "Never mind the order of the lines in the input file; it is arbitrary.",
                 "I don't care about the order of the rows in the input; they arrive shuffled.",
                 "We don't care what order the rows of `ledger.csv` are in."):
        assert not read_prompt(said + "\n").unordered, said
    # a data-cleaning rule is no band of the answer's numbers
    for said in ("Clean `readings.csv`: a reading has to be within 2.0 of its sensor's daily median to be kept.",
                 "Two consecutive readings of a sensor should differ by no more than 2.0; drop the second.",
                 "Prices may differ by up to 0.25 between shops."):
        assert stated_tolerance(said + " Each mean is checked to within 1e-4.\n").abs == 1e-4, said
    # a refusal that ignores the whole object grants no key
    for said in ("Objects with extra fields do not conform; the Office will disregard them.",
                 "Submissions carrying additional fields are non-compliant and the Office will ignore them."):
        assert not read_prompt(said + "\n").other_keys_free, said
    # names that fill a format's placeholder, `<region>: <units>`, are the answer's records, not unlisted extras
    prompt = ("Write `totals.txt`, one `<region>: <units>` line per region, in any order.\n\nExtra lines, like a "
              "`generated:` stamp, are fine: anything with a name I did not list gets ignored.\n")
    assert not read_prompt(prompt).other_keys_free
    # a column-header line of years, or one a dashes rule underlines, stays a free header
    free = read_prompt("Note: a title line, column-header lines, blank lines and separator lines made of dashes may "
                       "appear anywhere and are ignored.\n").free_lines
    kinds = free.kinds("SALES\n\nRegion   2023   2024\n------   ----   ----\nNorth    1200   1350\n")
    assert kinds[2] != "graded" and kinds[4] == "graded", kinds
    # `2xx`/`5xx` standalone are labels, not a number's placeholder; "comments anywhere else" keeps prose free
    assert read_prompt("Three lines, `2xx: <count>` and `5xx: <count>`. Anything else is ignored.\n").free_lines \
        .kind(("Generated: 2024-06-01",), 0, False) != "graded"
    assert read_prompt("Lines starting with `#` are ignored, and comments anywhere else in the file are fine too.\n") \
        .free_lines.parts
    # "to the cent" said of an input checks no figure of the answer
    assert _checked_to_the_cent("The loan records in `loans.csv` were verified to the cent by the branch.\n") is None
    assert _checked_to_the_cent("Round to the cent. Finance will check it to the cent.\n") == \
        "Finance will check it to the cent."
    # our searches draw from no pool of constants a host cached, and leave none behind
    providers.CONSTANTS_CACHE[("integer", "host")] = ("a host's pool",)
    with hypothesis_home():
        assert ("integer", "host") not in providers.CONSTANTS_CACHE
        providers.CONSTANTS_CACHE[("integer", "ours")] = ((), ())
    assert ("integer", "ours") not in providers.CONSTANTS_CACHE


def test_review_repros_of_the_p265_p280_rules_end_to_end(tmp_path):
    from _leak_task import content_leaks
    # a code table whose rows also name the bookings each code flags lists the answer
    prompt = ("Audit `bookings.csv`.\n\n| Code | Severity | Rule | Booking(s) it flags |\n|---|---|---|---|\n"
              "| `MASK` | NO-GO | elevation below the mask | B05 |\n| `BAND` | NO-GO | band not on the antenna | B09 |\n"
              "| `MAINT` | NO-GO | overlaps maintenance | B04 |\n| `SAT_OVERLAP` | NO-GO | one satellite twice | B01 |\n"
              "| `SHORT` | WARNING | under five minutes | B15, B19 |\n\nWrite `findings.csv` with `booking_id,rule,severity`.\n")
    files = {"bookings.csv": "booking_id,station\n" + "".join(f"B{i:02d},GS1\n" for i in range(1, 30))}
    check = content_leaks(tmp_path, "flags", "findings.csv", _BOOKINGS, prompt, files)
    assert [c for c in check.cases if c.severity == "fail"], check.cases
    # a count from 1 written glued, `Stop-1`, is a position: its contents exchanged is a new order the prompt allows
    route = "Stop-1: Leeds\nStop-2: York\nStop-3: Hull\nStop-4: Selby\n"
    grader = """\
    lines = [l for l in text.splitlines() if l.strip()]
    nums, towns = [], []
    for l in lines:
        head, _, town = l.partition(":")
        if not head.startswith("Stop-"):
            return False, "format"
        nums.append(int(head[5:])); towns.append(town.strip())
    if nums != list(range(1, len(lines) + 1)):
        return False, "numbering"
    return sorted(towns) == ["Hull", "Leeds", "Selby", "York"], "towns"
"""
    fails = _fails(_fuzz(_task(tmp_path, "route", "route.txt", route, "Write `route.txt`: the towns, one per line, as "
                               "`Stop-<n>: <town>`, n counting the lines 1, 2, 3, ... The order of the stops is up to "
                               "you; any order is accepted.\n", grader)))
    assert not [f for f in fails if f.startswith("swap_records")], fails


def test_second_review_repros(tmp_path):
    """A second review of the first review's fixes: each a real flaw the fix hid, now found."""
    from _leak_task import content_leaks
    # a code table whose rows name the bookings each code flags, ids without a digit: the answer all the same
    stars = ["ALTAIR", "DENEB", "VEGA", "RIGEL", "SIRIUS", "CAPELLA"]
    codes = ["SAT_OVERLAP", "MAINT", "MASK", "BAND", "SHORT", "SHORT"]
    reference = "booking_id,rule,severity\n" + "".join(
        f"{s},{c},{'WARNING' if c == 'SHORT' else 'NO-GO'}\n" for s, c in zip(stars, codes))
    prompt = ("Audit `bookings.csv`.\n\n| Code | Severity | Rule | Booking(s) it flags |\n|---|---|---|---|\n"
              "| `SAT_OVERLAP` | NO-GO | one satellite twice | ALTAIR |\n| `MAINT` | NO-GO | maintenance | DENEB |\n"
              "| `MASK` | NO-GO | below the mask | VEGA |\n| `BAND` | NO-GO | band not on the antenna | RIGEL |\n"
              "| `SHORT` | WARNING | under five minutes | SIRIUS, CAPELLA |\n\nWrite `findings.csv`.\n")
    files = {"bookings.csv": "booking_id,station\n" + "".join(f"{s},GS1\n" for s in stars)}
    check = content_leaks(tmp_path, "stars", "findings.csv", reference, prompt, files)
    assert [c for c in check.cases if c.severity == "fail"], check.cases
    # tanks T1-T6 are ids, not a count of the lines: their codes exchanged is no new order
    tanks = "".join(f"T{i}: {c}\n" for i, c in enumerate(["OK", "FG_UNSTABLE", "OK", "ABV_LABEL", "OK", "TOO_EARLY"], 1))
    grader = f"""\
    got = sorted(l.split(":", 1)[1].strip() for l in text.splitlines() if l.strip())
    want = sorted(l.split(":", 1)[1].strip() for l in {tanks!r}.splitlines() if l.strip())
    return got == want and len(set(l.split(":")[0] for l in text.splitlines() if l.strip())) == 6, "codes"
"""
    fails = _fails(_fuzz(_task(tmp_path, "tanks", "tanks.txt", tanks, "Write `tanks.txt`, one `T<n>: CODE` line per "
                               "tank T1 to T6; lines can be in any order.\n", grader)))
    assert any(f.startswith("swap_records:") and "(each keeps its id)" in f for f in fails), fails
