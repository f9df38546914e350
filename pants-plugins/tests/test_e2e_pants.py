"""End-to-end runs of Pants with the plugin in scratch git repos (marker `e2e`: slow, ~20 s per start).

Run with tools/e2e_pants.sh (pytest -m e2e with the machine's python3). pytest.ini deselects the marker by
default, and the Pants target of this file skips it: a Pants sandbox cannot run a nested Pants.
"""
from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e
N = 4


def _harness():
    path = Path(__file__).resolve().parents[2] / "tools" / "bench_pants.py"
    spec = importlib.util.spec_from_file_location("bench_pants", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_pants"] = module  # dataclasses look their module up while the file executes
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def repo():
    h = _harness()
    root = Path(tempfile.mkdtemp(prefix="ab-pants-e2e-"))
    h.make_repo(root, N)
    yield h, root
    h.stop_pantsd(root)
    shutil.rmtree(root, ignore_errors=True)


def test_checks_are_cached_and_one_edit_rechecks_one_task(repo) -> None:
    h, root = repo
    cold = h.pants(root, "test", "::")
    assert (cold.returncode, cold.results, cold.ran) == (0, N, N), cold.output[-2000:]
    warm = h.pants(root, "test", "::")
    assert (warm.returncode, warm.results, warm.ran) == (0, N, 0), warm.output[-2000:]
    (root / h.task_dir(1) / "prompt.md").write_text("Edited.\n")
    one = h.pants(root, "test", "::")
    assert (one.returncode, one.ran) == (0, 1), one.output[-2000:]
    assert f"{h.task_dir(1)}:task_001 succeeded" in one.output


def test_failing_gate_is_named_with_its_case_and_junit_is_written(repo) -> None:
    h, root = repo
    h.write_task(root, 2, content="bad")
    run = h.pants(root, "test", "--test-report", f"{h.task_dir(2)}:")
    assert run.returncode != 0
    assert "x gate positive: FAIL: grader rejected the reference" in run.output
    assert "case reference_output: FAIL" in run.output
    assert list((root / "dist" / "test" / "reports").glob("*task_002*.junit.xml")), run.output[-2000:]
    h.write_task(root, 2)


def test_changed_since_selects_one_task_or_all_when_the_core_changes(repo) -> None:
    h, root = repo
    h.git(root, "add", ".")
    h.git(root, "commit", "-qm", "edits")
    (root / h.task_dir(3) / "workspace" / "input.txt").write_text("still good\n")
    args = ("--changed-since=HEAD", "--changed-dependents=transitive", "list")
    one = h.pants(root, *args)
    assert [l for l in one.output.splitlines() if ":task_" in l] == [f"{h.task_dir(3)}:task_003"], one.output
    with open(root / "checker" / "fake_checker.py", "a") as f:
        f.write("# core edited\n")
    every = h.pants(root, *args)
    assert {l for l in every.output.splitlines() if ":task_" in l} == {f"{h.task_dir(i)}:task_{i:03d}" for i in range(N)}


def test_lint_package_and_tailor(repo) -> None:
    h, root = repo
    lint = h.pants(root, "lint", "::")
    assert lint.returncode == 0 and "artifactbench succeeded" in lint.output, lint.output[-2000:]
    pkg = h.pants(root, "package", f"{h.task_dir(0)}:")
    assert pkg.returncode == 0, pkg.output[-2000:]
    out = root / "dist" / h.task_dir(0).replace("/", ".") / "task_000"
    assert sorted(p.name for p in out.iterdir()) == ["input.txt"]  # the workspace only, no grader
    (root / h.task_dir(0) / "BUILD").unlink()
    (root / h.task_dir(0) / "workspace" / "task.yaml").write_text("not a task\n")
    tailor = h.pants(root, "tailor", "--check", "::")
    assert f"Would create {h.task_dir(0)}/BUILD" in tailor.output
    assert "workspace/BUILD" not in tailor.output, tailor.output
