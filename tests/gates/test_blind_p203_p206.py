"""Rules from blind batches p203-p206, each with a twin that must keep its verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _task  # noqa: E402

from artifactbench.gates.core import read_prompt
from artifactbench.gates.core._accuracy import stated_tolerance
from artifactbench.gates.core._doubt import doubt
from artifactbench.gates.core._prompt import inner_grant, keys_closed
from artifactbench.gates.fuzz._fuzz import _cut_open_tail
from artifactbench.gates.fuzz._text_strategies import config_strings
from artifactbench.gates.fuzz._tree_records import _sort_keys, _tied_neighbours
from artifactbench.gates.fuzz._verifier_consistency import relation_keeping

_CHECKLIST = """\
## Acceptance criteria

- [ ] `[data] valid_records` is the integer number of valid records.
- [ ] `[data] mean_speed_ms` is the arithmetic mean wind speed over all valid records (zeros included), within ±0.001 m/s.
- [ ] `[weibull] k` and `[weibull] c_ms` are the maximum-likelihood estimates over the fit records, i.e. the solution \
of the likelihood equations; each is within 0.1 % (relative) of the exact MLE.
- [ ] `[aep] weibull_mwh` = 8760 × Σ P × (F(v + 0.25) − F(v − 0.25)) / 1000; it is within 0.1 % (relative) of the \
correct value.
- [ ] `[aep] capacity_factor` = `weibull_mwh` / (`rated_kw` × 8760 / 1000), as a fraction, within ±0.0005.
"""


def test_a_checklist_item_states_the_band_of_the_table_key_it_defines():
    # (p205: `[aep] weibull_mwh` moved by 0.05 of 13 900, inside its 0.1 % band, was held to the ±0.001 m/s of
    # `[data] mean_speed_ms`, read as every number's band; the capacity factor's ±0.0005 was `weibull_mwh`'s)
    stated = stated_tolerance(_CHECKLIST)
    assert stated.band_at(("aep", "weibull_mwh"), 13900.21) > 13.8
    assert stated.band_at(("weibull", "k"), 2.0) > 0.0019
    assert stated.band_at(("data", "mean_speed_ms"), 7.61) == 0.001
    assert stated.band_at(("aep", "capacity_factor"), 0.44) == 0.0005
    assert not stated.general and not stated.states_for(("data", "valid_records"))
    # a band stated after the formula's keys, in a sentence that defines no key first, is still theirs
    loose = stated_tolerance("The ratio of `weibull_mwh` to `rated_kw` must be within ±0.0005.\n")
    assert loose.band_at(("weibull_mwh",), 13900.0) == 0.0005


_FITS = """\
[T101]
a = 96.335837
b = 0.28374310
half_life_months = 2.442869
usable_months = 15

[T102]
a = 116.643864
b = 0.36103652
half_life_months = 1.128164
usable_months = 20
"""


def _fits_prompt(rule: str) -> str:
    return ("# Decay fits\n\nFit each title's checkouts and write `fits.toml`, one table per title id, with keys "
            "`a`, `b` and `half_life_months`[1][2].\n\nA title with fewer than 6 usable months must not appear in the "
            f"output.\n\n---\n\n[1] {rule}\n\n[2] Tolerances: `a`, `b` and `half_life_months` within 0.5 % relative.\n")


_INNER = "Extra keys inside a table (sample size, SSE, the title text, …) are allowed and ignored; no other top-level keys."

_FITS_GRADER = """\
    doc = tomllib.loads(text)
    want = {"T101": (96.335837, 0.28374310, 2.442869), "T102": (116.643864, 0.36103652, 1.128164)}
    if set(doc) != set(want):
        return False, "titles differ"
    for title, values in want.items():
        for key, value in zip(("a", "b", "half_life_months"), values):
            if not abs(doc[title][key] - value) <= 0.005 * abs(value):
                return False, f"{title} {key} off"
    return True, "all fits within tolerance"
    """


def test_extra_keys_inside_tables_stay_open_where_only_top_level_keys_are_closed(tmp_path):
    # (p206: "Extra keys inside a table (sample size, SSE, ...) are allowed and ignored; ...; no other top-level keys"
    # beside a reference carrying `usable_months`, whose words the prompt's prose says: a far number there, and the
    # last line cut off with a digit of `half_life_months` inside its band, were fails)
    prompt = _fits_prompt(_INNER)
    assert keys_closed(prompt) and "Extra keys inside a table" in inner_grant(prompt)
    assert doubt(prompt, "line 5", ("usable_months",))[0] == "warn"
    assert doubt(prompt, "line 4", ("half_life_months",)) is None
    allows = read_prompt(prompt)
    cut = _FITS[:_FITS.rindex("1.128164") + 7]
    assert "half_life_months" in _cut_open_tail(_FITS, cut, prompt, allows)
    assert _cut_open_tail(_FITS, _FITS[:_FITS.rindex("1.128164") + 3], prompt, allows) is None  # (1.1: outside)
    sound = _task(tmp_path, "fits", "fits.toml", _FITS, prompt, _FITS_GRADER)
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))


def test_a_closing_of_more_than_the_top_level_opens_no_inner_key():
    # its twins: every key closed, or a refusal that is not the top level's alone, open nothing inside
    for rule in ("Extra keys inside a table are allowed; no other keys.",
                 "Extra keys are fine inside a table but not at the top level.",
                 "Use exactly these keys; extra keys inside a table are rejected."):
        prompt = _fits_prompt(rule)
        assert inner_grant(prompt) == "", rule
        assert doubt(prompt, "line 5", ("usable_months",)) is None, rule
    # a tree's top-level key stays closed under an inner grant
    tree = "Write `fits.json` with keys `a` and `b` per title. Extra keys inside an object are ignored; no other top-level keys."
    assert doubt(tree, "at $.T101.usable_months")[0] == "warn"
    assert doubt(tree, "at $.generated_by") is None


def test_a_grader_ignoring_a_listed_key_inside_tables_still_fails(tmp_path):
    # the flawed twin: `half_life_months` never compared is a finding, whatever the inner grant frees
    grader = _FITS_GRADER.replace('("a", "b", "half_life_months")', '("a", "b")')
    flawed = _task(tmp_path, "fits_flawed", "fits.toml", _FITS, _fits_prompt(_INNER), grader)
    assert any("half_life_months" in f or "line 4" in f or "line 10" in f for f in _fails(_fuzz(flawed))), \
        _fails(_fuzz(flawed))


_LEASES = ('{"complaint": "C1", "ip": "10.0.0.5", "mac": null}\n{"complaint": "C2", "ip": "10.0.0.6", '
           '"mac": "00:1e:58:2a:80:42"}\n{"complaint": "C3", "ip": "10.0.0.7", "mac": "00:1e:58:2a:80:43"}\n')
_LEASES_PROMPT = ("Write `attribution.jsonl`, one line per complaint: `complaint`, `ip` and `mac`, the MAC that held "
                  "the address at that time, or `null` when no client held it. Lines may come in any order.\n")


def _leases_grader(only_filled: bool) -> str:
    check = 'if w["mac"] and r["mac"] != w["mac"]' if only_filled else 'if r["mac"] != w["mac"]'
    return f"""\
    rows = {{}}
    for line in text.splitlines():
        if line.strip():
            r = json.loads(line)
            rows[r["complaint"]] = r
    want = {{r["complaint"]: r for r in map(json.loads, {_LEASES!r}.splitlines())}}
    if set(rows) != set(want) or len([x for x in text.splitlines() if x.strip()]) != len(want):
        return False, "complaints differ"
    for c, w in want.items():
        r = rows[c]
        if r["ip"] != w["ip"]:
            return False, f"{{c}}: ip"
        if r["mac"] is not None and not (isinstance(r["mac"], str) and r["mac"].count(":") == 5):
            return False, f"{{c}}: not a MAC"
        {check}:
            return False, f"{{c}}: wrong mac"
    return True, "all complaints attributed"
    """


def test_a_null_given_another_records_string_finds_a_grader_checking_filled_values_only(tmp_path):
    # (p203's planted flaw: `mac` compared only where the right answer has one; null became 0 under type_change,
    # which the MAC check rejects, and string_change never touched a null)
    flawed = _task(tmp_path, "leases", "attribution.jsonl", _LEASES, _LEASES_PROMPT, _leases_grader(True))
    assert any("None -> '00:1e:58:2a:80:4" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "leases_sound", "attribution.jsonl", _LEASES, _LEASES_PROMPT, _leases_grader(False))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))


_CUTS = json.dumps({"cuts": [{"links": ["a:1--p1:1"], "isolated": ["pop-lake"]},
                             {"links": ["a:2--p2:1", "a:3--p2:2"], "isolated": ["pop-dune", "pop-fern"]},
                             {"links": ["a:4--p3:1"], "isolated": ["pop-oak"]}]}, indent=1) + "\n"
_CUTS_PROMPT = ("Write `cuts.json`: `cuts`, a list of {`links`, `isolated`}. A link is the unordered pair of its "
                "endpoints.\n\n- `links`: the link ids, sorted ascending.\n- `isolated`: every POP the cut isolates, "
                "sorted ascending.\n\nThe order of the entries in `cuts` is free.\n")


def _cuts_grader(names: bool) -> str:
    compare = "sorted(g['isolated']) == g['isolated'] and " + (
        "g['isolated'] == w['isolated']" if names else "len(g['isolated']) == len(w['isolated'])")
    return f"""\
    got = json.loads(text)["cuts"]
    want = json.loads({_CUTS!r})["cuts"]
    pops = {{"pop-lake", "pop-dune", "pop-fern", "pop-oak"}}
    by_links = {{tuple(c["links"]): c for c in got}}
    if len(got) != len(want) or any(c["links"] != sorted(c["links"]) for c in got):
        return False, "cuts differ or links unsorted"
    for w in want:
        g = by_links.get(tuple(w["links"]))
        if g is None or not set(g["isolated"]) <= pops or not ({compare}):
            return False, "a cut is wrong"
    return True, "all cuts found"
    """


def test_a_list_item_changed_to_another_lists_item_finds_a_grader_counting_names_only(tmp_path):
    # (p203's planted flaw: `isolated` compared by length and POP membership; a list item's new value was drawn from
    # every string of the document, a link id the POP check rejects, never another cut's POP)
    flawed = _task(tmp_path, "cuts", "cuts.json", _CUTS, _CUTS_PROMPT, _cuts_grader(False))
    assert any("isolated" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "cuts_sound", "cuts.json", _CUTS, _CUTS_PROMPT, _cuts_grader(True))
    check = _fuzz(sound)
    assert not _fails(check), _fails(check)
    # "A link is the unordered pair of its endpoints" frees no order of a `links` list sorted ascending
    assert not read_prompt(_CUTS_PROMPT).frees_list("at $.cuts[1].links[0] <-> at $.cuts[1].links[1]", 2)


def test_a_verifier_checking_that_an_objects_floats_sum_to_one_is_structural():
    # (p204: verify.py's "stationary values must sum to 1" rejected each midpoint; no scaled artifact keeps a sum, one
    # whose floats move one place among themselves does, and it is obviously wrong)
    label = "the shares of every distribution moved one place among themselves"
    reference = json.dumps({"7": {"stationary": {"P": 0.9, "L": 0.06, "A": 0.04}, "steps": 12}})
    rotated = json.loads(dict(relation_keeping("json", reference))[label])
    assert rotated["7"]["stationary"] == {"P": 0.06, "L": 0.04, "A": 0.9} and rotated["7"]["steps"] == 12
    # one float alone moves nowhere; and floats summing to a total the task never states are no distribution: a
    # verifier asserting that total, or the answer's multiset, checks the answer (review)
    assert label not in dict(relation_keeping("json", json.dumps({"a": 0.5, "b": 2})))
    assert label not in dict(relation_keeping("json", json.dumps({"costs": [120.5, 310.25, 69.75]})))


def test_a_notes_shorthand_frees_the_line_order():
    # (p210's engineer's notes: "- line order n/a, extra keys ok (opt.)"; two swaps of lines were fails)
    for said in ("- line order n/a, extra keys ok (opt.)", "- row order: any", "- line order - don't care"):
        assert read_prompt(said + "\n").unordered, said
    # not a word that goes on: "line order any time ..." nor "n/alpha"
    for said in ("- line order any time it is sorted", "- line order n/alpha", "- line order: sorted by id"):
        assert not read_prompt(said + "\n").unordered, said


_TRIPLES = ('total_combinations = 3\ncombinations = [\n  ["Art", "Drama", "History"],\n  ["Art", "French", "Music"],\n'
            '  ["Drama", "French", "PE"],\n]\n\n[students]\nunplaceable = ["S01"]\n')
_TRIPLES_PROMPT = ("Write `combos.toml`: `total_combinations` and `combinations`, every valid triple once, each an array "
                   "of three subjects sorted alphabetically; the order of the triples is up to you. Then a `[students]` "
                   "table with `unplaceable`. Extra keys are ignored.\n")


def _triples_grader(compare: bool) -> str:
    test = "got == want" if compare else "len(got) == len(want) and len(set(got)) == len(got)"
    return f"""\
    doc = tomllib.loads(text)
    got = [tuple(c) for c in doc["combinations"]]
    want = [tuple(c) for c in tomllib.loads({_TRIPLES!r})["combinations"]]
    if any(list(c) != sorted(c) or len(set(c)) != 3 for c in got) or doc["total_combinations"] != len(got):
        return False, "malformed"
    if doc["students"]["unplaceable"] != ["S01"]:
        return False, "students"
    got, want = sorted(got), sorted(want)
    return ({test}), "combinations checked"
    """


def test_a_config_files_quoted_values_are_changed(tmp_path):
    # (p204's planted flaw: a TOML list of subject triples compared by count and shape only; no kind changed a
    # config file's strings, and the change was then read as on a line "Extra keys are ignored" frees)
    flawed = _task(tmp_path, "triples", "combos.toml", _TRIPLES, _TRIPLES_PROMPT, _triples_grader(False))
    assert any("key 'combinations'" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "triples_sound", "combos.toml", _TRIPLES, _TRIPLES_PROMPT, _triples_grader(True))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    lines = ['name = "x#1"  # a "note"', 'opts = { "k" = "v" }', "[b]", 'name = "y"']
    assert [(c[0], c[3], c[4]) for c in config_strings(lines, (0, 1, 2, 3))] == [(0, "name", "y"), (3, "name", "x#1")]


def test_review_repros_of_the_p203_p210_rules():
    # 1a: a list item whose later stretch names its own subject gives the lead key no band of its own alone
    for said in ("- `a` is exact, `b` within 0.5.\n", "- `a` is an integer and `b` must be within 0.5.\n"):
        stated = stated_tolerance(said)
        assert stated.band_at(("b",), 1.0) > 0 and stated.states_for(("b",)), said
    assert stated_tolerance("`n` is the sample size while the mean is within 0.5.\n").general
    # 2: a key written as it is in the prose is named, listed keys or not
    prompt = ("Write `fits.toml`, one table per title with keys `a`, `b` and `c`. Each table must also give the number "
              "of usable months as usable_months. Extra keys inside a table are allowed and ignored; no other "
              "top-level keys.\n")
    assert inner_grant(prompt) and doubt(prompt, "line 5", ("usable_months",)) is None
    # 3: a prompt that fixes the digits ("exactly 6 decimal places") lets no cut of them pass as within the band
    fixed = _fits_prompt(_INNER).replace("with keys", "each written with exactly 6 decimal places, with keys")
    cut = _FITS[:_FITS.rindex("1.128164") + 7]
    assert _cut_open_tail(_FITS, cut, fixed, read_prompt(fixed)) is None


_SITE = 'generated_by = "fitter v2"\ntotal = 12.5\n\n[site]\nname = "North"\nmean = 3.25\n'
_SITE_GRADER = """\
    d = tomllib.loads(text)
    return abs(d["total"] - 12.5) <= 0.01 and abs(d["site"]["mean"] - 3.25) <= 0.01, "ok"
    """


def test_a_config_key_the_prompt_never_names_is_a_note_of_the_references(tmp_path):
    # (the config strings' rule met `generated_by = "fitter v2"`, which no sentence asks for: a changed or dropped
    # value there is a warn, as a tree answer's unnamed key is; it was a fail, dropped, before)
    prompt = "Write `out.toml` with `total` (the sum, within 0.01) and a `[site]` table with `mean` (within 0.01).\n"
    sound = _task(tmp_path, "site", "out.toml", _SITE, prompt, _SITE_GRADER)
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # its twin names the key: a grader never reading it fails
    named = prompt.replace("with `total`", "with `generated_by` (the fitter's name and version), `total`")
    flawed = _task(tmp_path, "site_named", "out.toml", _SITE, named, _SITE_GRADER)
    assert any("generated_by" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))


def test_labels_left_free_in_a_note_may_be_exchanged():
    # (p211: "unit labels free text, unique"; two duties' labels exchanged were a fail against a right grader)
    allows = read_prompt("out: `plan.json`\n- each duty: `{\"unit\": \"<label>\", \"trips\": [...]}`\n"
                         "- unit labels free text, unique\n")
    assert allows.chosen_keys and allows.leaves_open(
        "swap_values", "at $.duties[0].unit, exchanged with record 1; the records also differ in 'trips'")[0] == "info"
    # bound or otherwise said labels are not the answer's: "free of spaces", "must be free text"
    for said in ("- unit labels free of spaces\n", "- unit labels must be free text\n"):
        assert not read_prompt(said).chosen_keys, said


_TABLE = ("position,team,played,won,drawn,lost,goals_for,goals_against,goal_difference,points\n"
          "1,Greenhithe City,10,6,1,3,20,13,7,19\n2,Ashford Rovers,10,4,5,1,16,10,6,17\n"
          "3,Foxley Harriers,10,4,4,2,16,14,2,16\n4,Calder Vale,10,4,4,2,15,13,2,16\n"
          "5,Elmstead United,10,3,3,4,12,12,0,12\n6,Dunmore Town,10,1,3,6,14,24,-10,6\n")


def test_a_tie_on_every_field_that_runs_down_the_table_is_swapped():
    # (p214: `won` runs down the table as `points` does, so the ties drawn were on wins alone, which points tell
    # apart; the pair level on points and goal difference, whose goals-scored tiebreak the grader never read, was
    # never swapped. And "one row per team in `teams.csv`, in table order" states an order)
    rows = [dict(zip(_TABLE.splitlines()[0].split(","), line.split(","))) for line in _TABLE.splitlines()[1:]]
    assert _sort_keys(rows) == ["won", "goal_difference", "points"]
    assert _tied_neighbours((), rows) == [((), 2, 3)]
    assert read_prompt("followed by one row per team in `teams.csv`, in table order:\n").ordered_by


def test_a_verifier_checking_a_tables_sums_beside_its_positions_is_structural():
    # (p214: verify.py asserted `position == row number` and `points == 3*won + drawn`; every scaled candidate moved
    # the positions too, so six midpoints were fails; one that keeps a column counting the rows passes it)
    wrong = dict(relation_keeping("csv", _TABLE))
    kept = wrong["every integer x3, positions kept"].splitlines()
    assert kept[1].startswith("1,Greenhithe City,30,18,3,9,") and kept[2].startswith("2,")
    assert "every integer x3, positions kept" not in dict(relation_keeping("csv", "team,won\nA,3\nB,2\nC,2\n"))


def test_row_order_among_the_parts_a_sentence_ignores_is_free():
    # (p213's lab marking: "Row order, column order and any extra columns you choose to add are ignored"; a swap of
    # two rows was a fail)
    assert read_prompt("Row order, column order and any extra columns you choose to add are ignored.\n").unordered
    for said in ("Row order is checked, extra columns are ignored.\n",
                 "Row order and the header names must match; extra columns are ignored.\n",
                 "Row order and column names are checked.\n"):
        assert not read_prompt(said).unordered, said


def test_second_review_repros_of_the_p207_p214_rules():
    from artifactbench.gates.fuzz._fuzz import _named_keys_only, _unnamed_config_keys
    from artifactbench.gates.fuzz._text_strategies import comment_at

    # a digit-first TOML key, a quoted one and an INI key of words own their lines (not the key above them)
    years = 'grand_total = 860\ngenerated_by = "fitter v2"\n\n[totals]\n2022 = 410\n2023 = 450\n'
    prompt = "Write `out.toml`: `grand_total` and a `[totals]` table with each year's total, exact.\n"
    assert _unnamed_config_keys(years, years.replace("410", "5100"), read_prompt(prompt), prompt) is None
    assert _unnamed_config_keys(years, years.replace("fitter v2", "x"), read_prompt(prompt), prompt) == "`generated_by`"
    quoted = 'total = 12\n"last run" = "2024-05-01"\n'
    assert not _named_keys_only(quoted, quoted.replace("2024-05-01", "x"), "Write `total`. Extra keys are ignored.")
    # a section the prompt names without naming a key of it asks for every key in it; `day_NNNNN` names its keys
    meta = '[meta]\nsource = "survey-2023"\n\n[stats]\ntotal = 3\n'
    copied = "Copy the `[meta]` table of `input.toml` unchanged, then `[stats]` with `total`.\n"
    assert _unnamed_config_keys(meta, meta.replace("survey", "x"), read_prompt(copied), copied) is None
    days = "total = 1\nday_00000 = 0\nday_00001 = 1\n"
    pattern = "Write `total` and one `day_NNNNN` key per day.\n"
    assert _unnamed_config_keys(days, days.replace("= 0", "= 9"), read_prompt(pattern), pattern) is None
    # labels taken from an input are bound; a verb between "Row order" and "are ignored" frees nothing
    assert not read_prompt("Station names are free text, taken verbatim from the `name` column of `x.csv`.\n").chosen_keys
    for said in ("Row order and column names matter, extra columns are ignored.\n",
                 "Line order as in the input, and blank lines are ignored.\n"):
        assert not read_prompt(said).unordered, said
    # an escaped backslash ends a string before its comment; a long one-line array is no cubic search
    line = 'roots = ["C:\\\\"]  # scanned drive, e.g. "D:\\\\data"'
    assert line[comment_at(line):].startswith("# scanned")
    assert [c[3] for c in config_strings(["count = 1", line], (0, 1))] == ["roots"]
    many = "members = [" + ", ".join(f'"m{i:05d}"' for i in range(4000)) + "]"
    assert len(config_strings([many], (0,))) == 4000
    # a swap label naming several tied fields is read as a tie on the first
    from artifactbench.gates.fuzz._fuzz import _TIED
    assert _TIED.search(" (tied on 'won', 'goal_difference', 'points')").group(1) == "won"


def test_records_the_prompt_calls_optional_make_a_drop_a_question():
    # (p216: "Itineraries that use one or more on-request sailings are optional — list them or leave them out"; a
    # dropped on-request itinerary was a fail against a grader requiring only the others)
    prompt = ("Write `itineraries.csv`, one row per itinerary. Every itinerary that uses no on-request sailing must be "
              "present. Itineraries that use one or more on-request sailings are optional — list them or leave them "
              "out, both are accepted.\n")
    assert read_prompt(prompt).optional_records.startswith("Itineraries that use")
    # a field called optional, or records refused, is no such grant
    for said in ("Write one row per itinerary. `note` is optional.\n",
                 "Write one row per itinerary. Itineraries are not optional.\n"):
        assert read_prompt(said).optional_records == "", said
