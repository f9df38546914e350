"""Draws: the same mutants drawn by Hypothesis or, without its engine, by the fuzz gate's scout."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from artifactbench.gates.fuzz._draws import REFUSED, either, ints, pick, tuples


def _all(draws, seed=0):
    return [v for v in draws.values(random.Random(seed)) if v is not REFUSED]


@given(st.lists(st.integers(), min_size=1, max_size=300, unique=True), st.integers(0, 99))
@settings(max_examples=60)
def test_a_pool_gives_every_value_once_the_first_first(pool, seed):
    out = _all(pick(pool), seed)
    assert sorted(out) == sorted(pool) and out[0] == pool[0]


def test_a_flatmap_takes_one_value_of_every_outer_value_before_a_second():
    fields = [f"f{i}" for i in range(9)]
    draws = pick(fields).flatmap(lambda f: pick([f"{f}:a", f"{f}:b", f"{f}:c"]))
    out = _all(draws, 3)
    assert len(out) == 27 and len(set(out)) == 27
    assert {v.split(":")[0] for v in out[:9]} == set(fields)  # five draws are five fields, not one


def test_alternatives_take_turns_and_the_first_starts():
    out = _all(either([pick(["a1", "a2", "a3"]), pick(["b1", "b2"])]), 5)
    assert out[0] == "a1" and {out[1][0], out[2][0]} == {"a", "b"} and sorted(out) == ["a1", "a2", "a3", "b1", "b2"]


def test_refusals_come_out_so_a_caller_can_bound_its_reading():
    """A filter that refuses nearly everything of a million cut positions must not loop unseen."""
    draws = ints(0, 10**6).filter(lambda v: v == -1)
    assert list(itertools.islice(draws.values(random.Random(1)), 50)) == [REFUSED] * 50


def test_a_big_range_is_drawn_lazily_without_repeats():
    out = list(itertools.islice(ints(5, 10**9).values(random.Random(2)), 1000))
    assert out[0] == 5 and len(set(out)) == 1000 and all(5 <= v <= 10**9 for v in out)


def test_tuples_and_maps_cover_the_product():
    out = _all(tuples(pick([1, 2]), ints(0, 2)).map(lambda c: c[0] * 10 + c[1]))
    assert sorted(out) == [10, 11, 12, 20, 21, 22] and out[0] == 10


@given(st.data())
@settings(max_examples=30)
def test_the_strategy_draws_only_what_values_holds(data):
    draws = pick(["x", "y", "z"]).flatmap(lambda a: ints(0, 3).map(lambda n: f"{a}{n}")).filter(lambda v: v != "y2")
    assert data.draw(draws.strategy()) in set(_all(draws))


def _fuzz_with_counted_find(monkeypatch, fixture):
    from pathlib import Path

    from artifactbench.gates import CheckOptions, TaskContext
    from artifactbench.gates.fuzz import _fuzz
    from artifactbench.manifest import load_task

    calls = []
    real = _fuzz.find

    def counted(strategy, condition, **kwargs):
        calls.append(strategy)
        return real(strategy, condition, **kwargs)
    monkeypatch.setattr(_fuzz, "find", counted)
    root = Path(__file__).resolve().parent.parent / "fixtures" / "assurance"
    ctx = TaskContext(load_task(root / fixture), CheckOptions())
    try:
        return _fuzz.fuzz_gate(ctx), calls
    finally:
        ctx.close()


def test_a_sound_grader_is_fuzzed_without_hypothesis_engine(monkeypatch):
    result, calls = _fuzz_with_counted_find(monkeypatch, "sound")
    assert result.status == "pass" and calls == [], result
    assert sum(c.status == "OK" for c in result.cases) >= 5, result


def test_an_accepted_mutant_is_shrunk_by_hypothesis(monkeypatch):
    result, calls = _fuzz_with_counted_find(monkeypatch, "ignores_field")
    found = [c for c in result.cases if c.status == "FINDING"]
    assert found and "shrunk minimal example" in found[0].detail, result
    grouped = [c for c in result.cases if c.status == "SKIPPED" and "(reported there)" in c.detail]
    assert 0 < len(calls) <= len(found) + len(grouped), (len(calls), found)  # only the kinds with an accepted mutant


def test_a_mutant_the_grader_times_out_on_is_no_exception():
    """p8: a cut module that loops forever made grade() time out; the finding said it "raised"."""
    import time
    from types import SimpleNamespace

    from artifactbench.gates.fuzz import _fuzz
    from artifactbench.gates.fuzz._mutation import Mutation
    from artifactbench.grading import GradeOutcome

    def grade(text, label=""):
        return GradeOutcome(None, "grade() did not finish within timeout_s=60.0", "timeout", None, 60.0, "", "")
    ctx = SimpleNamespace(task=SimpleNamespace(instance_id="x"))
    draws = pick([Mutation("truncate_text", f"cut at character {i} of 9", "a", "b", "x" * i) for i in range(1, 9)])
    case = _fuzz._search(ctx, grade, "truncate_text", draws, 5, time.monotonic() + 30)
    assert case.status == "FINDING" and case.detail.startswith("grader did not finish instead of"), case


def test_what_the_prompt_allows_is_reported_without_a_fork(monkeypatch):
    """An info case (accepted reorders the prompt allows in words) needs no confirmation in a forked child
    (about 2 ms of page faults each here); a warn one still gets it."""
    import sys
    from pathlib import Path

    from artifactbench.gates import CheckOptions, TaskContext
    from artifactbench.gates.fuzz import _fuzz
    from artifactbench.manifest import load_task

    callers = []
    real = TaskContext.settle

    def settle(self, text):
        callers.append(sys._getframe(1).f_code.co_name)
        return real(self, text)
    monkeypatch.setattr(TaskContext, "settle", settle)
    root = Path(__file__).resolve().parent.parent / "fixtures" / "foreign"
    for name, forks in (("crate_packs_unordered", False), ("crew_cover_any_order", True)):
        callers.clear()
        ctx = TaskContext(load_task(root / name), CheckOptions())
        try:
            result = _fuzz.fuzz_gate(ctx)
        finally:
            ctx.close()
        severities = {c.severity for c in result.cases if c.name == "swap_records"}
        assert severities == {"warn" if forks else "info"}, result
        assert ("_left_open" in callers) is forks, callers


def test_only_the_first_outer_value_starts_at_the_simplest_inner_value():
    """review8: every outer value's inner values began at position 0, so the first pass of (line to copy,
    where to put it) put every injected line before line 1."""
    out = _all(tuples(pick(list(range(40))), ints(0, 40)))
    first_pass = out[:40]
    assert first_pass[0] == (0, 0) and len({pos for _, pos in first_pass}) > 10, first_pass


def test_the_scout_finds_an_injection_anywhere_but_above_the_header():
    """review8: a grader that checks the header line and that every expected line is there, never that
    nothing else is, accepts a line injected anywhere below the header; the scout only ever injected
    above it (4 mutants, 4 places rejected) where Hypothesis' search found it on every seed."""
    from artifactbench.gates.fuzz._draws import scout
    from artifactbench.gates.fuzz._fuzz import _mutant_place as _place
    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._strategies import mutation_draws

    lines = ["service report"] + [f"svc{i} p95 {100 + 13 * i} ms" for i in range(12)]
    reference = "\n".join(lines) + "\n"

    def accepted(mutant) -> bool:
        got = [line.strip() for line in mutant.text.splitlines() if line.strip()]
        return bool(got) and got[0] == lines[0] and all(line in got for line in lines[1:])
    draws = mutation_draws("text", reference, FuzzPolicy(), "inject_record")
    found = [scout(draws, accepted, 4, random.Random(f"data_processing__inject_{i}:inject_record:scout"), _place)
             for i in range(6)]
    assert all(found), found


class _Stop(BaseException):
    pass


def _counted_mutants(fields: int, records: int = 100):
    """Mutants of `fields` places (one per field, whatever the record), counting how many were made (each
    is a whole artifact, rendered as it is read)."""
    from artifactbench.gates.fuzz._mutation import Mutation

    made = []

    def render(c):
        made.append(c)
        return Mutation("string_change", f"record {c[0]}, field 'f{c[1]}'", "a", "b", f"{c}")
    pool = [(r, f) for r in range(records) for f in range(fields)]
    return pick(pool).map(render), made


def test_the_scout_reads_no_value_past_its_deadline():
    """review8: the scout read (rendered) 16 mutants ahead whatever the time: on a 12 MB JSON reference
    its first kinds ran past their shares and 5 of 15 kinds were not run within a 25 s budget."""
    from artifactbench.gates.fuzz._draws import scout
    from artifactbench.gates.fuzz._fuzz import _mutant_place as _place

    draws, made = _counted_mutants(fields=2)
    ticks = []

    def tick():
        ticks.append(1)
        if len(ticks) > 3:
            raise _Stop()
    try:
        scout(draws, lambda m: False, 4, random.Random(0), _place, tick)
    except _Stop:
        pass
    assert len(made) == 3, len(made)


def test_the_scout_stops_looking_for_new_places_after_a_run_of_misses():
    """review8: a kind of three fields read all 16 values it may (each a whole artifact) to grade 4;
    with enough put off to fill the budget, a run of reads at graded places ends the look."""
    from artifactbench.gates.fuzz._draws import scout
    from artifactbench.gates.fuzz._fuzz import _mutant_place as _place

    draws, made = _counted_mutants(fields=3)
    graded = []
    assert not scout(draws, lambda m: graded.append(m) or False, 4, random.Random(1), _place)
    assert len(graded) == 4 and len({_place(m) for m in graded}) == 3
    assert len(made) <= 13, len(made)  # (seeded: 13 of the 16 it may read; a miss run is two budgets long)
    many, made_many = _counted_mutants(fields=40)  # new places keep coming: one read a grading
    assert not scout(many, lambda m: False, 4, random.Random(1), _place)
    assert len(made_many) <= 6, len(made_many)
