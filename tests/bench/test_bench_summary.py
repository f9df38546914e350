"""Summaries (numbers and rendering), `report` re-rendering and `regrade` of stored artifacts."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from artifactbench.bench import RunRecord, read_results, render_markdown, render_text, summarize
from artifactbench.cli._bench import bench_main

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "bench"


def _rec(iid: str, arm: str, run: int, verdict: str, *, cat: str = "algorithmic", cost=None,
         turns=None, wall: float = 1.0) -> RunRecord:
    return RunRecord(
        run_id="s", instance_id=iid, category=cat, difficulty="easy", arm=arm, agent=arm, run=run,
        started_at="t", ended_at="t", wall_s=wall, agent_wall_s=wall, grade_s=0.0, agent_exit=0,
        verdict=verdict, score=1.0 if verdict == "PASS" else 0.0, detail="", error_reason=(  # type: ignore[arg-type]
            "grader" if verdict == "ERROR" else None), max_code_runs=0, max_wall_seconds=0,
        budgets_enforced=False, turns=turns, tokens=None, cost=cost, code_runs=None,
        task_digest="d", workspace_digest="w", artifact=None, harness_version="0")


def _two_arm_records() -> list[RunRecord]:
    # Pairs (task, run): a passes 4, b passes 2; discordant: a-only on t1,t2,t3; b-only on t4.
    a = [_rec("t1", "a", 1, "PASS", cost=1.0, turns=4), _rec("t2", "a", 1, "PASS", cost=2.0, turns=4),
         _rec("t3", "a", 1, "PASS", cost=1.0, turns=2), _rec("t4", "a", 1, "FAIL", cost=1.0, turns=2),
         _rec("t5", "a", 1, "PASS", cat="enumeration", cost=1.0, turns=2),
         _rec("t6", "a", 1, "ERROR", cat="enumeration")]
    b = [_rec("t1", "b", 1, "FAIL", cost=0.5, turns=2), _rec("t2", "b", 1, "FAIL", cost=1.0, turns=2),
         _rec("t3", "b", 1, "FAIL", cost=0.5, turns=1), _rec("t4", "b", 1, "PASS", cost=0.5, turns=1),
         _rec("t5", "b", 1, "PASS", cat="enumeration", cost=0.5, turns=1),
         _rec("t6", "b", 1, "PASS", cat="enumeration", cost=0.5, turns=1)]
    return a + b


def test_summary_numbers_and_paired_comparison() -> None:
    doc = summarize(_two_arm_records(), ["a", "b"], run_id="s", seed=0)
    overall = {o["arm"]: o for o in doc["overall"]}
    # ERROR is infrastructure: out of the pass rate (a: 4 of 5 graded), counted on its own.
    assert (overall["a"]["pass"], overall["a"]["fail"], overall["a"]["error"]) == (4, 1, 1)
    assert overall["a"]["pass_rate"] == pytest.approx(0.8)
    assert overall["b"]["pass_rate"] == pytest.approx(3 / 6)
    assert overall["a"]["total_cost"] == pytest.approx(6.0)
    algo_b = next(g for g in doc["groups"] if g["category"] == "algorithmic" and g["arm"] == "b")
    assert (algo_b["n"], algo_b["pass"], algo_b["mean_turns"]) == (4, 1, 1.5)
    comp = doc["comparison"]
    assert comp["pairs"] == 5  # t6 has an ERROR on one side: not a pair
    m = comp["mcnemar"]
    assert (m["both_pass"], m["b"], m["c"], m["both_fail"]) == (1, 3, 1, 0)
    assert m["p_value"] == pytest.approx(2 * (1 + 4) / 16)
    cost = comp["deltas"]["cost"]
    assert cost["n"] == 5 and cost["mean_delta"] == pytest.approx(-0.6)
    assert cost["low"] <= -0.6 <= cost["high"]
    assert json.loads(json.dumps(doc)) == doc and doc["version"] == 1


def test_no_comparison_unless_exactly_two_arms() -> None:
    recs = _two_arm_records()
    assert summarize([r for r in recs if r.arm == "a"], ["a"], run_id="s")["comparison"] is None
    three = recs + [_rec("t1", "c", 1, "PASS")]
    assert summarize(three, ["a", "b", "c"], run_id="s")["comparison"] is None


def test_rendering_shows_the_table_and_comparison() -> None:
    doc = summarize(_two_arm_records(), ["a", "b"], run_id="s")
    text = render_text(doc)
    assert "OVERALL" in text and "80%" in text and "p = 0.625" in text
    md = render_markdown(doc)
    assert md.startswith("## artifactbench run `s`")
    assert "| **OVERALL** | **a** | 4 | 1 | 1 | 80% |" in md
    assert "### Paired comparison: b vs a on 5 (task, run) pairs" in md
    assert "cost delta (b - a): mean -0.6" in md


def _copy_tasks(tmp_path: Path) -> Path:
    dest = tmp_path / "tasks"
    shutil.copytree(FIX / "tasks", dest)
    return dest


def test_report_rerenders_the_summary_from_results(tmp_path, capsys) -> None:
    runs = tmp_path / "runs"
    assert bench_main([str(FIX / "tasks"), "--arms", "oracle,noop", "--runs-dir", str(runs),
                       "--run-id", "rep", "-j", "2"]) == 0
    md = (runs / "rep" / "summary.md").read_text()
    summary = json.loads((runs / "rep" / "summary.json").read_text())
    (runs / "rep" / "summary.md").unlink()
    (runs / "rep" / "summary.json").unlink()
    capsys.readouterr()
    assert bench_main(["report", "rep", "--runs-dir", str(runs)]) == 0
    assert (runs / "rep" / "summary.md").read_text() == md
    assert json.loads((runs / "rep" / "summary.json").read_text()) == summary
    assert "Paired comparison: noop vs oracle on 2" in capsys.readouterr().out
    assert bench_main(["report", "missing", "--runs-dir", str(runs)]) == 2


def test_regrade_uses_stored_artifacts_and_the_current_grader(tmp_path) -> None:
    tasks, runs = _copy_tasks(tmp_path), tmp_path / "runs"
    count = tmp_path / "agent-calls.log"
    arm = (f"--arm=solver=command:argv={sys.executable} {FIX / 'agents' / 'solve.py'} "
           f"prompt={{prompt_file}} scratch={{scratch_dir}} output={{output_artifact}} log={count}")
    assert bench_main([str(tasks), arm, "--runs-dir", str(runs), "--run-id", "rg"]) == 0
    original = (runs / "rg" / "results.jsonl").read_bytes()
    calls = count.read_text()

    assert bench_main(["regrade", "rg", "--runs-dir", str(runs)]) == 0
    first = read_results(runs / "rg" / "results.regrade-1.jsonl")
    assert sorted((r.instance_id, r.verdict) for r in first) == [
        ("algorithmic__sum_easy", "PASS"), ("data_processing__upper_easy", "PASS")]

    # The grader of one task becomes stricter; regrading must reflect it without re-running agents.
    hidden = tasks / "algorithmic__sum_easy" / "grader" / "hidden.py"
    hidden.write_text(hidden.read_text().replace('return GradeResult(True, 1.0, "sum is right")',
                                                 'return GradeResult(False, 0.0, "now stricter")'))
    assert bench_main(["regrade", "rg", "--runs-dir", str(runs), "-j", "2"]) == 0
    second = {r.instance_id: r for r in read_results(runs / "rg" / "results.regrade-2.jsonl")}
    assert (second["algorithmic__sum_easy"].verdict, second["algorithmic__sum_easy"].detail) == (
        "FAIL", "now stricter")
    assert second["data_processing__upper_easy"].verdict == "PASS"
    before = {r.instance_id: r.task_digest for r in first}
    assert second["algorithmic__sum_easy"].task_digest != before["algorithmic__sum_easy"]
    assert count.read_text() == calls, "regrade never runs an agent"
    assert (runs / "rg" / "results.jsonl").read_bytes() == original
    assert (runs / "rg" / "summary.regrade-2.md").is_file()


def test_comparison_in_relative_terms_overall_and_per_task() -> None:
    doc = summarize(_two_arm_records(), ["a", "b"], run_id="s", seed=0)
    comp = doc["comparison"]
    # b spent half of a's turns and cost on every pair: -50% with a point interval.
    for metric in ("turns", "cost"):
        r = comp["ratios"][metric]
        assert (r["n"], r["ratio"], r["pct_change"], r["pct_low"], r["pct_high"]) == (5, 0.5, -50.0, -50.0, -50.0)
    assert comp["ratios"]["tokens"] is None  # not reported by either arm
    assert comp["ratios"]["agent_wall_s"]["pct_change"] == 0.0
    diff = comp["pass_rate_diff"]
    assert (diff["n"], diff["rate_a"], diff["rate_b"]) == (5, 0.8, 0.4)
    assert diff["diff"] == pytest.approx(-0.4) and diff["low"] <= -0.4 <= diff["high"]
    tasks = {t["instance_id"]: t for t in comp["per_task"]}
    assert sorted(tasks) == ["t1", "t2", "t3", "t4", "t5"]  # t6: ERROR on one side, no pair
    t4 = tasks["t4"]
    assert (t4["pairs"], t4["mcnemar"]["c"], t4["pass_rate_diff"]["diff"]) == (1, 1, 1.0)
    assert t4["pass_rate_diff"]["low"] is None  # one pair: no interval
    assert t4["ratios"]["cost"]["ratio"] == 0.5
    assert summarize(_two_arm_records(), ["a", "b"], run_id="s", seed=0) == doc  # seeded
    text, md = render_text(doc), render_markdown(doc)
    assert "turns (b relative to a): -50.0% [-50.0%, -50.0%]" in text
    assert "#### Per task (B relative to A, % change [95% CI])" in md
    assert "| t4 | 1 | 0 | 1 | 1 | +100% | -50.0% | -50.0% | +0.0% |" in md
