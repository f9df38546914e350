"""SIGTERM, SIGHUP and Ctrl-C (SIGINT) shut a running `check` down in order: it exits 128 + the signal
number, and leaves no temp dir and no grader process behind."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
SRC = Path(__file__).resolve().parents[2] / "src"


def _hanging_task(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    shutil.copytree(GOOD, root)
    hidden = root / "grader" / "hidden.py"
    hidden.write_text(hidden.read_text().replace("def grade(scratch_dir):\n",
                                                 "def grade(scratch_dir):\n    time.sleep(120)\n"))
    manifest = root / "task.yaml"
    manifest.write_text(manifest.read_text().replace("__chk_good", f"__chk_{name}", 1))
    return root


def _holding(marker: str, checker: int) -> list[psutil.Process]:
    """Every process but the checker whose command line names `marker` (the grader's)."""
    found = []
    for proc in psutil.process_iter(["cmdline"]):
        try:
            if proc.pid != checker and any(marker in part for part in proc.info["cmdline"] or ()):
                if proc.status() != psutil.STATUS_ZOMBIE:
                    found.append(proc)
        except psutil.Error:
            continue
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals; /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=lambda s: s.name)
def test_a_signal_mid_check_cleans_up_and_exits_128_plus_signum(tmp_path, sig):
    root = _hanging_task(tmp_path, f"sig_{sig.name.lower()}")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "PYTHONPATH": str(SRC), "TMPDIR": str(tmp)}
    checker = subprocess.Popen([sys.executable, "-m", "artifactbench", "check", str(root), "--grader-timeout", "120",
                                "--quiet"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    marker = str(root / "grader")
    try:
        for _ in range(600):  # until the grader is running (slow under load)
            if _holding(marker, checker.pid) and any(tmp.iterdir()):
                break
            time.sleep(0.1)
        assert _holding(marker, checker.pid), "the grader never started"
        time.sleep(0.5)  # let the grader server fork the case that hangs
        checker.send_signal(sig)
        _, err = checker.communicate(timeout=60)
        assert checker.returncode == 128 + sig, err
        assert b"interrupted" in err and b"Traceback" not in err, err
        assert sorted(p.name for p in tmp.iterdir()) == []
        for _ in range(50):
            if not _holding(marker, checker.pid):
                break
            time.sleep(0.1)
        assert _holding(marker, checker.pid) == []
    finally:
        checker.kill()
        checker.wait()
        for proc in _holding(marker, checker.pid):
            proc.kill()
