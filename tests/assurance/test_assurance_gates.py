"""Each assurance gate fires on the fixture task holding its flaw and stays silent on the sound one."""

from __future__ import annotations

from functools import cache, partial
from pathlib import Path

import pytest

from artifactbench.gates import BUILTIN_GATES, CheckOptions, FuzzBudget, TaskContext
from artifactbench.gates.contract import contract_gate, reproducible_gate
from artifactbench.gates.fuzz import fuzz_gate, verifier_consistency_gate
from artifactbench.gates.leaks import content_leaks_gate, detail_leaks_gate
from artifactbench.manifest import load_task

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "assurance"
OPTIONS = CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=10.0)
GATES = {
    "contract": partial(contract_gate, mutants=1),
    "fuzz": partial(fuzz_gate, budget=FuzzBudget(examples=30, seconds=6.0)),
    "detail_leaks": detail_leaks_gate,
    "verifier_consistency": verifier_consistency_gate,
    "content_leaks": content_leaks_gate,
    "reproducible": reproducible_gate,
}


@cache  # results are frozen values: each (fixture, gate) pair is graded once per session
def run_gate(fixture: str, gate: str):
    ctx = TaskContext(load_task(FIXTURES / fixture), OPTIONS)
    try:
        return GATES[gate](ctx)
    finally:
        ctx.close()


def findings(result) -> set[str]:
    return {c.name for c in result.cases if c.status == "FINDING"}


# (fixture, gate, the finding case names expected: exactly these for contract, at least these otherwise)
FLAWS = [
    ("nondeterministic", "contract", {"determinism"}),
    ("writes_scratch", "contract", {"read_only"}),
    ("resolves_host", "contract", {"offline"}),
    # (truncated_third and malformed raise the JSONDecodeError of whitespace_only, from the same line:
    # one root cause, reported once)
    ("raises_on_empty", "contract", {"no_raise:empty", "no_raise:whitespace_only", "no_raise:deeply_nested_json"}),
    ("accepts_swaps", "fuzz", {"swap_records"}),
    ("ignores_field", "fuzz", {"number_far"}),  # (number_sign, later_record: the same field, SKIPPED)
    ("quotes_expected", "detail_leaks", {"leak:number_far"}),  # one case per probe kind
    ("verifier_checks_values", "verifier_consistency", {"value_midpoint:0"}),
    ("workspace_leak", "content_leaks", {"reference_records:workspace/notes.txt"}),
    ("clock_generator", "reproducible", {"digest"}),
]


@pytest.mark.parametrize(("fixture", "gate", "expected"), FLAWS, ids=[f"{f}-{g}" for f, g, _ in FLAWS])
def test_gate_fires_on_its_flaw(fixture, gate, expected):
    result = run_gate(fixture, gate)
    assert result.status == "fail", result
    found = findings(result)
    if gate == "contract":
        assert found == expected
    else:
        assert expected <= found, found
    for case in result.cases:
        if case.status == "FINDING":
            assert case.detail, case  # every finding carries its evidence
    if fixture == "ignores_field":  # one unchecked field, one finding; the other kinds point at it
        skipped = {c.name for c in result.cases if c.status == "SKIPPED" and "same place as number_far" in c.detail}
        assert {"number_sign", "later_record"} <= skipped, result.cases


@pytest.mark.parametrize("gate", sorted(GATES))
def test_gate_silent_on_sound_task(gate):
    result = run_gate("sound", gate)
    assert result.status == "pass", [c for c in result.cases if c.status != "OK"]
    assert not findings(result)


def test_fuzz_finding_names_record_field_and_values():
    case = next(c for c in run_gate("ignores_field", "fuzz").cases if c.name == "number_far")
    # Hypothesis shrinks to the first record's count; the detail shows where and old -> new.
    assert "record 0 (line 1), field 'count': 3 -> 1030" in case.detail


def test_swap_finding_is_the_minimal_pair():
    case = next(c for c in run_gate("accepts_swaps", "fuzz").cases if c.name == "swap_records")
    # (records 0 and 1 tie on `count`, the list's sort key, and the prompt names no tie-break: their swap
    # is left open, so the minimal pair that is a finding is 0 and 2)
    assert "record 0 (line 1) <-> record 2 (line 3)" in case.detail


def test_declared_policy_silences_order_on_an_unordered_task():
    result = run_gate("declared_policy", "fuzz")
    assert result.status == "pass"
    assert {c.name: c.status for c in result.cases}["swap_records"] == "SKIPPED"


def test_no_raise_shows_the_traceback_line():
    result = run_gate("raises_on_empty", "contract")
    detail = next(c.detail for c in result.cases if c.name == "no_raise:empty")
    assert "IndexError" in detail and "hidden.py" in detail
    again = next(c for c in result.cases if c.name == "no_raise:malformed")
    assert again.status == "SKIPPED" and "no_raise:whitespace_only" in again.detail


def test_offline_evidence_names_the_lookup():
    detail = next(c.detail for c in run_gate("resolves_host", "contract").cases if c.name == "offline")
    assert "socket.gethostbyname" in detail and "telemetry.invalid" in detail


def test_detail_leak_names_the_quoted_value():
    result = run_gate("quotes_expected", "detail_leaks")
    assert any("812.5" in c.detail or "1033.75" in c.detail for c in result.cases if c.status == "FINDING")


def test_assurance_gates_run_by_default():
    # `check` (and so `pants test problems::`) runs every gate the core offers.
    gates = {g.name: g for g in BUILTIN_GATES}
    for name in GATES:
        assert name in gates and gates[name].default
