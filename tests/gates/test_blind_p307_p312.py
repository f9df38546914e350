"""Rules from the blind batches p307-p312 (2026-12-07, twenty-second session), each with a twin that keeps its
verdict."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import OPTIONS, _fails, _fuzz, _task, _twins  # noqa: E402

from artifactbench.gates import check_task, resolve_gates  # noqa: E402
from artifactbench.gates.core import stated_tolerance  # noqa: E402
from artifactbench.gates.core._free_lines import read_free_lines  # noqa: E402
from artifactbench.manifest import load_task  # noqa: E402

# --- p307: "a line whose key is not one of the keys above will be disregarded" -------------------------------------

_FEE_REPORT = ("Westfield Regional Shelter - summer fee analysis\nmethod: bisection, then golden-section search\n\n"
               "capacity_fee: 112.9181\nbest_fee: 93.6891\n\nfees collected at best fee: 46031.34\n")
_FEE_PROMPT = ("## Orders\n\n1. Write `fee_report.txt`.\n\n2. The report shall contain, each on its own line in the form "
               "`key: value`, the following keys, each exactly once:\n"
               "   - `capacity_fee` — within 0.05 of the capacity fee;\n"
               "   - `best_fee` — within 0.5 of the best fee.\n\n"
               "3. Other lines, and the order of the lines, are at the Board's discretion; a line whose key (the text "
               "before its first colon) is not one of the keys above will be disregarded.\n")
_FEE_GRADER = """\
    found = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip() in ("capacity_fee", "best_fee"):
            found.setdefault(key.strip(), []).append(float(value))
    if sorted(found) != ["best_fee", "capacity_fee"] or any(len(v) != 1 for v in found.values()):
        return False, "each key exactly once"
    ok = abs(found["capacity_fee"][0] - 112.9181) <= 0.05 and abs(found["best_fee"][0] - 93.6891) <= BAND
    return ok, "figures checked" if ok else "a figure is off"
    """


def test_lines_whose_key_is_not_listed_are_free(tmp_path):
    # (p307: the title, the method line and an extra figure were dropped, copied, cut and moved: five false fails)
    free = read_free_lines(_FEE_PROMPT)
    assert free.graded_prefixes == ("CAPACITY_FEE:", "CAPACITY_FEE :", "BEST_FEE:", "BEST_FEE :")
    assert [k for k in free.kinds(_FEE_REPORT) if k != "blank"] == ["free", "free", "graded", "graded", "free"]
    _twins(tmp_path, "fee", "fee_report.txt", _FEE_REPORT, _FEE_PROMPT, flawed=_FEE_GRADER.replace("BAND", "50"),
           sound=_FEE_GRADER.replace("BAND", "0.5"), kind="number_near", marker="best_fee")


def test_a_key_listed_in_another_sentence_frees_nothing():
    # (the twin: the same list without the sentence freeing the others, or a sentence of the input's keys)
    assert not read_free_lines(_FEE_PROMPT.split("3. Other")[0]).graded_prefixes
    of_input = _FEE_PROMPT.replace("a line whose key", "in `params.txt`, a line whose key")
    assert not read_free_lines(of_input).graded_prefixes


def test_labels_the_prompt_writes_as_code_are_no_leaked_values(tmp_path):
    # (p307: "quotes 5/10 of the answer's distinctive values (best_fee, capacity_fee, ...)": the keys of its format)
    prompt = "# The Westfield Regional Shelter's summer fee\n\nUse bisection or a golden-section search.\n\n" + _FEE_PROMPT
    root = _task(tmp_path, "fee_leak", "fee_report.txt", _FEE_REPORT, prompt, _FEE_GRADER.replace("BAND", "0.5"))
    check = next(c for c in check_task(load_task(root), resolve_gates(["content_leaks"]), OPTIONS).checks)
    assert not [k for k in check.cases if k.severity == "fail"], check.cases
    # the twin: a prompt holding the answer's figures still leaks them
    leaky = _task(tmp_path, "fee_leaky", "fee_report.txt", "capacity_fee: 112.9181\nbest_fee: 93.6891\n"
                  "net_fee: 1834.2205\npeak_fee: 106.8173\nlow_fee: 12.3456\n",
                  _FEE_PROMPT + "\nFor reference: 112.9181, 93.6891, 1834.2205, 106.8173 and 12.3456.\n",
                  _FEE_GRADER.replace("BAND", "0.5"))
    check = next(c for c in check_task(load_task(leaky), resolve_gates(["content_leaks"]), OPTIONS).checks)
    assert any(k.name.startswith("reference_values") and k.severity == "fail" for k in check.cases), check.cases


# --- p309: a keyword every line opens with is no id ------------------------------------------------------------------

_AUDIT = ("FINDING OD30108 WX21KLM OVERSPEED\nFINDING OD30135 WX19KLM ORPHAN_CHECKIN\nFINDING OD30198 WX11KLM ROLLBACK\n"
          "FINDING OD30201 WX14KLM UNBILLED_GAP\nTOTAL 4\n")
_AUDIT_PROMPT = ("Write `audit.txt`: one line `FINDING <reading_id> <vehicle_id> <CODE>` per finding, the codes "
                 "`ROLLBACK`, `OVERSPEED`, `UNBILLED_GAP`, `ORPHAN_CHECKIN`, then `TOTAL <n>`. Lines may be in any "
                 "order.\n")
_AUDIT_GRADER = """\
    from collections import Counter
    lines = [l.split() for l in text.splitlines() if l.strip()]
    want = [l.split() for l in REF.splitlines() if l.strip()]
    if sorted(l[0] for l in lines) != sorted(l[0] for l in want):
        return False, "lines differ"
    got = [tuple(l[1:KEEP]) for l in lines if l[0] == "FINDING"]
    exp = [tuple(l[1:KEEP]) for l in want if l[0] == "FINDING"]
    ok = Counter(got) == Counter(exp) and [l for l in lines if l[0] == "TOTAL"] == [l for l in want if l[0] == "TOTAL"]
    return ok, "all findings reported" if ok else "findings differ"
    """.replace("REF", repr(_AUDIT))


def test_codes_exchanged_between_lines_led_by_one_keyword(tmp_path):
    # (p309: the grader compared which readings were flagged, never the codes; no mutant moved a code, the lines'
    # first token `FINDING` being the same on every line)
    _twins(tmp_path, "audit", "audit.txt", _AUDIT, _AUDIT_PROMPT, flawed=_AUDIT_GRADER.replace("KEEP", "3"),
           sound=_AUDIT_GRADER.replace("KEEP", "4"), kind="swap_values", marker="column 4")


# --- p308 / p311: an item of a bare list given one its line lacks ----------------------------------------------------

_PEOPLE = {"K01": ("director", 1), "K02": ("critic", 0), "K03": ("critic", 1), "K04": ("actor", 0),
           "K05": ("director", 1), "K06": ("actor", 1), "K07": ("producer", 0), "K08": ("critic", 1)}


def _valid(panel, french: bool) -> bool:
    jobs = [_PEOPLE[p][0] for p in panel]
    return "director" in jobs and "critic" in jobs and (not french or sum(_PEOPLE[p][1] for p in panel) >= 2)


_PANELS = "".join(",".join(p) + "\n" for p in itertools.combinations(sorted(_PEOPLE), 3) if _valid(p, True))
_PANEL_PROMPT = ("Write `panels.txt`: **every** valid three-person panel, one per line, the ids separated by commas. "
                 "A panel is valid when it has a director, a critic, and at least two French speakers. Lines may come "
                 "in any order.\n")
_PANEL_GRADER = """\
    people = PEOPLE
    seen = set()
    for line in text.split():
        panel = frozenset(line.split(","))
        jobs = [people[p][0] for p in panel]
        if len(panel) != 3 or panel in seen or "director" not in jobs or "critic" not in jobs:
            return False, "a panel breaks a rule"
        if CHECK_FRENCH and sum(people[p][1] for p in panel) < 2:
            return False, "a panel breaks a rule"
        seen.add(panel)
    return len(seen) == COUNT, "all panels listed" if len(seen) == COUNT else "wrong number of panels"
    """.replace("PEOPLE", repr(_PEOPLE)).replace("COUNT", str(_PANELS.count("\n")))


def test_a_list_line_given_an_item_it_lacks(tmp_path):
    # (p308: "every five-person panel", the grader counting panels and checking all rules but the French speakers')
    _twins(tmp_path, "panels", "panels.txt", _PANELS, _PANEL_PROMPT,
           flawed=_PANEL_GRADER.replace("CHECK_FRENCH", "False"), sound=_PANEL_GRADER.replace("CHECK_FRENCH", "True"),
           kind="string_change", marker="an item given a code its line lacks")


def test_bare_lists_are_lines_of_codes_or_names_only():
    from artifactbench.gates.fuzz._text_strategies import line_codes

    names = ["Alasdair, Beth, Callum", "Beth, Callum, Deirdre", "Alasdair, Callum, Deirdre", "TOTAL: 3"]
    changed = line_codes(names, tuple(range(4)))
    assert changed and all(new == ", ".join(sorted(new.split(", "))) for _, _, _, new in changed)  # (kept sorted)
    assert all(frozenset(new.split(", ")) not in {frozenset(x.split(", ")) for x in names[:3]} for *_, new in changed)
    prose = ["red, green and blue", "apples, pears, plums", "one, two, three"]
    assert line_codes(prose, (0, 1, 2)) == []  # (lower-case words: prose, not names)
    numbers = ["1,2,3", "4,5,6", "7,8,9"]
    assert line_codes(numbers, (0, 1, 2)) == []


# --- p311: "Your answer must be within 1 m" said of the key the sentence before defines ------------------------------

def test_a_band_of_the_answer_is_the_key_the_sentence_before_defines():
    prompt = ("> - `distance_km` = the sum of the distances.\n> - Your answer must be within **0.01 km** of the true "
              "value.\n\n> - `ascent_m` = the total climb. Your answer must be within **1 m** of the\n>   true value.\n")
    stated = stated_tolerance(prompt)
    assert stated.band_at(("ascent_m",), 222.0) == 1.0  # (was the km band's 10 m)
    assert stated.band_at(("distance_km",), 6.8) == 0.01
    # the twin: no key defined in the sentence before, so the bands stay every number's
    loose = stated_tolerance("The climb is the total ascent. Your answer must be within 1 m of the true value.\n"
                             "Distances: your answer must be within 0.01 km.\n")
    assert loose.band_at(("ascent_m",), 222.0) == 10.0


def test_a_band_said_of_the_answer_under_a_defined_key_is_graded(tmp_path):
    reference = ('{"tracks": [{"id": "A", "ascent_m": 222.0, "distance_km": 6.854}, '
                 '{"id": "B", "ascent_m": 318.0, "distance_km": 7.228}]}\n')
    prompt = ("Write `tracks.json` with `tracks`, a list of `{id, ascent_m, distance_km}`.\n\n> **Remember:**\n"
              "> - `distance_km` = the distance walked. Your answer must be within **0.01 km** of the true value.\n"
              "> - `ascent_m` = the total climb. Your answer must be within **1 m** of the true value.\n")
    grader = """\
        got, want = json.loads(text)["tracks"], json.loads(REF)["tracks"]
        ok = len(got) == len(want) and all(g["id"] == w["id"] and abs(g["ascent_m"] - w["ascent_m"]) <= TOL
                                           and abs(g["distance_km"] - w["distance_km"]) <= 0.01
                                           for g, w in zip(got, want))
        return ok, "all tracks within tolerance" if ok else "a track is off"
        """.replace("REF", repr(reference))
    _twins(tmp_path, "tracks", "tracks.json", reference, prompt, flawed=grader.replace("TOL", "0.1 * w['ascent_m']"),
           sound=grader.replace("TOL", "1.0"), kind="number_near", marker="ascent_m")


# --- p312: a `key:value` pair of a line given another value its key has -----------------------------------------------

def _legal(assignment, seats: bool) -> bool:
    slots = dict(assignment)
    return slots["P1"] != slots["P2"] and (not seats or max(list(slots.values()).count(s) for s in "AB") <= 3)


_SLOTS = "".join(" ".join(f"{p}:{s}" for p, s in zip(("P1", "P2", "P3", "P4", "P5"), combo)) + "\n"
                 for combo in itertools.product("AB", repeat=5)
                 if _legal(zip(("P1", "P2", "P3", "P4", "P5"), combo), True))
_SLOTS_PROMPT = ("Write `slots.txt`: every legal assignment of the papers to slots, one per line as `PAPER:SLOT` pairs "
                 "separated by single spaces. An assignment is legal when P1 and P2 are in different slots and no slot "
                 "holds more than three papers. Lines may come in any order.\n")
_SLOTS_GRADER = """\
    seen = set()
    for line in text.split("\\n"):
        if not line.strip():
            continue
        slots = dict(pair.split(":") for pair in line.split())
        if slots["P1"] == slots["P2"] or line in seen:
            return False, "an assignment breaks a rule"
        if CHECK_SEATS and max(list(slots.values()).count(s) for s in "AB") > 3:
            return False, "an assignment breaks a rule"
        seen.add(line)
    return len(seen) == COUNT, "all assignments listed" if len(seen) == COUNT else "wrong number of assignments"
    """.replace("COUNT", str(_SLOTS.count("\n")))


def test_a_pair_line_given_another_value_of_its_key(tmp_path):
    # (p312: exam slots counted and checked for clashes, never for seats)
    _twins(tmp_path, "slots", "slots.txt", _SLOTS, _SLOTS_PROMPT, flawed=_SLOTS_GRADER.replace("CHECK_SEATS", "False"),
           sound=_SLOTS_GRADER.replace("CHECK_SEATS", "True"), kind="string_change",
           marker="an item given a code its line lacks")


# --- p314: two cells of one row exchanged, where the rows are many -----------------------------------------------------

_ROWS = "Z1,Z2,Z3,standby\n" + "".join(
    f"{a},{b},{c},{';'.join(sorted(set(('C1', 'C2', 'C3', 'C4', 'C5')) - {a, b, c}))}\n"
    for a, b, c in itertools.permutations(("C1", "C2", "C3", "C4", "C5"), 3) if a < c)
_ROWS_PROMPT = ("Write `rows.csv` with the header `Z1,Z2,Z3,standby`: every assignment of three of the five counters to "
                "the zones in which Z1's counter id sorts before Z3's, the other two on standby (`;`-separated, "
                "sorted). Rows may come in any order.\n")
_ROWS_GRADER = """\
    import csv, io
    rows = list(csv.DictReader(io.StringIO(text)))
    want = list(csv.DictReader(io.StringIO(REF)))
    seen = set()
    for r in rows:
        key = tuple(r[k] for k in ("Z1", "Z2", "Z3", "standby"))
        ids = {r["Z1"], r["Z2"], r["Z3"], *r["standby"].split(";")}
        if key in seen or len(ids) != 5:
            return False, "a row is malformed or repeated"
        seen.add(key)
    if COMPARE and seen != {tuple(r[k] for k in ("Z1", "Z2", "Z3", "standby")) for r in want}:
        return False, "rows differ"
    return len(seen) == len(want), "all rows listed" if len(seen) == len(want) else "wrong number of rows"
    """.replace("REF", repr(_ROWS))


def test_cells_of_one_row_exchanged_in_a_long_table(tmp_path):
    # (p314: 45 rows of counter ids, checked for form and number only; the 500 value swaps looked at were all between
    # rows, each breaking a row's form, and none exchanged two cells of one row)
    assert _ROWS.count("\n") > 30
    _twins(tmp_path, "rows", "rows.csv", _ROWS, _ROWS_PROMPT, flawed=_ROWS_GRADER.replace("COMPARE", "False"),
           sound=_ROWS_GRADER.replace("COMPARE", "True"), kind="swap_cells", marker="exchanged with the value of field")


def test_a_key_whose_values_are_any_unique_text_is_the_answers_to_name():
    # (p318: "`sheet_id`: any unique text." and two sheets' ids exchanged, a relabelling of the same plan, was a fail)
    from artifactbench.gates.core import read_prompt

    allows = read_prompt("- `sheet_id`: any unique text. Sheet order, placement order: any.\n")
    assert allows.leaves_open("swap_values", "at $.sheets[0].sheet_id, exchanged with record 1; the records also "
                                             "differ in 'placements'")[0] == "info"
    # the twin: a key bound to its input's values stays graded
    bound = read_prompt("- `sheet_id`: any unique text, but it must be copied from `sheets.csv`.\n")
    assert bound.leaves_open("swap_values", "at $.sheets[0].sheet_id, exchanged with record 1; the records also "
                                            "differ in 'placements'") is None


def test_a_list_line_changed_where_any_such_lists_will_do_is_a_warning(tmp_path):
    # (review: "five different three-person panels, each with a director and a critic" may be any five: a grader
    # checking the rules, that they differ and how many, is right to accept a new valid one)
    some = "".join(_PANELS.splitlines(keepends=True)[:4])
    prompt = ("Write `panels.txt`: four different three-person panels, one per line, the ids separated by commas. Each "
              "panel must have a director, a critic and two French speakers.\n")
    grader = _PANEL_GRADER.replace("CHECK_FRENCH", "True").replace(f"== {_PANELS.count(chr(10))},", "== 4,")
    grader = grader.replace(f"len(seen) == {_PANELS.count(chr(10))} else", "len(seen) == 4 else")
    fails = _fails(_fuzz(_task(tmp_path, "some_panels", "panels.txt", some, prompt, grader)))
    assert not fails, fails


def test_keys_not_listed_read_from_the_answers_list_and_whole():
    # (review: the input's column list was taken for the answer's keys, and `fee` graded `fee_method: ...` as a prefix)
    with_input = ("## Input\n\n`visits.csv` has the columns:\n- `date` — the day\n- `visitors` — how many came\n\n"
                  + _FEE_PROMPT)
    free = read_free_lines(with_input)
    assert [k for k in free.kinds("capacity_fee: 1\nbest_fee: 2\ndate: 2024-07-01\nvisitors: 4\n")] == \
        ["graded", "graded", "free", "free"]
    short = _FEE_PROMPT.replace("`capacity_fee`", "`fee`").replace("`best_fee`", "`best`")
    assert read_free_lines(short).kinds("fee: 1\nbest: 2\nfee_method: bisection\n") == ("graded", "graded", "free")
    inline = ("## Input\n\n`visits.csv` has the columns:\n- `date` — the day\n- `visitors` — how many came\n\n"
              "## Orders\n\nWrite `fee_report.txt` with the keys `capacity_fee` and `best_fee`, each on its own line as "
              "`key: value`. A line whose key is not one of the keys named above will be disregarded.\n")
    assert not read_free_lines(inline).graded_prefixes  # (no list of the answer's keys: nothing freed)


def test_a_band_after_a_key_that_states_its_own_is_every_numbers():
    stated = stated_tolerance("`distance_km` = the distance, within 0.01 km.\n\nYour answer must be within 1% of the "
                              "true value.\n")
    assert stated.band_at(("distance_km",), 7.85) < 0.02


def test_cells_of_a_pair_whose_order_is_free_stay_open(tmp_path):
    # (p317, sound: "which of the two class ids goes into `subject` and which into `other` does not matter": a clash
    # row's two ids exchanged is the same answer)
    rows = "rule,subject,other\n" + "".join(f"CLASH,C{a:03},C{b:03}\n" for a in range(1, 12) for b in range(a + 1, 13)
                                            if (a * b) % 5 == 1)
    prompt = ("Write `clashes.csv` with the header `rule,subject,other`, one row per clash. Row order does not matter. "
              "For clash rows, which of the two class ids goes into `subject` and which into `other` does not matter "
              "either, but each pair must appear only once.\n")
    grader = """\
        import csv, io
        def pairs(t):
            return sorted((r["rule"], *sorted((r["subject"], r["other"]))) for r in csv.DictReader(io.StringIO(t)))
        ok = pairs(text) == pairs(REF)
        return ok, "all clashes listed" if ok else "clashes differ"
        """.replace("REF", repr(rows))
    fails = _fails(_fuzz(_task(tmp_path, "clashes", "clashes.csv", rows, prompt, grader)))
    assert not fails, fails


# --- p310: one more line of counts, a unit moved between two of them ---------------------------------------------------

_PIECES = {"ALM": 1, "CRO": 0, "FIN": 1, "MAD": 0, "SAB": 0}  # SKU -> contains nuts


def _box_ok(box: dict, nuts: bool) -> bool:
    return sum(box.values()) == 4 and len(box) >= 2 and max(box.values()) <= 2 and (
        not nuts or sum(n * _PIECES[k] for k, n in box.items()) <= 1)


_BOXES = "".join(" ".join(f"{k}:{n}" for k, n in sorted(box.items())) + "\n" for box in (
    {k: n for k, n in zip(sorted(_PIECES), counts) if n} for counts in itertools.product(range(3), repeat=5))
    if _box_ok(box, True))
_BOXES_PROMPT = ("Write `boxes.txt`: every valid box of 4 pieces, one per line as space-separated `SKU:count` tokens in "
                 "SKU order. A box is valid with at least 2 SKUs, at most 2 of any SKU, and at most one nut piece "
                 "(ALM and FIN hold nuts). Lines may come in any order.\n")
_BOXES_GRADER = """\
    nuts = {"ALM": 1, "CRO": 0, "FIN": 1, "MAD": 0, "SAB": 0}
    want = {line for line in REF.split("\\n") if line}
    seen = set()
    for line in text.split("\\n"):
        if not line.strip():
            continue
        box = {k: int(n) for k, n in (t.split(":") for t in line.split())}
        if line in seen or sum(box.values()) != 4 or len(box) < 2 or max(box.values()) > 2:
            return False, "a box breaks a rule"
        if CHECK_NUTS and sum(n * nuts[k] for k, n in box.items()) > 1:
            return False, "a box breaks a rule"
        seen.add(line)
    return want <= seen, "catalogue complete" if want <= seen else "a box is missing"
    """.replace("REF", repr(_BOXES))


def test_one_more_line_of_counts_with_a_unit_moved(tmp_path):
    # (p310: every right box present and each listed one checked for the rules the grader remembered; the allergen
    # limit forgotten, extra lines never rejected)
    _twins(tmp_path, "boxes", "boxes.txt", _BOXES, _BOXES_PROMPT, flawed=_BOXES_GRADER.replace("CHECK_NUTS", "False"),
           sound=_BOXES_GRADER.replace("CHECK_NUTS", "True"), kind="inject_record", marker="one unit moved")


def test_the_order_of_rows_frees_no_exchange_of_two_fields():
    # (review: "`subject` is the class that must move and `other` the class it clashes with; the order of rows does
    # not matter" made a grader ignoring the direction of a pair look right)
    from artifactbench.gates.core import read_prompt

    where = "record 8 (line 10), field 'subject', exchanged with the value of field 'other'"
    rows = read_prompt("`subject` is the class that must move and `other` the class it clashes with; the order of rows "
                       "does not matter.\n")
    assert rows.leaves_open("swap_cells", where) is None
    assert read_prompt("Columns `rule`, `subject` and `other`; row order does not matter.\n").leaves_open(
        "swap_cells", where) is None
    pair = read_prompt("Which of the two ids goes into `subject` and which into `other` does not matter.\n")
    assert pair.leaves_open("swap_cells", where)[0] == "info"


def test_a_unit_moved_never_makes_a_box_the_answer_holds_or_a_negative_count():
    # (review: zeros written out, `ALM:0 ... MAD:2 SAB:2`, made a held box look new; a unit moved from a 0 gave -1)
    from artifactbench.gates.fuzz._text_strategies import list_additions

    lines = ["ALM:0 FIN:1 MAD:1 SAB:2", "ALM:0 FIN:0 MAD:2 SAB:2", "ALM:1 FIN:0 MAD:1 SAB:2", "ALM:0 FIN:2 MAD:0 SAB:2"]
    held = {frozenset(t for t in line.split() if not t.endswith(":0")) for line in lines}
    added = list_additions(lines, (0, 1, 2, 3))
    assert added
    for _, new, _ in added:
        assert frozenset(t for t in new.split() if not t.endswith(":0")) not in held, new
        assert "-" not in new, new
    assert list_additions(["10:30 11:45", "12:00 13:15", "14:30 15:45"], (0, 1, 2)) == [] or all(
        "one unit moved" not in how for _, _, how in list_additions(["10:30 11:45", "12:00 13:15", "14:30 15:45"],
                                                                     (0, 1, 2)))
