"""A run dir is data `report`, `regrade` and `--resume` validate: hand edits, garbage and a second writer."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from artifactbench.bench import load_results, read_metrics
from artifactbench.cli._bench import bench_main
from artifactbench.cli._main import main

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "bench"
SUM = FIX / "tasks" / "algorithmic__sum_easy"
SOLVE = FIX / "agents" / "solve.py"


def _solver(metrics: Path | None = None) -> str:
    extra = f" metrics_from={metrics}" if metrics is not None else ""
    return (f"--arm=solver=command:argv={sys.executable} {SOLVE} prompt={{prompt_file}} "
            f"scratch={{scratch_dir}} output={{output_artifact}}{extra}")


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory) -> Path:
    """runs/r: one PASS record of the scripted solver on algorithmic__sum_easy."""
    runs = tmp_path_factory.mktemp("made") / "runs"
    assert bench_main([str(SUM), _solver(), "--runs-dir", str(runs), "--run-id", "r"]) == 0
    return runs


def _edit_line(**changes: object) -> Callable[[Path], None]:
    def edit(run: Path) -> None:
        rec = json.loads((run / "results.jsonl").read_text())
        rec.update(changes)
        (run / "results.jsonl").write_text(json.dumps(rec) + "\n")
    return edit


def _replace(name: str, make: Callable[[Path], None]) -> Callable[[Path], None]:
    def edit(run: Path) -> None:
        path = run / name
        shutil.rmtree(path) if path.is_dir() else path.unlink()
        make(path)
    return edit


def _edit_config(**changes: object) -> Callable[[Path], None]:
    def edit(run: Path) -> None:
        config = json.loads((run / "run.json").read_text())
        (run / "run.json").write_text(json.dumps({**config, **changes}))
    return edit


def _twice(run: Path) -> None:
    line = (run / "results.jsonl").read_text()
    (run / "results.jsonl").write_text(line + line)


# case -> (edit of a copy of the finished run, words the one error line holds)
BROKEN: dict[str, tuple[Callable[[Path], None], str]] = {
    "run_json_list": (_replace("run.json", lambda p: p.write_text("[1, 2]\n")),
                      "run.json: run.json must be a JSON object, got list"),
    "run_json_dir": (_replace("run.json", lambda p: p.mkdir()), "run.json: is a directory where the run config"),
    "run_json_fifo": (_replace("run.json", lambda p: os.mkfifo(p)), "is a FIFO, not a regular file"),
    "results_fifo": (_replace("results.jsonl", lambda p: os.mkfifo(p)), "results.jsonl: is not a regular file"),
    "run_json_garbage": (_replace("run.json", lambda p: p.write_bytes(b"\xff\x00{")), "cannot read the run config"),
    "arms_not_list": (lambda run: (run / "run.json").write_text(json.dumps(
        {**json.loads((run / "run.json").read_text()), "arms": "solver"})), "arms='solver': expected a list"),
    "results_dir": (_replace("results.jsonl", lambda p: p.mkdir()), "results.jsonl: is not a regular file"),
    "score_string": (_edit_line(score="1.0"), "results.jsonl:1: score='1.0': expected a number"),
    "run_float": (_edit_line(run=1.5), "results.jsonl:1: run=1.5: expected an integer"),
    "verdict_unknown": (_edit_line(verdict="MAYBE"), "verdict='MAYBE': expected one of PASS, FAIL, ERROR"),
    "turns_bool": (_edit_line(turns=True), "turns=True: expected an integer or null"),
    "budgets_list": (_edit_line(budgets=[0, 0]), "budgets=[0, 0]: expected an object"),
    "arm_missing": (lambda run: (run / "results.jsonl").write_text(json.dumps(
        {k: v for k, v in json.loads((run / "results.jsonl").read_text()).items() if k != "arm"}) + "\n"),
        "results.jsonl:1: arm: required field is missing"),
    "line_not_object": (lambda run: (run / "results.jsonl").write_text("[1, 2]\n" + (run / "results.jsonl")
                                                                        .read_text()),
                        "results.jsonl:1: a run record must be a JSON object, got list"),
    "garbage_line": (lambda run: (run / "results.jsonl").write_bytes(b"\xfe\xff garbage\n" + (
        run / "results.jsonl").read_bytes()), "results.jsonl:1: not a JSON run record"),
    # (outside attack, session 17: a RecursionError traceback from the JSON reader)
    "line_deep": (lambda run: (run / "results.jsonl").write_text("[" * 100_000 + "\n"),
                  "results.jsonl:1: not a JSON run record (nested deeper than a JSON reader goes)"),
    "run_json_deep": (_replace("run.json", lambda p: p.write_text('{"a":' * 100_000)),
                      "run.json: cannot read the run config (nested deeper than a JSON reader goes)"),
    # (values a record's type allows but no run writes; outside attack, session 17)
    "score_huge": (_edit_line(score=1e308), "results.jsonl:1: score=1e+308: expected a number in [0, 1]"),
    "run_zero": (_edit_line(run=0), "results.jsonl:1: run=0: expected an integer of 1 or more"),
    "version_other": (_edit_line(version=2), "results.jsonl:1: version=2: expected 1"),
    "instance_id_path": (_edit_line(instance_id="../../etc"), "instance_id='../../etc': expected a task's instance_id: one line, no path separator"),
    "arm_two_lines": (_edit_line(arm="sol\nver"), "arm='sol\\nver': expected an arm's name"),
    "arm_not_in_run": (_edit_line(arm="ghost"), "arm='ghost': not one run.json lists (solver)"),
    "task_not_in_run": (_edit_line(instance_id="algorithmic__ghost_easy"),
                        "instance_id='algorithmic__ghost_easy': not one run.json lists"),
    "duplicate_job": (_twice, "results.jsonl:2: instance_id='algorithmic__sum_easy', arm='solver', run=1: "
                              "a second record for this job (first on line 1)"),
    # (outside attack, session 18: a run index far past run.json's runs hung `report --html` eating GBs; seed -1
    # was a numpy traceback; a PASS that names a failure's reason was counted as a pass; a 40 GiB sparse
    # results file was a MemoryError)
    "run_past_runs": (_edit_line(run=1_000_000_000), "results.jsonl:1: run=1000000000: expected at most runs=1 "
                                                     "(run.json)"),
    "seed_negative": (_edit_config(seed=-1), "run.json: seed=-1: expected a non-negative integer"),
    # (review: an arm named `../../../r/...` had regrade grade another run's artifact)
    "arm_escapes": (_edit_line(arm="../../../r/artifacts/t/solver"), "results.jsonl:1: arm='../../../r/artifacts/t/solver': "
                                                                      "expected an arm's name"),
    "runs_zero": (_edit_config(runs=0), "run.json: runs=0: expected an integer from 1 to 10000"),
    "agent_timeout_nan": (_edit_config(agent_timeout_s=float("nan")), "run.json: agent_timeout_s=nan: expected a "
                                                                      "positive number"),
    "pass_with_reason": (_edit_line(error_reason="agent_timeout"),
                         "results.jsonl:1: error_reason='agent_timeout': expected null on a PASS record"),
    "results_huge": (lambda run: os.truncate(run / "results.jsonl", 40 * 1024**3),
                     "results.jsonl: is over the 1073741824-byte limit (42949672960 bytes)"),
}


@pytest.mark.parametrize("command", ["report", "regrade"])
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_run_dir_is_one_error_line(case, command, finished_run, tmp_path, capsys, deadline):
    edit, words = BROKEN[case]
    shutil.copytree(finished_run, tmp_path / "runs")
    edit(tmp_path / "runs" / "r")
    assert main([command, "r", "--runs-dir", str(tmp_path / "runs")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("artifactbench: error: "), err
    assert words in err, err


@pytest.mark.parametrize("field,value,read_as", [("cost", "NaN", None), ("wall_s", "Infinity", 0.0),
                                                 ("score", "NaN", 1.0), ("turns", "-Infinity", None)])
def test_a_non_finite_metric_is_ignored_with_a_note_and_keeps_the_verdict(field, value, read_as, finished_run,
                                                                          tmp_path, capsys):
    shutil.copytree(finished_run, tmp_path / "runs")
    results = tmp_path / "runs" / "r" / "results.jsonl"
    rec = json.loads(results.read_text())
    results.write_text(json.dumps(rec).replace(f'"{field}": {json.dumps(rec[field])}', f'"{field}": {value}')
                       + "\n")
    loaded = load_results(results)
    assert [getattr(r, field) for r in loaded.records] == [read_as]
    assert main(["report", "r", "--runs-dir", str(tmp_path / "runs"), "--json"]) == 0
    out, err = capsys.readouterr()
    assert f"{field}={float(value)!r} is not a finite number; ignored" in err
    overall = json.loads(out)["overall"][0]
    assert (overall["pass"], overall["fail"]) == (1, 0)


def test_non_finite_agent_metrics_never_turn_a_correct_answer_into_a_fail(tmp_path):
    runs = tmp_path / "runs"
    metrics = tmp_path / "m.json"
    metrics.write_text('{"turns": Infinity, "tokens": NaN, "cost": -1, "code_runs": 1e999}')
    # Unsandboxed: the agent copies a metrics file from tmp_path.
    assert bench_main([str(SUM), _solver(metrics), "--runs-dir", str(runs), "--run-id", "m", "--sandbox", "none"]) == 0
    (rec,) = load_results(runs / "m" / "results.jsonl").records
    assert (rec.verdict, rec.turns, rec.tokens, rec.cost, rec.code_runs) == ("PASS", None, None, None, None)
    assert rec.stderr_tail.count("artifactbench: note: metric ") == 4
    assert read_metrics(metrics, "") == {}


def test_a_snapshot_that_is_not_a_folder_is_an_error_record_not_a_crash(finished_run, tmp_path, capsys):
    shutil.copytree(finished_run, tmp_path / "runs")
    snapshot = tmp_path / "runs" / "r" / "artifacts" / "algorithmic__sum_easy" / "solver" / "1"
    shutil.rmtree(snapshot)
    os.mkfifo(snapshot)  # never opened: a FIFO where the snapshot folder belongs
    assert main(["regrade", "r", "--runs-dir", str(tmp_path / "runs")]) == 1
    (rec,) = load_results(tmp_path / "runs" / "r" / "results.regrade-1.jsonl").records
    assert (rec.verdict, rec.error_reason) == ("ERROR", "harness") and "must be a folder" in rec.detail


def test_a_second_process_resuming_the_run_gets_a_clear_error(finished_run, tmp_path, capsys):
    shutil.copytree(finished_run, tmp_path / "runs")
    run = tmp_path / "runs" / "r"
    holder = ("import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDONLY); "
              "fcntl.flock(fd, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(60)")
    proc = subprocess.Popen([sys.executable, "-c", holder, str(run)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"
        before = (run / "results.jsonl").read_bytes()
        assert bench_main(["--resume", "r", "--runs-dir", str(tmp_path / "runs")]) == 2
        assert main(["regrade", "r", "--runs-dir", str(tmp_path / "runs")]) == 2
        err = capsys.readouterr().err
        assert err.count("is being written by another process") == 2, err
        assert (run / "results.jsonl").read_bytes() == before and not list(run.glob("results.regrade-*"))
    finally:
        proc.kill()
        proc.wait()
    assert bench_main(["--resume", "r", "--runs-dir", str(tmp_path / "runs")]) == 0  # the lock is gone with it


def test_a_lock_holder_that_is_going_away_is_waited_for(finished_run, tmp_path):
    """CI flake (session 36): a resume right after the bench's SIGKILL found the lock still held by a child
    caught between fork and exec (in a session of its own, so the kill missed it) and refused the run."""
    shutil.copytree(finished_run, tmp_path / "runs")
    run = tmp_path / "runs" / "r"
    holder = ("import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDONLY); "
              "fcntl.flock(fd, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(0.5)")
    proc = subprocess.Popen([sys.executable, "-c", holder, str(run)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"
        assert bench_main(["--resume", "r", "--runs-dir", str(tmp_path / "runs")]) == 0
    finally:
        proc.kill()
        proc.wait()


def test_a_folder_where_the_summary_belongs_is_one_error_line(finished_run, tmp_path, capsys, deadline):
    """Outside attack (session 17): `report` died with IsADirectoryError renaming its temp file."""
    shutil.copytree(finished_run, tmp_path / "runs")
    summary = tmp_path / "runs" / "r" / "summary.md"
    summary.unlink(missing_ok=True)
    summary.mkdir()
    assert main(["report", "r", "--runs-dir", str(tmp_path / "runs")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "summary.md: is a directory" in err, err


@pytest.mark.parametrize("field,value,read_as", [("tokens", -1, None), ("wall_s", -2.5, 0.0)])
def test_a_negative_metric_is_ignored_with_a_note(field, value, read_as, finished_run, tmp_path, capsys):
    """Outside attack (session 17): `tokens: -1` and a negative `wall_s` were summarized as they stood."""
    shutil.copytree(finished_run, tmp_path / "runs")
    results = tmp_path / "runs" / "r" / "results.jsonl"
    rec = json.loads(results.read_text())
    rec[field] = value
    results.write_text(json.dumps(rec) + "\n")
    loaded = load_results(results)
    assert [getattr(r, field) for r in loaded.records] == [read_as]
    assert any(f"{field}={value!r} is negative; ignored" in note for note in loaded.notes), loaded.notes


def _stored(run: Path) -> Path:
    return run / "artifacts" / "algorithmic__sum_easy" / "solver" / "1"


def _link_output(run: Path, outside: Path) -> None:
    (_stored(run) / "output" / "sum.txt").unlink()
    (_stored(run) / "output" / "sum.txt").symlink_to(SUM / "grader" / "reference_output.txt")


def _link_folder(name: str) -> Callable[[Path, Path], None]:
    """The folder `name` of the stored snapshot's path moved outside the run dir (holding the right answer)
    and a link left in its place."""
    def edit(run: Path, outside: Path) -> None:
        folder = {"artifacts": run / "artifacts", "arm": _stored(run).parent, "run": _stored(run)}[name]
        shutil.move(folder, outside / name)
        folder.symlink_to(outside / name)
    return edit


@pytest.mark.parametrize("edit", [_link_output, _link_folder("artifacts"), _link_folder("arm"), _link_folder("run")],
                         ids=["output-file", "artifacts-folder", "arm-folder", "run-folder"])
def test_regrade_never_grades_a_stored_artifact_through_a_link(edit, finished_run, tmp_path, capsys):
    """Outside attack (session 18): a wrong answer in the run dir replaced by a link to the task's reference
    (or a linked `artifacts/` or arm folder holding it) turned FAIL into PASS on regrade."""
    shutil.copytree(finished_run, tmp_path / "runs")
    run = tmp_path / "runs" / "r"
    (_stored(run) / "output" / "sum.txt").write_text("41\n")  # the agent's answer, wrong
    assert main(["report", "r", "--runs-dir", str(tmp_path / "runs")]) == 0
    (tmp_path / "outside").mkdir()
    edit(run, tmp_path / "outside")
    for sub in ("artifacts", "arm", "run"):  # the right answer wherever a link leads
        for answer in (tmp_path / "outside").glob(f"{sub}/**/sum.txt"):
            answer.write_text("42\n")
    assert main(["regrade", "r", "--runs-dir", str(tmp_path / "runs")]) == 0
    (rec,) = load_results(run / "results.regrade-1.jsonl").records
    assert (rec.verdict, rec.error_reason) == ("FAIL", "unsafe_output"), rec.detail
    assert "symlink" in rec.detail and "not graded" in rec.detail and "\n" not in rec.detail


def test_regrade_grades_a_grader_timeout_again(finished_run, tmp_path, capsys):
    """A grader timeout reached the grader: regrade (on a quieter machine, or with a longer limit) grades it."""
    shutil.copytree(finished_run, tmp_path / "runs")
    _edit_line(verdict="FAIL", score=0.0, error_reason="grader_timeout")(tmp_path / "runs" / "r")
    assert main(["regrade", "r", "--runs-dir", str(tmp_path / "runs"), "--grader-timeout", "60"]) == 0
    (rec,) = load_results(tmp_path / "runs" / "r" / "results.regrade-1.jsonl").records
    assert (rec.verdict, rec.error_reason) == ("PASS", None)


@pytest.mark.parametrize("value", ["-1", "0", "nan", "inf"])
def test_regrade_refuses_a_grader_timeout_that_is_not_a_positive_number(value, finished_run, tmp_path, capsys):
    shutil.copytree(finished_run, tmp_path / "runs")
    assert main(["regrade", "r", "--runs-dir", str(tmp_path / "runs"), "--grader-timeout", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--grader-timeout=" in err and "expected a positive number" in err, err
    assert not list((tmp_path / "runs" / "r").glob("results.regrade-*"))


def test_a_category_with_control_characters_is_escaped_in_the_table_and_summary(finished_run, tmp_path, capsys):
    shutil.copytree(finished_run, tmp_path / "runs")
    _edit_line(category="\x1b[31mX|Y", difficulty="e\x07asy")(tmp_path / "runs" / "r")
    assert main(["report", "r", "--runs-dir", str(tmp_path / "runs")]) == 0
    out = capsys.readouterr().out
    md = (tmp_path / "runs" / "r" / "summary.md").read_text()
    assert "\x1b" not in out and "\x1b" not in md and "\\x1b[31mX" in out, out
    assert "\\x1b[31mX\\|Y" in md, md  # (a pipe would split the Markdown table's row)


@pytest.mark.parametrize("edit,words", [
    pytest.param(_twice, "results.jsonl:2: instance_id='algorithmic__sum_easy', arm='solver', run=1: a second "
                 "record for this job", id="duplicate-job"),
    pytest.param(_edit_line(arm="ghost"), "results.jsonl:1: arm='ghost': not one run.json lists", id="unknown-arm"),
    pytest.param(_edit_line(run=1_000_000_000), "results.jsonl:1: run=1000000000: expected at most runs=1",
                 id="run-past-runs"),
])
def test_resume_checks_the_records_as_report_does(edit, words, finished_run, tmp_path, capsys, deadline):
    """Outside attack (session 18): --resume took duplicate records and records of unknown arms as they stood."""
    shutil.copytree(finished_run, tmp_path / "runs")
    edit(tmp_path / "runs" / "r")
    before = (tmp_path / "runs" / "r" / "results.jsonl").read_bytes()
    assert bench_main(["--resume", "r", "--runs-dir", str(tmp_path / "runs")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("artifactbench: error: ") and words in err, err
    assert (tmp_path / "runs" / "r" / "results.jsonl").read_bytes() == before


def test_resume_of_a_copied_run_dir_refuses_to_write_into_the_original(finished_run, tmp_path, capsys):
    """Outside attack (session 18): `--resume copy` resumed the run its run.json names, writing into that folder."""
    shutil.copytree(finished_run, tmp_path / "runs")
    run = tmp_path / "runs" / "r"
    (run / "results.jsonl").write_text("")  # the job is still to do
    shutil.copytree(run, tmp_path / "runs" / "r-copy")
    assert bench_main(["--resume", "r-copy", "--runs-dir", str(tmp_path / "runs")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "run_id='r' names another run than the folder 'r-copy'" in err, err
    assert (run / "results.jsonl").read_text() == "" == (tmp_path / "runs" / "r-copy" / "results.jsonl").read_text()
