"""Rules from blind batches p56-p59 (tasks none of us wrote): an input whose lines the answer sorts,
bands listed one per key in one sentence, number_near at each key's largest and smallest value, and a
number_near move judged by its key's band, not by a looser general one."""

from __future__ import annotations

import random

from artifactbench.gates.core import FINDING, WARNING, CaseResult, stated_tolerance
from artifactbench.gates.fuzz._formats import parse
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._near import _extremes, text_near_strategy
from artifactbench.gates.leaks._content import _unchanged_lines

ANSWER = "QA76 .B2 1990\nQA76.73 .P98 2001\nQA100 .C4 1999\n"
CASE = CaseResult("reference_line:workspace/shelf.txt", FINDING, "3/3 reference line(s) appear")


def test_an_input_holding_the_answers_lines_in_another_order_is_a_warning_at_most():
    """p56: a shelf list to put in shelf order holds every line of the answer, in another order."""
    whole = {ln for ln in ANSWER.splitlines()}
    shuffled = "QA100 .C4 1999\nQA76 .B2 1990\nQA76.73 .P98 2001\n"
    sorted_ = _unchanged_lines(CASE, shuffled, ANSWER, whole, ordered=True)
    assert sorted_ is not None and sorted_.status == WARNING  # (a leftover output sorted otherwise: all of it)
    # where the order is free, the same lines are the answer itself
    assert _unchanged_lines(CASE, shuffled, ANSWER, whole, ordered=False) is CASE
    # in the answer's order, as one run beside other text: the answer shown (a note's example)
    shown = "# Notes\nThe list, as the panel got it:\n" + ANSWER + "That is all.\n"
    assert _unchanged_lines(CASE, shown, ANSWER, whole, ordered=True) is CASE
    # in the answer's order, but scattered among other lines: which lines to keep is the answer
    scattered = "QA76 .B2 1990\nZ1 .A1\nQA76.73 .P98 2001\nZ2 .A2\nQA100 .C4 1999\n"
    kept = _unchanged_lines(CASE, scattered, ANSWER, whole, ordered=True)
    assert kept is not None and kept.status == WARNING


def test_bands_listed_one_per_key_in_one_sentence():
    """p58: "`deductible` within $0.50 of the true root, `expected_payment` within $0.05 of the mean
    payment at the true root, `loss_elimination_ratio` within 0.0005": three keys, three bands."""
    stated = stated_tolerance("Acceptance: `deductible` within $0.50 of the true root, `expected_payment`\n"
                              "within $0.05 of the mean payment at the true root, `loss_elimination_ratio`\n"
                              "within 0.0005. Values must be TOML numbers.")
    assert stated is not None and not stated.general
    bands = {noun: (a, r) for noun, a, r in stated.scoped}
    assert bands["deductible"] == (0.5, 0.0) and bands["expected_payment"] == (0.05, 0.0)
    assert bands["loss_elimination_ratio"][0] == 0.0005
    assert stated.band_at(("expected_payment",), 6000.0) == 0.05
    # (one band after another with no key of its own still goes to the keys before it)
    one = stated_tolerance("`a` and `b` within 0.01 of the exact values.")
    assert {n for n, _, _ in one.scoped} == {"a", "b"}


def test_number_near_tries_each_keys_largest_and_smallest_value():
    """p58: a relative 0.1% band is loosest at the $26,400 deductible, where the prompt says ±$0.50."""
    pool = [("d", 3150.6), ("d", 26399.79), ("d", 2750.7), ("e", 5.0), ("f", -7.5), ("f", 1.0)]
    assert _extremes(pool, lambda c: c[0], lambda c: c[1]) == [
        ("d", 26399.79), ("d", 2750.7), ("e", 5.0), ("f", -7.5), ("f", 1.0)]
    lines = ["[home]", "deductible = 3150.60", "[auto]", "deductible = 2750.70", "[commercial]",
             "deductible = 26399.79"]
    stated = stated_tolerance("`deductible` within $0.50 of the true root.")
    draws = text_near_strategy(parse("text", "\n".join(lines) + "\n"), stated)
    moved = {m.where.split(",")[0] for m in draws.values(random.Random(0)) if isinstance(m, Mutation)}
    assert moved == {"line 6", "line 4"}  # the middle value is never drawn


def test_sections_the_prompt_never_names_where_it_frees_them():
    """p59: "Feel free to add other sections (e.g. residuals or iteration counts) or whole-line `#`
    comments — only `[prices]` is read": the reference's own `[solver]` section is free."""
    from artifactbench.gates.fuzz._fuzz import _free_sections_only, _sections_freed

    prompt = ("Write `[prices]` with one key per tier. Feel free to add other sections (e.g. residuals)\n"
              "or whole-line `#` comments — only `[prices]` is read.")
    ref = "[prices]\nUPPER = 78.98\nFLOOR = 116.21\n\n[solver]\nmethod = bisection\nresidual = 3e-11\n"
    assert _sections_freed(prompt)
    assert _free_sections_only(ref, ref.replace("3e-11", "1000.0"), prompt) == "[solver]"
    assert _free_sections_only(ref, ref.split("\n[solver]")[0] + "\n", prompt) == "[solver]"  # dropped whole
    assert _free_sections_only(ref, ref.replace("116.21", "117.21"), prompt) is None  # the named section
    # the header alone dropped: its keys would fall under `[prices]`
    assert _free_sections_only(ref, ref.replace("[solver]\n", ""), prompt) is None
    assert _free_sections_only(ref, ref.replace("3e-11", "1000.0"), "No other sections are allowed.") is None
    assert _sections_freed("Only `[prices]` is read; other sections are not allowed.") is None


def test_within_a_number_of_the_true_value_is_a_distance():
    """p56: "each `A` must be within 0.002 of the true least-squares optimum" is ±0.002, which a grader
    checking 2.5% relative is 100x looser than at A = 9.6; "within 1% of the value" stays relative."""
    stated = stated_tolerance("Acceptance: each `A` must be within 0.002 of the true least-squares optimum, "
                              "each `k` within 0.0003.")
    bands = {noun: (a, r) for noun, a, r in stated.scoped}
    assert bands["a"] == (0.002, 0.0)
    assert bands["k"] == (0.0003, 0.0003)  # (no unit, no "of the": either reading, the looser)
    pct = stated_tolerance("`cost` must be within 1% of the optimum.")
    assert {noun: (a, r) for noun, a, r in pct.scoped}["cost"] == (0.0, 0.01)


def test_review_repros_of_the_p56_p59_rules():
    """An outside review: "within 0.001 of the exact quotient" under "compared with a relative tolerance"
    is no distance, but a method's "minimises relative, not absolute, error" says nothing of tolerances;
    a section named in backticks is named, one whose name is only a plain word ("an iterative solver of
    your choice") is not."""
    from artifactbench.gates.fuzz._fuzz import _free_sections_only

    rel = stated_tolerance("Rates are compared with a relative tolerance. Each `rate` must be within 0.001 of the "
                           "exact quotient.")
    assert {n: (a, r) for n, a, r in rel.scoped}["rate"] == (0.001, 0.001)
    method = stated_tolerance("Regressing log(c) gives a different answer (it minimises relative, not absolute, "
                              "error). Each `A` must be within 0.002 of the true optimum.")
    assert {n: (a, r) for n, a, r in method.scoped}["a"] == (0.002, 0.0)
    ref = "[prices]\nUPPER = 78.98\n\n[solver]\nresidual = 3e-11\n"
    changed = ref.replace("3e-11", "1000.0")
    assert _free_sections_only(ref, changed, "Use an iterative solver of your choice. Feel free to add other "
                                             "sections; only `[prices]` is read.") == "[solver]"
    assert _free_sections_only(ref, changed, "Put the residual in a `solver` table. You may add other "
                                             "sections.") is None
