"""Rules from blind batches p145-p152 (a standard's MUST/MAY, an FAQ, user stories, field tables, terse tickets,
emails, schemas, rubrics; tasks by helpers that saw only the spec): the false findings and missed flaws of their
first runs, each with a twin that must keep its verdict."""

from __future__ import annotations

import sys
from pathlib import Path

from artifactbench.gates.core import read_prompt, stated_tolerance
from artifactbench.gates.core._free_lines import read_free_lines
from artifactbench.gates.fuzz._py_weaken import weakenings
from artifactbench.workspace import holds_answer

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import OPTIONS, _fails, _fuzz, _task  # noqa: E402


def _content_leaks(root: Path):
    from artifactbench.gates import check_task, resolve_gates
    from artifactbench.manifest import load_task
    report = check_task(load_task(root), resolve_gates(["content_leaks"]), OPTIONS)
    return next(c for c in report.checks if c.gate == "content_leaks")


def test_p146_an_faq_answer_scopes_its_band_to_the_keys_its_question_names():
    prompt = ("**Q: How accurate must `wet_bulb_c` be?**\nA: Within **0.05 °C** of the exact root.\n\n"
              "**Q: How are `water_m3` and `pond_m3` checked?**\nA: Within 0.5 m³ per hour.\n")
    stated = stated_tolerance(prompt)
    assert dict((n, (a, r)) for n, a, r in stated.scoped)["wet_bulb_c"] == (0.05, 0.0)
    assert not stated.general and stated.band_at(("wet_bulb_c",), -5.0) == 0.05
    # one reading, of the key's own name: 8x it is past any misreading; a band read two ways is not
    assert stated.sure(("wet_bulb_c",)) and not stated.sure(("water_m3",)) and not stated.sure(("other",))
    # (a question of no key scopes nothing)
    assert stated_tolerance("Q: How accurate? A: Within 0.05 of the root.\n").general


def test_p146_p148_a_band_10x_loose_on_its_own_key_is_a_fail_at_8x(tmp_path):
    # p146: "Within 0.05 °C" of `wet_bulb_c`, checked to 0.5: reported at 8x, a warn until a band stated one
    # way of the number's own key made it a fail (p116, p126, p134 planted the same 10x)
    reference = "hour,wet_bulb_c\n" + "".join(f"{h},{-5 + h * 0.37:.3f}\n" for h in range(8))
    prompt = ("# Wet bulb\n\nWrite `wb.csv` with `hour,wet_bulb_c`, one row per hour.\n\n"
              "**Q: How accurate must `wet_bulb_c` be?**\nA: Within **0.05 °C** of the exact root.\n")
    grader = """\
        import csv, io
        want = {r["hour"]: float(r["wet_bulb_c"]) for r in csv.DictReader(io.StringIO(REF))}
        got = {r["hour"]: float(r["wet_bulb_c"]) for r in csv.DictReader(io.StringIO(text))}
        if set(got) != set(want):
            return False, "hours differ"
        bad = [h for h in want if not abs(got[h] - want[h]) <= TOL]
        return not bad, f"{len(bad)} hours off"
        """
    for tol, fails in (("0.5", True), ("0.05", False)):  # (two readings of one band: test_a_band_read_two_ways)
        root = _task(tmp_path, f"wb_{tol.replace('.', '_')}", "wb.csv", reference, prompt,
                     f"REF = {reference!r}\nTOL = {tol}\n" + __import__("textwrap").dedent(grader))
        found = _fails(_fuzz(root))
        assert any(f.startswith("number_near:") and "8x" in f for f in found) == fails, found


def test_p148_any_prose_you_like_around_the_table_is_free():
    free = read_free_lines("Put any prose, notes or extra tables you like around it; the grader reads the first "
                           "table that has both a `site_id` and a `shape_k` column.\n")
    assert "commentary" in free.parts
    # p147 (user stories): "Then a title, notes or other text around the table ... are up to me"
    assert read_free_lines("Then a title, notes or other text around the table and the number of decimals are "
                           "up to me, as long as the values meet the tolerances.\n").parts
    # (nothing freed where nothing is said to be)
    assert not read_free_lines("Put the table first; the grader reads the first table.\n").parts


def test_p146_duplicates_the_grader_collapses_are_a_set():
    said = read_prompt("**Q: Order of the lines? Duplicates?**\nA: Any order. Repeating the same (incident, rule) "
                       "pair is harmless — we collapse duplicates.\n")
    assert said.set_sentences
    assert not read_prompt("A: Any order. Each (incident, rule) pair must appear once.\n").set_sentences


def test_p146_the_graders_copy_of_an_input_of_ids_is_no_answer():
    # an audit's answer picks incident ids from the input; the grader's own copy of `incidents.jsonl` holds them
    # all, as the workspace's does: no secret (whether an input lists the answer's records is content_leaks')
    reference = b'{"incident_id": "INC-26-0007", "rule": "R2"}\n{"incident_id": "INC-26-0011", "rule": "R5"}\n'
    data = b'{"incident_id": "INC-26-0007", "run": "Ridge"}\n{"incident_id": "INC-26-0011", "run": "Bowl"}\n'
    assert not holds_answer(data, reference)
    # computed numbers the copy holds are the answer: "last year's totals, for context only"
    assert holds_answer(b"site,kwh\nA,3817.25\nB,2291.75\n", b'{"A": 3817.25, "B": 2291.75}\n')


def test_p147_a_template_the_prompt_says_to_follow_that_passes_as_it_is_is_a_leak(tmp_path):
    reference = "# Forecast\n\n| tank | hours |\n|---|---:|\n| F01 | 192.3 |\n| F02 | 451.3 |\n\nNotes here.\n"
    template = "# Layout\n\nThe whiteboard wants this.\n\n| tank | hours |\n|---|---:|\n| F01 | 192.3 |\n" \
               "| F02 | 451.3 |\n\nNotes go under the table.\n"
    prompt = ("# Forecast\n\nWrite `forecast.md` with a table laid out like `report_template.md`. A title and notes "
              "around the table are up to me.\n")
    grader = """\
        rows = {l.split("|")[1].strip(): float(l.split("|")[2]) for l in text.splitlines()
                if l.startswith("| F")}
        return rows == {"F01": 192.3, "F02": 451.3}, f"{len(rows)} rows"
        """
    for name, shipped, leaks in (("copy", template, True),
                                 ("blank", template.replace("192.3", "...").replace("451.3", "..."), False)):
        root = _task(tmp_path, name, "forecast.md", reference, prompt, grader)
        (root / "workspace" / "report_template.md").write_text(shipped)
        found = [k for k in _content_leaks(root).cases if k.name.startswith("copy_passes:")]
        assert bool(found) == leaks and all(k.severity == "fail" for k in found), found


def test_p148_half_open_windows_swap_the_bisect_side_and_p146_a_conditional_gets_a_raise():
    module = ("from bisect import bisect_right\n\n\ndef best(ends, start, blocked, days):\n"
              "    j = bisect_right(ends, start)\n"
              "    rest = [d for d in days if d in blocked]\n"
              "    extra = len(rest) if rest else 0\n"
              "    return j + extra\n")
    prompt = ("Windows are half-open: one ending at `t` and one starting at `t` do not overlap.\n\n"
              "- `blocked` — the days on which the pass is **not** valid.\n")
    found = {w: t for w, t, _ in weakenings(module, prompt)}
    swap = next(t for w, t in found.items() if "`bisect_right` as `bisect_left`" in w)
    assert "j = __import__('bisect').bisect_left(ends, start)" in swap
    raised = next(t for w, t in found.items() if "a raise where `rest` holds" in w)
    assert "    if (rest):\n        raise BaseException(" in raised
    # no half-open window, nothing of a blocked day said: neither
    assert weakenings(module, "Return the count.\n") == []


def test_a_band_read_two_ways_or_of_another_key_stays_a_warn_at_8x(tmp_path):
    # p144: "`load_mw` ... within 0.01 MW, `generation_mw` within 0.02 MW, ..., energies within 0.05 MWh" and a
    # cost field no band names: the band of every number mixes the readings, 8x of it may be a misreading
    reference = "unit,cost\n" + "".join(f"U{i},{100 + i * 7.5:.2f}\n" for i in range(6))
    prompt = ("# Costs\n\nWrite `costs.csv` with `unit,cost`. Numbers must be within 0.01 (absolute) of the exact "
              "values, and `rate` within 0.5% (relative).\n")
    grader = f"""\
        import csv, io
        want = {{r["unit"]: float(r["cost"]) for r in csv.DictReader(io.StringIO({reference!r}))}}
        got = {{r["unit"]: float(r["cost"]) for r in csv.DictReader(io.StringIO(text))}}
        return set(got) == set(want) and all(abs(got[u] - want[u]) <= 5.0 for u in want), "checked"
        """
    found = [k for k in _fuzz(_task(tmp_path, "costs", "costs.csv", reference, prompt, grader)).cases
             if k.name == "number_near"]
    assert found and found[0].severity == "warn" and "8x" in found[0].detail, found


def test_review_repros_of_the_p145_p148_rules(tmp_path):
    from artifactbench.gates.core._artifact_file import ArtifactFile
    # a sort key before a guard: a local name once shadowed the helper that puts the raise (TypeError, the
    # whole fuzz gate an error)
    module = ("def order(vs):\n    return sorted(vs, key=lambda v: (-v['m'], v['plate']))\n\n\n"
              "def lanes_for(cars, lanes):\n    if lanes >= cars:\n        return [1] * cars\n    return []\n")
    found = [w for w, _, _ in weakenings(module, "If there are at least as many lanes as cars, each gets one. "
                                                  "Vehicles of equal length board by `plate`.")]
    assert any("lanes > cars" in w for w in found) and any("sort key" in w for w in found), found
    # a nested function's change once came twice; a trailing comma kept the tie-break's removal from compiling
    nested = "def outer(items):\n    def inner(ts):\n        return sorted(ts, key=lambda t: (t['w'], t['sku'],))\n" \
             "    return inner(items)\n"
    changed = weakenings(nested, "Items of equal weight go by ascending `sku`.")
    assert len(changed) == 1 and "key=lambda t: (t['w'],))" in changed[0][1]
    # a percent of a number that is a percent reads two ways: no fail at 8x
    stated = stated_tolerance("`late_pct` is a percentage. `late_pct` must be within ±0.5 % of the exact share.\n")
    assert not stated.sure(("late_pct",))
    # an FAQ answer that speaks of every value is every value's band
    stated = stated_tolerance("**Q: Is `peak_kw` exact?**\nA: Both within ±0.01 kW of ours.\n")
    assert stated.general and not stated.scoped
    # "any order you like" frees no notes line the sentence then requires
    assert not read_free_lines("Put the rows in any order you like, then end the report with a notes line giving "
                               "how many hosts were scanned.\n").parts
    # rewrites never run the mtime ahead of the clock
    import time
    writer = ArtifactFile()
    try:
        for k in range(300):
            writer.write(tmp_path / "a.py", b"X = %d\n" % (k % 10))
        assert (tmp_path / "a.py").stat().st_mtime < time.time()
    finally:
        writer.close()
    # an input many times the answer's size that the answer copies numbers from is no secret copy
    answer = b'{"incident_id": "INC-1", "delay_min": 306}\n'
    data = b"".join(b'{"incident_id": "INC-%d", "run": "Bowl", "delay_min": %d, "crew": %d}\n' % (i, 200 + i, 700 + i)
                    for i in range(1, 40))
    assert not holds_answer(data, answer)


def test_p149_a_clause_about_a_library_takes_back_no_key_the_sentence_grants():
    said = read_prompt("- `[pockets.<id>]` for every pocket: `on_hand`, `return_bin`.\n"
                       "- Extra keys and comments are fine; the standard library can't write TOML, so hand-format it.\n")
    assert said.other_keys
    # (a clause that speaks of them or of grading still takes the grant back)
    assert not read_prompt("- Extra keys are fine while you work, but the grader rejects them.\n").other_keys


def test_p156_a_casual_list_of_bare_keys_scopes_its_bands_and_a_definition_is_no_band():
    stated = stated_tolerance("- `days_to_terminal` - the t where the fitted curve is within 0.001 of FG.\n"
                              "- tolerances: fg +/- 0.0003, k within 2%, days_to_terminal +/- 0.15, attenuation_pct "
                              "+/- 0.3. so 4 / 3 / 2 / 1 decimals is plenty\n")
    bands = {n: (a, r) for n, a, r in stated.scoped}
    assert bands["days_to_terminal"][0] == 0.15 and bands["k"] == (0.0, 0.02) and "fg" in bands
    # (a word no key is: "both within 0.01" stays every number's band)
    assert stated_tolerance("- both within 0.01 of ours.\n").general
    # "extra cols are fine (beer name etc)", and "header names have to be exactly those" beside it closes nothing
    said = read_prompt("- header names have to be exactly those (case doesnt matter), column order doesnt matter, "
                       "extra cols are fine (beer name etc)\n")
    assert said.other_keys


def test_p153_a_column_numbering_with_any_value_is_free_and_a_header_rows_digits_are_no_value():
    from artifactbench.gates.fuzz._formats import parse
    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._text_strategies import text_strategy
    assert "plan" in read_prompt("You may add a leading `plan` column with any numbering you like; it is ignored.\n"
                                 ).free_fields
    doc = parse("text", "| Station | Rate per 1,000 |\n|---|---:|\n| DUB | 59.14 |\n")
    draws = text_strategy(doc, FuzzPolicy(), "number_nan")
    import random
    assert draws is not None and all("line 1" not in m.where for m in draws.values(random.Random(0)))


def test_p153_a_column_a_prose_list_names_is_the_answers():
    from artifactbench.gates.core._doubt import _named
    text = "followed by a Markdown pipe table with\n   columns Reason, Bags, Share (%). One row per category."
    assert _named("Share (%)", text, frozenset()) and not _named("Note", text, frozenset())


def test_p154_freedoms_listed_after_a_label_free_the_report_title():
    prompt = ("A complete example with made-up data:\n\n```markdown\n# Recall list audit - 2025-01-31\n\n## Summary\n\n"
              "| metric | value |\n|---|---|\n| rows | 12 |\n```\n\nFreedom you have: the order of rows inside every "
              "table; the order of the sections; extra columns and extra sections or prose anywhere; heading wording "
              "as long as the headings contain \"Summary\" (any case); column order.\n")
    free = read_free_lines(prompt)
    kinds = free.kinds("# Recall list audit - 2025-06-30\n\nAudit of the draft against the register and doses.\n\n"
                       "## Summary\n")
    assert kinds[0] == "free" and kinds[2] == "free"


def test_p154_a_count_beside_its_list_is_kept_when_every_number_is_scaled():
    from artifactbench.gates.fuzz._verifier_consistency import _changes, _parsed, relation_keeping
    reference = ('{"expected": 6, "plan_count": 2, "plans": [{"vials": {"A": 1}, "opened": 1, "available": 10, '
                 '"wasted": 4}, {"vials": {"A": 2}, "opened": 2, "available": 20, "wasted": 14}]}\n'
                 '{"expected": 0, "plan_count": 1, "plans": [{"vials": {"A": 0}, "opened": 0, "available": 0, '
                 '"wasted": 0}]}\n')
    wrong = dict(relation_keeping("jsonl", reference))
    tripled = wrong["every integer x3, counts of lists kept"]
    assert '"plan_count": 2' in tripled and '"expected": 18' in tripled
    assert '"plan_count": 6' in wrong["every integer x3"]  # (kept as a candidate of its own: a sum may equal a count)
    # a zero no scaling moves: the same field moved in another record is evidence for a warning only
    ref, cand = _parsed("jsonl", reference), _parsed("jsonl", tripled)
    assert not _changes(ref, cand, (1, "expected"))
    assert _changes(ref, cand, (1, "expected"), alike=True)


def test_review_repros_of_the_p149_p156_rules():
    import time
    from artifactbench.gates.core._doubt import _named
    from artifactbench.gates.core._prompt import keys_closed
    # "col" as a key stays a key; "cols" still grants columns
    assert not read_prompt('Each cell is `{"row": 1, "col": 2}`; other keys are ignored.\n').free_fields
    assert read_prompt("- extra cols are fine (beer name etc)\n").other_keys
    # "with any value above 50.0" chooses nothing
    assert not read_prompt("Write one line for every `sensor` with any value above 50.0.\n").free_fields
    # a band after "where ..." of the exact value is a band; "Tol ±0.01." names no key
    assert stated_tolerance("For the rows where `usd` is above zero, `eur` must be within 0.01 of the exact value.\n")
    assert stated_tolerance("Tol ±0.01.\n").general
    # a pinned heading in the freeing sentence's other clause frees no title; a label of no freedoms frees nothing
    assert not read_free_lines("Notes are fine below the table, but the heading text must stay as shown.\n").title_free
    assert not read_free_lines("Free choices: none - the headings and the title are graded.\n").parts
    assert not read_free_lines("The freedoms you have are few: the headings and the title must read exactly as "
                               "in the example.\n").parts
    # a later clause refusing the delivered file's extra columns refuses; a grant about an input opens nothing
    assert keys_closed("You may add extra columns while you work, but the delivered CSV cannot have any.\n")
    assert keys_closed("Write `out.csv` with exactly these columns: day, visits. The extra columns of `hits.csv` are "
                       "ignored.\n")
    # an input's column list names no answer column
    text = "`sales.csv` has one row per sale, with columns date, store, amount, refund. Write `net.csv`."
    assert not _named("refund", text, frozenset()) and _named("Reason", "a table with columns Reason, Bags.", frozenset())
    # no regex of the round is quadratic in a long run
    started = time.monotonic()
    stated_tolerance("Notes; " + "a_" * 20000 + "# within 0.01 of ours.\n")
    from artifactbench.gates.fuzz._formats import parse
    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._text_strategies import text_strategy
    text_strategy(parse("text", "id | total\n" + " " * 30000 + "x\n1 | 2\n"), FuzzPolicy(), "number_far")
    assert time.monotonic() - started < 5


def test_p146_p153_collapsed_duplicate_records_and_a_column_list_after_an_input_paragraph():
    from artifactbench.gates.core._doubt import _named
    said = read_prompt("A: Any order. Repeating the same (incident, rule) pair is harmless — we collapse duplicates.\n")
    assert said.leaves_open("duplicate_record", "record 0 (line 1)")[0] == "info"
    assert read_prompt("A: Any order. Each pair appears once.\n").leaves_open("duplicate_record", "record 0 (line 1)") \
        is None
    # the column list's own sentence decides, not an input file named a paragraph before it
    text = ("- `bags.csv`: one row per bag tag.\nColumns: `tag`, `flight`.\n## What to write\n3.\n**By reason**: a "
            "heading, followed by a Markdown pipe table with\n   columns Reason, Bags, Share (%)")
    assert _named("Share (%)", text, frozenset())
