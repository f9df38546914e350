"""A run killed mid-way (SIGKILL of the runner process) resumes with nothing lost or duplicated."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

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


SLOW_SECOND = '''import os, sys, time
from pathlib import Path
scratch = Path(os.environ["ARTIFACTBENCH_SCRATCH_DIR"])
out = scratch / os.environ["ARTIFACTBENCH_OUTPUT_ARTIFACT"]
out.parent.mkdir(parents=True, exist_ok=True)
if os.environ["ARTIFACTBENCH_INSTANCE_ID"] == "algorithmic__sum_easy":
    out.write_text(str(sum(int(x) for x in (scratch / "numbers.txt").read_text().split())) + "\\n")
else:
    Path(sys.argv[1]).write_text(str(os.getpid()))
    time.sleep(120)
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals; /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=lambda s: s.name)
def test_a_signal_stops_the_running_agents_at_once_and_keeps_the_records_written(tmp_path, sig, deadline) -> None:
    """Outside attack (session 18): SIGTERM or a first Ctrl-C waited for every running agent to end, up to
    --agent-timeout; the agents in flight are stopped now, and the records written before are kept."""
    agent, pidfile, runs = tmp_path / "slow_second.py", tmp_path / "agent.pid", tmp_path / "runs"
    agent.write_text(SLOW_SECOND)
    argv = [str(FIX / "tasks"), f"--arm=slow=command:argv={sys.executable} {agent} {pidfile}", "--runs-dir",
            str(runs), "--run-id", "sig", "--agent-timeout", "300", "--sandbox", "none"]
    code = f"import sys; from artifactbench.cli._bench import bench_main; sys.exit(bench_main({argv!r}))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), *(p for p in sys.path if p)])}
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        end = time.monotonic() + 45
        # (the agent creates the file, then writes its pid: an empty file is one caught in between; CI flake)
        while not (pidfile.exists() and pidfile.read_text().strip()) and time.monotonic() < end and proc.poll() is None:
            time.sleep(0.05)
        assert pidfile.exists(), "the second agent never started"
        agent_pid = int(pidfile.read_text())
        proc.send_signal(sig)
        t0 = time.monotonic()
        _, err = proc.communicate(timeout=30)
        assert time.monotonic() - t0 < 20, "the runner waited for the agent"
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == (130 if sig == signal.SIGINT else 128 + sig), err
    assert b"Traceback" not in err, err
    status = Path(f"/proc/{agent_pid}/status")
    assert not status.exists() or "zombie" in status.read_text(), "the agent was left running"
    records = read_results(runs / "sig" / "results.jsonl")
    assert [(r.instance_id, r.verdict) for r in records] == [("algorithmic__sum_easy", "PASS")]
