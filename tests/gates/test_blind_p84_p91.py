"""Rules from blind batches p84-p91 (tasks none of us wrote)."""

from __future__ import annotations

from types import SimpleNamespace

from artifactbench.gates.core import read_prompt
from artifactbench.gates.core._accuracy import stated_tolerance
from artifactbench.gates.fuzz._fuzz import _tie_swap_open
from artifactbench.grading import GradeOutcome, GradeResult


def _outcome(detail: str, passed: bool = False) -> GradeOutcome:
    return GradeOutcome(GradeResult(passed, 1.0 if passed else 0.0, detail), None, None, None, 0.0, "", "")


def test_other_keys_listed_after_what_they_are_for():
    """p84: "you can add other keys if you want to show your working (a schedule, per-contract amounts,
    whatever)": every change inside the reference's `schedule` was a fail (six kinds), though the grader
    reads only `contracts` and `revenue`; p91: "Add any other columns you find useful (product, chiller,
    a note…)": a `Chiller` column's `BC-3` -> `BC--3`."""
    working = read_prompt('Write `plan.json` as {"contracts": [...], "revenue": 1}. The order of the ids does not '
                          "matter, and you can add other keys if you want to show your working (a schedule, "
                          "per-contract amounts, whatever).")
    assert "schedule" in working.granted
    for kind, where in (("string_change", "at $.schedule[6].region"), ("drop_record", "at $.schedule[0]"),
                        ("drop_key", "at $.schedule[0], key 'id'"), ("number_far", "at $.schedule[0].start_day")):
        assert working.leaves_open(kind, where) is not None, (kind, where)
    assert working.leaves_open("number_far", "at $.revenue") is None
    columns = read_prompt("Write `audit.md`: a table with at least a `Batch` column and a `Rule` column. Add any "
                          "other columns you find useful (product, chiller, a note…). Each chiller is listed in "
                          "`batches.csv`.")
    assert columns.leaves_open("number_sign", "field 'Chiller'") is not None
    assert columns.leaves_open("number_sign", "field 'Rule'") is None
    # (a refusal stays one: "do not add any other columns")
    assert read_prompt("Write `audit.md` with the columns `Batch` and `Rule`. Do not add any other columns "
                       "(product, chiller).").leaves_open("number_sign", "field 'Chiller'") is None


def test_a_granted_word_shown_only_as_an_input_key_is_granted():
    """p89: "Feel free to add extra keys (hospital name, notes, ...) to the entries ...; they are ignored",
    where `hospital` is shown only as a key of the input (`requests.json`): the answer's `hospital` is one
    of the keys the grant frees. A word the prompt shows as a key of the answer stays that key (blind p38)."""
    prompt = ("- `requests.json` - open hospital requests (`request_id`, `hospital`, `units`).\n\n"
              "Write `output/allocation.json` shaped like this:\n\n```json\n"
              '{\n  "allocations": [\n    {"request_id": "REQ-03", "unit_ids": ["RC-123"]}\n  ]\n}\n```\n\n'
              "Feel free to add extra keys (hospital name, notes, ...) to the entries or to the top-level "
              "object; they are ignored.")
    allows = read_prompt(prompt)
    assert allows.leaves_open("type_change", "at $.allocations[1].hospital") is not None
    assert allows.leaves_open("drop_key", "at $.allocations[7], key 'hospital'") is not None
    assert allows.leaves_open("drop_key", "at $.allocations[7], key 'unit_ids'") is None
    # (a key the answer's own table names is no granted word: the review's `total_kg`)
    named = read_prompt("Write `out/depots.json` shaped like this:\n\n```json\n{\"date\": \"2024-05-01\", "
                        "\"depots\": []}\n```\n\n| key | meaning |\n|---|---|\n| `depot` | name |\n| `total_kg` | "
                        "weight |\n\nObjects may carry other keys as well (for instance the heaviest parcel's id, "
                        "or its total kg); the grader ignores them.")
    assert named.leaves_open("number_far", "at $.depots[0].total_kg") is None


def test_a_heading_is_free_beside_an_aside_refusing_other_tables():
    """p89: "you're welcome to put a heading or a few notes above or below the table (just no other tables
    in the file)": the aside refuses tables, not the heading (the report's `# ...` title dropped was a fail)."""
    free = read_prompt("Write `offspring.md`, a single table with the columns `family` and `child`.\n\nOne row "
                       "per family. Row order doesn't matter, and you're welcome to put a\nheading or a few notes "
                       "above or below the table (just no other tables in the\nfile).").free_lines
    assert {"headings", "commentary"} <= free.parts
    text = "# Possible offspring\n\n| family | child |\n|---|---|\n| F-1 | O+ |\n"
    assert not free.touches_graded(text, text.replace("# Possible offspring\n", ""))
    assert free.touches_graded(text, text.replace("| F-1 | O+ |\n", ""))
    # (a refusal of the part itself stays: "no headings (nothing else in the file)")
    assert not read_prompt("Write `o.md`. Notes are welcome, but no headings (nothing else).").free_lines.parts >= {
        "headings"}


def test_a_table_without_the_graded_column_is_free_where_the_prompt_says_so():
    """p91: "Everything else (headings, summary prose, extra tables without a `Rule` column) is up to you":
    the reference's `| Code | Count |` summary table was graded as rows (a count moved, a row dropped)."""
    free = read_prompt("Write `audit/report.md`: a table with at least a `Batch` column and a `Rule` column.\n\n"
                       "Everything else (headings, summary prose, extra tables without a `Rule` column) is up to "
                       "you.").free_lines
    assert free.tables_without == {"rule"}
    text = ("# Audit\n\n| Code | Count |\n|---|---|\n| COOK | 8 |\n| GAP | 2 |\n\n## Findings\n\n"
            "| Batch | Rule |\n|---|---|\n| B1 | COOK |\n| B2 | GAP |\n")
    kinds = dict(zip(text.splitlines(), free.kinds(text)))
    assert kinds["| COOK | 8 |"] == kinds["| Code | Count |"] == "free"
    assert kinds["| B1 | COOK |"] == kinds["| Batch | Rule |"] == "graded"
    assert not free.touches_graded(text, text.replace("| COOK | 8 |", "| COOK | 1080 |"))
    assert free.touches_graded(text, text.replace("| B1 | COOK |\n", ""))
    # (a row of the graded table whose header stands far above the changed lines is still graded)
    long = "| Batch | Rule |\n|---|---|\n" + "".join(f"| B{i} | R |\n" for i in range(40))
    assert free.touches_graded(long, long.replace("| B30 | R |\n", ""))


def test_a_tie_break_said_with_a_verb():
    """p84: "sort by `lots` descending, and break ties by `varietal` name A→Z": a named tie-break (the
    planted grader never checked it; a swap of tied rows was a warn)."""
    assert _tie_swap_open("Sort by `lots` descending, and break ties by `varietal` name A→Z.", "lots") is None
    assert _tie_swap_open("Sort by count, highest first; if tied, by name.", "count") is None
    assert _tie_swap_open("Sort by count, highest first.", "count")[0] == "warn"
    assert _tie_swap_open("Sort by count; ties may come in any order.", "count")[0] == "info"
    # (a review: phrases that free the order of ties)
    for free in ("If tied, either depot may come first.", "There is no need to break ties.",
                 "Break ties however you like.", "When tied, we accept both orders.", "For ties, anything goes."):
        assert _tie_swap_open(f"Sorted by `parcels`, most first. {free}", "parcels")[0] == "info", free


def test_bands_in_units_are_converted_to_the_keys_unit():
    """p88: "`length_m` within 1 mm (0.001 m)": the band is a millimetre in the metres the key is written in
    (read as 1 m it hid a grader 0.1% relative). A review: "`drive_s` within 1 minute" is 60 s, "within 0.5 kW
    (500 W)" of `mean_kw` is 0.5; where the key's name says no unit, a band in a spelled-out unit is read
    loosely (the answer's unit is unknown), a short one as written."""
    rope = stated_tolerance("Each `length_m` must be within 1 mm (0.001 m) of the exact catenary value and "
                            "`total_m` within 5 mm.")
    assert rope.band_at(("length_m",), 405.9) == 0.001
    assert rope.band_at(("total_m",), 2941.3) == 0.005
    drive = stated_tolerance("Each `drive_s` must be within 1 minute of the exact value.")
    assert drive.band_at(("drive_s",), 100.0) == 60.0
    for restated in ("within 60 s (1 min)", "within 1 minute (60 s)"):
        assert stated_tolerance(f"Each `drive_s` must be {restated} of the exact value.").band_at(("drive_s",), 9.0) == 60.0
    assert abs(stated_tolerance("Each `duration_h` must be within 5 minutes.").band_at(("duration_h",), 3.0) - 5 / 60) < 1e-12
    load = stated_tolerance("Each `mean_kw` must be within 0.5 kW (500 W) of the exact value.")
    assert load.band_at(("mean_kw",), 150.0) == 0.5 and load.strict_band(150.0) == 0.5
    orbit = stated_tolerance("Accuracy needed: AOS, LOS and TCA within 1 second of the true model values, "
                             "max elevation within 0.01°.")
    assert orbit.band_at(("aos",), 1.77e9) > 1e9  # (a spelled unit, a key of no unit: loose)
    assert orbit.band_at(("aos_s",), 1.77e9) == 1.0 and orbit.rel == 0.0
    assert stated_tolerance("Rates within 0.01 bags/minute of the exact answer.").band(60.0) == 0.01
    # (a bare number still reads both ways, the loosest)
    assert stated_tolerance("Values are checked within 0.01.").band(100.0) == 0.01 + 0.01 * 100.0


def test_a_clause_opening_subject_scopes_its_band_and_keeps_it_every_numbers():
    """p87's "AOS, LOS and TCA within ...": the three keys' band; a review: "Mean loads within 0.01 kW" named
    no key of `mean_kw`, and the band said of nothing hid a grader 100x looser (now every number's too)."""
    mean = stated_tolerance("Mean loads within 0.01 kW of the exact value are accepted.")
    assert mean.states_for(("mean_kw",)) and mean.band_at(("mean_kw",), 150.0) == 0.01
    assert stated_tolerance("Tolerance: weights within 0.001 kg.").band_at(("total_kg",), 35.0) == 0.001
    anything = stated_tolerance("Anything within 0.01 kW of the exact mean is accepted.")
    assert anything.states_for(("mean_kw",)) and anything.band_at(("mean_kw",), 150.0) == 0.01


def test_a_temp_name_in_a_detail_is_the_same_verdict():
    """p85: a grader importing the answer from a fresh `tempfile.mkdtemp()` quotes the path in the
    SyntaxError it reports, `/tmp/tmp7ocy8x2g/tagcheck.py`, new on every run: determinism was a fail."""
    one = _outcome("module failed to import: SyntaxError ('/tmp/tmp7ocy8x2g/tagcheck.py', 28)")
    two = _outcome("module failed to import: SyntaxError ('/tmp/tmpjinpdddx/tagcheck.py', 28)")
    assert one.fingerprint == two.fingerprint
    assert _outcome("3 rows wrong").fingerprint != _outcome("4 rows wrong").fingerprint
    assert _outcome("tmpabcdefgh.py").fingerprint == _outcome("tmp12345678.py").fingerprint
    assert _outcome("temperature 12345678").fingerprint != _outcome("temperature 87654321").fingerprint


def test_a_bigger_move_is_tried_at_other_places_when_this_one_refuses_it():
    """p86: a grader 1% relative where the prompt says ±0.01 accepted an 8x move of `dry_day` (12.48: its band
    0.125) and refused 16x there; 16x of `temp_for_14_day_dry` (20.38: its band 0.20) passes, a fail the report
    named a warn. The next factor is tried at up to four other places, never at a key the prompt leaves open."""

    from artifactbench.gates.fuzz._fuzz import _escalated

    values = {"dry_day": 12.4793, "temp": 20.3823, "notes_n": 3.0}

    def mutant(key: str, factor: int) -> SimpleNamespace:
        moved = values[key] + factor * 0.01
        where = f"at $.{key}, {factor}x the prompt's tolerance"
        return SimpleNamespace(where=where, text=f"{key}={moved}", describe=lambda: where)

    drawn = [mutant(k, f) for f in (100, 16, 8) for k in ("notes_n", "dry_day", "temp")]
    draws = SimpleNamespace(values=lambda rng: iter(drawn))

    def grade(text: str, label: str = "") -> SimpleNamespace:
        key, moved = text.split("=")
        ok = abs(float(moved) - values[key]) <= 0.01 * values[key]
        return SimpleNamespace(ok=True, passed=ok, result=SimpleNamespace(passed=ok, detail="within tolerance"))

    graded: list[str] = []
    ctx = SimpleNamespace(task=SimpleNamespace(instance_id="t"), settle=lambda text: graded.append(text) or grade(text))
    allows = read_prompt("Write `dry_day` and `temp`, each within ±0.01. You may add other keys (notes_n) as you like.")
    found = _escalated(ctx, grade, "number_near", draws, mutant("dry_day", 8), allows)
    assert found is not None and found[0].where == "at $.temp, 16x the prompt's tolerance"
    assert all(not t.startswith("notes_n") for t in graded)
    # (a grader that refuses the next factor everywhere: nothing found, the 8x stays a warn)
    strict = lambda text, label="": SimpleNamespace(ok=True, passed=False, result=None)  # noqa: E731
    assert _escalated(ctx, strict, "number_near", draws, mutant("dry_day", 8), allows) is None


def test_review_repros_of_the_p84_p91_rules():
    """An outside review of these rules: each of its repros, as the rules read them now."""
    # "Extra tables without a `Rule` column are ignored." alone: an IndexError in three gates
    only = read_prompt("Write `out/audit.md` with a table of `Batch` and `Rule`.\n\n"
                       "Extra tables without a `Rule` column are ignored.").free_lines
    assert only.tables_without == {"rule"} and only.sentence
    # a condition naming two columns frees no table (the graded one lacks neither)
    two = read_prompt("Write `out/audit.md` with a table of `Batch`, `Rule` and `Readings`.\n\n"
                      "Other tables without Batch and Rule columns are ignored. Headings are up to you.").free_lines
    assert not two.tables_without
    # the keys a grant keeps, in its brackets, are not granted
    for grant in ("You may add other keys to the objects (only `depot`, `parcels` and `total_kg` are graded).",
                  "Other keys you add to an object (beyond `depot`, `parcels`, `total_kg`) are ignored.",
                  "Add any other keys you need (keep `sku`, `total_kg` and `bin` as described)."):
        allows = read_prompt("Write `out/depots.json`, a list of objects with `depot`, `parcels` and `total_kg`. "
                             + grant)
        assert allows.leaves_open("number_far", "record 1, field 'total_kg'") is None, grant
    # a tie phrase that frees the order is no tie-break
    assert _tie_swap_open("Sorted by `parcels`, most first. Break ties however you like.", "parcels")[0] == "info"
    assert _tie_swap_open("Sorted by `parcels`, most first; break ties by `depot`.", "parcels") is None


def test_second_review_repros_of_the_p84_p91_rules():
    """A second outside review, of the fixes above: each of its repros, as the rules read them now."""
    band = lambda text, key, value: stated_tolerance(text).band_at((key,), value)  # noqa: E731
    # a clause's opening noun that names no key still gives every number its band, in the key's unit
    assert band("Accuracy: arrival times within 1 minute, the route length within 0.01 km.", "depot_eta_s", 500.0) == 60
    assert band("Arrival times within 1 minute of the exact solution.", "school_arrival_s", 500.0) == 60
    assert band("`mean_fare` within $0.01; every time within 1 minute.", "mean_ride_s", 500.0) == 60
    # a rate's or a grouping's last word is no unit of the key: the word before "per"/"by" is
    assert band("Each value must be within 0.1 h.", "sleep_hours_per_day", 7.0) == 0.1
    assert band("Each value within 0.05 mg per kg.", "loading_mg_per_kg", 3.0) == 0.05
    assert band("Every value must be within 1 minute.", "mean_wait_by_hour", 12.0) > 1.0  # (no unit: loose)
    # `_min` is a minimum, `_mw` milli or mega: no unit; "mW" is a milliwatt
    assert band("Each value must be within 0.5 ms.", "rtt_min", 12.0) == 0.5
    assert band("Each value within 0.5 mW.", "laser_w", 3.0) == 0.0005
    # a restatement in brackets is read only in a key's unit it converts to
    assert band("Every head must be within 0.001 m (1 mm).", "heads", 12.0) == 0.001
    assert band("Each value must be within 0.01 h (36 s).", "peak_temp_c", 50.0) == 0.01
    # every number's band stays the loosest the prompt states
    assert band("`a` within 0.5 m, everything else within 0.01 m.", "b", 3.0) == 0.5
    # a grant "to keep track of your working (method, iterations)" is a grant
    keep = read_prompt("Write `fit.json` with `rate`. Feel free to add other keys to keep track of your working "
                       "(method, iterations); they are ignored.")
    assert keep.leaves_open("number_far", "at $.iterations") is not None
    # a refusal in another clause of the sentence refuses no table
    tables = read_prompt("Write `audit.md` with a table of `Batch` and `Rule`. Extra tables without a `Rule` column "
                         "are ignored; a report without the findings table fails.").free_lines
    assert tables.tables_without == {"rule"}
    # tie phrases: "any" of "break any ties by", a later "both", "free text" free nothing; a free phrase about
    # ties is not undone by a "followed by" elsewhere
    for kept in ("Sorted by points; break any ties by team name (A to Z).",
                 "Ties are broken by `team`, then by the length of the name; both comparisons are case-sensitive.",
                 "Sorted by points; ties are broken by name, so that any two teams on equal points appear alphabetically.",
                 "Sorted by points; a tie must never be left in arbitrary order: break ties by name."):
        assert _tie_swap_open(kept, "points") is None, kept
    for free in ("If tied, either team may come first. Write the header followed by the rows.",
                 "Sorted by `points` descending, and then written with two-space indentation. There is no need to "
                 "break ties."):
        assert _tie_swap_open(free, "points")[0] == "info", free


def test_changes_under_a_key_the_grader_never_reads_are_one_finding():
    """p84: six kinds accepted changes inside a `schedule` the grader never opened, six findings of one
    cause. Where the answer with that top-level key removed passes too, the first kind reports "grader never
    reads 'schedule'" and names the others, which are SKIPPED (fixture `contract_picks_timeline_unread`)."""
    from artifactbench.gates.core import CaseResult
    from artifactbench.gates.fuzz._fuzz import _ACCEPTED, _subtree_once

    reference = '{"offers": ["H1"], "revenue": 5, "timeline": [{"id": "H1", "pays": 5}]}'
    cases = [CaseResult("number_far", "FINDING", _ACCEPTED + "number_far: at $.timeline[0].pays: 5 -> 1050; x"),
             CaseResult("drop_key", "FINDING", _ACCEPTED + "drop_key: top level, key 'timeline': 'timeline' -> x"),
             CaseResult("number_sign", "FINDING", _ACCEPTED + "number_sign: at $.revenue: 5 -> -5; x")]
    ok = SimpleNamespace(passed=True)
    ctx = SimpleNamespace(settle=lambda text: ok)
    merged = _subtree_once(ctx, lambda text, label="": ok, "json", reference, cases)
    assert merged[0].status == "FINDING" and "never reads 'timeline'" in merged[0].detail
    assert merged[1].status == "SKIPPED" and merged[2] == cases[2]
    # (a grader that reads the key: each kind stands on its own)
    refused = SimpleNamespace(passed=False)
    assert _subtree_once(ctx, lambda text, label="": refused, "json", reference, cases) == cases


def test_third_review_repros_of_the_p84_p91_rules():
    """A third outside review: each of its repros, as the rules read them now."""
    band = lambda text, key, value: stated_tolerance(text).band_at((key,), value)  # noqa: E731
    # a grant's bracket that says what the grader reads keeps those keys
    for bracket in ("(the grader ignores them; it checks `total_cost` and `schedule`)",
                    "(the grader compares `total_cost` and `schedule`)", "(we grade `total_cost`)"):
        allows = read_prompt("Write `out/plan.json`, an object with `total_cost` and `schedule`. You may add other "
                             f"keys if you want to show your working {bracket}.")
        assert allows.leaves_open("drop_key", "field 'total_cost'") is None, bracket
    # a line that defines the key is the answer's, though it names an input file
    table = read_prompt("Write `out/alloc.json`, a list of objects:\n\n| key | meaning |\n|---|---|\n"
                        "| `request_id` | the request |\n| `hospital` | as in `requests.json` |\n\n"
                        "Extra keys (hospital name, notes, a reason) are ignored.")
    assert table.leaves_open("string_change", "record 2, field 'hospital'") is None
    # every number's band keeps other keys' bands as written, not in its own unit (a km band is no `_m`
    # key's 50 m)
    assert band("Accuracy: distances within 0.05 km, elevations within 1 m.", "elevation_gain_m", 1214.6) == 1.0
    assert band("`distance_km` must be within 0.05 km of the exact value; the other two numbers must be within ±1.",
                "climb_m", 800.0) == 1.0
    assert band("Report `total_time_h` to within 0.01 h and every other number to within ±1.", "moving_time_s",
                900.0) == 1.0
    # a second sort key breaks ties on the first; only full ties are free
    assert _tie_swap_open("Sort the array by `points` descending, then by `goal_diff` descending; if tied on both, "
                          "either team may come first.", "points") is None
    # freeing words the reading did not know, and an "if tied" with no order after it, are no tie-break
    for free in ("Sort the array by `points` descending; if tied, any of them may come first.",
                 "Sort by `points` (if tied, the order between them is unspecified).",
                 "Sort by `points`. In case of a tie, whichever order you like is fine."):
        assert _tie_swap_open(free, "points")[0] == "info", free
    assert _tie_swap_open("Sort by `points`. If tied, put them as you see fit.", "points")[0] == "warn"
    # a table the prompt asks for by its columns is no extra table
    free = read_prompt("Write `audit.md` with two tables: findings (`Batch`, `Rule`, `Chiller`) and totals (`Code`, "
                       "`Count`). Headings, summary prose and extra tables without a `Rule` column are up to you."
                       ).free_lines
    text = "| Batch | Rule |\n|---|---|\n| B1 | SLOW |\n\n| Code | Count |\n|---|---|\n| SLOW | 1 |\n"
    assert free.touches_graded(text, text.replace("| SLOW | 1 |", "| SLOW | 1020 |"))
    # (a free table's header replaced by its rule row, "`---` separator row" in the prompt: still free; p91)
    extra = read_prompt("Write `audit.md`: a table (header row, `---` separator row, then rows) with a `Batch` and a "
                        "`Rule` column. Everything else (headings, extra tables without a `Rule` column) is up to you."
                        ).free_lines
    summary = "| Code | Count |\n|---|---|\n| SLOW | 1 |\n\n| Batch | Rule |\n|---|---|\n| B1 | SLOW |\n"
    assert not extra.touches_graded(summary, summary.replace("| Code | Count |", "|---|---|", 1))
