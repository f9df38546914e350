"""run_agent_code: agent code run by a grader sees the graded dir, never the grader's folder."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from artifactbench.grading import grade, run_agent_code
from artifactbench.manifest import load_task

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
FIX = Path(__file__).resolve().parent.parent / "fixtures" / "bench" / "tasks" / "algorithmic__sum_easy"

PROBE = ("import json, os, sys\n"
         "print(json.dumps({'grader': os.path.exists(sys.argv[1]), 'proc': os.path.exists('/proc/1'),\n"
         "                  'scratch': sorted(os.listdir(sys.argv[2]))}))\n")


@pytest.mark.parametrize(("mode", "sandboxed"), [("bwrap", True), ("none", False)])
def test_agent_code_sees_scratch_but_not_the_grader(tmp_path, monkeypatch, mode, sandboxed) -> None:
    monkeypatch.setenv("ARTIFACTBENCH_AGENT_CODE_SANDBOX", mode)
    (tmp_path / "answer.txt").write_text("1")
    grader = FIX / "grader" / "hidden.py"
    run = run_agent_code([sys.executable, "-c", PROBE, str(grader), str(tmp_path)], tmp_path, timeout_s=30)
    assert run.returncode == 0 and run.sandboxed is sandboxed, run.stderr
    seen = json.loads(run.stdout)
    assert seen["scratch"] == ["answer.txt"]
    assert (seen["grader"], seen["proc"]) == ((False, False) if sandboxed else (True, True))


def test_agent_code_cannot_write_into_the_graded_dir(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ARTIFACTBENCH_AGENT_CODE_SANDBOX", "bwrap")
    code = f"open({str(tmp_path / 'forged')!r}, 'w').write('x')"
    run = run_agent_code([sys.executable, "-c", code], tmp_path, timeout_s=30)
    assert run.returncode != 0 and not (tmp_path / "forged").exists()


def test_a_sandboxed_grader_sees_its_grader_folder_and_not_other_tasks(tmp_path) -> None:
    task_dir = tmp_path / "task"
    shutil.copytree(FIX, task_dir)
    other = tmp_path / "other_task_secret.txt"
    other.write_text("secret")
    (task_dir / "grader" / "hidden.py").write_text(
        "import os\nfrom pathlib import Path\nfrom dataclasses import dataclass\n@dataclass\nclass R:\n"
        "    passed: bool\n    score: float\n    detail: str\n"
        "def grade(scratch_dir: Path) -> R:\n"
        f"    seen = (os.path.exists({str(other)!r}), Path(__file__).with_name('reference_output.txt')"
        ".is_file(), (Path(scratch_dir) / 'numbers.txt').is_file())\n"
        "    return R(seen == (False, True, True), 1.0, repr(seen))\n")
    graded = tmp_path / "graded"
    graded.mkdir()
    (graded / "numbers.txt").write_text("1 2")
    outcome = grade(load_task(task_dir), graded, timeout_s=60, sandbox="bwrap")
    assert outcome.ok and outcome.passed, (outcome.error, outcome.result)
