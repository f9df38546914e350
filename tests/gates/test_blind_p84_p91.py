"""Rules from blind batches p84-p91 (tasks none of us wrote)."""

from __future__ import annotations

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


def test_the_output_example_lists_the_keys_a_free_grant_leaves_the_rest():
    """p89: "Feel free to add extra keys (hospital name, notes, ...) to the entries ...; they are ignored",
    beside an input whose `hospital` is a key: the output's one JSON example shows `request_id` and
    `unit_ids`, so an entry's `hospital` is one of the other keys."""
    prompt = ("`requests.json` lists each request with its `hospital` and `units`.\n\n"
              "Write `output/allocation.json` shaped like this:\n\n```json\n"
              '{\n  "allocations": [\n    {"request_id": "REQ-03", "unit_ids": ["RC-123"]}\n  ]\n}\n```\n\n'
              "Feel free to add extra keys (hospital name, notes, ...) to the entries or to the top-level "
              "object; they are ignored.")
    allows = read_prompt(prompt)
    assert allows.listed_keys == {"allocations", "request_id", "unit_ids"}
    assert allows.leaves_open("type_change", "at $.allocations[1].hospital") is not None
    assert allows.leaves_open("drop_key", "at $.allocations[7], key 'hospital'") is not None
    assert allows.leaves_open("drop_key", "at $.allocations[7], key 'unit_ids'") is None
    # (an example of an input's shape lists nothing)
    assert read_prompt("`requests.json` looks like:\n\n```json\n{\"hospital\": \"X\"}\n```\n\nWrite `out.json`."
                       ).listed_keys == frozenset()


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


def test_bands_with_spelled_units_restated_units_and_lead_subjects():
    """p87: "AOS, LOS and TCA within 1 second of the true model values, max elevation within 0.01°": one
    second, absolute, of the three times (not 100% relative of every number), 0.01 of the elevation; p88:
    "within 1 mm (0.001 m)": the band is the metres the answer is written in."""
    orbit = stated_tolerance("Accuracy needed: AOS, LOS and TCA within 1 second of the true model values, "
                             "max elevation within 0.01°.")
    assert orbit.band_at(("aos",), 1.77e9) == orbit.band_at(("tca",), 1.77e9) == 1.0
    assert orbit.rel == 0.0 and orbit.states_for(("max_elev_deg",))
    assert stated_tolerance("Each value within 2 minutes of the schedule.").band(100.0) == 2.0
    assert stated_tolerance("Rates within 0.01 bags/minute of the exact answer.").band(60.0) == 0.01
    rope = stated_tolerance("Each `length_m` must be within 1 mm (0.001 m) of the exact value.")
    assert rope.band_at(("length_m",), 405.9) == 0.001
    # (a bare number still reads both ways, the loosest)
    assert stated_tolerance("Values within 0.01 of the exact answer are accepted.").rel == 0.0
    assert stated_tolerance("Values are checked within 0.01.").band(100.0) == 0.01 + 0.01 * 100.0


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
    from types import SimpleNamespace

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
