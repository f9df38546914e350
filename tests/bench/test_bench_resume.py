"""A run killed mid-way (SIGKILL of the runner process) resumes with nothing lost or duplicated."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from artifactbench.bench import read_results
from artifactbench.cli._bench import bench_main

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "bench"
SRC = FIX.parent.parent.parent / "src"
SOLVE = FIX / "agents" / "solve.py"


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def test_killed_run_resumes_without_loss_or_duplicates(tmp_path) -> None:
    runs = tmp_path / "runs"
    arm = (f"--arm=slow=command:argv={sys.executable} {SOLVE} prompt={{prompt_file}} "
           f"scratch={{scratch_dir}} output={{output_artifact}} sleep=0.3")
    argv = [str(FIX / "tasks"), arm, "--runs", "3", "--runs-dir", str(runs), "--run-id", "crash"]
    code = f"import sys; from artifactbench.cli._bench import bench_main; sys.exit(bench_main({argv!r}))"
    # The child imports exactly what this process can (also inside a Pants sandbox).
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), *(p for p in sys.path if p)])}
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = runs / "crash" / "results.jsonl"
    deadline = time.monotonic() + 60
    while _lines(results) < 2 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    before = read_results(results)
    assert 2 <= len(before) < 6, "killed mid-way"
    # A crash in the middle of a write leaves a torn last line: it must be tolerated and repaired.
    with open(results, "ab") as fh:
        fh.write(b'{"version": 1, "run_id": "crash", "instance_id": "algo')
    assert read_results(results) == before

    assert bench_main(["--resume", "crash", "--runs-dir", str(runs), "-j", "2"]) == 0
    after = read_results(results)
    keys = [r.key for r in after]
    assert len(keys) == len(set(keys)) == 6
    assert set(keys) == {(t, "slow", k) for t in ("algorithmic__sum_easy", "data_processing__upper_easy")
                         for k in (1, 2, 3)}
    assert after[: len(before)] == before, "records already present are kept, not redone"
    assert all(r.verdict == "PASS" for r in after)
    for line in results.read_text().splitlines():
        json.loads(line)  # the torn line is gone: every line parses
    config = json.loads((runs / "crash" / "run.json").read_text())
    assert config["runs"] == 3 and [a["name"] for a in config["arms"]] == ["slow"]


def test_resume_of_unknown_run_is_bad_input(tmp_path, capsys) -> None:
    assert bench_main(["--resume", "nope", "--runs-dir", str(tmp_path)]) == 2
    assert "run.json" in capsys.readouterr().err


def test_a_new_run_never_reuses_an_existing_run_dir(tmp_path) -> None:
    argv = [str(FIX / "tasks" / "algorithmic__sum_easy"), "--agent", "noop",
            "--runs-dir", str(tmp_path), "--run-id", "same"]
    assert bench_main(argv) == 0
    assert bench_main(argv) == 2
    assert len(read_results(tmp_path / "same" / "results.jsonl")) == 1
