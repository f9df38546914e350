"""Rules from the blind batches p301-p306 (2026-12-07, twenty-first session) and p297's miss found again, each with a
twin that keeps its verdict."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _task, _twins  # noqa: E402

from artifactbench.gates.core import stated_tolerance  # noqa: E402
from artifactbench.gates.core._free_lines import read_free_lines, _kinds  # noqa: E402
from artifactbench.gates.fuzz._near import clock_band, clock_moved  # noqa: E402

_DEPARTURES = "R01 07:27:26\nR02 07:26:55\nR03 06:55:56\nR04 IMPOSSIBLE\nR05 07:41:03\n"
_DEPARTURES_PROMPT = ("# Departures\n\nWrite `departures.txt` with one line per route: the route id, a space, and the "
                      "latest departure as `HH:MM:SS` (e.g. `R09 07:14:05`), or `IMPOSSIBLE`. Lines can be in any "
                      "order; lines starting with `#` are ignored, so feel free to leave notes.\n\n"
                      "- Times to the nearest second; anything within **2 seconds** of the exact answer is fine.\n")
_PARSE = """\
    def seconds(v):
        if v == "IMPOSSIBLE":
            return v
        h, m, s = (int(x) for x in v.split(":"))
        return h * 3600 + m * 60 + s
    def rows(t):
        return [line.split() for line in t.splitlines() if line.strip() and not line.startswith("#")]
    if len(rows(text)) != len(rows(REF)) or any(len(r) != 2 for r in rows(text)):
        return False, "a line too many or too few"
    got, want = dict(rows(text)), dict(rows(REF))
    if set(got) != set(want):
        return False, "routes differ"
    for k, w in want.items():
        g = seconds(got[k])
        w = seconds(w)
        if (g == "IMPOSSIBLE") != (w == "IMPOSSIBLE") or (w != "IMPOSSIBLE" and abs(g - w) > BAND):
            return False, f"route {k} off"
    return True, "all routes within tolerance"
    """


def test_clock_times_moved_by_seconds_past_the_band(tmp_path):
    # (p297: "within 2 seconds" graded in minutes, 2 minutes; no mutant moved `07:27:26` by seconds, and the
    # example line `R09 07:14:05` named no line of the answer as graded, so a move was read as free text)
    _twins(tmp_path, "departures", "departures.txt", _DEPARTURES, _DEPARTURES_PROMPT,
           flawed=_PARSE.replace("REF", repr(_DEPARTURES)).replace("BAND", "120"),
           sound=_PARSE.replace("REF", repr(_DEPARTURES)).replace("BAND", "2"),
           kind="number_near", marker="clock time")


def test_clock_times_in_json_fields(tmp_path):
    reference = '[{"route": "R01", "depart": "07:27"}, {"route": "R02", "depart": "06:58"}]\n'
    prompt = ("Write `plan.json`: a list of `{route, depart}` objects, `depart` as HH:MM. Each `depart` within "
              "±1 minute of ours is accepted.\n")
    grader = """\
        got, want = json.loads(text), json.loads(REF)
        def m(v):
            h, mm = v.split(":")
            return int(h) * 60 + int(mm)
        ok = len(got) == len(want) and all(g["route"] == w["route"] and abs(m(g["depart"]) - m(w["depart"])) <= BAND
                                           for g, w in zip(got, want))
        return ok, "plan checked" if ok else "plan differs"
        """.replace("REF", repr(reference))
    _twins(tmp_path, "plan", "plan.json", reference, prompt, flawed=grader.replace("BAND", "20"),
           sound=grader.replace("BAND", "1"), kind="number_near", marker="field 'depart'")


def test_clock_band_reads_time_units_only():
    stated = stated_tolerance("- Times to the nearest second; anything within 2 seconds of the exact answer is fine.")
    assert clock_band(stated, ("depart",), "07:27:26") == 2.0
    assert clock_band(stated, ("depart",), "07:27") is None  # (a band of seconds on a time shown to the minute)
    scoped = stated_tolerance("Each `arrival` within 1 minute; `dwell_s` within 2 seconds.")
    assert clock_band(scoped, ("arrival",), "07:27") == 60.0
    assert clock_band(scoped, ("boarding",), "07:27:00") is None  # (no band of its own, none said of times)
    metres = stated_tolerance("Every distance within 2 m of ours.")
    assert clock_band(metres, ("depart",), "07:27:26") is None
    assert clock_moved("07:27:26", 32) == "07:27:58"
    assert clock_moved("7:05", 480) == "7:13"
    assert clock_moved("23:59:50", 32) == "23:59:18"  # (earlier where later passes midnight)
    assert clock_moved("2025-02-10T07:27:26Z", 200) == "2025-02-10T07:30:46Z"


def test_a_header_time_is_not_a_record(tmp_path):
    # twin: a lone `generated 06:00` line is no list of records: a grader that skips it passes its move
    reference = "generated 06:00:00\nR01 07:27:26\nR02 07:26:55\n"
    prompt = ("Write `out.txt`: a first line `generated HH:MM:SS` (any time), then one line per route, `R09 07:14:05`. "
              "Times within 2 seconds are fine.\n")
    root = _task(tmp_path, "gen", "out.txt", reference, prompt, _PARSE.replace(
        "REF", repr(reference)).replace("BAND", "2").replace('not line.startswith("#")', 'not line.startswith("gen")')
        .replace("    got, want", "    if not text.startswith('generated '):\n        return False, 'no header'\n    got, want"))
    assert not [f for f in _fails(_fuzz(root)) if f.startswith("number_near") and "06:00" in f]


def test_an_example_line_of_two_words_names_its_shape():
    free = read_free_lines(_DEPARTURES_PROMPT)
    assert _kinds(free, tuple(_DEPARTURES.splitlines())) == ("graded", "graded", "graded", "other", "graded")
    # twin: a line of another id's letters is no line the example shows
    assert _kinds(free, ("X01 07:27:26",)) == ("other",)


def test_row_order_freed_in_new_words():
    from artifactbench.gates.core import read_prompt
    # (p303, p305: rows swapped under "order the rows and add extra columns however you like", "LINE ORDER: FREE.")
    assert read_prompt("✅ Do: order the rows and add extra columns however you like.").unordered
    assert read_prompt("N) EXTRA KEYS: PERMITTED, NOT EVALUATED. LINE ORDER: FREE.").unordered
    # twins: an order stated, or something else freed
    assert not read_prompt("Order the rows by date and format the numbers however you like.").unordered
    assert not read_prompt("Line order - keep the input order; other things free.").unordered


def test_a_second_band_after_the_first_ones_nouns():
    # (p301: "0.001 for residuals and dose, and 0.01 kg for `chlorine_kg`" read as 0.001 for every number: a sound
    # grader's 0.01 kg failed at 8x)
    stated = stated_tolerance("Each real-valued quantity is accepted when within an absolute tolerance of 0.001 for "
                              "residuals and dose, and 0.01 kg for `chlorine_kg`, of the value computed at full "
                              "precision.")
    assert stated.band_at(("chlorine_kg",), 93.0) == 0.01
    # twin: a band said "for `a` and `b`" stays the band of both, not of `a` alone
    both = stated_tolerance("Values within 0.5 % for `a` and `b`.")
    assert both.band_at(("b",), 1.0) == both.band_at(("a",), 1.0) > 0


def test_a_numbered_item_opening_with_its_key():
    # (p306: "1. `irr_percent`: the annual rate ...; as a percentage, within 0.01 percentage points." was every
    # number's band, and a looser one of another key's became every number's: a 0.5 pp grader passed)
    text = ("1. `irr_percent`: the annual rate at which the cash flows, each discounted, pay back the cost at year 0; "
            "as a percentage, within **0.01 percentage points**.\n"
            "2. `npv_gbp`: the net present value at 4% a year (the discounted cash flows less the cost), within 50p.\n")
    assert stated_tolerance(text).band_at(("irr_percent",), 7.9) == 0.01
    # twin: a clause with a subject of its own after the semicolon is not the key's
    other = stated_tolerance("1. `irr_percent`: the annual rate; the other figures are within 0.5.\n")
    assert ("irr_percent", 0.5, 0.0) not in other.scoped


def test_plus_slash_minus_states_a_band():
    # (p305: "TOL: mtow_kg PLUS/MINUS 5 KG." read as no band: a grader 5 % relative passed)
    assert stated_tolerance("K) TOL: mtow_kg PLUS/MINUS 5 KG. limit EXACT.").band_at(("mtow_kg",), 18000.0) == 5.0


_AUDIT_PROMPT = ("Write `audit.txt`. For each wrong line, one line like this:\n\n```\n2024-06 standing billed £12.34 "
                 "should be £23.45\n```\n\nthe line name one of import, standing, export. You may add headings, notes "
                 "and blank lines around these as you please; I'll only read the finding lines.\n")


def test_an_example_lines_frame_names_lines_of_other_words():
    # (p306: `2024-04 import billed £62.97 should be £73.01` was read as free text beside the example's `standing`
    # line, which hid a `should be` amount the grader never compared)
    free = read_free_lines(_AUDIT_PROMPT)
    assert _kinds(free, ("2024-04 import billed £62.97 should be £73.01", "Checked by hand, twice.")) == (
        "graded", "free")
    # twin: two of the frame's words changed is another line
    assert _kinds(free, ("2024-04 import charged £62.97 would be £73.01",)) != ("graded",)


def test_which_record_on_which_board_is_chosen():
    from artifactbench.gates.core import read_prompt
    # (p304: board numbers exchanged between two games under "You choose which game is on which board")
    allows = read_prompt("- You choose which game is on which board, and the lines may come in any order.\n")
    assert allows.leaves_open("swap_values", "record 0 (line 1), field 'board', exchanged with record 2")
    # twin: a board the prompt fixes
    fixed = read_prompt("Board 1 holds the top-scoring pair, board 2 the next, and so on.\n")
    assert not fixed.leaves_open("swap_values", "record 0 (line 1), field 'board', exchanged with record 2")


def test_ties_for_the_best_are_many_answers():
    from artifactbench.gates.core import read_prompt
    # (p304: another legal pairing of the same total gap under "several pairings tie for the smallest gap; any one of
    # them scores full marks")
    assert read_prompt("Usually several pairings tie for the smallest gap; any one of them scores full marks.").many_answers
    assert not read_prompt("Ties for the smallest gap are broken by the lower board number.").many_answers


_DOSE_PROMPT = ("Write `dose.py` with `calculate_dose(drug, weight_kg)` returning a dict with `drug`, `dose_mg` and "
                "`volume_ml` (the dose over the product's mg/mL, to 0.1 mL).\n")
_DOSE_MODULE = ('CONC = {"A": 24.0, "B": 40.0}\n\n\ndef calculate_dose(drug, weight_kg):\n'
                '    dose = round(weight_kg * 15.0, 1)\n'
                '    return {"drug": drug, "dose_mg": dose, "volume_ml": round(dose / CONC[drug], 1)}\n')
_DOSE_TESTS = """\
    ns = {}
    exec(compile(text, "dose.py", "exec"), ns)
    f = ns["calculate_dose"]
    for drug, w, mg, ml in [("A", 10, 150.0, 6.2), ("B", 12.5, 187.5, 4.7), ("A", 3, 45.0, 1.9)]:
        got = f(drug, w)
        if got["drug"] != drug or abs(got["dose_mg"] - mg) > 0.05 or "volume_ml" not in got:
            return False, f"{drug} {w} kg wrong"
        CHECK
    return True, "all dose checks passed"
    """


def test_a_returned_field_no_test_compares(tmp_path):
    # (p302: `volume_ml` only asked to be there; a module with a fifth of the volume passed all 338 checks)
    _twins(tmp_path, "dose", "dose.py", _DOSE_MODULE, _DOSE_PROMPT,
           flawed=_DOSE_TESTS.replace("CHECK", "pass"),
           sound=_DOSE_TESTS.replace("CHECK", 'if abs(got["volume_ml"] - ml) > 0.05:\n            return False, "volume"'),
           kind="py_field", marker="`volume_ml` of the mapping `calculate_dose()`")


def test_a_returned_field_the_prompt_never_names_is_left_alone():
    from artifactbench.gates.fuzz._py_fields import field_changes
    changes = field_changes(_DOSE_MODULE, _DOSE_PROMPT.replace("`volume_ml`", "a volume"))
    assert [what.split("`")[1] for what, _, _ in changes] == ["drug", "dose_mg"]
    assert all(sure for _, _, sure in changes)
    assert not field_changes(_DOSE_MODULE.replace("def calculate_dose", "def _calculate_dose"), _DOSE_PROMPT)[0][2]


def test_example_ids_of_two_word_spans_never_crash():
    # (review of our own change: `2xx: <count>` and `200 OK` hold no id; an id's letters may be lower case)
    for span in ("`2xx: <count>`", "`200 OK`", "`x1 07:00`", "`B-2 07:00`", "`a b`"):
        read_free_lines(f"Write {span} lines. Anything else is ignored.\n")
    free = read_free_lines("One line per bus, like `b-12 07:14`. Anything else is ignored.\n")
    assert _kinds(free, ("b-7 06:59",)) == ("graded",)


def test_an_authors_copy_of_the_prompt_under_grader_is_no_crash(tmp_path):
    # (outside attack: `grader/prompt_v1.md`, the prompt's bytes, crashed content_leaks with an IndexError)
    from _blind_task import OPTIONS

    from artifactbench.gates import check_task, resolve_gates
    from artifactbench.manifest import load_task
    root = _task(tmp_path, "copy", "out.txt", "total = 41.5\n", "Write `out.txt` with `total`.\n",
                 "return text == 'total = 41.5\\n', 'checked'")
    (root / "grader" / "prompt_v1.md").write_text((root / "prompt.md").read_text())
    check = next(c for c in check_task(load_task(root), resolve_gates(["content_leaks"]), OPTIONS).checks)
    assert check.status in ("pass", "warn"), (check.status, check.summary)
    assert not [k for k in check.cases if k.severity == "fail"]


def test_review_repros_of_the_p301_p306_rules(tmp_path):
    # a note that only shares the example line's frame stays free: its own word is none the prompt names
    free = read_free_lines("Write `summary.txt`. It must hold one line `Total shipped to date 1234 units` with the "
                           "real total. You may add notes and comments anywhere; only that line is read.\n")
    assert _kinds(free, ("Total shipped to date 981 units", "Total returned to date 56 units")) == ("graded", "free")
    # a clock field never takes another field's band ("`travel_s` ... within 2 seconds" beside `eta`)
    stated = stated_tolerance("An `eta` no more than 5 minutes from ours is accepted. `travel_s` is the travel time "
                              "in seconds, within 2 seconds.")
    assert clock_band(stated, ("eta",), "08:02:10") is None
    # a public helper's mapping the prompt does not name as the entry point is a question, not a fail
    from artifactbench.gates.fuzz._py_fields import field_changes
    module = ('def parse_line(line):\n    name, qty = line.split(",")\n    return {"name": name.strip(), '
              '"qty": int(qty)}\n\n\ndef summarize(lines):\n    rows = [parse_line(x) for x in lines]\n'
              '    return {"total": sum(r["qty"] for r in rows), "count": len(rows)}\n')
    prompt = ("Write `inv.py` with `summarize(lines)`; each line is `name,qty`, with a `name` and a `qty`. It returns "
              "a dict with `total` and `count`.\n")
    sure = {what.split("`")[1]: sure for what, _, sure in field_changes(module, prompt)}
    assert sure == {"name": False, "qty": False, "total": True, "count": True}


def test_a_wide_clock_band_is_probed_at_the_factors_that_fit_the_day():
    # (review: 100x a 10-minute band passes midnight both ways from 07:27, so such bands were never probed)
    from artifactbench.gates.fuzz._near import clock_factor
    stated = stated_tolerance("Each `depart` within 10 minutes of ours is accepted.")
    assert clock_band(stated, ("depart",), "07:27") == 600.0
    assert clock_factor("07:27", 600.0, 100) == 16 and clock_factor("07:27", 600.0, 8) == 8
    assert clock_factor("07:27:26", 2.0, 100) == 100
