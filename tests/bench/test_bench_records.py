"""Every record carries every field the issue lists, with its type; records are on disk once written."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from artifactbench.bench import RunRecord, read_results
from artifactbench.bench._progress import Progress, make_progress
from artifactbench.bench._store import ResultsWriter
from artifactbench.cli._bench import bench_main

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "bench"
NUM, STR, OPT_STR = (int, float), (str,), (str, type(None))
# The list: run_id ... harness version, plus the schema version and the agent's stream tails.
RECORD_FIELDS: dict[str, tuple[type, ...]] = {
    "version": (int,), "run_id": STR, "instance_id": STR, "category": STR, "difficulty": STR,
    "arm": STR, "agent": STR, "run": (int,), "started_at": STR, "ended_at": STR, "wall_s": NUM,
    "agent_wall_s": NUM, "grade_s": NUM, "agent_exit": (int, type(None)), "verdict": STR,
    "score": NUM, "detail": STR, "error_reason": OPT_STR, "budgets": (dict,),
    "turns": (int, type(None)), "tokens": (int, type(None)), "cost": (*NUM, type(None)),
    "code_runs": (int, type(None)), "task_digest": STR, "workspace_digest": STR,
    "artifact": OPT_STR, "harness_version": STR, "stdout_tail": STR, "stderr_tail": STR,
    # Issue 11: built-in agents' metrics and transcript (null / empty for other agents).
    "input_tokens": (int, type(None)), "output_tokens": (int, type(None)), "tool_calls": (dict,),
    "transcript": OPT_STR,
}
BUDGET_FIELDS = {"max_code_runs": (int,), "max_wall_seconds": (int,), "enforced": (bool,)}


def test_every_record_has_every_field_with_its_type(tmp_path) -> None:
    runs = tmp_path / "runs"
    solve = (f"--arm=solver=command:argv={sys.executable} {FIX / 'agents' / 'solve.py'} "
             "prompt={prompt_file} scratch={scratch_dir} output={output_artifact}")
    argv = [str(FIX / "tasks"), str(FIX / "broken"), "--arm", "base=noop", solve,
            "--runs-dir", str(runs), "--run-id", "keys", "-j", "2"]
    assert bench_main(argv) == 1  # the broken task's grader raises: ERROR records, exit 1
    lines = (runs / "keys" / "results.jsonl").read_text().splitlines()
    assert len(lines) == 6
    verdicts = set()
    for line in lines:
        rec = json.loads(line)
        assert set(rec) == set(RECORD_FIELDS), set(rec) ^ set(RECORD_FIELDS)
        for key, types in RECORD_FIELDS.items():
            assert isinstance(rec[key], types) and not (bool in types) ^ isinstance(rec[key], bool), (
                key, rec[key])
        assert set(rec["budgets"]) == set(BUDGET_FIELDS)
        for key, types in BUDGET_FIELDS.items():
            assert isinstance(rec["budgets"][key], types), (key, rec["budgets"][key])
        assert rec["verdict"] in ("PASS", "FAIL", "ERROR") and 0.0 <= rec["score"] <= 1.0
        assert rec["started_at"] <= rec["ended_at"] and len(rec["task_digest"]) == 64
        verdicts.add(rec["verdict"])
    assert verdicts == {"PASS", "FAIL", "ERROR"}
    solved = [json.loads(x) for x in lines if json.loads(x)["arm"] == "solver"
              and json.loads(x)["verdict"] == "PASS"]
    assert {(r["turns"], r["tokens"], r["cost"]) for r in solved} == {(3, 120, 0.01)}


def _record(**changes: object) -> RunRecord:
    data = {"run_id": "r", "instance_id": "a__b", "category": "algorithmic", "difficulty": "easy",
            "arm": "x", "agent": "noop", "run": 1, "started_at": "t", "ended_at": "t", "wall_s": 0.5,
            "agent_wall_s": 0.0, "grade_s": 0.0, "agent_exit": 0, "verdict": "FAIL", "score": 0.0,
            "detail": "", "error_reason": None, "budgets": {}, "turns": None, "tokens": None,
            "cost": None, "code_runs": None, "task_digest": "", "workspace_digest": "",
            "artifact": None, "harness_version": "0"}
    return RunRecord.from_json({**data, **changes})


def test_a_record_is_on_disk_as_soon_as_it_is_written(tmp_path) -> None:
    rec = _record()
    path = tmp_path / "results.jsonl"
    with ResultsWriter(path) as writer:
        writer.write(rec)
        assert read_results(path) == [rec], "readable before the writer is closed"
        writer.write(rec)
        assert len(read_results(path)) == 2


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_without_rich_falls_back_to_plain_lines_with_counts_and_eta(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # import rich -> ImportError
    stream = _Tty()
    progress = make_progress(stream)
    assert type(progress) is Progress
    progress.start(2)
    rec = _record(verdict="PASS", score=1.0)
    progress.advance(rec)
    progress.close()
    out = stream.getvalue().splitlines()
    assert out[0] == "running 2 job(s)"
    assert out[1].startswith("[1/2] PASS  a__b arm=x run=1 0.50s  eta 0:00:0")


def test_progress_off_a_terminal_is_plain_lines() -> None:
    assert type(make_progress(io.StringIO())) is Progress


def test_pristine_dir_is_handed_over_only_to_the_last_job_of_a_task(tmp_path) -> None:
    import shutil

    from artifactbench.bench._pristine import PristineCache
    from artifactbench.manifest import load_task

    task = load_task(FIX / "tasks" / "algorithmic__sum_easy")
    cache = PristineCache({task.instance_id: 3})
    pristine = cache.get(task).path
    cache.release(task)  # a job that stopped before grading
    first = cache.checkout(task)
    assert first != pristine and (first / "numbers.txt").read_bytes() == (pristine / "numbers.txt").read_bytes()
    (first / "numbers.txt").write_text("tampered by a grader run\n")
    last = cache.checkout(task)
    assert last == pristine, "the last job grades in the pristine dir itself: no copy"
    assert (last / "numbers.txt").read_text() != "tampered by a grader run\n"
    shutil.rmtree(first)
    shutil.rmtree(last)
    cache.cleanup()
    # Without expected counts (regrade) every checkout is a copy and the cache keeps its dir.
    plain = PristineCache()
    copy = plain.checkout(task)
    assert copy != plain.get(task).path and plain.get(task).path.is_dir()
    shutil.rmtree(copy)
    plain.cleanup()


def test_a_job_still_copying_the_pristine_dir_keeps_it_from_being_handed_over(tmp_path, monkeypatch) -> None:
    """Two jobs of one task grade at the same time: the second must not get the pristine dir (and write its
    artifact there) while the first is still copying it, or the first grades the second's artifact."""
    import shutil

    from artifactbench.bench import _pristine
    from artifactbench.manifest import load_task

    task = load_task(FIX / "tasks" / "algorithmic__sum_easy")
    cache = _pristine.PristineCache({task.instance_id: 2})
    pristine = cache.get(task).path
    real_copy = _pristine.copy_tree
    second: list = []
    started: list = []

    def copy_while_the_other_job_grades(src, dst):
        if not started:  # the other job reaches its checkout in the middle of this copy
            started.append(True)
            second.append(cache.checkout(task))
            (second[0] / "answer.txt").write_text("the other job's artifact\n")
        real_copy(src, dst)

    monkeypatch.setattr(_pristine, "copy_tree", copy_while_the_other_job_grades)
    first = cache.checkout(task)
    assert not (first / "answer.txt").exists(), "a grade dir received another job's artifact"
    assert second[0] != pristine, "the pristine dir was handed over while a job was still copying it"
    shutil.rmtree(first)
    shutil.rmtree(second[0])
    cache.cleanup()
