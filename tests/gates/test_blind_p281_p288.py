"""Rules from the blind batches p281-p300 (2026-12-07, twentieth session) and the misses of p271, p278 and p280 found
again, each with a twin that keeps its verdict."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _task, _twins  # noqa: E402

from artifactbench.gates.fuzz._mutation import gap_change  # noqa: E402
from artifactbench.gates.fuzz._policy import FuzzPolicy  # noqa: E402

_ENTRIES = "".join(f"[[option]]\nrank = {n}\nunits = [{', '.join(repr(u) for u in units)}]\ncost = {cost:.2f}\n\n"
                   for n, (units, cost) in enumerate([(["A", "B"], 310.0), (["A", "C"], 325.5), (["B", "C"], 340.25),
                                                      (["A", "B", "C"], 402.0)], 1))
_OPTIONS_PROMPT = ("# Options\n\nWrite `options.toml`: one `[[option]]` table for every feasible set of units, each "
                   "set exactly once, with its `units` (sorted) and `cost` (two decimals), in ascending cost order, "
                   "and `rank` counting from 1.\n")


def test_an_array_entry_written_over_by_its_neighbour(tmp_path):
    # (p280: entries checked one by one and counted, never that they differ: one option twice, another gone)
    _twins(tmp_path=tmp_path, name="options", artifact="options.toml", reference=_ENTRIES,
           prompt=_OPTIONS_PROMPT,
           flawed="""\
               got = tomllib.loads(text)["option"]
               want = {(tuple(o["units"]), round(o["cost"], 2)) for o in tomllib.loads(REF)["option"]}
               costs = [o["cost"] for o in got]
               ok = len(got) == 4 and costs == sorted(costs) and all(
                   (tuple(o["units"]), round(o["cost"], 2)) in want for o in got)
               return ok, "options checked" if ok else "an option is wrong"
               """.replace("REF", repr(_ENTRIES)),
           sound="""\
               got = [(tuple(o["units"]), round(o["cost"], 2)) for o in tomllib.loads(text)["option"]]
               want = [(tuple(o["units"]), round(o["cost"], 2)) for o in tomllib.loads(REF)["option"]]
               ranks = [o["rank"] for o in tomllib.loads(text)["option"]]
               return got == want and ranks == [1, 2, 3, 4], "options checked" if got == want else "options differ"
               """.replace("REF", repr(_ENTRIES)),
           kind="replace_record", marker="(entry [[option]])")


def test_entry_copies_only_within_one_array():
    # twin: two arrays' neighbouring tables are never copied over each other (a `[[a]]` under `[[b]]`'s name)
    from artifactbench.gates.fuzz._formats import TextDoc
    from artifactbench.gates.fuzz._text_strategies import _line_strategy
    text = "[[plan]]\nid = 1\ncost = 4\n\n[[plan]]\nid = 2\ncost = 5\n\n[[shift]]\nid = 1\ncost = 4\n"
    lines = text.splitlines()
    draws = _line_strategy(TextDoc(tuple(lines), True), FuzzPolicy(), "replace_record", lines,
                           tuple(i for i, line in enumerate(lines) if line.strip()))
    import random
    seen = {m.where for m in draws.values(random.Random(0))}
    entries = {w for w in seen if "(entry" in w}
    assert entries == {"lines 1-3 replaced by a copy of lines 5-7 (entry [[plan]])",
                       "lines 5-7 replaced by a copy of lines 1-3 (entry [[plan]])"}, seen


def test_gap_change_keeps_a_list_ascending_and_whole():
    policy = FuzzPolicy()
    k, new = gap_change([9, 28, 31, 32, 42], policy)
    values = [9, 28, 31, 32, 42]
    values[k] = new
    assert values == sorted(set(values)) and new not in (9, 28, 31, 32, 42)
    assert gap_change([1, 2, 3, 4], policy) == (3, 6)  # (no gap: the last item moves past the end, past the band)
    assert gap_change([1, 2, 3], FuzzPolicy(abs=5.0)) == (2, 9)  # (past a band the task declares)
    assert gap_change([10, 12, 30], policy) == (1, 29)
    # twins: not a strictly ascending list of three or more
    assert gap_change([5, 3, 9], policy) is None
    assert gap_change([1, 1, 2, 3], policy) is None
    assert gap_change([4, 9], policy) is None


_SEQS_PROMPT = ("# Replay\n\nWrite `replay.toml` with `claims_open` and `rejected_seqs`, the `seq` numbers of every "
                "rejected event in ascending order. Money is compared to the cent (anything within 0.01 is fine).\n")
_SEQS = "claims_open = 7\ntotal_paid = 28750.49\nrejected_seqs = [70414, 70417, 70428, 70435, 70454, 70463]\n"


def test_a_list_of_seq_numbers_compared_by_length_and_order(tmp_path):
    # (p271, p278: every far, negated or NaN item broke the list's order and was rejected; one moved inside its gap
    # keeps it ascending, which a grader counting the items passes)
    _twins(tmp_path, "replay", "replay.toml", _SEQS, _SEQS_PROMPT,
           flawed="""\
               got, want = tomllib.loads(text), tomllib.loads(REF)
               seqs = got["rejected_seqs"]
               ok = (got["claims_open"] == want["claims_open"] and abs(got["total_paid"] - want["total_paid"]) <= 0.01
                     and all(type(s) is int for s in seqs) and seqs == sorted(seqs)
                     and len(seqs) == len(want["rejected_seqs"]))
               return ok, "replay matches" if ok else "replay differs"
               """.replace("REF", repr(_SEQS)),
           sound="""\
               got, want = tomllib.loads(text), tomllib.loads(REF)
               ok = (got["claims_open"] == want["claims_open"] and abs(got["total_paid"] - want["total_paid"]) <= 0.01
                     and got["rejected_seqs"] == want["rejected_seqs"])
               return ok, "replay matches" if ok else "replay differs"
               """.replace("REF", repr(_SEQS)),
           kind="number_far", marker="field 'rejected_seqs.")


def test_a_json_list_of_ids_compared_by_length_and_order(tmp_path):
    reference = '{"antenna": "SVB-A", "rejected": [9, 28, 31, 32, 42, 77]}\n'
    prompt = "Write `out.json`: `antenna` and `rejected`, the SEQ numbers of its rejected commands, ascending.\n"
    _twins(tmp_path, "antenna", "out.json", reference, prompt,
           flawed="""\
               got, want = json.loads(text), json.loads(REF)
               rej = got["rejected"]
               ok = got["antenna"] == want["antenna"] and rej == sorted(rej) and len(rej) == len(want["rejected"]) \\
                   and all(type(r) is int for r in rej)
               return ok, "ok" if ok else "wrong"
               """.replace("REF", repr(reference)),
           sound="""\
               return json.loads(text) == json.loads(REF), "compared"
               """.replace("REF", repr(reference)),
           kind="number_far", marker="(an item moved inside its ascending list)")


def test_a_move_within_a_band_every_reading_gives_is_no_finding(tmp_path):
    # twin: "every count within ±5" lets a grader pass a count moved by 2 inside its list
    reference = "hours = [3, 6, 8]\n"
    prompt = "Write `out.txt` with `hours`, ascending. Every number within ±5 absolute is accepted.\n"
    root = _task(tmp_path, "hours", "out.txt", reference, prompt, """\
        got = [int(x) for x in text.split("[")[1].split("]")[0].split(",")]
        return len(got) == 3 and all(abs(a - b) <= 5 for a, b in zip(got, [3, 6, 8])), "hours"
        """)
    assert not [f for f in _fails(_fuzz(root)) if "ascending list" in f]


_TEMPLATE = """\
# =====================================================================
# job: missed-cutoff report
# =====================================================================
# Everything you need is described in the comments. Keys without a
# comment are informational.

output:
  # Write a CSV file here. Comma separated, with a header row.
  path: output/missed.csv

  # Required columns. Column order is up to you, and extra columns are
  # fine - the loader picks columns by name and ignores the rest.
  columns: [parcel_id, route, minutes_late]

  # One row per missed parcel, no duplicates. Row order does not
  # matter; the dashboard sorts it.
  # example rows:
  # - P123456,R05,18
  rows: one_per_missed_parcel
"""


def test_a_commented_template_read_as_prose():
    # (p288: a prompt written as a configuration template, its requirements in `#` lines: "Row order does not /
    # matter" read as two headings, so rows swapped were a finding)
    from artifactbench.gates.core import read_prompt, uncommented
    prose = uncommented(_TEMPLATE)
    assert "One row per missed parcel, no duplicates. Row order does not\nmatter; the dashboard sorts it." in prose
    assert "\n\n  columns: [parcel_id, route, minutes_late]\n\n" in prose
    assert read_prompt(prose).unordered and not read_prompt(_TEMPLATE).unordered
    # twins: Markdown headings one at a time, a fenced template, a prompt mostly of other lines stay as they are
    markdown = "# Task\n\nWrite `out.csv`.\n\n## Rules\n\nRows in any order.\n\n## Output\n\nOne row a parcel.\n"
    assert uncommented(markdown) == markdown
    fenced = "Fill in this template:\n\n```yaml\n" + _TEMPLATE + "```\n"
    assert uncommented(fenced) == fenced
    mostly_keys = _TEMPLATE + "".join(f"key_{n}: {n}\n" for n in range(40))
    assert uncommented(mostly_keys) == mostly_keys


def test_rows_swapped_under_a_commented_templates_order_sentence(tmp_path):
    reference = "parcel_id,route,minutes_late\nP1,R01,76\nP2,R01,41\nP3,R02,5\n"
    grader = """\
        rows = sorted(text.strip().splitlines()[1:])
        ok = text.splitlines()[0] == "parcel_id,route,minutes_late" and rows == sorted(REF.strip().splitlines()[1:])
        return ok, "rows match" if ok else "rows differ"
        """.replace("REF", repr(reference))
    root = _task(tmp_path, "missed", "missed.csv", reference, _TEMPLATE, grader)
    assert not _fails(_fuzz(root))
    # twin: the same template saying the rows come sorted by parcel id
    ordered = _TEMPLATE.replace("Row order does not\n  # matter; the dashboard sorts it.", "Rows sorted by\n  # parcel_id, ascending.")
    root = _task(tmp_path, "missed_sorted", "missed.csv", reference, ordered, grader)
    assert any(f.startswith("swap_records:") for f in _fails(_fuzz(root)))


def test_a_faq_question_asking_leave_answered_yes():
    # (p285: "Q: May I add extra keys, like the method or iteration count?" / "Yes. Extra keys and extra tables are
    # ignored": the question names the grant's examples, so a `method` key dropped is no finding)
    from artifactbench.gates.core import read_prompt
    faq = ("### Q: What goes in the file?\n`ddf` and `rmse` under `[calibration]`.\n\n"
           "### Q: May I add extra keys, like the method or iteration count?\n"
           "Yes. Extra keys and extra tables are ignored, so note whatever helps the next person.\n")
    allows = read_prompt(faq)
    assert allows.other_key("field 'method'") == "method"
    assert allows.other_key("field 'rmse'") is None
    # twins: answered no; a key the prompt asks for
    no = faq.replace("Yes. Extra keys and extra tables are ignored", "No. Every key is checked")
    assert not read_prompt(no).other_keys
    named = faq.replace("`ddf` and `rmse`", "`ddf`, `rmse` and `method`").replace("like the method or", "like an")
    assert read_prompt(named).other_key("field 'method'") is None  # (a key the prompt asks for is no extra)


def test_a_record_with_its_category_taken_from_another(tmp_path):
    # (p285: an audit whose grader checks every expected (report, rule) pair is there, never that no other is)
    reference = "".join(f'{{"report_id": "SR-{n}", "rule": "{rule}"}}\n' for n, rule in
                        [(1047, "R7"), (1048, "R2"), (1049, "R5"), (1050, "R2"), (1051, "R7"), (1052, "R5")])
    prompt = "List every (report_id, rule) a report breaks in `out.jsonl`, one object a line. False alarms count.\n"
    _twins(tmp_path, "audit", "out.jsonl", reference, prompt,
           flawed="""\
               got = [json.loads(l) for l in text.splitlines() if l.strip()]
               pairs = [(g["report_id"], g["rule"]) for g in got]
               want = {(w["report_id"], w["rule"]) for w in map(json.loads, REF.splitlines())}
               ok = len(pairs) == len(set(pairs)) and want <= set(pairs) and all(
                   r.startswith("SR-") and u in ("R2", "R5", "R7") for r, u in pairs)
               return ok, "all violations reported" if ok else "missing or bad"
               """.replace("REF", repr(reference)),
           sound="""\
               got = {(g["report_id"], g["rule"]) for g in map(json.loads, filter(str.strip, text.splitlines()))}
               want = {(w["report_id"], w["rule"]) for w in map(json.loads, REF.splitlines())}
               return got == want and len(text.strip().splitlines()) == len(want), "compared"
               """.replace("REF", repr(reference)),
           kind="inject_record", marker="with its 'rule' as record")


def test_a_stay_whose_departure_is_another_plans(tmp_path):
    # (p282: column lines `BAR 2025-07-01 2025-07-02`, a superset of the stays never rejected)
    stays = [("BAR", 1, 2), ("BAR", 1, 3), ("BAR", 2, 4), ("NRF", 1, 4), ("NRF", 2, 3), ("NRF", 3, 5)]
    reference = "".join(f"{p} 2025-07-0{a} 2025-07-0{d}\n" for p, a, d in stays)
    prompt = "List in `stays.txt` every sellable stay, `PLAN ARRIVAL DEPARTURE`, exactly once and nothing else.\n"
    _twins(tmp_path, "stays", "stays.txt", reference, prompt,
           flawed="""\
               import datetime
               got = [l.split() for l in text.splitlines() if l.strip()]
               want = {tuple(l.split()) for l in REF.splitlines()}
               day = datetime.date.fromisoformat
               ok = all(len(g) == 3 and g[0] in ("BAR", "NRF") and day(g[1]) < day(g[2]) for g in got) \\
                   and len({tuple(g) for g in got}) == len(got) and want <= {tuple(g) for g in got}
               return ok, "all stays listed" if ok else "bad"
               """.replace("REF", repr(reference)),
           sound="""\
               got = sorted(tuple(l.split()) for l in text.splitlines() if l.strip())
               return got == sorted(tuple(l.split()) for l in REF.splitlines()), "compared"
               """.replace("REF", repr(reference)),
           kind="inject_record", marker="ending as line")


def test_prose_lines_are_no_columns_to_recombine():
    from artifactbench.gates.fuzz._text_strategies import _recombined
    prose = ["The run took 3 hours today", "Two of 5 vans were late again", "We will fix 2 more next week"]
    assert _recombined(prose, (0, 1, 2)) == []  # (lines of different lengths: sentences)
    header = ["plan arrival departure", "BAR 2025-07-01 2025-07-02", "NRF 2025-07-01 2025-07-03",
              "BAR 2025-07-02 2025-07-03"]
    assert _recombined(header, (0, 1, 2, 3)) == []  # (a line without a digit: not every line a record of columns)


def test_an_interactive_sessions_comments_read_as_prose():
    # (p287's doctest-first prompt: `>>> sorted(doc["subject"][0])   # any subject order; extra keys are ignored`)
    from artifactbench.gates.core import read_prompt, uncommented
    prompt = ("Write `output/compliance.toml`.\n\n```python\n>>> import tomllib\n"
              '>>> doc = tomllib.load(open("output/compliance.toml", "rb"))\n>>> sorted(doc)\n'
              "['subject', 'summary']\n"
              '>>> sorted(doc["subject"][0])     # any subject order; extra keys are ignored\n'
              "['taken', 'usubjid']\n>>> # compliance_pct has one decimal, graded to\n"
              ">>> # +/- 0.05.\n```\n")
    prose = uncommented(prompt)
    assert prose.startswith(prompt) and "\nany subject order; extra keys are ignored\n" in prose
    assert "\ncompliance_pct has one decimal, graded to\n+/- 0.05.\n" in prose
    assert read_prompt(prose).field_unordered == {"subject"}
    # twins: a `#` inside a string is no comment; a block that is no session adds nothing
    quoted = prompt.replace('>>> sorted(doc["subject"][0])     # any', '>>> print("  # any')
    assert "any subject order" not in uncommented(quoted)[len(quoted):]
    script = "```python\nx = 1  # any subject order\ny = 2\n```\n"
    assert uncommented(script) == script


def test_any_named_order_frees_only_records_the_prompt_shows_by_that_name():
    from artifactbench.gates.core import read_prompt
    assert read_prompt("One `[[subject]]` table per subject; any subject order.\n").field_unordered == {"subject"}
    assert read_prompt('Each `doc["stops"]` item is a stop; whatever stop order is fine.\n').field_unordered == {"stops"}
    # twins: a domain's order, keys in a record, an order denied, a list inside each record
    for said in ("Flag any purchase order, in `orders.csv` order.\n", "Rows sorted by `date`; any key order.\n",
                 "One `[[stop]]` table a stop, sorted by `eta`, not in any stop order.\n"):
        allows = read_prompt(said)
        assert not allows.unordered and not allows.field_unordered, said
    inner = read_prompt("One `[[stop]]` a stop, by `eta`. Each stop's `parcels` may be listed in any parcel order.\n")
    assert not inner.unordered and inner.field_unordered == {"parcels"}


def test_a_datasheets_accuracy_rows_are_stated_bands():
    # (p286: "| `beta` accuracy | ... relative to exact MLE | −0.1 | — | +0.1 | % |" beside plain ranges)
    from artifactbench.gates.core._accuracy import stated_tolerance
    sheet = ("| Parameter | Symbol | Conditions | Min | Typ | Max | Unit |\n"
             "|-----------|--------|------------|-----|-----|-----|------|\n"
             "| `failures` | r | per model | 0 | — | — | operators |\n"
             "| `beta` accuracy | εβ | relative to exact MLE | −0.1 | — | +0.1 | % |\n"
             "| `eta_cycles` error | εη | absolute | -5 | — | +5 | cycles |\n")
    stated = stated_tolerance(sheet)
    assert dict((n, (a, r)) for n, a, r in stated.scoped) == {"beta": (0.0, 0.001), "eta_cycle": (5.0, 0.0)}
    # twins: an uneven pair, a range of values, a row without a key
    assert stated_tolerance(sheet.replace("+0.1 | %", "+0.3 | %").replace("| -5 |", "| 0 |")) is None
    assert stated_tolerance(sheet.replace("`beta` accuracy", "beta accuracy").replace("`eta_cycles` error",
                                                                                      "`eta_cycles` value")) is None


def test_review_leave_asked_is_no_requirement_asked():
    # (review: "Should we include ...? Yes - the grader checks `n` too" is a requirement; "Yes, you must" too)
    from artifactbench.gates.core import read_prompt
    for faq in ("### Q: Should we include additional keys like `n`?\nYes - the grader checks `n` too.\n",
                "### Q: May I include the count `n`?\nYes, you must: the grader checks it.\n"):
        assert read_prompt(faq).other_key("field 'n'") is None, faq


def test_review_a_datasheets_limits_beside_a_band_in_words():
    from artifactbench.gates.core._accuracy import stated_tolerance
    table = ("| Parameter | Conditions | Min | Typ | Max | Unit |\n|---|---|---|---|---|---|\n"
             "| `pressure_kpa` accuracy | sensor, 25 °C | -1.5 | — | +1.5 | UNIT |\n")
    # an input sensor's own sheet beside the answer's band in words: the words
    stated = stated_tolerance("Every `pressure_kpa` is graded to within 0.01 kPa.\n\n" + table.replace("UNIT", "kPa"))
    assert stated.band_at(("pressure_kpa",), 65.0) == 0.01
    # a share of full scale, parts per million: no band read; "relative humidity" of a °C row: absolute
    for unit in ("% FS", "ppm", "LSB"):
        assert stated_tolerance(table.replace("UNIT", unit)) is None, unit
    humid = table.replace("sensor, 25 °C", "relative humidity above 20 %").replace("UNIT", "°C")
    assert stated_tolerance(humid).scoped == (("pressure_kpa", 1.5, 0.0),)


def test_review_gap_moves_read_the_lists_own_band(tmp_path):
    # (review: `field 'spike_minutes.2'` is the `spike_minutes` list's item, whose band the prompt states)
    reference = "spike_minutes = [12, 75, 131, 190]\n"
    prompt = "Write `spikes.toml` with `spike_minutes`, ascending. Each of the `spike_minutes` is accepted within ±30 minutes.\n"
    root = _task(tmp_path, "spikes", "spikes.toml", reference, prompt, """\
        got = tomllib.loads(text)["spike_minutes"]
        want = [12, 75, 131, 190]
        return len(got) == 4 and all(abs(a - b) <= 30 for a, b in zip(got, want)), "spikes"
        """)
    assert not [f for f in _fails(_fuzz(root)) if "ascending list" in f]


def test_review_recombined_records_with_year_keys_and_full_products():
    import time

    from artifactbench.gates.fuzz._formats import parse
    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._tree_records import _recombined_records
    from artifactbench.gates.fuzz._tree_targets import TreeTargets
    years = "".join(f"- site: S{n % 3}\n  kind: {'ab'[n % 2]}\n  2023: {n}\n  2024: {n + 1}\n" for n in range(8))
    t = TreeTargets(parse("yaml", years), FuzzPolicy())
    assert _recombined_records(t, t.lists)  # (no TypeError sorting int and str keys)
    full = "".join(f'{{"date": "2025-{m:02d}-{d:02d}", "shift": "{s}"}}\n' for m in range(1, 13) for d in range(1, 29)
                   for s in ("day", "night"))
    t = TreeTargets(parse("jsonl", full * 1), FuzzPolicy())
    started = time.process_time()
    assert _recombined_records(t, t.lists) == []  # (every pair there: nothing new, and quickly)
    assert time.process_time() - started < 5


def test_review_a_templates_intro_prose_stays_one_paragraph():
    from artifactbench.gates.core import read_prompt, uncommented
    intro = ("Fill in the job file below. Row order does not\nmatter: the dashboard sorts the rows itself, so write "
             "them in whatever\norder is convenient.\n\n")
    prose = uncommented(intro + _TEMPLATE)
    assert intro.rstrip() in prose and read_prompt(prose).unordered


def test_a_yaml_schemas_descriptions_scope_their_bands():
    # (p291: an OpenAPI-like prompt whose bands sit in each property's `description:`, read as one general band)
    from artifactbench.gates.core._accuracy import schema_descriptions, stated_tolerance
    schema = ("```yaml\nFitRow:\n  type: object\n  properties:\n    flight_id: {type: string}\n    k_per_min:\n"
              "      type: number\n      description: fitted k; accepted within 0.5 % (relative) of the true minimiser\n"
              "    t95_min:\n      type: number\n      description: >\n        minute the curve reaches 95 %;\n"
              "        accepted within 0.2 (absolute)\n```\n")
    said = schema_descriptions(schema)
    assert "`k_per_min`: fitted k; accepted within 0.5 % (relative) of the true minimiser." in said
    assert "`t95_min`: minute the curve reaches 95 %; accepted within 0.2 (absolute)." in said
    stated = stated_tolerance(schema)
    assert ("k_per_min", 0.0, 0.005) in stated.scoped and ("t95_min", 0.2, 0.0) in stated.scoped
    # twin: a description of a container names no key of the answer's, and a text without any stays as it was
    assert schema_descriptions("properties:\n  description: the rows\n") == "properties:\n  description: the rows\n"
    assert schema_descriptions("Within 0.5 %.\n") == "Within 0.5 %.\n"


def test_second_review_many_answers_wraps_only_into_a_sentence_going_on():
    from artifactbench.gates.core import read_prompt
    assert read_prompt("Any plan that\n   achieves the minimum is acceptable.\n").many_answers
    for said in ("Rules\nAny schedule must cover every shift\nOnly the cheapest cover is correct\n",
                 "Notes\n\u2022 trucks never share a door, so do not work out any layout of your own\n"
                 "\u2022 only the mapping read off the carriers table is correct\n",
                 "Any solution format\nThe CSV described below is the only output that is accepted\n"):
        assert not read_prompt(said).many_answers, said


def test_second_review_schema_bands_of_graded_outputs_only():
    from artifactbench.gates.core._accuracy import stated_tolerance
    inputs = ("## Input: `readings.yaml`\n\n```yaml\nReading:\n  properties:\n    temperature_c:\n      type: number\n"
              "      description: as logged by the probe, accepted within 0.5 °C of the truth\n```\n\n"
              "## Output\n\nYour `temperature_c` must be within 0.005 of the exact mean.\n")
    assert stated_tolerance(inputs).band_at(("temperature_c",), 14.0) == 0.005
    defines = ("Every number is accepted within 0.5 (absolute).\n\n```yaml\nStep:\n  properties:\n    settling_time_s:\n"
               "      type: number\n      description: first time after which the response stays within 2 % of its final value\n```\n")
    assert stated_tolerance(defines).band_at(("settling_time_s",), 1.18) >= 0.5


def test_second_review_a_toml_header_is_a_template_line():
    from artifactbench.gates.core import read_prompt, uncommented
    template = ("# ====\n# gauge peaks\n# ====\n# team: hydrology\n# owner: the river desk\n# ====\n"
                "# Fill in one table a gauge site. Everything is in the comments below, and\n# the keys without a "
                "comment are informational; extra keys are fine.\n# Write it to `out.toml`, one table a site.\n"
                "# sites may come in any order\n# and nothing else is graded\n[[site]]\n# `peaks` in descending order\n"
                "site_id = \"S-01\"\npeaks = [40.1, 38.0]\n")
    prose = uncommented(template)
    assert "\n\n[[site]]\n\n" in prose and read_prompt(prose).unordered


def test_second_review_any_named_order_of_a_records_field_and_denied():
    from artifactbench.gates.core import read_prompt
    records = 'Write `svc.json`, a list of `{"service": ..., "samples": [...]}`; `samples` sorted. Any service order is fine.\n'
    assert read_prompt(records).unordered
    denied = "One `[[stop]]` table a stop, ordered by `eta` and not by any stop order.\n"
    assert not read_prompt(denied).unordered and not read_prompt(denied).field_unordered


def test_second_review_datasheet_rows_beside_another_keys_band_in_words():
    from artifactbench.gates.core._accuracy import stated_tolerance
    sheet = ("`mean_life_cycles` is graded to within 0.5 % (relative).\n\n"
             "| Parameter | Min | Typ | Max | Unit |\n|---|---|---|---|---|\n"
             "| `beta` accuracy | −0.1 | — | +0.1 | % |\n")
    stated = stated_tolerance(sheet)
    assert stated.band_at(("beta",), 2.0) == 0.002 and stated.band_at(("mean_life_cycles",), 100.0) == 0.5


def test_second_review_a_yes_that_denies_a_check_still_grants():
    from artifactbench.gates.core import read_prompt
    for yes in ("Yes, nobody checks them.", "Yes - they are not graded.", "Yes (no need to remove debugging fields)."):
        faq = f"### Q: Can I add extra keys such as `n`?\n{yes}\n"
        assert read_prompt(faq).other_key("field 'n'") == "n", yes


def test_line_order_at_a_suppliers_discretion():
    # (p293's tender: "Line order is at the Supplier's discretion", "Row order is at the Supplier's discretion")
    from artifactbench.gates.core import read_prompt
    for said in ("2.3 Line order is at the Supplier's discretion.", "Row order is left to the Supplier's discretion."):
        assert read_prompt(said + "\n").unordered, said
    # twins: an order of the domain, a column order
    for said in ("A purchase order is at the buyer's discretion.", "Column order is at the Supplier's discretion."):
        assert not read_prompt(said + "\n").unordered, said


def test_a_relative_word_of_another_values_clause():
    # (p293: "`mean_dbh_cm` ... within ±0.05 cm of the Authority's figure; `basal_area_m2` within 0.5 % (relative)":
    # the word "relative" is basal area's, and ±0.05 cm is a distance)
    from artifactbench.gates.core._accuracy import stated_tolerance
    said = ("`mean_dbh_cm` shall be within ±0.05 cm of the Authority's figure; `basal_area_m2` within 0.5 % (relative) "
            "of the Authority's figure.\n")
    assert dict((n, (a, r)) for n, a, r in stated_tolerance(said).scoped) == {"mean_dbh_cm": (0.05, 0.0),
                                                                              "basal_area_m2": (0.0, 0.005)}
    # twin: a sentence saying its tolerances are relative reads a unit's band both ways
    assert stated_tolerance("Tolerances are relative; `trip_kg` within ±1e-4.\n").scoped == (("trip_kg", 0.0001, 0.0001),)


def test_an_array_of_tables_named_in_an_order_sentence():
    # (p294: "The order of lots and of `[[orders]]` entries is free")
    from artifactbench.gates.core import read_prompt
    allows = read_prompt("5.2. The order of lots and of `[[orders]]` entries is free. Additional keys are ignored.\n")
    assert allows.leaves_open("swap_records", "lines 69-73 <-> lines 75-79, field 'orders.0' (sections swapped)")[0] == "info"
    # twin: an order the sentence fixes
    assert not read_prompt("The order of `[[orders]]` entries is fixed: by `order_id`.\n").unordered


def test_a_band_written_in_inline_tex():
    # (p294's Methods section: "`mkt_c` within $\pm 0.01$ °C, ... `potency_now` within $\pm 10^{-4}$ (absolute)")
    from artifactbench.gates.core._accuracy import _tex_bands, stated_tolerance
    said = r"Acceptance tolerances: `mkt_c` within $\pm 0.01$ °C, `potency_now` within $\pm 10^{-4}$ (absolute)." + "\n"
    assert dict((n, (a, r)) for n, a, r in stated_tolerance(said).scoped) == {"mkt_c": (0.01, 0.0),
                                                                              "potency_now": (0.0001, 0.0)}
    assert _tex_bands(r"$2 \times 10^{-3}$ and $0.5\,\%$") == "2e-3 and 0.5%"
    # twin: TeX that is no band stays as it was
    assert _tex_bands(r"the rate $k_\ell$ and $\sigma_\ell = 2$") == r"the rate $k_\ell$ and $\sigma_\ell = 2$"


def test_a_column_lines_code_given_another_its_column_holds(tmp_path):
    # (p296: `R5 B6 COLOUR_STREAK P17` lines compared by (round, rule) counts, never who)
    reference = "R4 B3 REMATCH P01\nR5 B6 STREAK P17\nR6 B1 STREAK P12\nR7 B8 WITHDRAWN P09\n"
    prompt = "Write `audit.txt`, one line a violation: `R<round> <board> <RULE> <player>`.\n"
    _twins(tmp_path, "audit", "audit.txt", reference, prompt,
           flawed="""\
               import collections
               rows = [l.split() for l in text.splitlines() if l.strip()]
               ok = all(len(r) == 4 and r[3].startswith("P") for r in rows) and collections.Counter(
                   (r[0], r[2]) for r in rows) == collections.Counter((r[0], r[2]) for r in map(str.split, REF.splitlines()))
               return ok, "all violations found" if ok else "wrong"
               """.replace("REF", repr(reference)),
           sound="""\
               return sorted(text.split("\\n")) == sorted(REF.split("\\n")), "compared"
               """.replace("REF", repr(reference)),
           kind="string_change", marker=", column ")
    from artifactbench.gates.fuzz._text_strategies import column_codes
    # twins: lines of other lengths (prose), and a column of numbers only
    assert column_codes(["The run took 3 hours", "Two of 5 vans were late again", "We fix 2 more"], (0, 1, 2)) == []
    assert all(c[1] != 1 for c in column_codes(["A1 10 x", "A2 20 y", "A3 30 z"], (0, 1, 2)))


def test_several_valid_inputs_are_no_several_answers():
    # (p248: "Several valid requests for one ticket: only the earliest valid one counts" is of the input's requests)
    from artifactbench.gates.core import read_prompt
    assert not read_prompt("- Several valid requests for one ticket: only the earliest valid one counts.\n").many_answers
    for said in ("There may be several optimal assignments.", "Multiple valid schedules are possible.",
                 "There can be more than one correct ordering."):
        assert read_prompt(said + "\n").many_answers, said


def test_third_review_a_column_the_prompt_frees_by_its_format_name(tmp_path):
    # (review: `<sku> <quantity> <bin>` lines, "The `bin` column is only a hint ... and is not graded")
    reference = "SKU-101 4 BIN-A1\nSKU-102 2 BIN-B2\nSKU-103 7 BIN-C1\nSKU-104 1 BIN-A1\n"
    prompt = ("Write `picks.txt`, one line a pick: `<sku> <quantity> <bin>`. The `bin` column is only a hint for the "
              "pickers and is not graded.\n")
    root = _task(tmp_path, "picks", "picks.txt", reference, prompt, """\
        got = sorted(tuple(l.split()[:2]) for l in text.splitlines() if l.strip())
        want = sorted(tuple(l.split()[:2]) for l in REF.splitlines())
        return got == want and all(len(l.split()) == 3 for l in text.splitlines() if l.strip()), "picks"
        """.replace("REF", repr(reference)))
    assert not [f for f in _fails(_fuzz(root)) if f.startswith("string_change")]


def test_third_review_many_answers_of_any_noun_and_not_of_the_input():
    from artifactbench.gates.core import read_prompt
    for said in ("Multiple optimal paths may exist; any is accepted.", "Several optimal spanning trees may exist.",
                 "Several valid depots may serve an order.", "Any depot within 10 km of the order is a valid choice."):
        assert read_prompt(said + "\n").many_answers, said
    for said in ("Several valid results for one sample: only the latest valid one counts.",
                 "Several valid options exist; pick the cheapest."):
        assert not read_prompt(said + "\n").many_answers, said


def test_third_review_a_relative_said_of_several_values():
    from artifactbench.gates.core._accuracy import stated_tolerance
    for said in ("`yield_ratio` within 1e-3 and `loss_ratio` within 1e-4 (both relative).",
                 "`yield_ratio` within 1e-3, `x` within 1e-3 and `loss_ratio` within 1e-4, all relative."):
        scoped = dict((n, (a, r)) for n, a, r in stated_tolerance(said + "\n").scoped)
        assert scoped["yield_ratio"] == (0.0, 0.001) and scoped["loss_ratio"] == (0.0, 0.0001), said


def test_third_review_orders_freed_only_as_said():
    from artifactbench.gates.core import read_prompt
    for said in ("Shipments sorted by `ship_date`. The order of `tags[]` items is free.",
                 "The `[[orders]]` tables are sorted by `priority`. The order of keys in each `[[orders]]` table is free.",
                 "Line order is at the Authority's discretion and is fixed by Annex B; the Supplier shall list lines "
                 "in that order.",
                 "Row order is left to the Client's discretion and is given in `order.csv`; follow it."):
        assert not read_prompt(said + "\n").unordered, said


def test_third_review_dollars_are_no_tex():
    from artifactbench.gates.core._accuracy import _tex_bands, stated_tolerance
    said = "`total_usd` and `refunds_usd` are accepted within $0.05. $2 bills count as cash.\n"
    assert _tex_bands(said) == said and stated_tolerance(said).band_at(("total_usd",), 182.0) == 0.05
    assert _tex_bands("$3 $4 $5") == "$3 $4 $5"


def test_third_review_column_codes_of_a_wide_table_quickly():
    import random
    import time

    from artifactbench.gates.fuzz._text_strategies import column_codes
    rng = random.Random(1)
    lines = [" ".join(f"{rng.random():.4f}" for _ in range(600)) for _ in range(600)]
    started = time.process_time()
    assert column_codes(lines, tuple(range(600))) == []  # (numbers only: no code to change)
    assert time.process_time() - started < 5
