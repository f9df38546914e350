"""End to end through bench_main: built-in agents, a scripted command agent, hostile agents, budgets.

These run unsandboxed (`--sandbox none`): they pin the defences that hold without bubblewrap, and their
agents report through files in tmp_path. test_bench_sandbox.py covers the sandboxed runs.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

import pytest

from artifactbench.bench import read_results
from artifactbench.cli._bench import bench_main

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "bench"
TASKS = FIX / "tasks"
SUM = TASKS / "algorithmic__sum_easy"
SOLVE = FIX / "agents" / "solve.py"
EVIL = FIX / "agents" / "evil.py"
REPO = FIX.parent.parent.parent


def _run(tmp_path: Path, *argv: str, run_id: str = "r") -> tuple[int, list]:
    rc = bench_main([*argv, "--runs-dir", str(tmp_path / "runs"), "--run-id", run_id, "--sandbox", "none"])
    return rc, read_results(tmp_path / "runs" / run_id / "results.jsonl")


def _evil(mode: str, target: Path | str = "") -> str:
    return f"--arm=evil=command:argv={sys.executable} {EVIL} {mode} {target}"


def test_oracle_passes_every_fixture_task_and_says_it_is_a_self_test(tmp_path, capsys) -> None:
    rc, recs = _run(tmp_path, str(TASKS), "--set", "bench-mini", "-j", "2")
    assert rc == 0
    assert "pipeline self-test" in capsys.readouterr().out
    assert sorted((r.instance_id, r.verdict, r.score) for r in recs) == [
        ("algorithmic__sum_easy", "PASS", 1.0), ("data_processing__upper_easy", "PASS", 1.0)]
    art = tmp_path / "runs" / "r" / "artifacts" / "algorithmic__sum_easy" / "oracle" / "1"
    assert (art / "output" / "sum.txt").read_text() == "42\n"
    rec = next(r for r in recs if r.instance_id == "algorithmic__sum_easy")
    assert rec.artifact == "artifacts/algorithmic__sum_easy/oracle/1/output/sum.txt"
    assert (rec.version, rec.max_wall_seconds, rec.budgets_enforced) == (1, 1, False)
    assert rec.turns is None and rec.cost is None and len(rec.task_digest) == 64
    assert rec.started_at.endswith("Z") and rec.harness_version
    assert (tmp_path / "runs" / "r" / "summary.md").is_file()


def test_noop_fails_every_task(tmp_path) -> None:
    rc, recs = _run(tmp_path, str(TASKS), "--agent", "noop", "-j", "2")
    assert rc == 0  # a completed run exits 0 whatever the pass rate
    assert [(r.verdict, r.error_reason, r.artifact) for r in recs] == [("FAIL", None, None)] * 2


def test_scripted_command_agent_solves_in_fresh_scratch_dirs_outside_the_repo(tmp_path) -> None:
    log = tmp_path / "scratch.log"
    arm = (f"--arm=solver=command:argv={sys.executable} {SOLVE} prompt={{prompt_file}} "
           f"scratch={{scratch_dir}} output={{output_artifact}} log={log}")
    rc, recs = _run(tmp_path, str(TASKS), arm, "--runs", "2", "-j", "2")
    assert rc == 0
    assert sorted((r.instance_id, r.run, r.verdict) for r in recs) == [
        ("algorithmic__sum_easy", 1, "PASS"), ("algorithmic__sum_easy", 2, "PASS"),
        ("data_processing__upper_easy", 1, "PASS"), ("data_processing__upper_easy", 2, "PASS")]
    assert {(r.turns, r.tokens, r.cost, r.agent_exit) for r in recs} == {(3, 120, 0.01, 0)}
    scratches = log.read_text().split()
    assert len(set(scratches)) == 4, "a scratch dir is never reused"
    for s in scratches:
        assert not Path(s).resolve().is_relative_to(REPO) and not Path(s).exists()


def test_agent_env_is_scrubbed_of_repository_paths(tmp_path) -> None:
    from artifactbench.bench import AgentRequest, CommandAgent
    from pathlib import PurePosixPath

    agent = CommandAgent("x", ("true",), pass_env=("ARTIFACTBENCH_TEST_TOKEN", "ARTIFACTBENCH_TEST_P"))
    req = AgentRequest("a__b", "p", tmp_path / "p.md", tmp_path / "s", PurePosixPath("o.txt"), 0, 5,
                       False, 5.0, 0.0, tmp_path / "m.json", tmp_path / "h", None, (REPO,))
    old = dict(os.environ)
    try:
        os.environ["PATH"] = f"{REPO}/.venv/bin{os.pathsep}/usr/bin"
        os.environ["ARTIFACTBENCH_TEST_TOKEN"] = "sk-not-a-path"
        os.environ["ARTIFACTBENCH_TEST_P"] = str(REPO / "src")
        os.environ["PYTHONPATH"] = str(REPO / "src")
        env = agent.environment(req)
    finally:
        os.environ.clear()
        os.environ.update(old)
    assert env["PATH"] == "/usr/bin"
    assert env["ARTIFACTBENCH_TEST_TOKEN"] == "sk-not-a-path"
    assert "ARTIFACTBENCH_TEST_P" not in env and "PYTHONPATH" not in env
    assert env["ARTIFACTBENCH_MAX_WALL_SECONDS"] == "5" and env["HOME"] == str(tmp_path / "h")
    assert not any(str(REPO) in v for v in env.values())


@pytest.mark.parametrize(
    ("mode", "target", "reason", "words"),
    [
        pytest.param("link_output", SUM / "grader" / "reference_output.txt", "unsafe_output",
                     "is a symlink", id="output-is-a-symlink-to-the-reference"),
        pytest.param("link_parent", "OUTSIDE", "unsafe_output", "goes through a symlink",
                     id="output-parent-dir-is-a-symlink"),
        pytest.param("link_elsewhere", SUM / "grader" / "hidden.py", "grader_link",
                     "symlink into the grader", id="right-answer-plus-a-link-into-grader"),
    ],
)
def test_symlinked_outputs_fail_and_are_never_followed(tmp_path, mode, target, reason, words) -> None:
    if target == "OUTSIDE":  # a folder holding the right answer, reachable only through the link
        target = tmp_path / "outside"
        target.mkdir()
        (target / "sum.txt").write_text("42\n")
    rc, recs = _run(tmp_path, str(SUM), _evil(mode, target))
    assert rc == 0
    (rec,) = recs
    assert (rec.verdict, rec.error_reason, rec.score) == ("FAIL", reason, 0.0)
    assert words in rec.detail and rec.artifact is None
    stored = tmp_path / "runs" / "r" / "artifacts"
    assert not [p for p in stored.rglob("*") if p.is_file()], "nothing behind a link was copied"


def test_a_forged_verdict_on_stdout_is_not_a_pass(tmp_path) -> None:
    rc, recs = _run(tmp_path, str(SUM), _evil("fake_verdict"))
    (rec,) = recs
    assert (rec.verdict, rec.detail, rec.error_reason) == ("FAIL", "sum is wrong", None)
    assert "PASS" in rec.stdout_tail


def test_an_agent_that_never_exits_fails_with_agent_timeout(tmp_path) -> None:
    rc, recs = _run(tmp_path, str(SUM), _evil("hang"), "--agent-timeout", "1")
    (rec,) = recs
    assert rc == 0
    assert (rec.verdict, rec.error_reason, rec.agent_exit) == ("FAIL", "agent_timeout", None)
    assert rec.agent_wall_s >= 1.0, "the agent ran until its limit"
    assert rec.artifact is None, "a hanging agent produced nothing"


@pytest.mark.parametrize(("enforce", "verdict", "reason"),
                         [pytest.param(True, "FAIL", "budget_exceeded", id="enforced"),
                          pytest.param(False, "PASS", None, id="recorded-only")])
def test_enforce_budgets_stops_a_slow_agent_at_max_wall_seconds(tmp_path, enforce, verdict, reason):
    arm = (f"--arm=slow=command:argv={sys.executable} {SOLVE} prompt={{prompt_file}} "
           f"scratch={{scratch_dir}} output={{output_artifact}} sleep=1.6")
    flags = ["--enforce-budgets"] if enforce else []
    rc, recs = _run(tmp_path, str(SUM), arm, "--agent-timeout", "30", *flags)
    (rec,) = recs
    assert (rec.verdict, rec.error_reason, rec.budgets_enforced) == (verdict, reason, enforce)
    assert rec.max_wall_seconds == 1
    if enforce:
        assert rec.agent_wall_s < 1.6 and "max_wall_seconds=1" in rec.detail


def test_grader_exception_is_an_error_record_and_exit_1(tmp_path) -> None:
    rc, recs = _run(tmp_path, str(FIX / "broken"))
    (rec,) = recs
    assert (rc, rec.verdict, rec.error_reason) == (1, "ERROR", "grader")


@pytest.mark.parametrize("argv", [
    pytest.param(["--arm", "x=nope"], id="unknown-agent"),
    pytest.param(["--set", "no-such-set"], id="unknown-set"),
    pytest.param(["--arm", "x=command"], id="command-without-argv"),
    pytest.param(["--arm", "x=noop", "--arm", "x=oracle"], id="duplicate-arm"),
    pytest.param(["--runs", "0"], id="zero-runs"),
    # (outside attack, session 18: NaN never timed an agent out, and was written to run.json)
    pytest.param(["--agent-timeout", "nan"], id="agent-timeout-nan"),
    pytest.param(["--agent-timeout", "-1"], id="agent-timeout-negative"),
    pytest.param(["--grader-timeout", "nan"], id="grader-timeout-nan"),
    pytest.param(["--grader-timeout", "-5"], id="grader-timeout-negative"),
    pytest.param(["--seed", "-1"], id="seed-negative"),
    pytest.param(["--runs", "10001"], id="too-many-runs"),
])
def test_bad_input_exits_2_before_anything_runs(tmp_path, argv, capsys) -> None:
    rc = bench_main([str(TASKS), *argv, "--runs-dir", str(tmp_path / "runs")])
    assert rc == 2
    err = capsys.readouterr().err
    assert "error" in err and err.count("\n") == 1, err
    assert not (tmp_path / "runs").exists()


def test_agent_sees_only_the_workspace_and_no_repository_path(tmp_path) -> None:
    report = tmp_path / "seen.json"
    rc, recs = _run(tmp_path, str(SUM), _evil("dump", report))
    assert rc == 0 and recs[0].verdict == "FAIL"
    seen = json.loads(report.read_text())
    assert seen["files"] == ["numbers.txt"], "nothing of grader/, task.yaml or prompt.md in scratch"
    cwd = Path(seen["cwd"]).resolve()
    assert not cwd.is_relative_to(REPO.resolve()) and not cwd.is_relative_to(tmp_path / "runs")
    hidden = (str(REPO), str(REPO.resolve()), str(SUM), str(tmp_path / "runs"))
    leaks = {k: v for k, v in seen["env"].items() if any(h in v for h in hidden)}
    assert not leaks, f"repository paths in the agent's environment: {leaks}"
    assert "PYTHONPATH" not in seen["env"] and "VIRTUAL_ENV" not in seen["env"]
    assert not Path(seen["env"]["ARTIFACTBENCH_PROMPT_FILE"]).resolve().is_relative_to(cwd)


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="stray processes are found via /proc")
def test_a_process_left_running_cannot_change_the_graded_snapshot(tmp_path) -> None:
    pidfile = tmp_path / "daemon.pid"
    rc, recs = _run(tmp_path, str(SUM), _evil("daemon", f"{pidfile}|{tempfile.gettempdir()}"))
    (rec,) = recs
    pid = int(pidfile.read_text())
    alive = Path(f"/proc/{pid}").exists() and "zombie" not in Path(f"/proc/{pid}/status").read_text()
    if alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, "a process the agent left behind is killed before the snapshot"
    assert (rec.verdict, rec.detail) == ("FAIL", "sum is wrong")
    art = tmp_path / "runs" / "r" / "artifacts" / "algorithmic__sum_easy" / "evil" / "1"
    assert (art / "output" / "sum.txt").read_text() == "41\n"


def test_garbage_output_and_undecodable_streams_are_recorded(tmp_path) -> None:
    rc, recs = _run(tmp_path, str(TASKS), _evil("garbage"), "-j", "2")
    assert rc == 0
    assert [(r.verdict, r.agent_exit) for r in recs] == [("FAIL", 3)] * 2
    assert all("\ufffd" in r.stdout_tail for r in recs)


def test_a_grader_timeout_on_the_agents_artifact_is_its_fail_not_an_excluded_error(tmp_path) -> None:
    """An agent that stalls the grader (a huge or pathological artifact) must not turn a task it cannot
    solve into an ERROR, which the pass rate leaves out."""
    task = tmp_path / "task"
    shutil.copytree(SUM, task)
    hidden = task / "grader" / "hidden.py"
    hidden.write_text(hidden.read_text().replace(
        '        return GradeResult(False, 0.0, "output artifact not produced")',
        '        import time\n        time.sleep(60)\n        return GradeResult(False, 0.0, "x")'))
    rc, recs = _run(tmp_path, str(task), "--agent", "noop", "--grader-timeout", "2")
    (rec,) = recs
    assert (rec.verdict, rec.error_reason) == ("FAIL", "grader_timeout")


def test_a_path_too_long_for_the_run_dir_is_the_agents_fail_not_a_harness_error(tmp_path) -> None:
    """Outside attack (session 18): a path that fits the scratch dir but not runs/<id>/artifacts/... was an
    ERROR (ENAMETOOLONG), which drops the job from the pass rate."""
    rc, recs = _run(tmp_path, str(SUM), _evil("long_path"))
    (rec,) = recs
    assert (rc, rec.verdict, rec.error_reason, rec.artifact) == (0, "FAIL", "unsafe_output", None), rec.detail
    assert "too long to store in the run dir" in rec.detail
    assert not (tmp_path / "runs" / "r" / "artifacts" / "algorithmic__sum_easy" / "evil" / "1").exists()
