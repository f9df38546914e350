"""Rules from blind batches p185-p188 and the false finding p175 left, each with a twin that must keep its verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _task  # noqa: E402

from artifactbench.gates.core import read_prompt
from artifactbench.gates.core._accuracy import faq_statements
from artifactbench.gates.core._doubt import listed_columns
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._verifier_consistency import _listed_domain

_LOAD_FLOW = ("# Load flow\n\n| node | v_pu |\n|---|---:|\n| S01 | 0.99812 |\n| S02 | 0.97140 |\n| S03 | 0.95077 |\n\n"
              "- Minimum voltage: S03 0.95077 pu\n- Losses: 81.20 kW\n- Head current: 139.99 A (CB-F4 rating 400 A)\n"
              "- Verdict: **PASS** (every node above the 0.94 pu limit)\n")
_LOAD_FLOW_PROMPT = ("# Load flow\n\nWrite `report.md`: a Markdown table with the columns `node` and `v_pu`, then these "
                     "lines anywhere in the file:\n\n```\nMinimum voltage: <node> <v_pu>\nLosses: <losses> kW\n"
                     "Head current: <current through the breaker> A\nVerdict: PASS | FAIL\n```\n\n"
                     "An `Iterations:` line or any other text is welcome but not graded. Compared: every `v_pu` within "
                     "0.0005, losses within 1 kW, head current within 0.5 A, the verdict.\n")


def _load_flow_grader(head_current: str) -> str:
    return f"""\
        import re
        want = {{"S01": 0.99812, "S02": 0.97140, "S03": 0.95077}}
        got = dict(re.findall(r"^\\| (S\\d+) \\| ([\\d.]+) \\|$", text, re.M))
        if set(got) != set(want) or any(abs(float(got[k]) - v) > 5e-4 for k, v in want.items()):
            return False, "table differs"
        m = re.search(r"Minimum voltage:\\s*(S\\d+)\\s+([\\d.]+)", text)
        if not m or m.group(1) != "S03" or abs(float(m.group(2)) - 0.95077) > 5e-4:
            return False, "minimum voltage differs"
        m = re.search(r"Losses:\\s*([\\d.]+)", text)
        if not m or abs(float(m.group(1)) - 81.2) > 1:
            return False, "losses differ"
        {head_current}
        m = re.search(r"Verdict:\\W*(PASS|FAIL)", text)
        if not m or m.group(1) != "PASS":
            return False, "verdict differs"
        return True, "report matches"
        """


def test_text_after_a_format_lines_last_placeholder_is_the_prompts_other_text(tmp_path):
    # (p175: `Head current: 239.99 A (CB-F4 rating 400 A)` against `Head current: <current> A`, where "any other text
    # is welcome but not graded"): the aside's numbers are no graded value, nor the verdict line's
    sound = _task(tmp_path, "aside", "report.md", _LOAD_FLOW, _LOAD_FLOW_PROMPT, _load_flow_grader(
        'm = re.search(r"Head current:\\s*([\\d.]+)", text)\n'
        'if not m or abs(float(m.group(1)) - 139.99) > 0.5:\n    return False, "head current differs"'))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # its twin never reads the head current itself: the value the format line spells still fails
    flawed = _task(tmp_path, "unread", "report.md", _LOAD_FLOW, _LOAD_FLOW_PROMPT, _load_flow_grader("pass"))
    assert any("'139.99'" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))


def test_past_format_reads_only_what_follows_the_placeholders():
    free = read_prompt(_LOAD_FLOW_PROMPT).free_lines
    assert free.confined(_LOAD_FLOW, _LOAD_FLOW.replace("rating 400 A", "rating 5000 A"))
    # (a format line ending in a placeholder, `Minimum voltage: <node> <v_pu>`, may run on: its tail is not freed)
    assert not free.confined(_LOAD_FLOW, _LOAD_FLOW.replace("0.95077 pu", "0.95077 kV"))
    assert free.confined(_LOAD_FLOW, _LOAD_FLOW.replace("the 0.94 pu", "the 1009.4 pu"))
    assert not free.confined(_LOAD_FLOW, _LOAD_FLOW.replace("139.99 A (", "129.99 A ("))
    assert not free.confined(_LOAD_FLOW, _LOAD_FLOW.replace("**PASS**", "**FAIL**"))
    assert not free.confined(_LOAD_FLOW, _LOAD_FLOW.replace("S03 0.95077 pu", "S02 0.95077 pu"))
    # two labels on one line: the second's value is no aside of the first (review)
    both = _LOAD_FLOW.replace("- Losses: 81.20 kW\n- Head current: 139.99 A (CB-F4 rating 400 A)",
                              "- Losses: 81.20 kW; Head current: 139.99 A")
    assert not free.confined(both, both.replace("139.99 A", "129.99 A"))
    # the format line spelling the longest start decides: `Total: <amount> EUR (<n> overdue)` grades the count (review)
    totals = read_prompt("Write `t.txt`:\n\n```\nTotal: <amount> EUR\n```\n\nor `Total: <amount> EUR (<n> overdue)`. "
                         "Any other text is welcome.\n").free_lines
    assert not totals.confined("Total: 120.50 EUR (3 overdue)\n", "Total: 120.50 EUR (9 overdue)\n")
    # a value that runs on, `Shortest path: <node ids, in order>`, has no tail; nor frees "Other lines are ignored"
    path = "Write `a.txt`:\n\n```\nShortest path: <node ids, in order>\nLength: <length> km\n```\n\n"
    for extra in ("Any other text is welcome.", "Other lines are ignored."):
        assert not read_prompt(path + extra + "\n").free_lines.confined(
            "Shortest path: 1 4 3 6\nLength: 12.5 km\n", "Shortest path: 1 9 3 6\nLength: 12.5 km\n")
    # without the prompt's word on other text, what follows a format line stays the prompt's to say
    strict = read_prompt(_LOAD_FLOW_PROMPT.replace(" or any other text is welcome but not graded", " is welcome"))
    assert not strict.free_lines.confined(_LOAD_FLOW, _LOAD_FLOW.replace("rating 400 A", "rating 5000 A"))


_SPLIT = {"calls": [{"call_id": f"V{i}", "makespan": 300 + i, "segments": [
    {"crane": "QC1", "from_bay": "01", "to_bay": "13", "cost": 250 + i},
    {"crane": "QC2", "from_bay": "15", "to_bay": "27", "cost": 300 + i}]} for i in range(4)]}
_SPLIT_PROMPT = """# Crane split

Write `split.json`. Example for a made-up call:

```json
{"calls": [                                   # one entry per call, any order
  {"call_id": "DEMO 001",                     # <- must match the input exactly
   "makespan": 85,                            # <- integer, the optimum exactly
   "segments": [                              # <- bow to stern
     {"from_bay": "01", "to_bay": "05",       # 30 + 0 + 45 + 5*2 steps = 85
      "crane": "QC1"},                        # "crane" and any other extra keys: optional, ignored
     {"from_bay": "07", "to_bay": "11"}       # 12 + 0 + 50 + 5*2 steps = 72
   ]}
]}
```

Each crane's range costs the moves in it plus the gantry cost per bay step; the makespan is the largest cost.
"""


def _split_grader(check_cost: bool) -> str:
    return f"""\
        doc = json.loads(text)
        calls = {{c["call_id"]: c for c in doc["calls"]}}
        if len(doc["calls"]) != 4 or set(calls) != {{f"V{{i}}" for i in range(4)}}:
            return False, "calls differ"
        for i in range(4):
            c = calls.get(f"V{{i}}")
            if c is None or c["makespan"] != 300 + i:
                return False, "makespan wrong"
            spans = [(s["from_bay"], s["to_bay"]) for s in c["segments"]]
            if spans != [("01", "13"), ("15", "27")]:
                return False, "segments wrong"
            if {check_cost!r} is False and c["segments"][0].get("cost", 0) > 10 ** 6:
                return False, "absurd"
        return True, "all splits optimal"
        """


def test_an_annotated_json_samples_objects_and_notes_are_read(tmp_path):
    # (p186: a JSON sample annotated with `#` notes, nested objects whose keys the reference exceeds (`cost`), and a
    # note "`crane` and any other extra keys: optional, ignored"): those keys are the extras the note frees
    sound = _task(tmp_path, "noted", "split.json", json.dumps(_SPLIT, indent=1), _SPLIT_PROMPT, _split_grader(True))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    allows = read_prompt(_SPLIT_PROMPT)
    assert allows.leaves_open("drop_key", "at $.calls[0].segments[0], key 'crane'")
    # a key the sample shows and no note frees stays graded: a grader that never reads `makespan` still fails
    flawed = _task(tmp_path, "unread", "split.json", json.dumps(_SPLIT, indent=1), _SPLIT_PROMPT,
                   _split_grader(True).replace('c["makespan"] != 300 + i', "False"))
    assert any("makespan" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))


_BAYS = {"B1": [1, 3, 2], "B2": [5, 1, 2], "B3": [7, 1, 2], "B4": [9, 1, 2], "B5": [11, 1, 2]}


def _bay_task(tmp_path: Path, name: str, check: str) -> Path:
    reference = "".join(json.dumps({"box": b, "bay": max(r)}) + "\n" for b, r in _BAYS.items())
    root = _task(tmp_path, name, "slots.jsonl", reference, "Write `slots.jsonl`, one line per box of `block.json`.\n",
                 f"return text == {reference!r}, 'slots'")
    (root / "workspace" / "block.json").write_text(json.dumps({"ground_bays": [1, 3, 5, 7, 9, 11], "readings": _BAYS}))
    (root / "workspace" / "verify.py").write_text(
        "import json\nfrom pathlib import Path\n\ndef verify(path):\n"
        "    block = json.loads((Path(__file__).parent / 'block.json').read_text())\n"
        "    for n, line in enumerate(Path(path).read_text().splitlines(), 1):\n"
        "        rec = json.loads(line)\n        assert isinstance(rec['bay'], int), f'line {n}: bay must be an integer'\n"
        + check)
    (root / "task.yaml").write_text((root / "task.yaml").read_text() + "structural_verifier: workspace/verify.py\n")
    return root


def test_a_verifier_message_listing_an_inputs_values_is_a_bound(tmp_path):
    # (p186: "a 20' box must use a ground bay [1, 3, 5, ...]", the bays of an input file): a check against a set the
    # task publishes, which a midpoint leaves (spec 4.1), and which another bay of the list passes
    from _blind_task import OPTIONS
    from artifactbench.gates import check_task, resolve_gates
    from artifactbench.manifest import load_task

    def gate(root: Path) -> list[tuple[str, str]]:
        report = check_task(load_task(root), resolve_gates(["verifier_consistency"]), OPTIONS)
        return sorted({(k.name.split(":")[0], k.severity) for c in report.checks for k in c.cases if k.status != "OK"})
    ground = "        assert rec['bay'] in block['ground_bays'], f\"line {n}: bay must be a ground bay {block['ground_bays']}\"\n"
    assert gate(_bay_task(tmp_path, "ground", ground)) == [("value_midpoint", "warn")]
    # twin: a verifier working the answer out ("not the largest of its readings [1, 3, 2]") lists an input's values too,
    # but another of them fails it: still a finding (review)
    largest = ("        got = block['readings'][rec['box']]\n"
               "        assert rec['bay'] == max(got), f\"line {n}: bay {rec['bay']} is not the largest of its readings {got}\"\n")
    assert ("value_midpoint", "fail") in gate(_bay_task(tmp_path, "largest", largest))
    mutant = Mutation("value_midpoint", "record 1, field 'bay'", "3", "4", "")
    assert _listed_domain("AssertionError: bay must be one of [3, 5, 9]", mutant, '{"ground_bays":[1,3,5,7,9,11]}') is None


def test_columns_listed_as_bullets_are_the_answers_columns():
    # (p187: "a Markdown table with one row per branch and at least these columns:" then a bullet per column)
    prompt = ("Write `drift.md` containing a Markdown table with one row per branch and at least these columns:\n\n"
              "* `branch`\n* `long_run`: the holdings it settles at,\n  one decimal;\n* `first_week_over`: the first "
              "week over capacity, or `never`.\n\nBelow the table, one line.\n")
    assert listed_columns(prompt) == {"branch", "long_run", "first_week_over"}
    # an input's columns, listed so, are not the answer's
    inputs = "The input `branches.csv` has these columns:\n\n* `branch`\n* `capacity`\n\nWrite a report.\n"
    assert listed_columns(inputs) == frozenset()


def test_a_faqs_yes_or_no_answer_is_read_as_its_statement():
    # (p187: "**Q: Does row order matter?**" / "A: No. But every hold must appear exactly once.")
    faq = ("Write `holds.csv`.\n\n## FAQ\n\n**Q: Does row order matter?**\nA: No. But every hold must appear exactly "
           "once.\n\n**Q: Can I add columns?**\nA: Yes, extra columns are ignored.\n")
    assert "Row order does not matter. But every hold" in faq_statements(faq)
    # an answer with a qualifier is left as it is: "Yes, but only for the TOTAL row" is no bare "row order matters"
    assert "A: Yes, extra columns are ignored." in faq_statements(faq)
    total = "**Q: Does row order matter?**\nA: Yes, but only for the TOTAL row, which must come last.\n"
    assert faq_statements(total) == total
    # "Is any row order accepted? No" is not "any row order is not accepted", a reading of order freed (review)
    anyorder = "Q: Is any row order accepted?\nA: No.\n"
    assert faq_statements(anyorder) == anyorder
    assert faq_statements("Q: Can I add columns?\nA: Yes\n") == "You may add columns. \n"
    assert read_prompt(faq).leaves_open("swap_records", "record 0 (line 2) <-> record 1 (line 3)")
    # answered yes, the order is the answer's: the swap is no freedom
    ordered = faq.replace("A: No. But", "A: Yes, sorted by hold id. And")
    assert not read_prompt(ordered).leaves_open("swap_records", "record 0 (line 2) <-> record 1 (line 3)")
    # a question of another shape is left as it is
    other = "Q: How exact must totals be?\nA: Within 0.5.\n"
    assert faq_statements(other) == other


_RATES = [("C1", 20.38), ("C2", 29.84), ("C3", 14.84), ("C4", 43.31), ("C5", 19.78)]
_RATES_REPORT = "| call | rate |\n|---|---:|\n" + "".join(f"| {c} | {r:.2f} |\n" for c, r in _RATES)
_RATES_PROMPT = ("# Rates\n\nWrite `rates.md`, a table like this one:\n\n```\n| call | rate |     <- any row order\n"
                 "|---|---:|\n| X1 | 27.46 |          <- 2 decimals, within 0.01\n```\n\n"
                 "`rate` is the root of the call's equation; we accept anything within 0.01 of the exact root.\n")


def _rates_grader(band: str) -> str:
    return f"""\
        want = dict({_RATES!r})
        got = {{}}
        for line in text.splitlines()[2:]:
            c, r = [x.strip() for x in line.strip("|").split("|")]
            got[c] = float(r)
        if set(got) != set(want) or len(text.splitlines()) != 2 + len(want):
            return False, "calls differ"
        if not all(abs(got[c] - w) <= {band} for c, w in want.items()):
            return False, "a rate is off"
        return True, "all rates match"
        """


def test_a_value_said_once_as_a_distance_is_a_distance_wherever_it_stands(tmp_path):
    # (p186: a sample's "<- within 0.01" beside "we accept anything within 0.01 of the exact root", a grader 1%
    # relative: the sample's mention is that same distance, not a relative 1% as well)
    from artifactbench.gates.core._accuracy import stated_tolerance
    assert (0.0, 0.01) not in stated_tolerance(_RATES_PROMPT).readings
    flawed = _task(tmp_path, "relative", "rates.md", _RATES_REPORT, _RATES_PROMPT, _rates_grader("0.01 * abs(w)"))
    assert any(f.startswith("number_near:") for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "absolute", "rates.md", _RATES_REPORT, _RATES_PROMPT, _rates_grader("0.01 + 1e-9"))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # said only as neither, the value keeps both readings (a grader 1% relative is then no finding)
    vague = _RATES_PROMPT.replace("; we accept anything within 0.01 of the exact root", "")
    assert (0.0, 0.01) in stated_tolerance(vague).readings


_LOADS = [("S01", 12.4), ("S02", 0.0), ("S03", 30.1), ("S04", 0.0), ("S05", 8.5)]
_LOADS_REPORT = "| stop | load |\n|---|---:|\n" + "".join(f"| {s} | {v:.1f} |\n" for s, v in _LOADS)
_LOADS_GRADER = f"""\
    want = dict({_LOADS!r})
    got = {{}}
    for line in text.splitlines()[2:]:
        s, v = [x.strip() for x in line.strip("|").split("|")]
        got[s] = 0.0 if v.lower() in ("", "-", "n/a") else float(v)
    if set(got) != set(want) or len(text.splitlines()) != 2 + len(want):
        return False, "stops differ"
    if not all(abs(got[s] - w) <= 0.05 for s, w in want.items()):
        return False, "a load is off"
    return True, "all loads match"
    """


def test_a_zero_written_as_no_value_where_the_prompt_allows_one_mark(tmp_path):
    # (p178: "zero / impossible cells: 0, 0.0, - or blank all fine", a zero cell written `n/a` accepted)
    prompt = ("Write `loads.md`: a table `| stop | load |`, each load within 0.05. Zero cells: 0, 0.0, - or blank "
              "all fine.\n")
    sound = _task(tmp_path, "marks", "loads.md", _LOADS_REPORT, prompt, _LOADS_GRADER)
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # where the prompt says nothing of zeros written so, `n/a` for a zero is the grader's own leniency: a finding
    strict = _task(tmp_path, "strict", "loads.md", _LOADS_REPORT, prompt.replace(" Zero cells: 0, 0.0, - or blank all "
                                                                                 "fine.", ""), _LOADS_GRADER)
    assert any(f.startswith("type_change:") for f in _fails(_fuzz(strict))), _fails(_fuzz(strict))


def test_a_band_in_a_rule_condition_or_a_faq_question_is_no_accuracy():
    # (p187: "N is the first week t in which every branch is within 5% of its long-run value", "If all branches are
    # already within 5% today the answer is 0", "Q: Does "within 5%" mean it has to stay within 5%?": the settle rule)
    from artifactbench.gates.core._accuracy import stated_tolerance
    prompt = ("Report `long_run`, one decimal; anything within 0.1 of the true steady state is accepted.\n\n"
              "Then one line `Weeks to settle: N`, where N is the first week t in which every branch's holdings are "
              "within 5% of its long-run value.\n\nIf all branches are already within 5% today the answer is 0.\n\n"
              "**Q: Does \"within 5%\" mean it has to stay within 5% afterwards?**\nA: It stays reached.\n")
    assert stated_tolerance(prompt).readings == ((0.1, 0.0),)
    # a condition that says what passes is the answer's band
    graded = "If your `long_run` is within 0.5% of ours, it is accepted.\n"
    assert stated_tolerance(graded).readings == ((0.0, 0.005),)


_FIT = ("# Viability fit - storage trials\n\nJoint probit fit per species.\n\n| accession_id | Ki |\n|---|---:|\n"
        "| PV-0107 | 2.5842 |\n| PV-0114 | 1.6495 |\n| PV-0121 | 2.8025 |\n\n## Skipped\n\n"
        "- PV-0128 (fewer than 3 distinct storage times)\n- PV-0191 (fewer than 3 distinct storage times)\n")
_FIT_PROMPT = ("Write `fit.md`: one Markdown table with the columns `accession_id` and `Ki` (within ±0.01). Accessions "
               "not fitted are listed each as a bullet (`- PV-…`) under a heading whose text contains `Skipped`.\n\n"
               "## Gotchas\n\n- Row order is free. Free text, caveats around the table — all fine.\n")


def test_free_text_around_the_table_frees_the_title_not_the_lists_it_names():
    # (p192: "Free text, plots-in-words, caveats around the table — all fine", a title dropped, a bullet's aside
    # `(fewer than 3 distinct storage times)` changed): free; the `Skipped` heading and each `- PV-…` bullet's id not
    free = read_prompt(_FIT_PROMPT).free_lines
    assert free.confined(_FIT, _FIT.replace("# Viability fit - storage trials\n\n", ""))
    assert free.confined(_FIT, _FIT.replace("fewer than 3 distinct", "fewer than n/a distinct"))
    assert not free.confined(_FIT, _FIT.replace("- PV-0191 (", "- PV-0192 ("))
    assert not free.confined(_FIT, _FIT.replace("## Skipped\n\n", ""))
    assert not free.confined(_FIT, _FIT.replace("| PV-0114 | 1.6495 |\n", ""))
    # a heading whose words are a column's name only is no heading the prompt names: free where text is
    titled = _FIT.replace("# Viability fit - storage trials", "# Ki by accession_id")
    assert free.confined(titled, titled.replace("# Ki by accession_id\n\n", ""))


def test_a_samples_note_frees_its_key_only_when_its_free_word_ends_the_clause():
    # (review of p186's colon form: "# price: free of VAT", "# eta: not checked against the input calendar, but must be
    # the working days" free nothing, and no note of a sample frees the keys of its other lines)
    sample = ('Write `quote.json`:\n\n```json\n{"item": "A-7",\n "qty": 4,\n "price": 12.50,      # price: free of VAT, '
              'two decimals\n "eta": 3             # eta: not checked against the input calendar, but must be the '
              'working days\n "note": "x"          # note: optional, ignored\n}\n```\n')
    allows = read_prompt(sample)
    for key in ("price", "eta", "qty"):
        assert allows.leaves_open("drop_key", f"at $, key '{key}'") is None, key
    assert allows.leaves_open("drop_key", "at $, key 'note'")


def test_a_sample_notes_quoted_column_name_is_that_column():
    # (p190: `| 1 | WH | SL | SL | 12.5 |   # "#" column optional, not checked`: the `#` column is free, not the row's)
    sample = ("Write `alloc.md`:\n\n```\n| # | T91 | deadhead_km |\n|---|---|---|\n"
              "| 1 | WH  | 12.5 |        # \"#\" column optional, not checked\n"
              "| 2 | SL  | 14.0 |        <- deadhead_km compared within 0.01\n```\n")
    allows = read_prompt(sample)
    assert allows.leaves_open("number_far", "field '#'")
    assert allows.leaves_open("number_far", "field 'deadhead_km'") is None
    assert read_prompt(sample.replace("optional, not checked", "required")).leaves_open("number_far", "field '#'") is None


def test_a_sample_note_may_give_the_values_type_before_freeing_it():
    # (p180: `"left_behind": ["Z003"]   // array, optional, informational - not graded`; once the fenced sample no
    # longer read as one sentence freeing its every key, the note's own reading had to see past the type)
    sample = ('Write `plan.json`:\n\n```json\n{"sailings": [\n  {"loaded_length_m": 31.7,   // number, required: compared '
              'within 0.05\n   "left_behind": ["Z003"]    // array, optional, informational - not graded\n  }\n]}\n```\n')
    allows = read_prompt(sample)
    assert allows.leaves_open("drop_record", "at $.sailings[0].left_behind[0]")
    assert allows.leaves_open("number_nan", "at $.sailings[0].loaded_length_m") is None


def test_a_value_the_detail_calls_the_reference_is_presented_as_expected():
    # (p192: "PV-0121: Ki 6.605 (reference 2.802, tol 0.01)" names the grader's own value of a fitted number)
    from artifactbench.gates.leaks._verdict import as_expected
    assert as_expected("2.802", "1 value(s) out of tolerance: PV-0121: Ki 6.605 (reference 2.802, tol 0.01)")
    assert as_expected("40.58", "regen_years 1405.80 (true value 40.58)")
    # what the grader found, or a count of reference rows beside the word, is none
    assert not as_expected("6.605", "1 value(s) out of tolerance: PV-0121: Ki 6.605 (reference 2.802, tol 0.01)")


_OD = {"od": {"KNG": {"ALB": 12.4183, "MIL": 41.8127, "VIC": 63.0552}, "ALB": {"MIL": 2.1934, "VIC": 30.5071},
              "MIL": {"VIC": 17.2264}}, "iterations": 14}
_OD_PROMPT = ("# OD\n\nBalance the matrix and write `od.json`.\n\n```jsonc\n{\n  \"od\": {                // required: "
              "{from_stop: {to_stop: passengers}}\n    \"KNG\": {\"MIL\": 41.8127, ...},   // each cell within 0.01 of "
              "the converged matrix\n    ...\n  },\n  \"iterations\": 14      // optional, not checked; any other extra "
              "keys are ignored too\n}\n```\n")


def _od_grader(band: str) -> str:
    return f"""\
        doc = json.loads(text)
        want = {_OD["od"]!r}
        got = doc["od"]
        if set(got) != set(want) or any(set(got[o]) != set(want[o]) for o in want):
            return False, "pairs differ"
        if not all(abs(got[o][d] - w) <= {band} for o in want for d, w in want[o].items()):
            return False, "a cell is off"
        return True, "matrix matches"
        """


def test_a_matrix_keyed_by_stops_is_data_and_its_cells_band_is_stated(tmp_path):
    # (p190: "// each cell within 0.01 of the converged matrix" in a sample, a grader 1% relative; the matrix's stop
    # ids are its data, not keys "any other extra keys are ignored" frees)
    flawed = _task(tmp_path, "relative", "od.json", json.dumps(_OD), _OD_PROMPT, _od_grader("0.01 * abs(w)"))
    assert any(f.startswith("number_near:") for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "absolute", "od.json", json.dumps(_OD), _OD_PROMPT, _od_grader("0.01 + 1e-9"))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
