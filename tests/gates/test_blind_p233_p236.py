"""Rules from blind batches p225 and p233-p236, each with a twin that must keep its verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _cases, _fails, _fuzz, _task, _with_verifier  # noqa: E402

from artifactbench.gates.core import read_prompt
from artifactbench.gates.core._accuracy import stated_tolerance
from artifactbench.gates.fuzz._near import column_cells


def _warns(check) -> list[str]:
    return [f"{k.name}: {k.detail}" for k in check.cases if k.severity == "warn"]


def test_a_band_is_quoted_from_the_sentence_stating_it():
    # (p223: a correct finding quoting the first band sentence, another key's)
    stated = stated_tolerance("Report totals.\n\n`revenue` must be within 0.5 of the exact value.\n\n"
                              "`rate` matches to a relative 1e-9.\n")
    assert stated.sentence_for(("rate",)) == "`rate` matches to a relative 1e-9."
    assert stated.sentence_for(("revenue",)) == "`revenue` must be within 0.5 of the exact value."
    assert stated.sentence == "`revenue` must be within 0.5 of the exact value."  # (the first, as before)


_MIX = {"2026-03-02": {"butter": 1361, "flour_t65": 6367, "water": 8511},
        "2026-03-03": {"butter": 2722, "flour_t65": 24057, "water": 22126}}
_MIX_PROMPT = ("Write `mix.json`: an object whose keys are the bake dates and whose values map ingredient name to "
               "grams for that day.\n\nEach amount must be within **±1 gram** of the exact figure. Whole grams are "
               "the house habit.\n")


def _mix_grader(check: str) -> str:
    return f"""\
    got, want = json.loads(text), {_MIX!r}
    if set(got) != set(want):
        return False, "dates differ"
    for day, amounts in want.items():
        if set(got[day]) != set(amounts):
            return False, "ingredients differ on " + day
        for name, grams in amounts.items():
            if not {check}:
                return False, name + " off on " + day
    return True, "all amounts within tolerance"
    """


def test_whole_grams_under_a_gram_band_are_measurements(tmp_path):
    # (p225's planted flaw: 5 % relative where the prompt says ±1 gram of integer grams whose keys name no unit)
    stated = stated_tolerance(_MIX_PROMPT)
    assert stated.measures("gram") and stated.measures("g") and not stated.measures("kg")
    flawed = _task(tmp_path, "mix", "mix.json", json.dumps(_MIX, indent=1), _MIX_PROMPT,
                   _mix_grader("math.isclose(got[day][name], grams, rel_tol=0.05, abs_tol=1)"))
    assert any(f.startswith("number_near:") for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "mix_sound", "mix.json", json.dumps(_MIX, indent=1), _MIX_PROMPT,
                  _mix_grader("abs(got[day][name] - grams) <= 1"))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # (a prompt that never says the values are grams: integers stay counts, never moved)
    assert not stated_tolerance("Each amount must be within ±1 gram.\n").measured_in


_ROUTE = "route: D C G J I D\nlength: 172\n"


def _route_prompt(free: bool) -> str:
    return ("Write `route.txt` with two lines:\n\n```\nroute: D X Y ... I D\nlength: <total cost>\n```\n\n"
            + ("Blank lines, and any other lines you want to add as notes, are ignored.\n" if free
               else "Nothing else may be in the file.\n"))


_ROUTE_GRADER = """\
route = length = None
for line in text.splitlines():
    if line.startswith("route:") and route is None:
        route = line.split(":", 1)[1].split()
    if line.startswith("length:") and length is None:
        length = line.split(":", 1)[1].strip()
if route != "D C G J I D".split():
    return False, "route differs"
return length == "172", "legal round of minimal cost"
"""


def test_a_second_line_of_a_shape_held_once_is_open_where_other_lines_are_free(tmp_path):
    # (p235: `length: 2720` added below `length: 172`, where "any other lines ... are ignored" and the grader reads the
    # first; which of two answers to one question counts is the prompt's to say)
    free = _task(tmp_path, "route", "route.txt", _ROUTE, _route_prompt(True), _ROUTE_GRADER)
    check = _fuzz(free)
    assert not _fails(check), _fails(check)
    assert any(w.startswith("inject_record:") and "holds once" in w for w in _warns(check)), _warns(check)
    # (its twin says nothing else may be there: a second length line is a wrong answer accepted)
    strict = _task(tmp_path, "route_strict", "route.txt", _ROUTE, _route_prompt(False), _ROUTE_GRADER)
    assert any(f.startswith(("inject_record:", "duplicate_record:")) for f in _fails(_fuzz(strict))), \
        _fails(_fuzz(strict))


def test_a_quoted_notes_later_lines_are_one_sentence():
    # (p233: "Extra\n> keys (for example `reynolds`) are allowed and ignored" in a `> **Note:**` block)
    prompt = ("Write the JSON.\n\n> **Note:** Acceptance tolerances: `total_flow_lps` within **±0.5 %** of the "
              "correct value. Extra\n> keys (for example `reynolds`) are allowed and ignored; numeric precision is "
              "up to you.\n")
    assert "reynolds" in read_prompt(prompt).free_fields
    assert stated_tolerance(prompt).sentence.endswith("within ±0.5 % of the correct value.")


_DELAYS = ("DELAY REPORT 2024-06-03\n" + "".join(f"TRAIN 2F{10 + i} DEP 06:{10 + i} ARR 06:{40 + i} DELAY +{i}\n"
                                                 for i in range(12))
           + "BROKEN CONNECTIONS\n2B41 -> 1C53 AT EXD\n2B41 -> 2T33 AT EXD\n2N62 -> 2B44 AT EXD\n"
           + "SUMMARY trains=12 late=11\n")
_DELAYS_PROMPT = ("Write `delays.txt` exactly as the sample shows: the title, one `TRAIN` line per train, then "
                  "`BROKEN CONNECTIONS` and one `<from> -> <to> AT <station>` line per broken connection, then the "
                  "`SUMMARY` line. Every line must match.\n")


def _delays_grader(compare: bool) -> str:
    test = "broken == want_broken" if compare else "len(broken) == len(want_broken)"
    return f"""\
    lines, want = text.splitlines(), {_DELAYS!r}.splitlines()
    b, wb = lines.index("BROKEN CONNECTIONS"), want.index("BROKEN CONNECTIONS")
    if lines[:b] != want[:wb] or lines[-1] != want[-1]:
        return False, "train lines or summary differ"
    broken, want_broken = lines[b + 1:-1], want[wb + 1:-1]
    if not all(" -> " in x and " AT " in x for x in broken):
        return False, "malformed connection line"
    return {test}, "report checked"
    """


def test_each_shape_of_line_gets_a_turn_before_a_line_kind_stops(tmp_path):
    # (p236's planted flaw: three connection lines below twelve train lines, compared by their count only; four
    # places of the train lines' many shapes stopped every line kind)
    flawed = _task(tmp_path, "delays", "delays.txt", _DELAYS, _DELAYS_PROMPT, _delays_grader(False))
    assert any(f.startswith(("replace_record:", "duplicate_record:")) for f in _fails(_fuzz(flawed))), \
        _fails(_fuzz(flawed))
    sound = _task(tmp_path, "delays_sound", "delays.txt", _DELAYS, _DELAYS_PROMPT, _delays_grader(True))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))


_JURY = ("ADJUSTED JURY SCORES\n\nFILMS\nrank  film  adjusted  raw_mean\n   1  C04     8.573  8.500\n"
         "   2  C11     8.415  8.583\n   3  C06     8.162  8.214\n\nJURORS\njuror  scale  offset\nJ01   1.022   +0.844\n"
         "J02   0.813   +1.762\nJ03   1.326   -3.088\nJ04   1.171   -0.565\n")


def _jury_prompt(jurors_ordered: bool) -> str:
    return ("Write `jury.txt`. Film lines: `rank film_id adjusted raw_mean`, ranked by adjusted score descending."
            + (" Juror lines: `juror_id scale offset`, sorted by juror id." if jurors_ordered else
               " Juror lines: `juror_id scale offset`.")
            + " Headings, a title and notes are free text and are not graded. The numbers must be within 0.005 of the exact fit.\n\n"
              "Shapes: `3  C06  7.481  7.350` and `J01  0.947  +0.312`.\n")


def _jury_grader(tol: float, ordered: bool) -> str:
    jurors = "jurors == want_j" if ordered else "sorted(jurors) == sorted(want_j)"
    return f"""\
    def rows(t, n):
        return [x.split() for x in t.splitlines() if len(x.split()) == n and x.split()[0][:1] in "0123456789J"]
    films, want_f = rows(text, 4), rows({_JURY!r}, 4)
    jurors = [r[0] for r in rows(text, 3) if r[0].startswith("J")]
    want_j = [r[0] for r in rows({_JURY!r}, 3) if r[0].startswith("J")]
    if [r[:2] for r in films] != [r[:2] for r in want_f] or not {jurors}:
        return False, "lines differ"
    got = {{r[0]: r for r in rows(text, 3) + rows(text, 4)}}
    for r in rows({_JURY!r}, 3) + rows({_JURY!r}, 4):
        g = got.get(r[0])
        if g is None or any(not abs(float(a) - float(b)) <= {tol} for a, b in zip(g[1:], r[1:]) if "." in b):
            return False, "value off: " + r[0]
    return True, "all reported values within tolerance"
    """


def test_plain_table_columns_are_moved_and_unordered_blocks_are_open(tmp_path):
    # (p234: whitespace-separated rows under a header line, 0.05 checked where the prompt says 0.005; two juror lines
    # exchanged where only the film lines are ordered)
    from artifactbench.gates.fuzz._fuzz import _other_lines_ordered

    allows = read_prompt(_jury_prompt(False))
    assert _other_lines_ordered(_JURY, "line 11 <-> line 12", allows.order_sentences, allows.free_lines).startswith(
        "Film lines:")
    ordered = read_prompt(_jury_prompt(True))
    assert _other_lines_ordered(_JURY, "line 11 <-> line 12", ordered.order_sentences, ordered.free_lines) is None
    # (two film lines, of the width the ordering sentence shows, whatever words stand above them; review)
    assert _other_lines_ordered(_JURY, "line 5 <-> line 6", allows.order_sentences, allows.free_lines) is None
    cells = column_cells(_JURY.splitlines())
    assert ("adjusted", "8.573") in [(c[1], c[3]) for c in cells] and ("offset", "+0.844") in [(c[1], c[3]) for c in cells]
    flawed = _task(tmp_path, "jury", "jury.txt", _JURY, _jury_prompt(False), _jury_grader(0.05, False))
    check = _fuzz(flawed)
    assert any(f.startswith("number_near:") for f in _fails(check)), _fails(check)
    assert not any(f.startswith("swap_records:") for f in _fails(check)), _fails(check)
    sound = _task(tmp_path, "jury_sound", "jury.txt", _JURY, _jury_prompt(False), _jury_grader(0.005, False))
    check = _fuzz(sound)
    assert not _fails(check), _fails(check)
    assert any(w.startswith("swap_records:") for w in _warns(check)), _warns(check)
    # (its twin orders the juror lines too, and its grader never looks at their order: a fail)
    twin = _task(tmp_path, "jury_ordered", "jury.txt", _JURY, _jury_prompt(True), _jury_grader(0.005, False))
    assert any(f.startswith("swap_records:") for f in _fails(_fuzz(twin))), _fails(_fuzz(twin))


# ---- round 2: p237-p240 ----

_AVAIL = [{"turbine_id": f"WTG0{i}", "availability": 0.9, "intervals": {"operating": 380 - 10 * i, "fault": 10 * i, "ambient": 40,
                                                                         "maintenance": 12}} for i in range(1, 4)]
_AVAIL_TEXT = "".join(json.dumps(r) + "\n" for r in _AVAIL)
_AVAIL_PROMPT = ("Write `avail.jsonl`, one object per turbine. `intervals` holds the four counts, which for every turbine "
                 "sum to 432.\n")


def _avail_task(tmp_path: Path, name: str, check: str) -> Path:
    root = _task(tmp_path, name, "avail.jsonl", _AVAIL_TEXT, _AVAIL_PROMPT, "return text == " + repr(_AVAIL_TEXT)
                 + ", 'compared'")
    return _with_verifier(root, "import json\nfrom pathlib import Path\n\ndef verify(path):\n"
                          "    rows = [json.loads(l) for l in Path(path).read_text().splitlines() if l.strip()]\n"
                          "    for r in rows:\n        assert all(isinstance(v, int) for v in r['intervals'].values())\n"
                          + check)


def test_a_verifier_checking_a_total_the_prompt_states_is_structural(tmp_path):
    # (p239: verify.py's "interval counts must sum to 432" rejected every midpoint; the same move with the difference
    # taken from another count of the record passes it, which a check of the values would not)
    def gate(root: Path) -> list[tuple[str, str]]:
        return _cases(root, "verifier_consistency")
    total = "        assert sum(r['intervals'].values()) == 432, 'interval counts must sum to 432'\n"
    assert gate(_avail_task(tmp_path, "total", total)) == []
    # its twin knows each turbine's fault count: the answer
    known = "        assert r['intervals']['fault'] == 10 * int(r['turbine_id'][-1]), 'fault count'\n"
    assert any(s == "fail" for _, s in gate(_avail_task(tmp_path, "known", known)))


def test_add_up_to_is_a_total_not_a_band():
    # (p239: "The minutes of a turbine add up to 1440." read as a band of 1440 made every number change "within" it)
    assert read_prompt("Write it.\n\nThe minutes of a turbine add up to 1440.\n").abs_tolerance == 0
    assert read_prompt("Write it.\n\nValues are accurate up to 0.01.\n").abs_tolerance == 0.01


def test_hypothesis_keeps_nothing_in_the_task_dir_a_check_starts_from(tmp_path, monkeypatch):
    # (p239: `artifactbench check .` run from a task dir left `.hypothesis/constants/` there, and the gate then
    # reported the task's own files changed)
    root = _task(tmp_path, "night", "route.txt", _ROUTE, _route_prompt(False), _ROUTE_GRADER)
    monkeypatch.chdir(root)
    _fuzz(root)
    assert not (root / ".hypothesis").exists()


_YARD = ('total_rehandles = 22\n\n[integration]\n\n[integration.M101]\nL = 600\n\n[stacks]\n'
         '"01-3" = ["TGHU4669367", "MSCU0304288", "MSKU3510057"]\n"02-4" = ["MSCU9561950", "HLXU6152128"]\n')


def _yard_prompt(ordered: bool) -> str:
    return ("Write `yard.toml`: `total_rehandles`, an `[integration]` table of one table per target, and a table "
            "`[stacks]`: one key per stack id (e.g. `\"02-3\"`), value = array of container ids "
            + ("from the ground tier upwards." if ordered else "in any order.") + " Every value must match.\n")


def _yard_grader(sort: bool) -> str:
    norm = "{k: sorted(v) for k, v in doc['stacks'].items()}" if sort else "doc['stacks']"
    want = "{k: sorted(v) for k, v in ref['stacks'].items()}" if sort else "ref['stacks']"
    return f"""\
    doc, ref = tomllib.loads(text), tomllib.loads({_YARD!r})
    if doc.get("total_rehandles") != ref["total_rehandles"] or doc.get("integration") != ref["integration"]:
        return False, "totals differ"
    return {norm} == {want}, "replayed"
    """


def test_an_arrays_stated_order_is_read_under_its_table(tmp_path):
    # (p237's planted flaw: each stack's array compared sorted where the prompt says "from the ground tier upwards";
    # no swap of a TOML array's items was drawn under a quoted id key; p218: an empty `[integration]` header dropped
    # above `[integration.M101]` is the same document)
    flawed = _task(tmp_path, "yard", "yard.toml", _YARD, _yard_prompt(True), _yard_grader(True))
    fails = _fails(_fuzz(flawed))
    assert any(f.startswith("swap_records:") and "items of its list swapped" in f for f in fails), fails
    assert not any("[integration]" in f for f in fails), fails
    sound = _task(tmp_path, "yard_sound", "yard.toml", _YARD, _yard_prompt(True), _yard_grader(False))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    free = _task(tmp_path, "yard_free", "yard.toml", _YARD, _yard_prompt(False), _yard_grader(True))
    assert not _fails(_fuzz(free)), _fails(_fuzz(free))


_VIALS = "ORDER AS-0414 infliximab 350 mg\nCOMBINATIONS 1\n  100x4 = 400 mg\nEND\n" \
         "ORDER AS-0415 infliximab 720 mg\nCOMBINATIONS 0\nEND\n"


def _vials_prompt(free: bool) -> str:
    head = "ORDER <order_id> [free text]" if free else "ORDER <order_id> <drug> <dose> mg"
    return f"Write `vials.txt`, a block per order:\n\n```\n{head}\nCOMBINATIONS <n>\n<selection line>\nEND\n```\n"


def _vials_grader(strict: bool) -> str:
    test = "lines == want" if strict else "[l.split()[:2] if l.startswith('ORDER') else l for l in lines] == " \
        "[l.split()[:2] if l.startswith('ORDER') else l for l in want]"
    return f"""\
    lines, want = text.splitlines(), {_VIALS!r}.splitlines()
    return {test}, "blocks compared"
    """


def test_a_format_lines_free_text_tail_is_free(tmp_path):
    # (p238: `ORDER <order_id> [free text]`; the dose after the id changed to `n/a` or `nan`, which the grader rightly
    # ignores)
    free = _task(tmp_path, "vials", "vials.txt", _VIALS, _vials_prompt(True), _vials_grader(False))
    assert not _fails(_fuzz(free)), _fails(_fuzz(free))
    # its twin's format fixes the dose: the same grader accepts a wrong one
    fixed = _task(tmp_path, "vials_fixed", "vials.txt", _VIALS, _vials_prompt(False), _vials_grader(False))
    assert _fails(_fuzz(fixed)), _fails(_fuzz(fixed))


def test_a_table_of_margins_states_each_rows_band():
    # (p238: "| Quantity | Margin |" rows, `k25` "0.1 per cent of the value", read as no band at all)
    stated = stated_tolerance("Precision: a value is accepted within the following margin:\n\n| Quantity | Margin |\n"
                              "|---|---|\n| `P0` | 0.01 percentage points |\n| `k25` | 0.1 per cent of the value |\n"
                              "| each t90 | 0.2 per cent of the value |\n")
    assert stated is not None and not stated.general
    assert abs(stated.band_at(("k25_per_day",), 50.0) - 0.05) < 1e-12
    assert abs(stated.band_at(("t90_days_5c",), 50.0) - 0.1) < 1e-12
    assert stated.states_for(("p0_percent",)) and not stated.states_for(("n_assays",))
    assert stated.sentence_for(("k25_per_day",)) == "`k25` within 0.1 per cent of the value."


def test_a_short_faq_answer_frees_what_it_asks_of():
    # (p240: "- **Row order?** Any." never read, and two tied rows exchanged were a fail)
    allows = read_prompt("Write `payouts.csv`.\n\n## FAQ\n\n- **Row order?** Any.\n- **Extra columns (e.g. `country`)?** "
                         "Allowed and ignored.\n- **Round half up for tax?** No, always round down.\n")
    assert allows.unordered and allows.other_keys
    assert not read_prompt("Write it.\n\n- **Row order?** By placement.\n").unordered


# ---- round 3: p241-p244 ----

def test_a_revision_takes_back_the_band_before_it():
    # (p243's chat: "each skill/difficulty within 0.01 of the true optimum", then "scratch that, 0.001 each", read as
    # the looser 0.01)
    chat = ("**dev** 14:35\neach difficulty within 0.01 of the true optimum\n\n**dev** 14:36\nscratch that, 0.001 each. "
            "it's convex.\n\n**dev** 14:40\nchecked: each difficulty within ±0.001 of the optimum\n")
    assert stated_tolerance(chat).abs == 0.001
    # (a revision of something else, with no band before it, takes nothing back)
    assert stated_tolerance("each difficulty within 0.01.\n\nWe met at 14:00.\n").abs == 0.01


_AUDIT = "".join(f"RC-{n:03d} {code}\n" for n, code in ((2, "STALE"), (3, "BAD_GRADE"), (6, "DUP_COLOR"), (8, "STALE"),
                                                          (9, "OUT_OF_RANGE"))) + "TOTAL 5\n"
_AUDIT_PROMPT = ("Write `audit.txt`: one line `<card_id> <RULE>` per breach, in any order, then a last line `TOTAL <n>` with "
                 "the number of breach lines. Report every breach and nothing else.\n")


def _audit_grader(extra: bool) -> str:
    check = "got <= want and len(got) == len(want)" if not extra else "want <= got"
    return f"""\
    lines = [l.split() for l in text.splitlines() if l.strip()]
    want = {{tuple(l.split()) for l in {_AUDIT!r}.splitlines()[:-1]}}
    if not lines or lines[-1][0] != "TOTAL" or int(lines[-1][1]) != len(lines) - 1:
        return False, "last non-blank line must be 'TOTAL <n>'"
    got = {{tuple(l) for l in lines[:-1]}}
    if any(not l[0].startswith("RC-") or int(l[0][3:]) not in (2, 3, 6, 8, 9) for l in got):
        return False, "unknown card"
    return {check}, "all findings reported"
    """


def test_one_more_line_with_its_count_raised_finds_extra_lines_never_penalised(tmp_path):
    # (p243's planted flaw: wrong extra findings of real cards pass where `TOTAL` matches the answer's own lines; a line
    # added alone broke the count, and a copy with its id moved named a card the input lacks)
    flawed = _task(tmp_path, "audit", "audit.txt", _AUDIT, _AUDIT_PROMPT, _audit_grader(True))
    fails = _fails(_fuzz(flawed))
    assert any(f.startswith("inject_record:") and "count raised" in f for f in fails), fails
    sound = _task(tmp_path, "audit_sound", "audit.txt", _AUDIT, _AUDIT_PROMPT, _audit_grader(False))
    check = _fuzz(sound)
    assert not _fails(check), _fails(check)
    # (the records exchanged with the `TOTAL` line are no reordering of records the prompt frees)
    assert not any("TOTAL" in w and "prompt allows" in w for w in _warns(check)), _warns(check)


def test_review_repros_of_the_p233_p244_rules():
    from hypothesis import configuration

    from artifactbench.gates.fuzz._fuzz import _free_tail_change
    from artifactbench.gates.fuzz._sampling import hypothesis_home
    # a direction said of an input orders no answer; one said of the answer's lists does
    said = read_prompt("Write `plan.csv`, one row per box.\n\nThe boxes are listed in `boxes.txt` from the ground "
                       "shelf upwards.\n")
    assert not said.ordered_by
    # a two-column table's numbers are keyed by their row's name
    cells = column_cells(["parameter  estimate", "slope  0.512", "intercept  1.920"])
    assert [c[1] for c in cells] == ["slope", "intercept"]
    assert stated_tolerance("Every value within 0.001, except the intercept, which may be off by up to 0.5.\n").abs == 0.5
    # a short FAQ frees the rows' order only where it asks of the rows' order
    assert not read_prompt("Rows sorted by payout, largest first.\n\n- **Tie order?** Any.\n").unordered
    assert not read_prompt("Rows sorted by payout.\n\n- **Rounding order?** Any.\n").unordered
    # a results table's metrics are no bands
    assert stated_tolerance("Results:\n\n| Class | Precision | Recall |\n|---|---|---|\n| cat | 0.91 | 0.88 |\n") is None
    # a format line of placeholders only frees no tail
    prompt = "Write it:\n\n```\n<team> <points> [notes]\n```\n"
    assert _free_tail_change("A 3\nAverage points: 37.0\n", "A 3\nAverage points: 1370.0\n", prompt) is None
    # a dotted key is read whole before its parts
    assert read_prompt("The `route.stops` list is sorted by arrival time.\n").list_order("route.stops")
    # Hypothesis' home is set for our searches only, and put back after
    before = vars(configuration).get("__hypothesis_home_directory")
    with hypothesis_home():
        assert vars(configuration).get("__hypothesis_home_directory") is not None
    assert vars(configuration).get("__hypothesis_home_directory") == before


def test_a_number_kind_of_a_long_text_renders_only_what_it_draws():
    # (review: every number of a 20 000-line report rendered as a whole document before the first was graded, gigabytes
    # and the checker killed; now each change is rendered when drawn)
    import itertools
    import random
    import tracemalloc

    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._strategies import mutation_draws
    text = "RESULTS\n" + "".join(f"{i}  C{i:05d}  {i * 0.001:.3f}\n" for i in range(1, 3001))
    tracemalloc.start()
    try:
        draws = mutation_draws("text", text, FuzzPolicy(), "number_far")
        drawn = list(itertools.islice(draws.values(random.Random(1)), 4))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(drawn) == 4 and peak < 60e6, peak  # (every number rendered: 9000 x 60 KB)


# ---- round 4: p245-p248 ----

_FITS = "".join(f"[P60{i}]\nK = {800.0 + 37.25 * i:.4f}\nr = {0.1 + 0.0131 * i:.6f}\n\n" for i in range(1, 6))
_FITS_PROMPT = ("Write `fits.toml`, one table per performance:\n\n- `K`: within 0.5%\n- `r`: within 1%\n\nExtra keys or "
                "tables are ignored.\n")


def _fits_grader(tol: float) -> str:
    return f"""\
    doc, ref = tomllib.loads(text), tomllib.loads({_FITS!r})
    for name, want in ref.items():
        got = doc.get(name, {{}})
        if not all(k in got and abs(got[k] - v) <= {tol} * abs(v) for k, v in want.items()):
            return False, "off at " + name
    return True, "all values within tolerance"
    """


def test_a_record_section_is_no_extra_table_the_prompt_frees(tmp_path):
    # (p248's planted flaw: 50 % where the prompt says 0.5 %; each move was left open as "a section the prompt never
    # names, where it frees the others", the performances' own `[P603]`)
    flawed = _task(tmp_path, "fits", "fits.toml", _FITS, _FITS_PROMPT, _fits_grader(0.5))
    assert any(f.startswith("number_near:") for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "fits_sound", "fits.toml", _FITS, _FITS_PROMPT, _fits_grader(0.005))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))


_LOADS = json.dumps({"loads": [{"load": n, "bins": [f"BN{7000 + 13 * n + k}" for k in range(2)]} for n in (1, 2, 3)]},
                    indent=1)


def _loads_prompt(unique: bool) -> str:
    note = "trip number, unique positive integer" if unique else "trip number: 1, 2, 3, ... in order"
    return f"Write `loads.json`:\n\n```\n{{\"loads\": [{{\"load\": 1,   // {note}\n  \"bins\": [\"BN7013\"]}}]}}\n```\n"


_LOADS_GRADER = """\
got, want = json.loads(text), json.loads(%r)
ids = [l["load"] for l in got["loads"]]
if len(set(ids)) != len(ids) or not all(isinstance(i, int) and i > 0 for i in ids):
    return False, "loads must be unique positive integers"
return [l["bins"] for l in got["loads"]] == [l["bins"] for l in want["loads"]], "plan checked"
""" % _LOADS


def test_a_label_the_prompt_asks_only_to_be_unique_is_open(tmp_path):
    from artifactbench.gates.fuzz._fuzz import _unique_label
    # (said of the key itself, never of the key beside it or a count of unique things; review)
    assert _unique_label('"load": 1,   // trip number, unique positive integer', "load")
    assert _unique_label("Each object has `order_id` (a unique identifier) and `total` (the sum of its amounts).",
                         "total") is None
    assert _unique_label("`unique_visitors`: the number of unique visitor IDs.", "unique_visitors") is None
    # (p247: `"load": 1, // trip number, unique positive integer`; 1 -> 1010 is another right label)
    free = _task(tmp_path, "loads", "loads.json", _LOADS, _loads_prompt(True), _LOADS_GRADER)
    assert not _fails(_fuzz(free)), _fails(_fuzz(free))
    fixed = _task(tmp_path, "loads_fixed", "loads.json", _LOADS, _loads_prompt(False), _LOADS_GRADER)
    assert any(f.startswith(("number_far:", "later_record:")) for f in _fails(_fuzz(fixed))), _fails(_fuzz(fixed))


_HOLDS = json.dumps({"rejections": [{"seq": n, "reason": r} for n, r in enumerate(
    ["bad_request", "hold_limit", "no_active_hold", "extend_limit", "not_held", "seat_taken", "unknown_seat"] * 2, 1)]},
    indent=1)


def _holds_task(tmp_path: Path, name: str, listed: bool) -> Path:
    codes = ("The reason codes: `bad_request`, `hold_limit`, `no_active_hold`, `extend_limit`, `not_held`, `seat_taken`, "
             "`unknown_seat`.\n" if listed else "Use the reason codes of the box office manual.\n")
    root = _task(tmp_path, name, "holds.json", _HOLDS, "Replay the log and write `holds.json`.\n\n" + codes,
                 "return text == " + repr(_HOLDS) + ", 'compared'")
    return _with_verifier(root, (
        "import json\nfrom pathlib import Path\n\nREASONS = {'bad_request', 'hold_limit', 'no_active_hold', "
        "'extend_limit', 'not_held', 'seat_taken', 'unknown_seat'}\n\ndef verify(path):\n"
        "    doc = json.loads(Path(path).read_text())\n"
        "    assert all(r['reason'] in REASONS for r in doc['rejections'])\n"))


def test_a_workspace_file_repeating_values_the_prompt_names_leaks_nothing(tmp_path):
    # (p248: verify.py's set of the reason codes the prompt lists, most of which the answer uses, was "most of the
    # answer")
    def leaks(root: Path) -> list[str]:
        return [name for name, _ in _cases(root, "content_leaks", ("fail",))]
    assert leaks(_holds_task(tmp_path, "listed", True)) == []
    # (its twin's prompt names none of them: the verifier holds the answer's codes)
    assert leaks(_holds_task(tmp_path, "unlisted", False)), "verify.py's codes are the answer's"


_TAT = "test_code,priority,n,median_min,p90_min\nBMP,ROUTINE,19,191.017,295.267\nBMP,STAT,29,49.317,72.717\n" \
       "CBC,STAT,12,30.500,41.250\n"


def _tat_task(tmp_path: Path, name: str, check: str) -> Path:
    root = _task(tmp_path, name, "tat.csv", _TAT, "Write `tat.csv`: median and p90 turnaround per test and priority.\n",
                 "return text == " + repr(_TAT) + ", 'compared'")
    return _with_verifier(root, "import csv\nfrom pathlib import Path\n\ndef verify(path):\n"
                                "    for r in csv.DictReader(Path(path).open()):\n" + check)


def test_a_verifier_checking_an_order_between_fields_is_structural(tmp_path):
    # (p245: verify.py's "p90 below median" rejected a midpoint that moved the median above the p90; moved half way to
    # it instead, the order kept, it passes, which a check of the value would not)
    def gate(root: Path) -> list[str]:
        return [severity for _, severity in _cases(root, "verifier_consistency")]
    assert gate(_tat_task(tmp_path, "order", "        assert float(r['p90_min']) >= float(r['median_min']), 'p90 "
                                             "below median'\n")) == []
    known = "        assert abs(float(r['median_min']) - {'BMP': 191.017}.get(r['test_code'], 0)) < 5 or " \
            "r['test_code'] != 'BMP' or r['priority'] != 'ROUTINE', 'median'\n"
    assert "fail" in gate(_tat_task(tmp_path, "known", known))


_QC = "RUN-4123 GLU L2 1-3s\nRUN-4126 CREA L2 4-1s\nRUN-4137 K ALL R-4s\nRUN-4154 NA ALL 2-2s\n"
_QC_PROMPT = ("Write `qc.txt`, one line `<run_id> <analyte> <level> <rule>` per violation.\n\nLines are in chronological "
              "order of the run. Blank lines and lines starting with `#` (for example a heading) are allowed anywhere "
              "and ignored.\n")


def test_headings_freed_as_marked_lines_leave_every_other_line_graded(tmp_path):
    # (p245's planted flaw: violations compared as a multiset where "Lines are in chronological order"; the swap was
    # "on no line it shows as graded", a heading being freed only as a `#` line)
    grader = "lines = [l for l in text.splitlines() if l.strip() and not l.startswith('#')]\n" \
             "return {} == {}, 'all violations listed'\n"
    flawed = _task(tmp_path, "qc", "qc.txt", _QC, _QC_PROMPT,
                   grader.format("sorted(lines)", "sorted(" + repr(_QC) + ".splitlines())"))
    assert any(f.startswith("swap_records:") for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
    sound = _task(tmp_path, "qc_sound", "qc.txt", _QC, _QC_PROMPT, grader.format("lines", repr(_QC) + ".splitlines()"))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
