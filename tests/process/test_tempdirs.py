"""A checker killed with SIGKILL cannot remove its temp dirs; the next run does, and touches nothing else."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from artifactbench._tempdirs import RUN_PREFIX, sweep_stale

SRC = Path(__file__).resolve().parents[2] / "src"
GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
HOLD = ("import sys, time\nfrom artifactbench.workspace import new_scratch_dir\n"
        "d = new_scratch_dir('ab-case-x-'); (d / 'f').write_text('x'); print(d, flush=True); time.sleep(120)\n")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="flock and SIGKILL semantics")


def _env(tmp: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(SRC), "TMPDIR": str(tmp)}


def _holder(tmp: Path) -> tuple[subprocess.Popen, Path]:
    proc = subprocess.Popen([sys.executable, "-c", HOLD], env=_env(tmp), stdout=subprocess.PIPE, text=True)
    return proc, Path(proc.stdout.readline().strip())


def test_a_run_killed_by_sigkill_is_swept_by_the_next_and_a_live_one_is_not(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    dead, dead_dir = _holder(tmp)
    live, live_dir = _holder(tmp)
    try:
        dead.kill()
        dead.wait()
        assert dead_dir.is_dir() and dead_dir.parent.name.startswith(f"{RUN_PREFIX}{dead.pid}-")
        (tmp / "mine-not-yours").mkdir()  # not our name: never touched
        (tmp / f"{RUN_PREFIX}link").symlink_to(tmp / "mine-not-yours", target_is_directory=True)
        swept = sweep_stale(tmp)
        assert swept == [dead_dir.parent.name]
        assert not dead_dir.parent.exists()
        assert (live_dir / "f").read_text() == "x", "a live run's folder was removed"
        assert (tmp / "mine-not-yours").is_dir() and (tmp / f"{RUN_PREFIX}link").is_symlink()
    finally:
        live.kill()
        live.wait()
    assert sweep_stale(tmp) == [live_dir.parent.name]


def test_a_run_folder_whose_lock_was_never_made_is_left_while_young(tmp_path):
    young = tmp_path / f"{RUN_PREFIX}1-young"
    young.mkdir()
    assert sweep_stale(tmp_path) == []
    old = time.time() - 3600
    os.utime(young, (old, old))
    assert sweep_stale(tmp_path) == [young.name]


def test_check_killed_by_sigkill_leaves_nothing_once_the_next_check_ran(tmp_path):
    """Attack row 53: the temp dirs of a SIGKILLed `check` are gone after the next run."""
    root = tmp_path / "hang"
    shutil.copytree(GOOD, root)
    hidden = root / "grader" / "hidden.py"
    hidden.write_text(hidden.read_text().replace("def grade(scratch_dir):\n",
                                                 "def grade(scratch_dir):\n    time.sleep(120)\n", 1))
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    checker = subprocess.Popen([sys.executable, "-m", "artifactbench", "check", str(root), "--gates", "positive",
                                "--grader-timeout", "120", "--quiet"], env=_env(tmp),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):  # until a grader home exists: the check is mid-grade
            if any(p.name.startswith("artifactbench-home-") for p in tmp.glob(f"{RUN_PREFIX}*/*")):
                break
            time.sleep(0.1)
        else:
            pytest.fail("the check never started grading")
    finally:
        checker.send_signal(signal.SIGKILL)
        checker.wait()
    assert [p.name for p in tmp.iterdir()] != []  # SIGKILL: nothing could clean up
    done = subprocess.run([sys.executable, "-m", "artifactbench", "check", str(GOOD), "--gates", "manifest,positive",
                           "--quiet"], env=_env(tmp), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp.iterdir()) == []
