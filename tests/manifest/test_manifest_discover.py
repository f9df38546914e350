"""discover() and discover_with_problems() over task dirs and problems roots built in tmp_path."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from artifactbench._trees import remove_tree
from artifactbench.errors import ManifestError, SelectionError
from artifactbench.manifest import discover, discover_with_problems

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "manifest"


def _place(root: Path, rel: str, fixture: str, instance_id: str | None = None) -> Path:
    """Copy a fixture task to root/rel, optionally rewriting its instance_id (and category to match)."""
    dest = root / rel
    shutil.copytree(FIXTURES / fixture, dest)
    if instance_id is not None:
        manifest = dest / "task.yaml"
        text = manifest.read_text()
        old_id = next(l for l in text.splitlines() if l.startswith("instance_id:"))
        old_cat = next(l for l in text.splitlines() if l.startswith("category:"))
        text = text.replace(old_id, f"instance_id: {instance_id}")
        text = text.replace(old_cat, f"category: {instance_id.split('__')[0]}")
        manifest.write_text(text)
    return dest


def test_root_is_searched_recursively_and_sorted_by_instance_id(tmp_path):
    _place(tmp_path, "artifact/enumeration/zeta", "good_minimal", "enumeration__zeta")
    _place(tmp_path, "artifact/algorithmic/alpha", "good_minimal", "algorithmic__alpha")
    _place(tmp_path, "artifact/data_processing/p95", "good_canonical")
    tasks = discover([tmp_path])
    assert [t.instance_id for t in tasks] == [
        "algorithmic__alpha", "data_processing__p95_latency_easy", "enumeration__zeta"
    ]


def test_task_dirs_and_overlapping_roots_yield_each_task_once(tmp_path):
    task = _place(tmp_path, "a/t1", "good_minimal")
    tasks = discover([tmp_path, task, task / "task.yaml", str(task)])
    assert [t.instance_id for t in tasks] == ["algorithmic__minimal_easy"]


def test_two_bad_manifests_are_both_reported(tmp_path):
    _place(tmp_path, "x/bool", "bool_budget")
    _place(tmp_path, "y/typo", "unknown_key_typo")
    _place(tmp_path, "z/good", "good_minimal")
    with pytest.raises(ManifestError) as info:
        discover([tmp_path])
    reported = {(Path(p.file).parent.name, p.field) for p in info.value.problems}
    assert reported == {("bool", "execution_budget.max_code_runs"), ("typo", "structral_verifier")}
    tasks, problems = discover_with_problems([tmp_path])
    assert [t.instance_id for t in tasks] == ["algorithmic__minimal_easy"]
    assert len(problems) == 2


def test_duplicate_instance_ids_across_a_root_name_both_paths(tmp_path):
    first = _place(tmp_path, "one/dup", "good_minimal")
    second = _place(tmp_path, "two/dup", "good_minimal")
    _place(tmp_path, "three/other", "good_canonical")
    with pytest.raises(ManifestError) as info:
        discover([tmp_path])
    problems = info.value.problems
    first_yaml, second_yaml = str(first / "task.yaml"), str(second / "task.yaml")
    assert sorted(p.file for p in problems) == [first_yaml, second_yaml]
    for problem in problems:
        assert (problem.field, problem.value, problem.line) == ("instance_id", "algorithmic__minimal_easy", 1)
        assert "duplicate instance_id" in problem.message
        other = second_yaml if problem.file == first_yaml else first_yaml
        assert f"also declared in {other}" in problem.message
    tasks, _ = discover_with_problems([tmp_path])
    assert [t.instance_id for t in tasks] == ["data_processing__p95_latency_easy"]


def test_workspace_grader_and_hidden_dirs_are_not_searched(tmp_path):
    task = _place(tmp_path, "cat/task", "good_canonical")
    # A bad manifest as data inside workspace/ and grader/, and one in a hidden dir: none is a task.
    for sub in ("workspace/nested", "grader/nested", ".cache/nested"):
        shutil.copytree(FIXTURES / "bool_budget", task / sub)
    shutil.copytree(FIXTURES / "bool_budget", tmp_path / ".hidden" / "t")
    assert [t.instance_id for t in discover([tmp_path])] == ["data_processing__p95_latency_easy"]


def test_workspace_named_dirs_outside_tasks_are_searched(tmp_path):
    # Only a task's own workspace/ is data; a root folder that happens to be called workspace is not.
    _place(tmp_path, "workspace/t", "good_minimal")
    assert [t.instance_id for t in discover([tmp_path])] == ["algorithmic__minimal_easy"]


def test_zero_tasks_is_a_selection_error_naming_the_paths(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(SelectionError, match="no task.yaml found under") as info:
        discover([tmp_path / "empty"])
    assert str(tmp_path / "empty") in str(info.value)
    with pytest.raises(SelectionError):
        discover_with_problems([tmp_path / "empty"])


def test_missing_path_is_a_selection_error(tmp_path):
    with pytest.raises(SelectionError, match="no such task directory") as info:
        discover([tmp_path / "nope"])
    assert str(tmp_path / "nope") in str(info.value)


def test_a_folder_chain_thousands_deep_is_walked(tmp_path):
    # (outside attack: os.walk recursed past the interpreter's limit on a 1000-deep `notes/d/d/...` beside the tasks,
    # a traceback that stopped every task)
    root = tmp_path / "problems" / "artifact"
    shutil.copytree(Path(__file__).parents[1] / "fixtures" / "foreign" / "gauge_levels_keyed", root / "t1")
    deep = root / "notes"
    deep.mkdir(parents=True)
    here = os.getcwd()
    os.chdir(deep)
    try:
        for _ in range(1200):
            os.mkdir("d")
            os.chdir("d")
        os.chdir(here)
        assert [t.instance_id for t in discover([root])] == ["data_processing__gauge_levels_keyed"]
    finally:
        os.chdir(here)
        remove_tree(deep)  # (pytest's own clean-up of old temp dirs recurses, and would meet it later)
