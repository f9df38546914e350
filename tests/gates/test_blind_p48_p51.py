"""Rules from blind batches p48-p51 (tasks none of us wrote): a config file's section injected under a
new name, a record field written as a flag (`1`/`0`, `yes`/`no`) flipped to its other value, booleans
written as numbers where the prompt asks for `true`/`false`, and "any order is fine" read as freeing
the order only, not which answer."""

from __future__ import annotations

import json
import random

from artifactbench.gates.core import read_prompt, stated_tolerance
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._bool_number import _severity, bool_number_probe
from artifactbench.gates.fuzz._formats import parse
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._text_strategies import config_sections, text_strategy
from artifactbench.gates.fuzz._tree_targets import TreeTargets

INI = ("; rebuilt from the log\n[summary]\nboxes = 2\n\n[TGHU4411803]\nslot = C03-2\nholds = none\n\n"
       "[CAIU7730125]\nslot = B01-4\nholds = CUSTOMS\n")


def test_sections_of_one_shape_are_records():
    """p49: `[CMAU3430790]` sections with `slot` and `holds` are the answer's records; `[summary]`, whose
    keys no other section has, is not."""
    lines = INI.split("\n")
    assert config_sections(lines) == [(4, 6), (8, 10)]
    assert config_sections("[a]\nx = 1\n\n[b]\ny = 2\n".split("\n")) == []  # two shapes: no records


def test_inject_record_copies_a_section_under_a_new_name():
    """p49: a grader looping over the sections it expects accepts one more; the copy is put after a
    section of its shape, under another name, its numbers moved."""
    draws = text_strategy(parse("text", INI), FuzzPolicy(), "inject_record")
    sections = [m for m in draws.values(random.Random(0)) if isinstance(m, Mutation) and "section lines" in m.where]
    assert sections, "no section copy drawn"
    mutant = sections[0]
    added = [line for line in mutant.text.split("\n") if line.startswith("[")]
    assert len(added) == 4 and len(set(added)) == 4  # a new name, never a repeated header
    assert mutant.text.count("slot = ") == 3


def test_a_flag_column_is_flipped_to_its_other_value():
    """p51: an `is_transfer` column of `1`s and `0`s is a flag: bool_flip writes the other value (a
    grader checking only that it is 0 or 1 accepts it). A column of one value, or of other values, is no
    flag; neither is a field outside a list of records."""
    csv_text = "tap_id,charged_cents,is_transfer\nt1,275,0\nt2,0,1\nt3,275,0\n"
    targets = TreeTargets(parse("csv", csv_text), FuzzPolicy())
    flips = {(p, old, new) for p, old, new in targets.bools}
    assert ((0, "is_transfer"), "0", "1") in flips and ((1, "is_transfer"), "1", "0") in flips
    assert not any(p[1] == "charged_cents" for p, _, _ in flips)  # 275 and 0: not a flag's pair
    same = TreeTargets(parse("csv", "id,ok\na,1\nb,1\nc,1\n"), FuzzPolicy())
    assert same.bools == []
    yes_no = TreeTargets(parse("json", '{"rows": [{"ok": "Yes"}, {"ok": "no"}, {"ok": "no"}], "all": 1}'),
                         FuzzPolicy())
    assert {(p, new) for p, _, new in yes_no.bools} == {
        (("rows", 0, "ok"), "no"), (("rows", 1, "ok"), "Yes"), (("rows", 2, "ok"), "Yes")}
    both = TreeTargets(parse("json", '[{"x": true, "n": 1}, {"x": false, "n": 0}, {"x": true, "n": 0}]'),
                       FuzzPolicy())
    assert ((0, "x"), True, False) in both.bools and ((0, "n"), 1, 0) in both.bools


def test_any_order_is_fine_frees_the_order_only():
    """p50: "Each valid menu exactly once. Any order is fine." accepts one answer in any order; "any
    topological order is acceptable" accepts several answers."""
    assert read_prompt("- Each valid menu exactly once. Any order is fine.\n").many_answers == ""
    assert read_prompt("Any row order is fine.").many_answers == ""
    assert read_prompt("Any topological order is acceptable.").many_answers
    assert read_prompt("Any optimal schedule is accepted.").many_answers


def test_booleans_written_as_numbers():
    """p48: "`T` / `F` are logicals → JSON `true` / `false`" asks for the literals, so a grader whose
    `got == exp` lets `1` through fails it; a prompt that only speaks of booleans makes it a warn, one
    silent on them info. A field the prompt leaves open keeps its boolean; so does a CSV's cell."""
    reference = '{"hdr": {"SIMPLE": true, "EXTEND": false, "NAXIS": 2}, "notes": {"ok": true}}\n'
    probe = bool_number_probe("json", reference, FuzzPolicy())
    assert probe is not None and json.loads(probe.text) == {"hdr": {"SIMPLE": 1, "EXTEND": 0, "NAXIS": 2},
                                                            "notes": {"ok": 1}}
    assert type(json.loads(probe.text)["hdr"]["SIMPLE"]) is int
    kept = bool_number_probe("json", reference, FuzzPolicy(), lambda w: ("info", "free") if "notes" in w else None)
    assert json.loads(kept.text)["notes"] == {"ok": True}
    assert bool_number_probe("json", '{"n": 1}', FuzzPolicy()) is None
    assert bool_number_probe("csv", "a,b\ntrue,1\n", FuzzPolicy()) is None
    assert _severity("- `T` / `F` are logicals → JSON `true` / `false`.")[0] == "fail"
    assert _severity("Each flag is a JSON boolean.")[0] == "fail"
    assert _severity("`active` is a boolean.")[0] == "warn"
    assert _severity("```json\n{\"ok\": true}\n```\nWrite the report.")[0] == "info"


def test_a_money_tolerance_in_a_sentence_that_says_relative_elsewhere():
    """p51: "ridership within 0.01% (relative) ...; `fare` within ±$0.01 of the true optimum": the
    fare's band is one cent (the `$` was not read at all, and the sentence's "relative" would have made
    it 1%), not the 0.01% said of ridership, which put a sound grader's fare at 8x."""
    stated = stated_tolerance("Accuracy: ridership within 0.01% (relative) of the true equilibrium; `fare` "
                              "within ±$0.01 of the true optimum; `revenue` within 0.01% of the true maximum.")
    # (a cent, read also as relative since the sentence says "relative": the looser; never the 0.01%)
    assert 0.01 <= stated.band_at(("optimal_fare", "fare"), 4.033) <= 0.06
    assert abs(stated.band_at(("optimal_fare", "revenue"), 41007.0) - 4.1007) < 1e-9
    assert stated_tolerance("Totals must be within $5 of the figure.").band_at(("total",), 1000.0) == 5.0


def test_review_repros_of_the_p48_p51_rules():
    """An outside review of the rules above: a flag flipped where any valid selection is right, a
    section copy where the prompt frees other sections or names the section copied, "any order is fine
    as long as ..." (a constraint: several answers), and booleans the prompt accepts as 1/0 too."""
    from artifactbench.gates.fuzz._fuzz import _section_copy_allowed
    from artifactbench.gates.fuzz._text_strategies import _renamed_header

    allows = read_prompt("Any selection that satisfies these rules is accepted.")
    assert allows.many_answers  # (bool_flip of a flag is then a warn, as string_change's reassignment)
    assert _section_copy_allowed("[TGHU4411803]", "You may add other sections of your own; they are ignored.",
                                 read_prompt("x"), "out/yard.ini")[0] == "info"
    assert _section_copy_allowed("[input]", "Write two sections, `[input]` and `[output]`.", read_prompt("x"),
                                 "out/run.ini")[0] == "warn"
    assert _section_copy_allowed("[TGHU4411803]", "One section per box.", read_prompt("x"), "out/yard.ini") is None
    assert read_prompt("Any order is fine as long as each job starts after its prerequisite.").many_answers
    assert _severity("`valid`: `true` or `false` (`1` and `0` are accepted too).")[0] == "info"
    assert _severity("Each flag is 0 or 1 (not `true`/`false`).")[0] == "info"
    assert _severity("The input has a column `member` holding `true` or `false`.")[0] == "info"
    assert _severity("Write `valid: true` if all checks pass, else `valid: false`.")[0] == "fail"
    assert _severity("Count true positives and false negatives.")[0] == "info"
    moved = lambda token: "1020"  # noqa: E731
    assert _renamed_header("[alpha]", moved, {"[alpha]", "[alpha-x]"}) == "[alpha-x-x]"  # never a duplicate
    assert _renamed_header('[servers."alpha beta"]', moved, set()) == '[servers."alpha beta-x"]'
    assert _renamed_header("[[row]]", moved, set()) == "[[row]]"
    flags = TreeTargets(parse("json", '[{"f": 1}, {"f": "0"}, {"f": 1}]'), FuzzPolicy())
    assert flags.bools == []  # (1 and "0": a flip would cross types)
