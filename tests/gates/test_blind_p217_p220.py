"""Rules from blind batches p217-p220, each with a twin that must keep its verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import OPTIONS, _fails, _fuzz, _task  # noqa: E402

from artifactbench.gates import check_task, resolve_gates
from artifactbench.gates.core._accuracy import stated_tolerance
from artifactbench.gates.fuzz._text_strategies import list_codes, plain_value_swaps
from artifactbench.manifest import load_task

_NIGHT = ('[final_state]\nmount = "unparked"\ntracking = true\n\n[counts]\ncompleted = 16\n'
          'flags = [true, false]  # true: dome open\n')
_NIGHT_PROMPT = ("Replay the log and write `night.toml`: a `[final_state]` table with `mount` and `tracking`, a "
                 "`[counts]` table with `completed` and `flags`. Every value must match exactly.\n")


def _night_grader(compare: bool) -> str:
    keys = '("mount", "tracking")' if compare else '("mount",)'
    return f"""\
    doc = tomllib.loads(text)
    want = tomllib.loads({_NIGHT!r})
    if type(doc["final_state"]["tracking"]) is not bool:
        return False, "tracking must be a boolean"
    for key in {keys}:
        if doc["final_state"][key] != want["final_state"][key]:
            return False, key + " differs"
    return doc["counts"] == want["counts"], "replay summary"
    """


def test_a_config_lines_flag_is_flipped(tmp_path):
    # (p218's planted flaw: `tracking` checked to be a boolean, never compared; a TOML answer is text, and no text kind
    # flipped a `true`)
    flawed = _task(tmp_path, "night", "night.toml", _NIGHT, _NIGHT_PROMPT, _night_grader(False))
    assert any("bool_flip: line 3: 'true' -> 'false'" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "night_sound", "night.toml", _NIGHT, _NIGHT_PROMPT, _night_grader(True))
    check = _fuzz(sound)
    assert not _fails(check), _fails(check)
    assert next(k for k in check.cases if k.name == "bool_flip").status == "OK"


_REPORT = ("Club report: 2025-03\nSessions: 17\nNew to club: IC2118, M106, M109, NGC891\n\n"
           "Observer | Hours\nTomas Weiss | 12.33\nDana Ruiz | 8.83\n")
_REPORT_PROMPT = ("Write `report.txt` as shown: a title, `Sessions`, then `New to club`: the objects not in "
                  "`history.txt`, sorted by plain string comparison and joined with `, `; then the observers' table.\n")


def _report_grader(compare: bool) -> str:
    test = "got == want" if compare else "len(got) == len(want)"
    return f"""\
    lines = text.splitlines()
    ref = {_REPORT!r}.splitlines()
    if len(lines) != len(ref):
        return False, "line count"
    for k in (0, 1, 3, 4, 5, 6):
        if lines[k] != ref[k]:
            return False, "line " + str(k + 1) + " differs"
    got = lines[2].split(": ", 1)[1].split(", ")
    want = ref[2].split(": ", 1)[1].split(", ")
    return ({test}), "report"
    """


def test_a_labelled_lists_codes_are_changed(tmp_path):
    # (p218's planted flaw: the `New to club` list compared by count only; no kind changed an item of a list written
    # after a label of words)
    flawed = _task(tmp_path, "club", "report.txt", _REPORT, _REPORT_PROMPT, _report_grader(False))
    assert any("field 'New to club." in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "club_sound", "report.txt", _REPORT, _REPORT_PROMPT, _report_grader(True))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    lines = _REPORT.splitlines()
    assert [(c[1], lines[c[0]][c[3]:c[4]]) for c in list_codes(lines, tuple(range(len(lines))))] == [
        ("New to club", "IC2118"), ("New to club", "M106"), ("New to club", "M109"), ("New to club", "NGC891")]
    # words are no codes, nor a grouped number: "Note: late, cold", "Total: 15,073.3"
    assert list_codes(["Note: late, cold", "Total: 15,073.3", "| a | B1, B2 |"], (0, 1, 2)) == []


_WINS = "TOTAL 1042441\n11 696893\n34 199505\n51 92902\n27 49036\n63 4105\n"
_WINS_PROMPT = ("Write `wins.txt`: a line `TOTAL <n>`, then one line `<bib> <count>` per rider who wins in at least one "
                "scenario, in any order. Every rider's count must be exact.\n")


def _wins_grader(compare: bool) -> str:
    test = "got == want" if compare else "sorted(got.values()) == sorted(want.values())"
    return f"""\
    lines = text.split()
    rows = [l.split() for l in text.splitlines()]
    if rows[0] != ["TOTAL", "1042441"]:
        return False, "total"
    got = {{r[0]: int(r[1]) for r in rows[1:]}}
    if len(got) != len(rows) - 1:
        return False, "a rider twice"
    want = {{r[0]: int(r[1]) for r in [l.split() for l in {_WINS!r}.splitlines()][1:]}}
    if set(got) != set(want):
        return False, "riders"
    return ({test}), "win counts"
    """


def test_a_count_exchanged_between_two_plain_rows_finds_a_grader_comparing_sorted_counts(tmp_path):
    # (p220's planted flaw: per-rider counts compared as a sorted list; rows of `<bib> <count>` were only swapped
    # whole, which the free order allows)
    flawed = _task(tmp_path, "wins", "wins.txt", _WINS, _WINS_PROMPT, _wins_grader(False))
    assert any(f.startswith("swap_values") and "column 2" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "wins_sound", "wins.txt", _WINS, _WINS_PROMPT, _wins_grader(True))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    lines = _WINS.splitlines()

    def apart(x: str, y: str) -> bool:
        return x != y
    swaps = plain_value_swaps(lines, tuple(range(len(lines))), apart)
    assert swaps and all(a >= 1 and b >= 1 for a, b, *_ in swaps)  # (never the `TOTAL` line, of another shape)
    # two rows are no run of rows; nor lines with a label's colon, nor rows whose first tokens repeat
    assert plain_value_swaps(["a 1", "b 2"], (0, 1), apart) == []
    assert plain_value_swaps(["a: 1", "b: 2", "c: 3"], (0, 1, 2), apart) == []
    assert plain_value_swaps(["a 1", "a 2", "a 3"], (0, 1, 2), apart) == []


_RIDERS = [{"bib": b, "status": s} for b, s in
           [(36, "FIN"), (64, "FIN"), (51, "FIN"), (12, "FIN"), (21, "DSQ"), (47, "DNS"), (25, "DNF"), (41, "DSQ")]]
_RIDERS_TEXT = "".join(json.dumps(r) + "\n" for r in _RIDERS)
_RIDERS_PROMPT = ("Write `result.jsonl`, one line per rider of the start list: `bib` and `status` (FIN, DNF, DNS or "
                  "DSQ, by the rules above). Line order is free.\n")


def _riders_grader(compare: bool) -> str:
    test = "g == w" if compare else "(g == 'FIN') == (w == 'FIN')"
    return f"""\
    got = {{r["bib"]: r["status"] for r in map(json.loads, text.splitlines())}}
    want = {{r["bib"]: r["status"] for r in map(json.loads, {_RIDERS_TEXT!r}.splitlines())}}
    if set(got) != set(want) or len(text.splitlines()) != len(want):
        return False, "riders differ"
    for bib, w in want.items():
        g = got[bib]
        if g not in ("FIN", "DNF", "DNS", "DSQ") or not ({test}):
            return False, "status of " + str(bib)
    return True, "all riders match"
    """


def test_a_rare_value_changed_to_another_rare_one_finds_a_grader_telling_only_the_common_one(tmp_path):
    # (p220's planted flaw: a non-finisher's status checked only to be "not FIN"; the string changes met FIN rows)
    flawed = _task(tmp_path, "riders", "result.jsonl", _RIDERS_TEXT, _RIDERS_PROMPT, _riders_grader(False))
    assert any("field 'status'" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "riders_sound", "result.jsonl", _RIDERS_TEXT, _RIDERS_PROMPT, _riders_grader(True))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))


def _bibs_task(tmp_path: Path, name: str, check: str) -> Path:
    root = _task(tmp_path, name, "result.jsonl", _RIDERS_TEXT, _RIDERS_PROMPT, _riders_grader(True))
    (root / "workspace" / "start.log").write_text("".join(f"09:{i:02d} SCHED bib={r['bib']} lane 1\n"
                                                         for i, r in enumerate(_RIDERS)))
    (root / "workspace" / "verify.py").write_text(
        "import json\nfrom pathlib import Path\n\ndef verify(path):\n"
        "    rows = [json.loads(l) for l in Path(path).read_text().splitlines() if l.strip()]\n"
        "    assert all(isinstance(r['bib'], int) and r['status'] in ('FIN', 'DNF', 'DNS', 'DSQ') for r in rows)\n"
        + check)
    task_yaml = root / "task.yaml"
    task_yaml.write_text(task_yaml.read_text() + "structural_verifier: workspace/verify.py\n")
    return root


def test_a_verifier_checking_the_ids_against_the_inputs_list_is_structural(tmp_path):
    # (p220: verify.py's "start-list bibs missing from output: [51]" rejected the midpoint 51 -> 49; the ids exchanged
    # between two records pass it, which a check of which record holds which id would not)
    def gate(root: Path) -> list[tuple[str, str]]:
        report = check_task(load_task(root), resolve_gates(["verifier_consistency"]), OPTIONS)
        return [(k.name, k.severity) for c in report.checks for k in c.cases if k.severity in ("fail", "warn")]
    listed = ("    start = {int(w[4:]) for w in Path(path).with_name('start.log').read_text().split() if w[:4] == 'bib='}\n"
              "    assert {r['bib'] for r in rows} == start, 'start-list bibs differ'\n")
    found = gate(_bibs_task(tmp_path, "listed", listed))
    assert found and all(s == "warn" for _, s in found), found
    # its twin: a verifier that knows which rider finished (a status by bib) checks the answer
    known = "    assert [r['bib'] for r in rows if r['status'] == 'FIN'] == [36, 64, 51, 12], 'finishers'\n"
    assert any(s == "fail" for _, s in gate(_bibs_task(tmp_path, "known", known)))


def test_hold_you_to_states_a_band():
    # (p220's email: "so I'll hold you to 0.05 s on each segment" was read as no tolerance; number_near never ran)
    stated = stated_tolerance("The directeurs read these to the second, so I'll hold you to 0.05 s on each segment.\n")
    assert stated is not None and stated.band_at(("segment_times_s",), 300.0) == 0.05
    assert stated_tolerance("Hold the door to 3 people.\n") is None


_LEDGER = ('[summary]\nevents = 4\n\n[[tanks]]\nid = "T01"\nvolume_l = 3000.0\n\n[[tanks]]\nid = "T02"\nvolume_l = 0.0\n\n'
           '[[rejected]]\nevent_id = "E002"\nreason = "OVERFILL"\n\n[[rejected]]\nevent_id = "E007"\nreason = "DIRTY"\n')
_LEDGER_PROMPT = """\
# Ledger

Write `ledger.toml`.

### `[[tanks]]` array of tables

| field | type | description | constraints |
|---|---|---|---|
| `id` | string | Tank id. | Each tank exactly once; entries may be in any order. |

### `[[rejected]]` array of tables

| field | type | description | constraints |
|---|---|---|---|
| `event_id` | string | The refused event. | Entries MUST appear in the same order as the events in `events.jsonl`. |
"""


def _ledger_grader(ordered: bool) -> str:
    test = "got == want" if ordered else "sorted(got) == sorted(want)"
    return f"""\
    doc, ref = tomllib.loads(text), tomllib.loads({_LEDGER!r})
    if doc["summary"] != ref["summary"]:
        return False, "summary"
    if sorted(t["id"] for t in doc["tanks"]) != ["T01", "T02"] or \\
            {{t["id"]: t["volume_l"] for t in doc["tanks"]}} != {{"T01": 3000.0, "T02": 0.0}}:
        return False, "tanks"
    got = [(r["event_id"], r["reason"]) for r in doc["rejected"]]
    want = [(r["event_id"], r["reason"]) for r in ref["rejected"]]
    return ({test}), "ledger"
    """


def test_an_array_of_tables_takes_the_order_its_heading_states(tmp_path):
    # (p221: `[[rejected]]` entries "MUST appear in the same order as the events", said under a heading naming the
    # array, was never read as that array's; and the first find was two `[[tanks]]` swapped, whose order is free,
    # or the last tank with the first rejected event, which changes nothing a reader sees)
    flawed = _task(tmp_path, "ledger", "ledger.toml", _LEDGER, _LEDGER_PROMPT, _ledger_grader(False))
    found = _fails(_fuzz(flawed))
    assert any("field 'rejected.0'" in f for f in found) and not any("'tanks" in f for f in found), found
    sound = _task(tmp_path, "ledger_sound", "ledger.toml", _LEDGER, _LEDGER_PROMPT, _ledger_grader(True))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))


_MARKOV = "[stationary]\nSHELF = 0.509850276282\nLOAN = 0.490149723718\n\n[metrics]\nexpected_items = 1222.217083\n"
_MARKOV_PROMPT = ("# Model\n\nWrite `model.toml`.\n\nA.3 Each `[stationary]` value is within an absolute tolerance of 1e-6 "
                  "of the exact distribution.\n\nA.4 Each `[metrics]` value is within a relative tolerance of 0.01 % of "
                  "the exact value.\n")


def _markov_grader(rel: float) -> str:
    return f"""\
    doc, ref = tomllib.loads(text), tomllib.loads({_MARKOV!r})
    for k, v in ref["stationary"].items():
        if not abs(doc["stationary"][k] - v) <= 1e-6:
            return False, "stationary " + k
    return math.isclose(doc["metrics"]["expected_items"], 1222.217083, rel_tol={rel}), "metrics"
    """


def test_a_tables_band_is_its_keys_band_in_a_config_answer(tmp_path):
    # (p223: "Each `[metrics]` value is within a relative tolerance of 0.01 %" was read as no band ("a relative
    # tolerance" taken for a vague one), and a metric moved by 100x the `[stationary]` table's 1e-6 was a fail)
    stated = stated_tolerance(_MARKOV_PROMPT)
    assert stated.band_at(("expected_items", "metrics"), 1222.2) > 0.12 and stated.band_at(("LOAN", "stationary"), 0.5) == 1e-6
    sound = _task(tmp_path, "markov_sound", "model.toml", _MARKOV, _MARKOV_PROMPT, _markov_grader(1e-4))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    flawed = _task(tmp_path, "markov", "model.toml", _MARKOV, _MARKOV_PROMPT, _markov_grader(1e-2))
    assert any("key 'expected_items'" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    assert stated_tolerance("Numbers are compared with a small relative tolerance.\n") is None


def test_matches_to_a_relative_band_is_that_keys_band():
    # (p226: "`gain` matches to a relative 1e-9" was no band; `gain`, 1.5e9, took the "three hour totals within
    # ±0.01 h" and a move of 1 was a fail)
    stated = stated_tolerance("2. `gain` matches to a relative 1e-9.\n3. Each of the three hour totals is within "
                              "**±0.01 h** of the assessor's value.\n")
    assert stated.band_at(("gain",), 1.5e9) == 1.5
    assert stated.band_at(("online_hours",), 652.75) >= 0.01
    assert stated_tolerance("The legend matches to a relative extent the one in the input.\n") is None


def test_a_column_of_stamps_is_no_category():
    # (p218: a `rise_utc` column mostly the window's start, its rarer stamps changed to one another, hours apart: four
    # rejections stopped string_change before the 62 s move that showed the planted 60-minute band)
    from artifactbench.gates.fuzz._formats import parse
    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._tree_strategies import _minority_changes
    from artifactbench.gates.fuzz._tree_targets import TreeTargets
    stamps = ["02:00:00Z"] * 4 + ["07:39:17Z", "05:55:41Z", "04:40:44Z"]
    rows = "".join(json.dumps({"rise": s, "status": st}) + "\n"
                   for s, st in zip(stamps, ["FIN"] * 4 + ["DNF", "DNS", "DSQ"]))
    changes = _minority_changes(TreeTargets(parse("jsonl", rows), FuzzPolicy()))
    assert [(c[0][-1], c[1], c[2]) for c in changes] == [("status", "DNF", "DNS"), ("status", "DNS", "DSQ"),
                                                        ("status", "DSQ", "DNF")]


def test_review_repros_of_the_p217_p224_rules(tmp_path):
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.fuzz._fuzz import _either_said
    from artifactbench.gates.fuzz._text_strategies import _bool_values
    from artifactbench.gates.fuzz._verifier_consistency import _published_ids
    # a flag inside a TOML multi-line string is its text; one long array's flags are read in one pass
    lines = ['a = true', 'notes = """', 'dome_open: true', '"""', 'b = [true, "false"]  # true', 'm = """x: true"""']
    assert [(i, m.group("v")) for i, m in _bool_values(lines, tuple(range(6)))] == [(0, "true"), (4, "true")]
    assert len(_bool_values(["mask = [" + ", ".join(["true"] * 20_000) + "]"], (0,))) == 2000
    # a table beside a key of its own names no band of the table's other keys
    stated = stated_tolerance("Values are within 1 % of the exact value. In the `[latency]` table, `p50` is within "
                              "0.1 ms.\n")
    assert stated.band_at(("p99", "latency"), 250.0) >= 2.5 and stated.band_at(("p50", "latency"), 25.0) == 0.1
    # a count of digits is no band
    assert stated_tolerance("We hold answers to 3 significant figures.\n").abs == 0.0
    assert stated_tolerance("Each value must be within 4 decimal places of the exact value.\n") is None
    # either of two values accepted
    said = "A rider never seen may be reported as either `DNS` or `DNF`: both are accepted."
    assert _either_said(said, "'DNS'", "'DNF'") and not _either_said(said, "'DNF'", "'DSQ'")
    assert _either_said("When two depots are equally near, either one is accepted.", "'Oak'", "'Ash'")
    assert not _either_said("Write either `DNS` or `DNF`; neither is optional.", "'DNS'", "'DNF'")
    assert not _either_said("Compute it in SQL or Python; either way is fine.", "'DNS'", "'DNF'")
    # published ids by their label: the answer's ids are all of them, or a subset (which a verifier may know)
    published = _published_ids("09:00 SCHED bib=36 lane 1\n09:01 SCHED bib=21 lane 2\n{\"bib\": 7}\n12,x\n")
    assert published["0:bib"] == frozenset({36, 21, 7}) and published["0:^"] == frozenset({9, 12})
    # a CSV's column by its header, in one file and across the files (a start list split over two)
    split = _published_ids("name,bib,wave\nAda,51,1\nBo,36,2\n\n\x00\nname,bib,wave\nCy,12,1\n")
    assert split["0:bib"] == frozenset({51, 36}) and split["*:bib"] == frozenset({51, 36, 12})
    # a sentence under two headings frees both; one about the file's lines frees no heading's key
    text = ("# Out\n\n### `[[tanks]]`\n\nEntries may be in any order.\n\n### `[[rejected]]`\n\nEntries may be in any "
            "order.\n\n### `splits`\n\nLines may be in any order.\n")
    allows = read_prompt(text)
    assert {"tanks", "rejected"} <= allows.field_unordered and "splits" not in allows.field_unordered
    assert allows.unordered


def test_p229_p232_rules():
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.spec._negative import _time_offset
    # (p229: `name` and `iterations` "are checked for presence and type only", said in the sentence after the one
    # naming them; a change to the method's name was a fail)
    allows = read_prompt("`name`: a short string naming your method; `iterations`: a positive integer. These two are "
                         "recorded for statistics and are checked for presence and type only.\n")
    assert {"name", "iterations"} <= allows.free_fields
    assert not read_prompt("`name`: a short string. These are required and checked for presence.\n").free_fields
    # (review: "The latter is not graded" and "They are not checked for formatting" free no key of the sentence
    # before; nor does what the public verifier checks)
    assert "total" not in read_prompt("`total` and `count` must match exactly. They are not checked for formatting, so "
                                      "`12.0` and `12` are both fine.\n").free_fields
    assert "total" not in read_prompt("The public `verify.py` checks that `total` and `label` are checked for presence "
                                      "and type only; the hidden grader compares `total` with the true sum.\n").free_fields
    # (p229: off_by_one moved `date(ts, '-5 minutes')` to `-4`, the same day for every five-minute stamp: a warn)
    query = "SELECT date(l.ts, '-5 minutes') AS day FROM t WHERE n > 10;"
    assert _time_offset(query, query.replace("-5 minutes", "-4 minutes"))
    assert not _time_offset(query, query.replace("n > 10", "n > 11"))
    bound = "SELECT * FROM e WHERE e.ts <= datetime(f.t0, '+30 minutes');"
    assert not _time_offset(bound, bound.replace("+30", "+31"))  # (a window's bound: review)
    assert not _time_offset("days = 7\n", "days = 8\n")
    # (p232: an annotated JSON record's notes, one of them "may be omitted", read as one sentence freeing every key;
    # and its "// Tolerances: ... within ±1 s" glued to a paragraph about the inputs, read as no band)
    sample = ('Below is an annotated example.\n\n```jsonc\n// One object per line.\n{\n  "gun_time_s": 13012,  // FINISH '
              'minus the wave gun\n  "splits": {          // cumulative seconds\n    "10K": 3011   // a mat with no read '
              'may be omitted\n  }\n}\n//\n// What counts as a valid read:\n//   - reads for bibs not in runners.csv '
              'are stray tags: ignore them\n//\n// Tolerances: gun_time_s and every split within ±1 s;\n```\n')
    assert "gun_time_s" not in read_prompt(sample).optional_fields
    assert stated_tolerance(sample).band_at(("gun_time_s",), 17480) == 1.0
