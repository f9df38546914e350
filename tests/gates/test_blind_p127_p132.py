"""Rules from blind batches p127-p132 (tasks by helpers that saw only the spec): false fails and missed flaws of
their first runs, in the batches' own words, each with a twin that must keep its verdict."""

from __future__ import annotations

import sys
from pathlib import Path

from artifactbench.gates.core import declared_marks, read_prompt, stated_tolerance
from artifactbench.gates.fuzz import comment_only
from artifactbench.gates.leaks._ranges import pinned
from artifactbench.gates.leaks._verdict import listed

sys.path.insert(0, str(Path(__file__).parent))
from _leak_task import content_leaks  # noqa: E402


XIRR = """# Annualised return on collection objects

## Inputs

* `cashflows.csv` - `object_id, date, amount, kind`. Negative amounts are money
  spent, positive amounts money received. Rows are not sorted.
* `appraisals.csv` - `object_id, appraisal_date, appraised_value`.

## Output: `returns.csv`

* Header row `object_id,xirr`, then one row per object in `cashflows.csv`,
  each object exactly once, rows in any order. Extra columns are ignored.
* Each rate is checked to within 0.000001 of the exact root, so round
  properly and don't stop your iteration early.
"""


def test_p130_a_headings_section_says_whose_a_sentence_is():
    # p130: "Rows are not sorted." under "## Inputs" stated no order of the answer, and "one row per object in
    # `cashflows.csv`, ..., rows in any order" under "## Output: `returns.csv`" was taken for the input's
    allows = read_prompt(XIRR)
    assert allows.unordered and not allows.ordered_by
    # (the output's order under its heading stays an order, and an input's freedom under "## Inputs" frees nothing)
    kept = read_prompt(XIRR.replace("rows in any order", "rows sorted by `object_id`").replace(
        "Rows are not sorted.", "Rows come in any order."))
    assert not kept.unordered and kept.ordered_by
    # (without headings, as before: a sentence naming only an input file is the input's)
    flat = read_prompt("Write `returns.csv`, sorted by `object_id`. Rows of `cashflows.csv` come in any order.\n")
    assert not flat.unordered and flat.ordered_by


def test_p130_a_band_stated_as_how_the_grader_checks_beside_a_method_clause():
    # p130: "Each rate is checked to within 0.000001 of the exact root, so round properly and don't stop your
    # iteration early" (a planted 1e-3 relative grader was only a warning)
    stated = stated_tolerance(XIRR)
    assert stated is not None and stated.abs == 1e-6
    # (how to compute, alone, states none)
    assert stated_tolerance("Iterate until the change is below 1e-9, which is checked every step.") is None


def test_p131_a_noun_beside_a_key_in_a_bands_subject_names_keys_too():
    # p131: "The two catches and `msy_t` must be within **0.5 t** of the exact value, `bmsy_t` within 1 t."
    # (a planted 2.5e-3 relative grader of the catches, 100x)
    stated = stated_tolerance("* The two catches and `msy_t` must be within **0.5 t** of the exact value,\n"
                              "  `bmsy_t` within 1 t. Rounding to 2 decimals is fine.\n")
    assert stated.states_for(("max_constant_catch_t",)) and stated.band_at(("recovery_catch_t",), 19782.5) == 0.5
    assert stated.band_at(("bmsy_t",), 83151.75) == 1.0
    # (a key alone stays its own band)
    alone = stated_tolerance("* `msy_t` must be within 0.5 t of the exact value.\n")
    assert not alone.states_for(("max_constant_catch_t",))


TRIPS = """## Output

Write `output/plans.txt` with every feasible plan, one per line.

* Lines must be ordered by the plan's total expected catch, highest first.
* Each plan appears exactly once. Blank lines and lines starting with `#` are
  ignored, so a header comment is fine; nothing else should be in the file.
"""


def test_p131_a_comment_mark_the_prompt_declares_for_a_plain_text(tmp_path):
    # p131: a header comment '# feasible trip plans, expected catch descending' dropped or repeated was called a
    # fail (a `.txt` has no comment mark of its own), and its words "most of the answer" in the prompt
    reference = "# feasible trip plans, expected catch descending\nG02+G04+G07\nG04+G06+G08\nG01+G07+G10\n"
    assert declared_marks(TRIPS) == ("#",)
    assert comment_only("output/plans.txt", reference, reference.split("\n", 1)[1], TRIPS)
    assert not comment_only("output/plans.txt", reference, reference.replace("G04+G06+G08\n", ""), TRIPS)
    # (a mark refused, or none said, declares nothing)
    assert declared_marks("Lines starting with `#` must not appear; no comments.") == ()
    assert not comment_only("output/plans.txt", reference, reference.split("\n", 1)[1], "Write `output/plans.txt`.")
    prompt = TRIPS + "\nThe skipper wants every feasible trip plan, listed by expected catch.\n"
    result = content_leaks(tmp_path, "trips", "output/plans.txt", reference, prompt, {"grounds.csv": "G01,1\n"})
    assert not [c for c in result.cases if c.status == "FINDING"], result.cases


def test_p131_an_order_freed_inside_a_line_frees_no_order_of_the_lines():
    # p131: "Inside a line the ids may come in any order" beside "Lines must be ordered by the plan's total
    # expected catch" read as "the order of the output's records does not matter"
    allows = read_prompt(TRIPS.replace("* Lines must", "* Inside a line the ids may come in any order.\n* Lines must"))
    assert not allows.unordered and allows.ordered_by
    assert read_prompt("Write `plans.txt`. Neither the order of the packs nor the order of the labels inside a "
                       "pack matters.").unordered


def test_p131_missed_findings_listed_in_a_detail_are_listed():
    # p131: "5/29 violations found; missed: T25-1372/R1, T25-1375/R2, ..." (a planted leak nothing reported)
    detail = "5/29 violations found; missed: T25-1372/R1, T25-1375/R2, T25-1381/R2"
    assert listed("T25-1375", detail)
    assert listed("T25-1375", "not reported: T25-1375/R2")
    assert not listed("T25-1375", "5/29 violations found; extra: T25-1375/R2")


def test_p128_a_narrow_range_in_the_verifier_pins_the_answer(tmp_path):
    # p128: verify.py's "plausible" ranges (0.9575, 0.9612) and (0.2497, 0.2544) sat 0.4% and 1.9% around the fit
    source = ("_PLAUSIBLE = {\n    ('model', 'y0'): (0.9575, 0.9612),\n    ('model', 'd0'): (0.2497, 0.2544),\n"
              "    ('model', 'alpha'): (2.17, 2.28),\n}\ndef verify(p):\n    assert 0 < y0 <= 1\n"
              "    assert 0.0 <= share <= 1.0\n")
    answer = {0.95934: "0.95934", 0.252043: "0.252043", 2.2237: "2.2237", 0.59069: "0.59069"}
    assert [v for v, _, _ in pinned(source, answer)] == ["0.95934", "0.252043"]
    reference = "[model]\ny0 = 0.95934\nd0 = 0.252043\nalpha = 2.2237\n\n[prediction]\nyield = 0.59069\n"
    result = content_leaks(tmp_path, "fit", "output/fit.toml", reference, "Write `output/fit.toml`: the fitted model.\n",
                           {"verify.py": source, "lots.csv": "lot,good\nL1,0.91\n"})
    assert any(c.name == "pinned_range:workspace/verify.py" and c.status == "FINDING" for c in result.cases), \
        result.cases
    # (bounds the task states are wide: no pin; nor a range in a data file, whose neighbours bracket any mean)
    wide = source.replace("(0.9575, 0.9612)", "(0.5, 1.0)").replace("(0.2497, 0.2544)", "(0.0, 5.0)")
    assert pinned(wide, answer) == []
    data = content_leaks(tmp_path, "fitdata", "output/fit.toml", reference, "Write `output/fit.toml`.\n",
                         {"readings.csv": "a,b\n0.9575,0.9612\n0.2497,0.2544\n"})
    assert not [c for c in data.cases if c.name.startswith("pinned_range")], data.cases


def _module_task(tmp_path: Path, name: str, hidden_extra: bool) -> Path:
    import json
    root = tmp_path / name
    (root / "workspace").mkdir(parents=True)
    (root / "grader").mkdir()
    cases = [{"case": f"c{i}", "report": {"grade": g, "photos": p}, "expected": e}
             for i, (g, p, e) in enumerate([("good", 0, []), ("poor", 0, ["PHOTO_REQUIRED"]), ("poor", 2, []),
                                            ("unstable", 0, ["PHOTO_REQUIRED"])])]
    text = "".join(json.dumps(c) + "\n" for c in cases)
    (root / "workspace" / "sample_cases.jsonl").write_text(text)
    (root / "grader" / "cases.jsonl").write_text(text)
    (root / "grader" / "reference_output.py").write_text(
        "def validate_report(report):\n"
        "    if report['grade'] in ('poor', 'unstable') and not report['photos']:\n"
        "        return ['PHOTO_REQUIRED']\n    return []\n")
    extra = "    suite.append(({'grade': 'unstable', 'photos': 5}, []))\n" if hidden_extra else ""
    (root / "grader" / "hidden.py").write_text(
        "import importlib.util, json\nfrom dataclasses import dataclass\nfrom pathlib import Path\n\n"
        "@dataclass\nclass GradeResult:\n    passed: bool\n    score: float\n    detail: str\n\n"
        "def grade(scratch_dir):\n"
        "    path = Path(scratch_dir) / 'validator.py'\n"
        "    if not path.is_file():\n        return GradeResult(False, 0.0, 'validator.py missing')\n"
        "    lines = (Path(__file__).parent / 'cases.jsonl').read_text().splitlines()\n"
        "    suite = [(c['report'], c['expected']) for c in map(json.loads, lines)]\n" + extra +
        "    try:\n"
        "        spec = importlib.util.spec_from_file_location('validator_under_test', path)\n"
        "        module = importlib.util.module_from_spec(spec)\n"
        "        spec.loader.exec_module(module)\n"
        "        bad = sum(sorted(module.validate_report(r)) != e for r, e in suite)\n"
        "    except Exception as exc:\n"
        "        return GradeResult(False, 0.0, f'module failed: {type(exc).__name__}')\n"
        "    return GradeResult(bad == 0, 1.0 if bad == 0 else 0.0, f'{len(suite) - bad}/{len(suite)} reports right')\n")
    (root / "prompt.md").write_text(
        "Write `validator.py` with `validate_report(report)` returning the sorted list of rule codes a report "
        "breaks.\n\n`sample_cases.jsonl` has worked examples. Grading runs your module over a suite of reports.\n")
    (root / "task.yaml").write_text(
        f"instance_id: verification_heavy__{name}\ncategory: verification_heavy\ndifficulty: easy\n"
        "problem_statement: prompt.md\nworkspace_dir: workspace/\noutput_artifact: validator.py\n"
        "hidden_grader: grader/hidden.py\nreference_output: grader/reference_output.py\n"
        "execution_budget:\n  max_code_runs: 0\n  max_wall_seconds: 0\n")
    return root


def test_p130_a_grader_of_the_workspaces_worked_cases_only(tmp_path):
    # p130: `grader/cases.jsonl`, the whole suite, was `workspace/sample_cases.jsonl`'s bytes: a module that looks
    # each report up there passed; nothing said so
    from artifactbench.gates import CheckOptions, check_task, resolve_gates
    from artifactbench.gates.fuzz._examples_only import file_examples
    from artifactbench.manifest import load_task
    assert file_examples('{"case": "a", "report": {"x": 1}, "expected": []}\n{"case": "b", "report": {"x": 2}, '
                         '"expected": ["E"]}\n') == [(({"x": 1},), {}, [], "report"), (({"x": 2},), {}, ["E"], "report")]
    assert file_examples('[{"args": [1, 2], "want": 3}, {"input": {"a": 1}, "want": 1}]') == [
        ((1, 2), {}, 3, ""), ((), {"a": 1}, 1, "")]
    assert file_examples('{"rows": [{"x": 1}]}') == [] and file_examples("not json") == []
    options = CheckOptions(grader_timeout_s=10.0, fuzz_examples=60, fuzz_seconds=20.0)
    for extra, status in ((False, "FINDING"), (True, "OK")):
        report = check_task(load_task(_module_task(tmp_path, f"cases_{str(extra).lower()}", extra)),
                            resolve_gates(["positive", "fuzz"]), options)
        fuzz = next(c for c in report.checks if c.gate == "fuzz")
        case = next(k for k in fuzz.cases if k.name == "examples_only")
        assert case.status == status, case
        assert "workspace/sample_cases.jsonl" in case.detail


BRINE_REPORT = """# Pre-treatment rates

| scenario | route | min_rate_lb_per_lane_mile | limiting_hour |
|---|---|---:|---:|
| S1 | Arterial A-3 | 81.1 | 6 |
| S2 | Hill route H-1 | 281.4 | 7 |
| S3 | Residential R-7 | 0.0 | 3 |
| S4 | Bridge deck B-2 | 269.4 | 7 |
| S5 | Cold snap C-1 | 410.0 | 5 |
"""
BRINE_PROMPT = """Write `report.md` with a Markdown table with (at least) these columns:

| scenario | min_rate_lb_per_lane_mile | limiting_hour |

- `limiting_hour` is an integer hour number (1-based).
- Extra columns (route name, notes, ...) and prose around the table are fine; only the table with those three
  column headers is graded. Rows in any order.
"""
BRINE_EXPECTED = {"S1": ("81.1", "6"), "S2": ("281.4", "7"), "S3": ("0.0", "3"), "S4": ("269.4", "7"),
                  "S5": ("410.0", "5")}


def _brine_grader(check_hour: bool) -> str:
    return (f"expected = {BRINE_EXPECTED!r}\n"
            "rows = [[c.strip() for c in line.strip().strip('|').split('|')] for line in text.splitlines()\n"
            "        if line.startswith('|') and not set(line) <= set('|-: ')]\n"
            "head = rows[0]\n"
            "got = {r[head.index('scenario')]: (r[head.index('min_rate_lb_per_lane_mile')], "
            "r[head.index('limiting_hour')]) for r in rows[1:]}\n"
            "if set(got) != set(expected) or len(got) != len(rows) - 1:\n    return False, 'scenarios differ'\n"
            "for sid, (rate, hour) in expected.items():\n"
            "    if not abs(float(got[sid][0]) - float(rate)) <= 0.5:\n        return False, f'{sid}: rate off'\n"
            "    if not 1 <= int(got[sid][1]) <= 9:\n        return False, f'{sid}: hour out of range'\n"
            + ("    if got[sid][1] != hour:\n        return False, f'{sid}: wrong hour'\n" if check_hour else "")
            + "return True, f'all {len(expected)} scenarios within tolerance'\n")


def test_p129_a_markdown_tables_cells_exchanged_between_rows(tmp_path):
    # p129: `limiting_hour` was only checked to be an hour of the forecast; Markdown tables had no swap_values, and
    # the column name lost its underscores ("limitinghour", named nowhere, so any acceptance was left open)
    from _blind_task import _fails, _fuzz, _task
    from artifactbench.gates.fuzz._text_strategies import _column_name, table_value_swaps
    lines = BRINE_REPORT.splitlines()
    assert _column_name(lines, 4, 4) == "limiting_hour"
    swaps = table_value_swaps(lines, tuple(range(len(lines))), lambda a, b: a != b)
    assert {s[2] for s in swaps} == {"scenario", "route", "min_rate_lb_per_lane_mile", "limiting_hour"}
    loose = _fuzz(_task(tmp_path, "brine_loose", "report.md", BRINE_REPORT, BRINE_PROMPT, _brine_grader(False)))
    assert any(f.startswith("swap_values:") and "limiting_hour" in f for f in _fails(loose)), _fails(loose)
    sound = _fuzz(_task(tmp_path, "brine_sound", "report.md", BRINE_REPORT, BRINE_PROMPT, _brine_grader(True)))
    assert not _fails(sound), _fails(sound)
    # (the free `route` column exchanged is left open, a warning at most)
    assert all(c.severity != "fail" for c in sound.cases if c.name == "swap_values")


def test_p132_a_list_items_keys_before_a_colon_are_its_bands_keys():
    # p132: "- `s0`, `s_inf`, `drop_mmhg`: within **0.1 mmHg**; - `tau_days`: within **1 %** (relative)" were all
    # read as every number's band (0.1 + 1%), so a 10x loose `tau_days` grader met only moves it rejected
    stated = stated_tolerance("Numbers must meet the tolerances we check:\n\n- `s0`, `s_inf`, `drop_mmhg`: within "
                              "**0.1 mmHg**;\n- `tau_days`: within **1 %** (relative);\n- `rmse`: within **0.02 mmHg**.\n")
    assert stated.band_at(("tau_days",), 27.216) == 0.27216 and stated.band_at(("s_inf",), 122.8) == 0.1
    assert not stated.states_for(("n_used",))
    # (a colon after a sentence's words, not after keys, still leaves the band every number's)
    general = stated_tolerance("Accuracy: within 0.01 of the exact values.\n")
    assert general.states_for(("anything",))


def test_p132_a_default_mutation_of_a_key_the_prompt_frees_is_no_miss(tmp_path):
    # p132: the task's own negative_cases.py lists the default cases; off_by_one moved `summary.emitted`, and the
    # prompt says "You may add other top-level keys (a summary, ...)": a MISS (fail) of a grader doing right
    import json
    from _blind_task import _task
    from artifactbench.gates import CheckOptions, check_task, resolve_gates
    from artifactbench.manifest import load_task
    reference = json.dumps({"summary": {"emitted": 194, "spurious": 2}, "spurious_alert_ids": ["AL-0003", "AL-0018"]},
                           indent=2) + "\n"
    prompt = ("Write `audit.json` with `spurious_alert_ids`, the ids of the spurious alerts. List order does not "
              "matter. You may add other top-level keys (a summary, notes); they are not graded.\n")
    grader = ("doc = json.loads(text)\nok = sorted(doc['spurious_alert_ids']) == ['AL-0003', 'AL-0018']\n"
              "return ok, 'ids match' if ok else 'ids differ'\n")
    root = _task(tmp_path, "audit_summary", "audit.json", reference, prompt, grader)
    report = check_task(load_task(root), resolve_gates(["negative"]), CheckOptions(grader_timeout_s=10.0))
    negative = next(c for c in report.checks if c.gate == "negative")
    case = next(k for k in negative.cases if k.name == "off_by_one")
    assert case.severity != "fail" and "summary.emitted" in case.detail, case


def test_p129_a_tie_broken_the_other_way_is_a_weakening_the_prompt_states():
    # p129: "Ties: when two or more depots reach an intersection in the same minimum time, pick the depot whose
    # id sorts first" and no hidden test had a tie: `dep1 < dep2` as `dep1 > dep2` passed unseen
    from artifactbench.gates.fuzz._py_weaken import weakenings
    source = ("EPS = 1e-9\n\ndef _better(d1, dep1, d2, dep2):\n    if d1 < d2 - EPS:\n        return True\n"
              "    if abs(d1 - d2) <= EPS:\n        return dep1 < dep2\n    return False\n")
    prompt = ("- Ties: when two or more depots reach an intersection in the same minimum time (equal within 1e-9), "
              "pick the depot whose id sorts first.\n")
    changes = weakenings(source, prompt)
    assert [w for w, text, _ in changes if "tie-break" in w and "return dep1 > dep2" in text], changes
    # (no sentence on ties: no such change)
    assert not [w for w, _, _ in weakenings(source, "Pick the nearest depot.\n") if "tie-break" in w]


def test_review_repros_of_the_p127_p132_rules():
    # an outside review's repros of this round's rules, each a sound task's words that had turned into a fail
    # (or a flaw's that had turned silent)
    from artifactbench.gates.fuzz._examples_only import memorizers
    # "Within the file, rows may ..." is no clause inside a record
    assert read_prompt("Write `out.csv` with a `tags` cell sorted alphabetically. Within the file, rows may appear "
                       "in any order.\n").unordered
    # a document's title with "data" in it is no inputs section
    assert read_prompt("# Clean up the sensor data\n\nWrite `clean.csv`. Each output row's `ids` cell lists the ids "
                       "in ascending order.\n\nRows may appear in any order.\n").unordered
    # an input's order said under the output's heading stays the input's
    kept = read_prompt("## Output: `totals.csv`\n\n- one row per region, sorted by `region` ascending.\n"
                       "- Note: `sales.csv` rows come in any order.\n")
    assert not kept.unordered and kept.ordered_by
    # comment marks declared in other words, and a refusal in another clause
    for said in ("Comment lines (starting with `#`) and blank lines are ignored.",
                 "You may add comment lines prefixed with `#`; the grader skips them.",
                 "Blank lines and lines starting with `#` are ignored, but a plan line must not contain spaces."):
        assert declared_marks(said) == ("#",), said
    # close data pairs bracket a value without pinning it; ranges written as `and`, `>=` chains, names, mappings pin
    answer = {0.95934: "0.95934", 0.252043: "0.252043", 20.021: "20.021"}
    assert pinned("CAL = [(15.0, 15.22), (20.0, 20.31)]\n", answer) == []
    for source in ("ok = y0 >= 0.9575 and y0 <= 0.9612\n", "assert 0.9612 >= y0 >= 0.9575\n",
                   "Y0_MIN = 0.9575\nY0_MAX = 0.9612\n", "R = {'lo': 0.9575, 'hi': 0.9612}\n"):
        assert [v for v, _, _ in pinned(source, answer)] == ["0.95934"], source
    # worked cases are the function's whose parameter they name, not an ungraded `main(argv)`'s
    module = ("def main(argv=None):\n    return 0\n\n"
              "def validate_report(report):\n    return []\n")
    cases = '{"case": "a", "report": {"g": 1}, "expected": []}\n{"case": "b", "report": {"g": 2}, "expected": ["X"]}\n'
    found, _ = memorizers(module, "Write `validator.py`; a CLI `main()` is welcome but not graded.\n",
                          (("workspace/sample_cases.jsonl", cases),))
    assert [m.function for m in found] == ["validate_report"]


def test_p133_p136_list_item_keys_detail_tuples_and_varied_ids():
    # p134: "- `exponent`: report to 4 decimal places; it must be within **0.0005** of the true exponent" beside
    # "`raw_mean` ... (we accept ±0.01)": the exponent's band was every number's loosest, 0.01
    stated = stated_tolerance("- `exponent`: report to 4 decimal places; it must be within **0.0005** of the\n"
                              "  true exponent.\n- `raw_mean`, `curved_mean`: rounded to 2 decimals (we accept ±0.01).\n")
    assert stated.band_at(("exponent",), 0.8274) == 0.0005
    # p135: "INC-302: position (35.818, 1247.190) vs expected (35.818, 24.719)": a decimal point ends no clause,
    # and the probe varied to tell a computed value from the reference's keeps the records' ids (`INC-302`)
    from artifactbench.gates.leaks._probes import varied
    from artifactbench.gates.leaks._verdict import as_expected
    assert as_expected("24.719", "INC-302: position (35.818, 1247.190) vs expected (35.818, 24.719)")
    assert not as_expected("13", "expected 41 rows. Found 13")
    assert varied("text", "| INC-302 | 35.818 | 3 |\n") == "| INC-302 | 114.704 | 16 |\n"


def test_p136_youre_free_to_add_a_title_and_notes():
    # p136: "You're free to add a title, notes or extra columns" freed nothing: a sound van-split report's title
    # and note line dropped, repeated or moved were five fails, and the note's words "most of the answer"
    from artifactbench.gates.core._free_lines import read_free_lines
    assert {"headings", "commentary"} <= read_free_lines(
        "Write `van_splits.md`. You're free to add a title, notes or extra columns (a reviewer liked a \"spare "
        "capacity\" column).\n").parts
    assert read_free_lines("Write `van_splits.md`. You are free to add notes.\n").parts


def test_second_review_repros_of_the_p133_p136_rules():
    # a second outside review: a value the grader computes from the artifact's own times, dates or `key:12` must
    # still move with the varied probe; "expected" runs into no sum worked out after it; a lead key is no band's
    # key in a later clause that names its own subject; no quadratic lead-key match
    import time
    from artifactbench.gates.leaks._probes import varied
    from artifactbench.gates.leaks._verdict import as_expected
    assert varied("text", "INC-301 08:15 10:30 135\ncount:12\n") == "INC-301 31:52 37:97 412\ncount:43\n"
    assert not as_expected("37.54", "mean: expected total/count = 450.5/12 = 37.54, got 1375.4")
    assert not as_expected("2.5", "expected 3.0 rows, 2.5 found")
    assert as_expected("24.719", "INC-302: position (35.818, 1247.190) vs expected (35.818, 24.719)")
    stated = stated_tolerance("- `summary`: the route's totals; distances within 0.01 km and times within 1 s.\n")
    assert stated.band_at(("total_time_s", "summary"), 1834.5) == 1.0
    started = time.monotonic()
    stated_tolerance("- `a`" + " " * 20000 + "," + " " * 20000 + "`b`: within 0.1; c within 0.2\n")
    assert time.monotonic() - started < 2.0
