"""Rules from blind batches p116-p119 (tasks by helpers that saw only the spec): false fails of their first
runs, in the batches' own words, each with a twin that must still fire."""

from __future__ import annotations

import json
from pathlib import Path

from artifactbench.gates import check_task, resolve_gates
from artifactbench.gates.core import read_prompt
from artifactbench.gates.leaks._values import Distinctive, program_values
from artifactbench.manifest import load_task

from _blind_task import OPTIONS, _fails, _fuzz, _task  # noqa: F401 - shared with test_blind_p127_p132.py

def test_order_in_the_file_does_not_matter_frees_the_rows():
    # p117: "Row\norder in the file does not matter, and you may add other columns ..." (the seat rows' letters
    # are a `row` column too): the file's rows may come in any order
    for said in ("Row\norder in the file does not matter, and you may add other columns.",
                 "The order in the output is irrelevant.", "Line order in the report does not matter."):
        allows = read_prompt("Write `allocations.csv` with one row per request. " + said)
        assert allows.unordered_sentences and allows.leaves_open("swap_records", "record 0 (line 2) <-> record 1 "
                                                                 "(line 3)") is not None, said
    # (the order the input comes in, or one the prompt keeps, stays an order)
    kept = read_prompt("Write `allocations.csv` with one row per request; the order in the file matters: "
                       "requests in the order they were received.")
    assert not kept.unordered_sentences
    # (a record's keys or columns, an input's order, or the order of work: no order of the answer's rows; review)
    for said in ("Key order in the JSON objects does not matter.", "Column order in the CSV file does not matter.",
                 "Field order in each output row does not matter.", "Order in which the columns appear is up to you.",
                 "The order in which you process the shipments does not matter.",
                 "Note: the order in the input is not significant."):
        allows = read_prompt("Write `out.json`, the rows sorted by `date` ascending. " + said)
        assert not allows.unordered_sentences and allows.leaves_open("swap_records", "record 0 <-> record 1") is None, said


def test_a_programs_comment_words_are_no_answer_values():
    # p117: "-- Nightly settlement: one line per on-sale performance." above a query whose detail says "expected
    # one row per on-sale performance": the comment's word is the author's, not a value the query computes
    sql = ("-- Nightly settlement: one line per on-sale performance.\n/* totals-by-night */\n"
           "SELECT p.perf_id, 'late-fee' AS kind FROM performances p WHERE p.status = 'on_sale' -- not on-hold\n")
    values = Distinctive({}, frozenset({"on-sale", "totals-by-night", "on-hold", "late-fee", "on_sale", "p.perf_id"}))
    kept = program_values(values, sql, ".sql").strings
    assert kept == {"late-fee", "on_sale", "p.perf_id"}, kept
    # (a `--` inside a quoted string is no comment: its words stay values)
    assert program_values(Distinctive({}, frozenset({"x-ray"})), "SELECT 'a -- x-ray' AS t\n", ".sql").strings == {"x-ray"}
    # (a shell script's ` -- ` ends options and `data/*.csv ... tmp/*/x` is a glob pair: no comments there; review)
    script = "grep -F -- X9-PLATINUM members.csv\nfor f in data/*.csv; do grep -h GOLD-7 $f; done; rm -f tmp/*/cache\n# note-x1\n"
    shell = Distinctive({}, frozenset({"X9-PLATINUM", "GOLD-7", "note-x1"}))
    assert program_values(shell, script, ".sh").strings == {"X9-PLATINUM", "GOLD-7"}
    # (an unclosed `/*` is read once, not rescanned per occurrence)
    import time
    started = time.monotonic()
    program_values(values, "/*a " * 40_000, ".sql")
    assert time.monotonic() - started < 1.0


def test_a_table_of_keys_is_the_prompts_list_of_them():
    # p119: "| key | type | meaning |" over one quoted key a row, then "Extra keys are allowed and ignored (e.g.
    # you may echo the rates or dose labels)": the answer's `true_dlt_rates`, named only where the prompt
    # describes the input, is one of the extra keys
    prompt = ("Dose levels are `1..K` (level `i` has true DLT rate `true_dlt_rates[i-1]`).\n\nFor every scenario "
              "report:\n\n| key | type | meaning |\n|---|---|---|\n| `n_doses` | int | `K` |\n| `n_paths` | int | "
              "number of distinct paths |\n\nWrite TOML. Extra keys are allowed and ignored (e.g. you may echo the "
              "rates or dose labels). One table per scenario under `scenarios`.\n")
    allows = read_prompt(prompt)
    assert allows.listed_keys == {"n_doses", "n_paths"}
    assert allows.leaves_open("drop_key", "field 'true_dlt_rates'")[0] == "info"
    assert allows.leaves_open("number_far", "field 'n_paths'") is None
    # (a listed key inside records: the keys above it are no keys the list leaves out)
    assert allows.leaves_open("number_far", "at $.scenarios.planned.n_paths") is None
    # (two tables of keys: each may be another object's, so neither is the list)
    two = read_prompt(prompt + "\nAlso write `summary.json`, whose objects hold:\n\n| field | meaning |\n|---|---|\n"
                               "| `name` | its name |\n")
    assert two.listed_keys == frozenset()
    # (a table of an input's columns is no list of the answer's keys, nor a second list that cancels one; review)
    inputs = ("The input `orders.csv` has one row per order:\n\n| column | meaning |\n|---|---|\n| `order_id` | id |\n"
              "| `qty` | units |\n\nWrite `out/summary.json`: a JSON object whose `total_qty` is the sum of `qty` and "
              "whose `n_orders` is the number of orders. Other keys are allowed and ignored.\n")
    assert read_prompt(inputs).listed_keys == frozenset()
    assert read_prompt(inputs).leaves_open("number_far", "at $.total_qty") is None
    both = read_prompt(inputs.replace("Write `out/summary.json`: a JSON object whose", "Write `out/summary.json` with keys:\n"
                                      "- `total_qty` - the sum\n- `n_orders` - the count\n\nIts"))
    assert both.listed_keys == {"total_qty", "n_orders"}
    # (list items inside a key the list leaves out are that key's: `kg` echoed as a list)
    assert both.leaves_open("number_far", "record 0, field 'qty.0'")[0] == "info"


ECHO_PROMPT = ("For every scenario in `scenarios.json` (each with its `true_dlt_rates`) report:\n\n"
               "| key | type | meaning |\n|---|---|---|\n| `n_doses` | int | number of dose levels |\n"
               "| `n_paths` | int | number of distinct paths |\n\nWrite TOML to `out/oc.toml`, one table per "
               "scenario under `scenarios`. Integers must be exact. Extra keys are allowed and ignored (e.g. you "
               "may echo the rates).\n")
ECHO_REFERENCE = ("[scenarios.planned]\nn_doses = 5\nn_paths = 1386\ntrue_dlt_rates = [0.05, 0.1, 0.2, 0.35, 0.5]\n\n"
                  "[scenarios.flat]\nn_doses = 6\nn_paths = 4104\ntrue_dlt_rates = [0.0, 0.0, 0.05, 0.1, 0.6, 1.0]\n")


def test_an_echoed_input_key_beside_a_table_of_keys_is_free(tmp_path):
    # p119: the echoed `true_dlt_rates` dropped, moved far, or two of its numbers moved against each other (keep_total)
    sound = _task(tmp_path, "echo_sound", "out/oc.toml", ECHO_REFERENCE, ECHO_PROMPT, """\
        doc = tomllib.loads(text)["scenarios"]
        want = {"planned": (5, 1386), "flat": (6, 4104)}
        if set(doc) != set(want):
            return False, "wrong scenarios"
        bad = [k for k, (d, p) in want.items() if doc[k].get("n_doses") != d or doc[k].get("n_paths") != p]
        return not bad, f"wrong: {bad}" if bad else "all match"
        """)
    assert _fails(_fuzz(sound)) == []
    # the twin whose grader never reads `n_paths` (a key the table lists) still fails
    flawed = _task(tmp_path, "echo_flawed", "out/oc.toml", ECHO_REFERENCE, ECHO_PROMPT, """\
        doc = tomllib.loads(text)["scenarios"]
        want = {"planned": 5, "flat": 6}
        ok = set(doc) == set(want) and all(doc[k].get("n_doses") == d for k, d in want.items())
        return ok, "all match" if ok else "wrong"
        """)
    assert any("n_paths" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))


KITS_PROMPT = ("Write `out/kits.json`: `{\"kits\": {\"K1\": {\"status\": \"AVAILABLE\", \"subject\": null}}}`, every kit "
               "in `kits.csv`. `subject` is the subject the kit was dispensed to, or `null` if it was never "
               "dispensed. `status` is one of `AVAILABLE`, `DISPENSED`, `RETURNED`.\n")
KITS_REFERENCE = json.dumps({"kits": {"K1": {"status": "DISPENSED", "subject": "1001"},
                                      "K2": {"status": "AVAILABLE", "subject": None},
                                      "K3": {"status": "RETURNED", "subject": "1002"}}}, indent=1)


def test_a_null_key_left_out_is_a_warning(tmp_path):
    # p119: `"subject": null` dropped, read by `.get("subject")` as null: the same answer, unless the prompt
    # requires the key be present; a warning, while a key with a value left out stays a finding
    grader = """\
        kits = json.loads(text)["kits"]
        want = {"K1": ("DISPENSED", "1001"), "K2": ("AVAILABLE", None), "K3": ("RETURNED", "1002")}
        bad = [k for k, (s, who) in want.items() if kits.get(k, {}).get("status") != s
               or kits.get(k, {}).get("subject") != who]
        return not bad and set(kits) == set(want), f"wrong kits {bad}"
        """
    check = _fuzz(_task(tmp_path, "kits_null", "out/kits.json", KITS_REFERENCE, KITS_PROMPT, grader))
    assert _fails(check) == [], _fails(check)
    dropped = [k for k in check.cases if k.name == "drop_key"]
    assert dropped and dropped[0].severity == "warn" and "null" in dropped[0].detail, check.cases
    # (not where the prompt requires the key, nor for a record of a map or a dotted key; review)
    from artifactbench.gates.fuzz._fuzz import _optional_null
    where = "at $.kits.K2, key 'subject'"
    assert _optional_null(KITS_PROMPT, read_prompt(KITS_PROMPT), where)
    required = KITS_PROMPT + "The `subject` key is required even when null: never omit it.\n"
    assert not _optional_null(required, read_prompt(required), where)
    roster = "Write `out/rooms.json`: `{\"assigned\": {...}}`, every employee a key, `null` if unassigned.\n"
    assert not _optional_null(roster, read_prompt(roster), "at $.assigned, key 'bob'")
    dotted = "Write `out/limits.json` with `limits.max` and `limits`: `{\"max\": null}`.\n"
    assert not _optional_null(dotted, read_prompt(dotted), "top level, key 'limits.max'")


def test_an_unrounded_expected_value_is_the_reference_value():
    # p119: "subject 1001: 77.4 (expected 77.0042194092827)" where the answer reads 77.0: the expected value,
    # printed finer than the reference spells it, gives that answer away
    from artifactbench.gates.leaks._numbers import NumberIndex, ReferenceNumbers
    numbers = ReferenceNumbers({77.0: "77.0", 73.4: "73.4", 3003.0: "3003"}, [], [])
    found = numbers.matches("subject 3003: 1734.0 (expected 73.37662337662337)", NumberIndex([1734.0, 3003.0]))
    assert [(m.spelling, m.kind) for m in found if m.kind == "finer"] == [("73.4", "finer")]
    # (no finer than the reference's spelling, or outside its rounding: no match)
    assert numbers.matches("got 73.9 (limit 80.12)", NumberIndex([])) == []
    # (a number the agent reads in its inputs is no evidence)
    seen = ReferenceNumbers({73.4: "73.4"}, [73.37662337662337], [])
    assert seen.matches("expected 73.37662337662337", NumberIndex([])) == []


def test_a_side_of_an_inequality_is_the_expected_value():
    # p118: "balance_due 78.66 != 75.60" and "status 'DISMISSED' != 'PAID'": the side the artifact does not hold
    from artifactbench.gates.leaks._verdict import as_expected
    assert as_expected("75.60", "first: T24680: balance_due 78.66 != 75.60")
    assert as_expected("PAID", "T24295: status 'DISMISSED' != 'PAID'")
    assert as_expected("75.60", "75.60 ≠ 78.66 for T24680")
    # (a value beside no inequality, or inside another token, is not)
    assert not as_expected("75.60", "T24680: balance_due 75.60 (ok), 78.66 seen")
    assert not as_expected("5.60", "balance_due 78.66 != 75.60")


def test_one_detail_line_fed_values_of_any_type_is_one_root_cause():
    # p119: the same f-string of the grader, fed a far number, a NaN and a string: reported once
    from artifactbench.gates.leaks._detail import detail_shape
    shapes = {detail_shape("compliance: 1 issue(s), e.g. subject 3003: 1734.0 (expected 73.37662337662337)", "{}"),
              detail_shape("compliance: 1 issue(s), e.g. subject 1003: nan (expected 84.95145631067962)", "{}"),
              detail_shape("compliance: 1 issue(s), e.g. subject 3006: 'not-a-number' (expected 84.56)",
                           '{"3006": "not-a-number"}')}
    assert len(shapes) == 1, shapes
    # (another line of the grader stays a shape of its own)
    assert detail_shape("sites: 1 issue(s), e.g. S01.DESTROYED=1290 (expected 29)", '{"S01": 1}') not in shapes


def test_the_graders_own_copy_of_a_named_input_is_no_leak(tmp_path):
    # p122: a grader that reads `grader/data/forecast.csv` rather than the copy the agent could rewrite: five of
    # six tasks refused to materialize ("has the same bytes as grader/data/forecast.csv"); the reference, the
    # hidden grader or a file the prompt never names with a grader file's bytes stays refused
    import pytest
    from artifactbench.errors import MaterializeError
    from artifactbench.workspace import materialize
    prompt = "Read `forecast.csv` (hourly wind) and write `out/plan.json`: `{\"total\": 3}`.\n"
    root = _task(tmp_path, "own_copy", "out/plan.json", '{"total": 3}\n', prompt, "return True, 'ok'\n")
    (root / "workspace" / "forecast.csv").write_text("hour,mw\n1,4.2\n2,3.9\n")
    (root / "grader" / "data").mkdir()
    (root / "grader" / "data" / "forecast.csv").write_text("hour,mw\n1,4.2\n2,3.9\n")
    materialize(load_task(root), tmp_path / "scratch1")
    report = check_task(load_task(root), resolve_gates(["materialize", "content_leaks"]), OPTIONS)
    assert report.status == "pass", [(c.gate, c.summary) for c in report.checks]
    # (a file the prompt never names, or the reference's bytes under an input's name: refused)
    (root / "workspace" / "hint.txt").write_text('{"total": 3}\n')
    with pytest.raises(MaterializeError, match="reference_output"):
        materialize(load_task(root), tmp_path / "scratch2")
    (root / "workspace" / "hint.txt").unlink()
    (root / "workspace" / "spare.csv").write_text("id,answer\n1,42\n")
    (root / "grader" / "data" / "spare_answers.csv").write_text("id,answer\n1,42\n")
    with pytest.raises(MaterializeError, match="spare_answers.csv"):
        materialize(load_task(root), tmp_path / "scratch3")


def test_a_key_an_input_line_describes_is_not_required_of_the_answer():
    # p122: "- `jobs.json` – the jobs: `job_id`, `turbine_id`, ... (the job must be finished by then)" described an
    # input; the answer's example `{"job_id", "start", "end", "lost_kwh"}` and "Any other keys are ignored" leave
    # the reference's echoed `turbine_id` open (a warn), not a fail
    from artifactbench.gates.core import doubt
    prompt = ("- `jobs.json` – the jobs: `job_id`, `turbine_id`, `duration_h` (the job must be finished by then).\n\n"
              "Write `plan.json`:\n\n```json\n{\"schedule\": [{\"job_id\": \"MJ-1\", \"start\": \"07:00\", \"lost_kwh\": "
              "9.5}]}\n```\n\n- Any other keys are ignored.\n")
    found = doubt(prompt, "at $.schedule[1].turbine_id", (), tuple, frozenset(), lambda: frozenset({"turbine_id"}))
    assert found is not None and found[0] == "warn" and "example" in found[1], found
    # (a sentence about the answer that requires the key keeps it the answer's)
    required = prompt + "Each entry must also carry its `turbine_id`.\n"
    assert doubt(required, "at $.schedule[1].turbine_id", (), tuple, frozenset(),
                 lambda: frozenset({"turbine_id"})) is None


def test_a_template_input_holding_every_line_of_the_answer_but_its_comment_is_read(tmp_path):
    # p121: `previous_report.toml` ("last quarter's report ... not expected to match") held every line of the
    # answer but its `# ... - reference` comment, so the whole answer never counted as held; now it is at least
    # a warning (two extra keys among its lines: which lines to keep is all that differs)
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from _leak_task import content_leaks
    reference = ("# Floating collection balance - reference\n\n[summary]\ntotal_items = 43400\ncycles_to_settle = 13\n\n"
                 "[branches.CEN]\nshare = 0.3848\nequilibrium_items = 16702\n\n[branches.NRT]\nshare = 0.1181\n"
                 "equilibrium_items = 5124\n")
    template = ("# Report of last quarter\n\n[summary]\ntotal_items = 43400\ncycles_to_settle = 13\nquarter = \"Q1\"\n\n"
                "[branches.CEN]\nshare = 0.3848\nequilibrium_items = 16702\n\n[branches.NRT]\nshare = 0.1181\n"
                "equilibrium_items = 5124\n")
    prompt = ("- `previous_report.toml` — last quarter's report. Use it as the template; its figures are not expected "
              "to match.\n\nWrite `balance.toml` with a `[summary]` and one `[branches.<id>]` table per branch.\n")
    result = content_leaks(tmp_path, "template", "balance.toml", reference, prompt, {"previous_report.toml": template})
    assert any(c.name == "reference_line:workspace/previous_report.toml" and c.status in ("WARNING", "FINDING")
               for c in result.cases), result.cases


def test_p123_lines_around_the_table_and_a_refusal_of_comments():
    # p123: "Anything you like may go around it (summary, notes, headings), but it must contain exactly one
    # Markdown table": the report's title and summary lines are free; "Blank lines are ignored; no headers,
    # comments or counts in the file." frees nothing (a plan listed twice was a planted flaw it hid)
    from artifactbench.gates.core._free_lines import read_free_lines
    around = read_free_lines("Write `audit.md`. Anything you like may go around it\n(summary, notes, headings), but it "
                             "must contain exactly one Markdown table whose header row is `| check | who |`.\n")
    assert {"commentary", "headings"} <= around.parts
    refused = read_free_lines("Write `plans.txt`, one plan per line.\n- Blank lines are ignored; no headers, comments "
                              "or counts in the file.\n")
    assert refused.parts == frozenset()
    # (what is not read stays free)
    assert read_free_lines("Write `audit.md`: only the table is graded; no text around it is read.\n").parts


def test_p120_a_time_window_is_no_band_and_a_shift_keeps_a_verifiers_relations():
    # p120: "if it does not reach `max_safe_c` within 48 h, the answer is the text `NEVER`" beside "accepted if it
    # is within 0.02 h of the exact crossing time": the band is 0.02 h (a planted 2% relative grader, 16x)
    from artifactbench.gates.core import stated_tolerance
    stated = stated_tolerance("* if it does not reach `max_safe_c` within 48 h, the answer is the text `NEVER`.\n\n"
                              "`hours_to_limit` is in hours. An answer is accepted if it is within 0.02 h of the exact "
                              "crossing time.\n")
    assert stated is not None and stated.band(41.22) <= 0.0201, stated
    # (a band said with a time unit and "of", or with no event before it, stays one)
    for band in ("Arrival times within 1 minute are accepted.", "Times must be within 2 h of the true value.",
                 "When you report times, they must be within 0.5 h."):
        found = stated_tolerance(band)
        assert found is not None and found.band(10.0) > 0, band
    # a verifier checking `end == start + handling_h` (an input's hours) against every number moved by one amount
    from artifactbench.gates.fuzz._verifier_consistency import relation_keeping
    shifted = dict(relation_keeping("json", '{"schedule": [{"start": 4, "end": 14}], "total": 760}'))
    assert json.loads(shifted["every number +12"]) == {"schedule": [{"start": 16, "end": 26}], "total": 772}



def test_second_review_repros_of_the_p120_p123_rules(tmp_path):
    import pytest
    from artifactbench.errors import MaterializeError
    from artifactbench.gates.core import stated_tolerance
    from artifactbench.gates.core._free_lines import read_free_lines
    from artifactbench.workspace import holds_answer, materialize, names_file
    # the grader's answers shipped as an input the prompt names ("last year's totals, for context only"): in
    # doubt (a filter's answer copies its input's records and numbers too; review of p145-p148), a warning of
    # content_leaks, not a refusal to materialize; under a name only a prose word matches: refused as before
    answer = "site,kwh\nSITE-A,3817.25\nSITE-B,2291.75\nSITE-C,4410.5\n"
    reference = '{"SITE-A": 3817.25, "SITE-B": 2291.75, "SITE-C": 4410.5}\n'
    prompt = "`baseline.csv` holds last year's per-site totals, for context only. Write `out/kwh.json`.\n"
    root = _task(tmp_path, "baseline", "out/kwh.json", reference, prompt, "return True, 'ok'\n")
    (root / "workspace" / "baseline.csv").write_text(answer)
    (root / "grader" / "data.csv").write_text(answer)
    materialize(load_task(root), tmp_path / "s1")
    report = check_task(load_task(root), resolve_gates(["content_leaks"]), OPTIONS)
    found = [k for c in report.checks for k in c.cases if k.name == "grader_bytes:workspace/baseline.csv"]
    assert found and found[0].severity == "warn" and "grader/data.csv" in found[0].detail, report.checks
    assert holds_answer(answer.encode(), reference.encode())
    assert not names_file("Write your answers to `out.json`.", ".cache/answers")
    assert not names_file("See data.csv.bak for the old rows.", "data.csv")
    assert names_file("Read `data/forecast.csv`.", "data/forecast.csv")
    # bands said with "if/when ... within": bands; only an event's window is none
    for band in ("An estimated arrival time is accepted if it is within 5 minutes.",
                 "`eta_min` is graded correct when it is within 2 min.",
                 "The predicted completion time counts as correct if it falls within 3 days."):
        found = stated_tolerance(band)
        assert found is not None and found.band(100.0) < 10, band
    # a refusing clause refuses its own parts only
    assert {"commentary", "headings"} <= read_free_lines(
        "Write `audit.md`. Notes and headings are welcome around the table; cells for skipped checks hold no "
        "text.\n").parts
    assert "commentary" in read_free_lines("Write `audit.md`. Extra prose is fine around it, but a row of the table "
                                           "carries no comments.\n").parts


def test_an_answer_whose_comments_are_the_task_is_no_leak_of_its_input(tmp_path):
    # review: "mark each deprecated key with a `# DEPRECATED: <reason>` comment": the input holds every other
    # line; only a leading comment block is left out of the whole answer. And an answer of comments only
    # (`;` lines of an .ini) does not crash the comparison.
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from _leak_task import content_leaks
    config = "[server]\\nport = 8080\\nhost = example.internal\\n[cache]\\nttl = 300\\nsize = 512\\n"
    annotated = ("[server]\\nport = 8080\\n# DEPRECATED: use bind_host\\nhost = example.internal\\n[cache]\\n"
                 "# DEPRECATED: ttl moves to [policy]\\nttl = 300\\nsize = 512\\n")
    prompt = ("- `app.toml` — the current config.\\n\\nWrite `annotated.toml`: `app.toml` with a `# DEPRECATED: <reason>` "
              "comment above each deprecated key.\\n")
    result = content_leaks(tmp_path, "annotate", "annotated.toml", annotated, prompt, {"app.toml": config})
    assert not [c for c in result.cases if c.status == "FINDING"], result.cases
    comments = content_leaks(tmp_path, "comments", "notes.ini", "; main server block\\n; cache tuning\\n",
                             "- `legacy.ini` — the old file.\\n\\nWrite `notes.ini`.\\n",
                             {"legacy.ini": "; main server block\\n[server]\\n; cache tuning\\nport = 1\\n"})
    assert comments.status in ("pass", "warn", "fail"), comments


def test_p125_p126_the_workspace_root_a_repeated_header_and_grouped_digits():
    # p125: "A Markdown file at the workspace root with two pipe tables (headings, an intro, notes or an event
    # narrative around them are welcome and ignored)": "workspace" there is where the answer goes, no input
    from artifactbench.gates.core._free_lines import read_free_lines
    from artifactbench.gates.fuzz._text_strategies import list_cell_injections
    assert {"commentary", "headings"} <= read_free_lines(
        "## Output: `ledger.md`\n\nA Markdown file at the workspace root with two pipe tables (headings, an intro, "
        "notes or an event narrative around them are welcome and ignored):\n").parts
    # (the input's own comments stay the input's)
    assert not read_free_lines("Comment lines in the workspace files are ignored.\n").parts
    assert not read_free_lines("Comments in the CSV files at the workspace root are ignored.\n").parts
    # p126: "15,073.3" is one number with a thousands separator, not a list of codes to grow
    lines = ["| district | K | codes |", "|---|---|---|", "| CC-1 | 15,073.3 | R01, R07 |", "| CC-2 | 9,120.5 | R02 |"]
    assert [(n, column) for n, column, *_ in list_cell_injections(lines)] == [(2, "codes"), (3, "codes")]
    # (digits in groups of three without a decimal part may be ids, `101,205`: still a list; review)
    ids = ["| shelf | stops |", "|---|---|", "| A | 101,205 |", "| C | 402,417,530 |"]
    assert {column for _, column, *_ in list_cell_injections(ids)} == {"stops"}


def test_p124_a_layout_template_holding_the_answers_table_is_a_leak(tmp_path):
    # p124: "Headings, commentary and other tables may surround it" frees the report's title and notes, and
    # `report_template.md` ("the report layout planning expects") held every row of the answer's table: the
    # graded lines are the whole answer, whatever the free lines say
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from _leak_task import content_leaks
    from artifactbench.gates.core._free_lines import read_free_lines
    assert {"headings", "commentary"} <= read_free_lines(
        "Write `targets.md` with a table. Headings, commentary and other tables may surround it.\n").parts
    # (a part that "may follow the table" and must say something is graded; review)
    assert not read_free_lines("Write `targets.md` with a table. A one-paragraph explanation may follow the table; "
                               "it must name the district and its change in percent.\n").parts
    table = ("| site | days | target | fill_rate |\n|---|---:|---:|---:|\n| CENTRAL | 5 | 40 | 0.9992 |\n"
             "| CENTRAL | 7 | 39 | 1.0000 |\n| HARBOR | 5 | 7 | 1.0000 |\n| HARBOR | 7 | 6 | 0.9982 |\n")
    reference = "# Platelet targets by site\n\nSmallest daily collection meeting the goal.\n\n" + table
    template = "# Report layout\n\n_Draft from the pilot._\n\n" + table + "\nNotes: fill rate as a fraction.\n"
    prompt = ("`report_template.md` shows the report layout planning expects.\n\nWrite `targets.md` with a table "
              "(`site`, `days`, `target`, `fill_rate`). Headings, commentary and other tables may surround it.\n")
    result = content_leaks(tmp_path, "layout", "targets.md", reference, prompt, {"report_template.md": template})
    assert any(c.name == "reference_line:workspace/report_template.md" and c.status == "WARNING"
               for c in result.cases), result.cases
    # (however the template spells its rows: a `| --- |` rule row, cells padded; review)
    spelled = "# Report layout\n\n" + "\n".join(
        "| " + " | ".join("---" if set(c.strip()) <= set("-:") else c.strip() for c in row.strip("|").split("|")) + " |"
        for row in table.splitlines()) + "\n"
    assert "| --- | --- |" in spelled and "| CENTRAL | 5 | 40 | 0.9992 |" in spelled
    respelled = content_leaks(tmp_path, "spelled", "targets.md", reference, prompt, {"report_template.md": spelled})
    assert any(c.name == "reference_line:workspace/report_template.md" and c.status == "WARNING"
               for c in respelled.cases), respelled.cases
    # (a warning only, never more: a sort's or an edit's input holds every such line too; review)
    shuffled = "# Rows\n\n" + "\n".join(table.splitlines()[:2] + table.splitlines()[2:][::-1]) + "\n"
    sort = content_leaks(tmp_path, "sort", "targets.md", reference, prompt.replace("`report_template.md` shows the report "
                         "layout planning expects.", "`rows.md` holds the rows to sort by `days`."), {"rows.md": shuffled})
    assert not [c for c in sort.cases if c.status == "FINDING"], sort.cases
