"""A fuzz gate that graded no mutant tested nothing, and says so: a slow grader whose setup spends the
whole --fuzz-seconds budget gets a warning, never a clean pass."""

from __future__ import annotations

import shutil
from pathlib import Path

from artifactbench.gates import CheckOptions, FuzzBudget, TaskContext
from artifactbench.gates.fuzz import _fuzz
from artifactbench.manifest import load_task

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
OPTIONS = CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=10.0,
                       fuzz_examples=30, fuzz_seconds=0.5)


def _fuzz_with(tmp_path: Path, head: str, budget: FuzzBudget):
    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    grader = root / "grader" / "hidden.py"
    grader.write_text(head + grader.read_text())
    ctx = TaskContext(load_task(root), OPTIONS)
    try:
        return _fuzz.fuzz_gate(ctx, budget)
    finally:
        ctx.close()


def test_a_budget_spent_on_setup_is_a_warning_not_a_clean_pass(tmp_path):
    # The grader's import takes longer than the whole budget: the baseline grading spends it.
    result = _fuzz_with(tmp_path, "import time as _t\n_t.sleep(1.0)\n", FuzzBudget(examples=30, seconds=0.5))
    cases = {c.name: c for c in result.cases}
    assert not any(c.status in ("OK", "FINDING") for c in result.cases), cases
    nothing = cases["nothing_tested"]
    assert (nothing.status, nothing.severity) == ("WARNING", "warn"), nothing
    assert "budget was spent" in nothing.detail and "\n" not in nothing.detail
    assert result.status == "warn", result
    assert result.summary.startswith("nothing fuzzed:"), result.summary


def test_a_gate_that_ran_its_kinds_has_no_nothing_tested_case(tmp_path):
    result = _fuzz_with(tmp_path, "", FuzzBudget(examples=30, seconds=8.0))
    assert result.status == "pass", result
    assert "nothing_tested" not in {c.name for c in result.cases}
    assert not result.summary.startswith("nothing fuzzed")


def _detail_with(tmp_path: Path, head: str, seconds: float):
    from artifactbench.gates.leaks import detail_leaks_gate

    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    grader = root / "grader" / "hidden.py"
    grader.write_text(head + grader.read_text())
    options = CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=10.0,
                           fuzz_examples=30, fuzz_seconds=seconds)
    ctx = TaskContext(load_task(root), options)
    try:
        return detail_leaks_gate(ctx)
    finally:
        ctx.close()


def test_detail_leaks_cut_short_by_its_budget_says_so(tmp_path):
    """detail_leaks shares the fuzz budget; when a slow grader spends it, the probes not looked at are
    said, not counted as clean (fix8's gap: "no reference value given away" after one probe of 51)."""
    slow = "import time as _t\n_t.sleep(1.0)\n"
    result = _detail_with(tmp_path, slow, 0.5)
    cases = {c.name: c for c in result.cases}
    unread = cases["details_unread"]
    assert unread.status == "WARNING" and "budget was spent" in unread.detail, unread
    looked = int(unread.detail.split(" of ")[1].split()[0]) - int(unread.detail.split(" of ")[0])
    assert unread.severity == ("info" if looked else "warn"), unread
    assert ("details" in cases) == bool(looked), cases


def test_detail_leaks_within_its_budget_reads_every_probe(tmp_path):
    result = _detail_with(tmp_path, "", 20.0)
    names = {c.name for c in result.cases}
    assert "details_unread" not in names and "details" in names, result
