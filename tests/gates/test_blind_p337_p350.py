"""Rules from the blind batches p337-p350 (2026-12-07, twenty-fourth session), each with a twin that keeps its
verdict: prompts written as an RFC with an ABNF grammar, an e-mail thread, a chat transcript, a paper's Methods
section, a commented YAML block, a module docstring, a quest card and release notes."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _contract, _raw_task, _text_task, _twins  # noqa: E402

from artifactbench.gates.core._free_lines import read_free_lines, uncommented  # noqa: E402
from artifactbench.gates.core._prompt import read_prompt  # noqa: E402
from artifactbench.gates.fuzz._fuzz import _interleave_free, _kinds_kept, _unique_label  # noqa: E402

# --- p337: an RFC's ABNF comment production; "A MUST be ... and MUST be within" -------------------------------------

_RFC = """### 5.2 Grammar

```
file        = *( line LF )  [ line ]
line        = alloc-line / comment / blank
alloc-line  = train-id 1*WSP platform
comment     = "#" *( VCHAR / WSP )
blank       = *WSP
```

### 5.3 Completeness and order

Every train MUST appear on exactly one line. Comment and blank lines are OPTIONAL.
"""


def test_a_grammar_s_comment_lines_that_are_optional_are_free():
    # (p337: `# HGJ allocation per RODWG-TS 0118`, the reference's first line, dropped, renumbered or replaced was
    # three false fails: the grammar's `comment` production and "Comment and blank lines are OPTIONAL")
    free = read_free_lines(uncommented(_RFC))
    assert free.prefixes == ("#",)
    assert free.kinds("# allocation 0118\n1A18 1\n")[0] == "free"


def test_a_comment_production_alone_or_optional_lines_alone_free_nothing():
    # the twins: the grammar without the sentence, and the sentence without a grammar naming the comment's mark
    assert read_free_lines(uncommented(_RFC.replace("Comment and blank lines are OPTIONAL.", ""))).prefixes == ()
    no_grammar = "Every train MUST appear on exactly one line. Comment and blank lines are OPTIONAL.\n"
    assert read_free_lines(uncommented(no_grammar)).prefixes == ()


def test_a_band_said_of_a_subject_with_two_verbs_is_that_subject_s():
    # (p337: "- Mean dwell MUST be rendered with exactly two decimal places and MUST be within 0.01 of the exact
    # quotient" was the band of a noun "and": no column bound, number_near had nothing to move, and the grader's 0.5
    # passed whole-minute means)
    said = read_prompt("## Tolerances\n\n- Mean dwell MUST be rendered with exactly two decimal places and MUST be "
                       "within 0.01 of the exact quotient.\n").stated
    assert said is not None and said.states_for(("Mean dwell",)) and said.band_at(("Mean dwell",), 3.23) == 0.01
    assert not said.states_for(("Calls",))
    # the twin: a generic subject ("Values") keeps the band every number's
    general = read_prompt("Values must be rounded to two places and must be within 0.01 of the truth.\n").stated
    assert general is not None and general.states_for(("anything",))


# --- p338: a reply that relaxes the thread's order ------------------------------------------------------------------

_THREAD = """From: Dana
One row per employee per workweek, sorted by employee_id then week_start.

From: Luis
> sorted by employee_id then week_start

Don't bother sorting, Priya's import sorts anyway.
"""


def test_a_reply_saying_not_to_bother_sorting_frees_the_order():
    allows = read_prompt(_THREAD)
    assert allows.unordered and "Don't bother sorting" in allows.unordered_sentences[0]
    # the twins: about the input, or with no reply, the rows stay ordered
    assert not read_prompt(_THREAD.replace("Don't bother sorting,", "Don't bother sorting the input first,")).unordered
    assert not read_prompt(_THREAD.split("From: Luis")[0]).unordered


# --- p339: "we ignore keys we don't know" ---------------------------------------------------------------------------

def test_keys_we_ignore_are_other_keys_the_prompt_allows():
    # (p339: a station entry injected under `stations` was a fail beside "If you want to add extra debug keys, go
    # ahead, we ignore keys we don't know": a new key, read literally, which is now a warning)
    said = read_prompt("Write `out.json` with a `stations` object. If you want to add extra debug keys, go ahead, we "
                       "ignore keys we don't know. Everything in the shape above has to be there.\n")
    assert "we ignore keys" in said.other_keys
    strict = read_prompt("Write `out.json` with a `stations` object. Extra keys fail the check; we reject keys we don't "
                         "know.\n")
    assert not strict.other_keys


# --- p340: a caption or explanatory text may surround the table ----------------------------------------------------

_CAPTIONED = "| scenario | temp_c |\n|---|---|\n| dawn | 16.0 |\n\nTable 1. Admissible pairs.\n"


def test_a_caption_that_may_surround_the_table_is_free():
    # (p340: "A title, caption or explanatory text may surround the table, but the file must contain exactly one
    # table": the caption line repeated was a false fail)
    prompt = ("Rows may be listed in any order. A title, caption or explanatory text may surround the table, but the "
              "file must contain exactly one table.\n")
    kinds = read_free_lines(uncommented(prompt)).kinds(_CAPTIONED)
    assert kinds[-1] == "free" and kinds[2] == "graded"
    # the twin: a prompt that frees nothing around the table
    strict = read_free_lines(uncommented("Rows may be listed in any order. The file must contain exactly one table.\n"))
    assert strict.kinds(_CAPTIONED)[-1] != "free"


# --- p342: a module docstring's reST literals; kinds of line that may interleave ------------------------------------

def test_rest_literals_are_read_as_code_spans():
    # (p342: "Blank lines and lines that start with ``#`` are ignored": the title comment dropped was a false fail)
    prompt = "    Blank lines and lines that start with ``#`` are ignored. Write ``ELECTED <name>`` lines.\n"
    assert "start with `#` are ignored" in uncommented(prompt)
    assert read_free_lines(uncommented(prompt)).prefixes == ("#",)
    # the twin: a fence's three backticks, and a span holding a backtick, stay as written
    fenced = "Lines:\n```\nELECTED A\n```\nand ``a ` b``.\n"
    assert uncommented(fenced) == fenced
    assert read_free_lines(uncommented("    Lines that start with ``#`` are data lines.\n")).prefixes == ()


_MEEK = ("# result\nEXCLUDED Grace\nEXCLUDED Rosa\nEXCLUDED Lucia\nELECTED Tomasz\nELECTED Samuel\nELECTED Henrik\n"
         "KEEP Tomasz 0.73\nKEEP Samuel 0.83\nKEEP Henrik 1.0\nQUOTA 469.16\n")
_INTERLEAVE = ("The ELECTED lines keep their order among themselves, and so do the EXCLUDED lines. How the two kinds "
               "interleave, and where the KEEP and QUOTA lines go, does not matter.")


def test_lines_of_kinds_whose_interleaving_is_free_may_be_exchanged():
    # (p342: an EXCLUDED line exchanged with a KEEP line, each kind's own lines still in their order, was a fail)
    said = _interleave_free(_INTERLEAVE)
    assert said is not None
    assert _kinds_kept(_MEEK, "line 4 <-> line 8", said)  # EXCLUDED Lucia <-> KEEP Tomasz
    assert _kinds_kept(_MEEK, "line 7 <-> line 9", said)  # ELECTED Henrik past KEEP Tomasz, which may go anywhere
    # the twins: two lines of one kind, a line moved past one of its own kind, and a prompt that frees nothing
    assert not _kinds_kept(_MEEK, "line 2 <-> line 4", said)
    assert not _kinds_kept(_MEEK, "line 4 <-> line 6", said)  # EXCLUDED Lucia past ELECTED Tomasz: ELECTED reordered
    assert _interleave_free("The ELECTED lines are in order of election.") is None


# --- p343: only the first table whose header is named is read ------------------------------------------------------

_AUDIT = ("# Audit\n\n| line_id | rx_id | code |\n|---|---|---|\n| D00042 | RX50127 | EXPIRED |\n\n## Tally\n\n"
          "| code | count |\n|---|---|\n| EXPIRED | 1 |\n")


def test_tables_after_the_one_the_prompt_reads_are_free():
    # (p343: the `## Tally` table's counts changed, replaced or added were three false fails beside "Only the
    # **first** table whose header is `line_id | rx_id | code` is read")
    prompt = ("- You may write whatever else you like around the table. Only the **first** table whose header is "
              "`line_id | rx_id | code` is read; it ends at the first line that is not a table row.\n")
    free = read_free_lines(uncommented(prompt))
    assert free.first_table == ("line_id", "rx_id", "code")
    kinds = free.kinds(_AUDIT)
    assert kinds[4] == "graded" and kinds[-1] == "free" and kinds[-3] == "free"
    # a table above the named one is free too; the named one is graded wherever it stands
    above = "| code | count |\n|---|---|\n| EXPIRED | 1 |\n\n" + _AUDIT
    assert free.kinds(above)[2] == "free" and free.kinds(above)[8] == "graded"
    # the twin: without the sentence, every table is the answer's
    assert read_free_lines(uncommented("Write the audit table.\n")).kinds(_AUDIT)[-1] != "free"


# --- p344: "`Crew` is any label you like (unique within the table)" -------------------------------------------------

_CREW_PROMPT = ("2. **Assignments** - header row exactly `| Crew | Base | Pairings |`, one\n"
                "   row per crew member. `Crew` is any label you like (unique within the\n"
                "   table), `Base` is the crew member's home base.\n- Freedoms: row order is not significant.\n")
_CREW = "| Crew | Base | Pairings |\n|---|---|---|\n| FAO-01 | FAO | P1, P2 |\n| FAO-02 | FAO | P3 |\n"
_CREW_GRADER = """\
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines()[2:] if line.strip()]
    ok = sorted((r[1], r[2]) for r in rows) == [("FAO", "P1, P2"), ("FAO", "P3")] and CREW
    return ok, "plan checked"
    """


def test_a_label_the_prompt_leaves_to_the_author_may_change(tmp_path):
    # (p344: `FAO-01` as `FAO-1010`, `FAO--1`, `FAO-nan` or another string was a fail; any unique label is right)
    assert _unique_label(_CREW_PROMPT, "Crew")
    assert _unique_label("`Crew` is the staff number from `roster.csv`.\n", "Crew") is None
    _twins(tmp_path, "crew", "out/plan.md", _CREW, _CREW_PROMPT.replace("any label you like", "the staff number"),
           flawed=_CREW_GRADER.replace("CREW", "True"),
           sound=_CREW_GRADER.replace("CREW", "sorted(map(tuple, rows)) == [('FAO-01', 'FAO', 'P1, P2'), ('FAO-02', 'FAO', 'P3')]"),
           kind="string_change", marker="Crew")
    report = _twins.__globals__["_fuzz"](_twins.__globals__["_task"](
        tmp_path, "crew_free", "out/plan.md", _CREW, _CREW_PROMPT, _CREW_GRADER.replace("CREW", "True")))
    assert not [k for k in report.cases if k.severity == "fail"], report.cases


# --- p342, p344: a module that raises as the grader imports it; one unguarded import reported once ------------------

_MODULE_GRADER = '''\
import importlib.util, sys
from dataclasses import dataclass
from pathlib import Path

@dataclass
class GradeResult:
    passed: bool
    score: float
    detail: str

def _load(path):
    spec = importlib.util.spec_from_file_location("answer_mod", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod

def grade(scratch_dir):
    path = Path(scratch_dir) / "solution.py"
    if not path.is_file():
        return GradeResult(False, 0.0, "no solution.py")
    try:
        mod = _load(path)
    except CAUGHT as exc:
        return GradeResult(False, 0.0, f"import failed: {type(exc).__name__}")
    try:
        ok = mod.double(4) == 8 and mod.double(-1) == -2
    except Exception as exc:
        return GradeResult(False, 0.0, f"double() raised {type(exc).__name__}")
    return GradeResult(ok, float(ok), "double() checked")
'''


def _module_task(tmp_path: Path, name: str, caught: str) -> Path:
    return _raw_task(tmp_path, name, "solution.py", "def double(x):\n    return 2 * x\n",
                     _MODULE_GRADER.replace("CAUGHT", caught))


def test_a_module_raising_as_it_is_imported_is_a_contract_case(tmp_path):
    # (p342: the grader caught ImportError and SyntaxError only; a module ending in `raise NotImplementedError(...)`
    # or `sys.exit(main())` made grade() raise, and no case of the contract's garbage reached it)
    flawed = _contract(_module_task(tmp_path, "mod_flawed", "(ImportError, SyntaxError)"))["contract"]
    case = next(k for k in flawed.cases if k.name == "no_raise:raises_on_import")
    assert case.severity == "fail" and "RuntimeError" in case.detail and "escaped through" in case.detail
    sound = _contract(_module_task(tmp_path, "mod_sound", "Exception"))["contract"]
    assert next(k for k in sound.cases if k.name == "no_raise:raises_on_import").status == "OK"


def test_one_unguarded_import_is_reported_once_whatever_the_module_raises(tmp_path):
    # (p344: SyntaxError of the malformed module, null bytes, a NameError of a definition dropped and SyntaxErrors of
    # cut modules were four fails: one `exec_module` line that lets them through)
    gates = _contract(_module_task(tmp_path, "mod_bare", "ZeroDivisionError"))
    fails = [f"{g}/{k.name}" for g, c in gates.items() for k in c.cases if k.severity == "fail"]
    assert len(fails) == 1 and fails[0].startswith("contract/no_raise:"), fails
    skipped = [k.name for c in gates.values() for k in c.cases if "reported there" in k.detail]
    assert {"no_raise:malformed", "no_raise:raises_on_import"} <= set(skipped) | {fails[0].split("/")[1]}, skipped


# --- p342: a field of few records among many numbers is reached first -----------------------------------------------

def test_the_first_numbers_moved_are_as_many_fields():
    # (p342: number_far's four places were drawn among 30 numbers, 20 of them tallies keyed by candidate; the five
    # `exhausted` the grader never compared were not among them. A field first, a map keyed by data one field)
    import json
    import random

    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._strategies import mutation_draws

    rounds = [{"round": r, "tallies": {n: 100 * r + k for k, n in enumerate(["Ana", "Bo", "Cy", "Di", "Ed", "Flo"][:7 - r])},
               "exhausted": 10 * r} for r in range(1, 5)]
    text = json.dumps({"winner": "Ana", "rounds": rounds}, indent=2)
    for seed in range(5):
        draws = mutation_draws("json", text, FuzzPolicy(), "number_far")
        places = [m.where for m in itertools.islice((v for v in draws.values(random.Random(seed)) if hasattr(v, "where")), 4)]
        assert any("exhausted" in w for w in places) and any("tallies" in w for w in places), places


# --- p340: "expected 16.3, got 16.0" from a grader that stops at its first wrong row ---------------------------------

_SCREEN = ("| scenario | vent | fans | temp_c | rh_pct |\n|---|---|---|---|---|\n"
           + "".join(f"| {s} | {v} | {f} | {t} | {h} |\n" for s, v, f, t, h in [
               ("dawn", 0, 0, "16.0", "83.0"), ("dawn", 0, 1, "16.6", "84.5"), ("dawn", 1, 0, "16.1", "82.0"),
               ("noon", 1, 1, "24.9", "61.5"), ("noon", 2, 1, "23.8", "63.5"), ("noon", 2, 2, "24.4", "76.0")]))
_SCREEN_PROMPT = "Write `screen.md`, one row per admissible configuration; `temp_c` and `rh_pct` within ±0.05.\n"
_SCREEN_GRADER = """\
    want = {}
    for line in REF.splitlines()[2:]:
        c = [x.strip() for x in line.strip().strip("|").split("|")]
        want[tuple(c[:3])] = (float(c[3]), float(c[4]))
    got = {}
    for line in text.splitlines()[2:]:
        c = [x.strip() for x in line.strip().strip("|").split("|")]
        if len(c) != 5:
            return False, "a row without five cells"
        got[tuple(c[:3])] = (float(c[3]), float(c[4]))
    if set(got) != set(want):
        return False, f"{len(set(want) - set(got))} configuration(s) missing, {len(set(got) - set(want))} not admissible"
    for key in want:
        for name, w, g in zip(("temp_c", "rh_pct"), want[key], got[key]):
            if not abs(w - g) <= 0.05:
                return False, SAID
    return True, "all rows match"
    """


def test_a_first_mismatch_detail_naming_the_expected_value_is_a_leak(tmp_path):
    # (p340: every number moved, the grader stopped at the first row, so "expected 16.3" never came back and the leak
    # went unseen; the changed number alone moved again, the same expected value beside it comes from the grader)
    from _blind_task import _leaks, _task
    grader = _SCREEN_GRADER.replace("REF", repr(_SCREEN))
    leaky = _task(tmp_path, "screen", "screen.md", _SCREEN, _SCREEN_PROMPT,
                  grader.replace("SAID", "f\"{' '.join(key)} {name}: expected {w}, got {g}\""))
    assert any(k.severity == "fail" and "expected" in k.detail for k in _leaks(leaky).cases)
    # the twin: the same grader naming the row and column only
    quiet = _task(tmp_path, "screen_quiet", "screen.md", _SCREEN, _SCREEN_PROMPT,
                  grader.replace("SAID", "f\"{' '.join(key)} {name}: outside the tolerance\""))
    assert not [k for k in _leaks(quiet).cases if k.severity == "fail"]


def test_a_number_moved_again_only_where_it_is_no_row_total():
    from artifactbench.gates.leaks._probes import moved_again
    ref = "| a | 1 | 2 | 16.3 |\n| b | 4 | 5 | 9.5 |\n"
    moved = moved_again(ref, ref.replace("16.3", "16.0"))
    assert moved is not None and moved[0].startswith("| a | 1 | 2 | ") and moved[1] not in ("16.3", "16.0")
    # the twins: a row's own sum (9 = 4 + 5), a line naming a total, two numbers changed
    assert moved_again("| b | 4 | 5 | 9 |\n", "| b | 4 | 5 | 10 |\n") is None
    assert moved_again("Total: 812.5 kg\n", "Total: 813.5 kg\n") is None
    assert moved_again(ref, ref.replace("16.3", "16.0").replace("9.5", "9.9")) is None


# --- p345-p350: the second round's two false findings -----------------------------------------------------------------

def test_commentary_welcome_provided_the_table_comes_first_is_free():
    # (p348: "Headings, commentary and explanations ... are welcome and are not marked, provided the audit table is
    # the first Markdown table" read "provided" as the inputs' word: the notes line dropped was a false fail)
    said = ("2. Headings, commentary and explanations of *why* a figure differs are welcome and are not marked, provided "
            "the audit table is the **first** Markdown table in the file.\n")
    assert "commentary" in read_free_lines(uncommented(said)).parts
    # the twin: the word as the inputs' still says nothing of the answer
    assert not read_free_lines(uncommented("Explanations are provided in `notes.csv`.\n")).parts


def test_an_order_the_prompt_advises_but_does_not_check_is_free():
    # (p349: "Rows SHOULD be in alphabetical order of branch; row order is not checked": two rows exchanged failed)
    assert read_prompt("- S2. Rows SHOULD be in alphabetical order of branch; row order is not checked.\n").unordered
    # the twin: an order stated and checked
    assert not read_prompt("- S2. Rows MUST be in alphabetical order of branch; row order is checked.\n").unordered


# --- p347, p350: a list dropped from with the key that counts it made one less ---------------------------------------

_DESIGNS = '{\n  "count": 3,\n  "designs": [\n    {"a": 1, "b": 8},\n    {"a": 2, "b": 7},\n    {"a": 3, "b": 6}\n  ]\n}\n'
_DESIGNS_GRADER = """\
    doc = json.loads(text)
    got = [(d["a"], d["b"]) for d in doc["designs"]]
    if doc["count"] != len(got) or len(set(got)) != len(got):
        return False, "count or repeats"
    return CHECK, "designs checked"
    """


def test_a_record_dropped_with_its_count_key_made_one_less(tmp_path):
    # (p350: `"count": 35` beside 35 designs; the grader checked each design and the count against the list, never
    # against the 35 it knew: 32 designs with `"count": 32` passed. p347: "Every bib in runners.csv exactly once")
    prompt = "Write `designs.json`: list every valid design; `count` is the number of designs.\n"
    _twins(tmp_path, "designs", "designs.json", _DESIGNS, prompt,
           flawed=_DESIGNS_GRADER.replace("CHECK", "set(got) <= {(1, 8), (2, 7), (3, 6)}"),
           sound=_DESIGNS_GRADER.replace("CHECK", "set(got) == {(1, 8), (2, 7), (3, 6)}"),
           kind="drop_record", marker="'count''s count made 2")
    from artifactbench.gates.fuzz._fuzz import _ASKS_EVERY
    assert _ASKS_EVERY.search("Every bib in runners.csv exactly once — including runners who never crossed a mat.")
    # the twin: a prompt that asks for some designs only
    assert not _ASKS_EVERY.search("List at least two valid designs; `count` is the number of designs.")


# --- the outside review's cases ------------------------------------------------------------------------------------

def test_the_review_s_cases():
    from types import SimpleNamespace

    from artifactbench.gates.core._common import error_text, raise_site
    from artifactbench.gates.leaks._probes import moved_again
    # a label the prompt says is NOT free
    assert _unique_label("`Crew` is the roster name, not any label you like.\n", "Crew") is None
    # orders still stated or kept
    for said in ("Rows in input order. Do not sort.", "Do not sort the rows; preserve the log's order.",
                 "Don't bother sorting; the grader requires ascending id order anyway.",
                 "Line order is not checked for comment lines; data rows must be sorted by id.",
                 "Rows must be sorted by id. Row order is not compared with the reference, but ascending id order is checked."):
        assert not read_prompt(said).unordered, said
    # a first table the named header does not head, or a sentence that grades every table, frees none
    free = read_free_lines(uncommented("Only the **first** table whose header is `line_id | rx_id | code` is read.\n"))
    assert free.kinds(_AUDIT.replace("| line_id | rx_id | code |", "| foo | bar | baz |"))[-1] != "free"
    assert free.kinds(_AUDIT.replace("| line_id | rx_id | code |", "| Line ID | Rx ID | Code | note |"))[-1] == "free"
    for said in ("Only the first table is read by the import; every table must be correct.",
                 "Only the first table is checked for order, but both tables are graded."):
        assert read_free_lines(uncommented(said)).first_table is None, said
    # a row's own mean is the grader's to work out; an exponent is not one number
    row = "| north | 12 | 20 | 31 | 21.0 |\n| south | 1 | 2 | 3 | 2.0 |\n"
    assert moved_again(row, row.replace("21.0", "22.0")) is None
    assert moved_again("| a | 1e300 |\n", "| a | 1e308 |\n") is None
    # a sum over the other records, however its line is named (`total_fine_cents`, `fines`), or their count
    toml = 'fines = 525\n\n[requests."R-1"]\nfine_cents = 150\n\n[requests."R-2"]\nfine_cents = 375\n'
    assert moved_again(toml, toml.replace("525", "-525")) is None
    table = "| id | cents |\n|---|---|\n| A | 17 |\n| B | 29 |\n| C | 44 |\nrecords: 3\n"
    assert moved_again(table, table.replace("records: 3", "records: 4")) is None
    assert moved_again(table, table.replace("| 29 |", "| 30 |")) is not None
    # comment lines refused, or said of another file
    grammar = '```\ncomment = "#" *( VCHAR / WSP )\n```\n'
    for said in ("Comment lines are never allowed in the output.", "Comment lines are only allowed in the schedule.",
                 "Comment lines may appear in the schedule, not in your file.", "In the schedule, comment lines are ignored."):
        assert read_free_lines(uncommented(grammar + said + "\n")).prefixes == (), said
    # a band of a second clause's subject is that subject's
    stated = read_prompt("- Counts must be exact integers; the mean dwell must be rendered with two decimals and must be "
                         "within 0.01 of the exact quotient.\n").stated
    assert stated.states_for(("Mean dwell",)) and not stated.states_for(("Counts",))
    # kinds the prompt does not name, or a QUOTA it says comes last, keep their places
    said = _interleave_free("The ELECTED lines keep order, and so do the EXCLUDED lines; how the two kinds interleave "
                            "does not matter. The QUOTA line must be the last line.")
    assert not _kinds_kept(_MEEK, "line 10 <-> line 11", said) and not _kinds_kept(_MEEK, "line 1 <-> line 2", said)
    # two bugs of a grader's helper module are two causes; a long message keeps the grader line
    def site(frames: list[str], message: str) -> tuple | None:
        trace = "Traceback (most recent call last):\n" + "".join(f'  File "{f}", line {n}, in x\n    y\n' for f, n in frames)
        return raise_site(error_text(SimpleNamespace(error_kind="exception", error=f"grade() raised {message}",
                                                     traceback=trace + message)))
    hidden = ("/t/grader/hidden.py", 40)
    one = site([hidden, ("/t/grader/lib/helpers.py", 5)], "KeyError: 'x'")
    two = site([hidden, ("/t/grader/lib/helpers.py", 9)], "ZeroDivisionError: division by zero")
    assert one != two
    answer = ("/tmp/scratch/answer.py", 1)
    assert site([hidden, answer], "RuntimeError: " + "x" * 600) == site([hidden, answer], "SyntaxError: bad") \
        == ("escaped", "/t/grader/hidden.py", "40")


# --- p348: a line without its last field -------------------------------------------------------------------------------

def test_a_line_without_its_last_field_must_not_make_the_grader_raise(tmp_path):
    # (p348: `FINAL W20-A1 ` from an agent writing nothing for an empty bed made `parts[2]` raise IndexError; no
    # garbage of the contract's reached it: a whole file malformed fails earlier, at the first line)
    from artifactbench.gates.contract._contract import short_lines
    reference = "MOVE P1 W20-A1\nMOVE P2 W20-A2\nFINAL W20-A1 P1\nFINAL W20-A2 P2\n"
    assert [i for i, _ in short_lines(reference)] == [0, 2]
    assert short_lines(reference)[1][1].split("\n")[2] == "FINAL W20-A1 "
    grader = """\
from dataclasses import dataclass
from pathlib import Path

@dataclass
class GradeResult:
    passed: bool
    score: float
    detail: str

WANT = [("MOVE", "P1", "W20-A1"), ("MOVE", "P2", "W20-A2"), ("FINAL", "W20-A1", "P1"), ("FINAL", "W20-A2", "P2")]

def grade(scratch_dir):
    path = Path(scratch_dir) / "out" / "log.txt"
    if not path.is_file():
        return GradeResult(False, 0.0, "no log")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return GradeResult(False, 0.0, "not UTF-8")
    got = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 2:
            return GradeResult(False, 0.0, "a line of fewer than two fields")
        got.append((parts[0], parts[1], GUARD))
    ok = got == WANT
    return GradeResult(ok, float(ok), "log checked")
"""
    flawed = _contract(_text_task(tmp_path, "beds", reference, grader.replace("GUARD", "parts[2]")))["contract"]
    assert next(k for k in flawed.cases if k.name == "no_raise:short_line").severity == "fail"
    sound = _contract(_text_task(tmp_path, "beds_sound", reference,
                                 grader.replace("GUARD", "parts[2] if len(parts) > 2 else None")))["contract"]
    assert next(k for k in sound.cases if k.name == "no_raise:short_line").status == "OK"


def test_the_second_review_s_cases():
    from artifactbench.gates.contract._contract import short_lines
    from artifactbench.gates.fuzz._fuzz import _ASKS_EVERY
    from artifactbench.gates.fuzz._tree_records import _count_key
    from artifactbench.gates.leaks._probes import moved_again
    # "at most once" asks for no completeness
    for said in ("Each order id in orders.csv appears at most once in the input.",
                 "Each code in codes.txt must appear in at most one panel."):
        assert not _ASKS_EVERY.search(said), said
    # a sum over records whose ids hold digits (`R1`, `R2`) is a figure of theirs too
    fines = "fines: 525\nrequest R1 fine_cents 150\nrequest R2 fine_cents 375\n"
    assert moved_again(fines, fines.replace("525", "6250")) is None
    # `N1` names no total; a small number among four lines of its shape is no count of the others
    sites = "site N1 temp 16.3\nsite N2 temp 17.1\n"
    assert moved_again(sites, sites.replace("16.3", "16.0")) is not None
    items = "item A qty 7\nitem B qty 9\nitem C qty 3\nitem D qty 12\n"
    assert moved_again(items, items.replace("qty 3", "qty 4")) is not None
    # count keys: not `nights` or `discount`; `count` where `total` happens to agree too
    assert _count_key({"nights": 2, "guests": [1, 2]}, ("guests",), 2, {}) is None
    assert _count_key({"discount": 2, "items": [1, 2]}, ("items",), 2, {}) is None
    assert _count_key({"count": 2, "total": 2, "items": [1, 2]}, ("items",), 2, {}) == "count"
    # a CRLF file keeps its line ends; a line a cut would leave as it was is not cut
    assert short_lines("MOVE P1 W20-A1\r\nFINAL W20-A1 P1\r\n")[0][1] == "MOVE P1 \r\nFINAL W20-A1 P1\r\n"
    assert short_lines("a,b,c,\n") == []
