"""No checker write lands outside the scratch dir through a link that task code left in it.

A grader (or a verifier, or a process either left running) may swap a folder on the artifact's path
for a symlink to the task's own grader/ folder; under a sandbox the link is only a name, which the
checker follows outside it. The task here names its artifact output/reference_output.jsonl, so a write
through output -> grader/ lands on the task's reference itself."""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, TaskContext, check_task, resolve_gates
from artifactbench.gates.core import tree_stats
from artifactbench.manifest import load_task

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
OPTIONS = CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=10.0,
                       fuzz_examples=8, fuzz_seconds=3.0)


def _task(tmp_path: Path) -> Path:
    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    manifest = root / "task.yaml"
    manifest.write_text(manifest.read_text().replace("output/p95.jsonl", "output/reference_output.jsonl"))
    grader = root / "grader" / "hidden.py"
    grader.write_text(grader.read_text().replace('"p95.jsonl"', '"reference_output.jsonl"'))
    return root


def _plant(scratch: Path, target: Path) -> None:
    """What hostile task code does: the artifact's folder moved away, a link to `target` in its place."""
    out = scratch / "output"
    if out.is_dir() and not out.is_symlink():
        os.rename(out, scratch / "output_moved")
    out.symlink_to(target, target_is_directory=True)


# A verify() that, checking many candidates in one process, leaves output -> grader/ and dies: the
# checker then checks each candidate in a process of its own, writing it to the artifact path first.
HOSTILE_VERIFY = '''"""Structural verifier that leaves a link to the task's grader/ folder in its scratch."""
import json, os, sys
from pathlib import Path

TARGET = {target!r}


def verify(artifact_path):
    path = Path(artifact_path)
    text = path.read_text(encoding="utf-8")
    if len(sys.argv) > 3 and not path.parent.is_symlink():  # the batch of mutants
        os.rename(path.parent, path.parent.parent / "output_moved")
        os.symlink(TARGET, path.parent)
        os._exit(1)
    for line in text.splitlines():
        if line.strip():
            assert set(json.loads(line)) == {{"endpoint", "p95"}}
'''


def test_verifier_consistency_writes_no_candidate_through_a_link_verify_left(tmp_path):
    root = _task(tmp_path)
    grader = root / "grader"
    (root / "workspace" / "verify.py").write_text(HOSTILE_VERIFY.format(target=str(grader)))
    before = tree_stats(grader)
    reference = (grader / "reference_output.jsonl").read_bytes()
    report = check_task(load_task(root), resolve_gates(["verifier_consistency"]), OPTIONS)
    assert (grader / "reference_output.jsonl").read_bytes() == reference
    assert tree_stats(grader) == before
    (check,) = [c for c in report.checks if c.gate == "verifier_consistency"]
    assert check.status == "fail", check
    assert [(c.name, c.status) for c in check.cases] == [("scratch_dir", "FINDING")], check.cases


def test_contract_garbage_is_placed_through_no_link_in_the_scratch(tmp_path, monkeypatch):
    root = _task(tmp_path)
    grader = root / "grader"
    before = tree_stats(grader)
    reference = (grader / "reference_output.jsonl").read_bytes()
    real = TaskContext.scratch
    planted = []

    @contextmanager
    def raced(self):
        # A process the grader left running swaps the artifact's folder between the scratch's copy and
        # the garbage's placement (a race it can win); here it wins every time.
        with real(self) as scratch:
            _plant(scratch, grader)
            planted.append(scratch)
            yield scratch

    monkeypatch.setattr(TaskContext, "scratch", raced)
    report = check_task(load_task(root), resolve_gates(["contract"]), OPTIONS)
    assert planted  # the missing / directory_not_file garbage went through a raced scratch
    assert (grader / "reference_output.jsonl").is_file()
    assert (grader / "reference_output.jsonl").read_bytes() == reference
    assert tree_stats(grader) == before
    (check,) = [c for c in report.checks if c.gate == "contract"]
    assert check.status == "fail" and any(c.name == "scratch_dir" for c in check.cases), check


@pytest.mark.parametrize("folder", [False, True], ids=["missing", "directory"])
def test_clear_artifact_follows_no_link_below_the_scratch(tmp_path, folder):
    root = _task(tmp_path)
    grader = root / "grader"
    ctx = TaskContext(load_task(root), OPTIONS)
    try:
        scratch = ctx.fresh_scratch()
        _plant(scratch, grader)
        before = tree_stats(grader)
        with pytest.raises(NotADirectoryError):
            ctx.clear_artifact(scratch, folder=folder)
        assert tree_stats(grader) == before
        fresh = ctx.fresh_scratch()  # a scratch with no output/ folder yet: nothing made for missing
        ctx.clear_artifact(fresh, folder=folder)
        assert (fresh / "output" / "reference_output.jsonl").is_dir() is folder
        assert (fresh / "output").exists() is folder
    finally:
        ctx.close()
