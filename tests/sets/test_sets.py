"""Curated sets: reading set files, resolving names, selecting tasks in set order."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

from artifactbench.errors import SelectionError, SetError
from artifactbench.manifest import ExecutionBudget, Task
from artifactbench.sets import find_sets_dir, list_sets, read_set, select

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "sets"
REPO = FIXTURES / "repo"
SETS = REPO / "sets"


def _task(instance_id: str) -> Task:
    root = Path("/nowhere") / instance_id
    return Task(
        root=root,
        manifest_path=root / "task.yaml",
        instance_id=instance_id,
        category=instance_id.split("__")[0],
        difficulty="easy",
        problem_statement=root / "prompt.md",
        workspace_dir=root / "workspace",
        output_artifact=PurePosixPath("out.txt"),
        hidden_grader=root / "grader" / "hidden.py",
        reference_output=root / "grader" / "ref.txt",
        execution_budget=ExecutionBudget(0, 0),
    )


TASKS = tuple(
    _task(i)
    for i in ("enumeration__sudoku_hard", "algorithmic__lru_cache_medium", "data_processing__p95_latency_easy",
              "algorithmic__unused_easy")
)


def test_read_set_strips_comments_blanks_and_whitespace_keeping_order():
    assert read_set(SETS / "seed-v1.txt") == (
        "data_processing__p95_latency_easy",
        "algorithmic__lru_cache_medium",
        "enumeration__sudoku_hard",
    )
    assert read_set(SETS / "empty.txt") == ()


def test_read_set_lists_every_duplicate_with_its_line_numbers():
    with pytest.raises(SetError) as info:
        read_set(FIXTURES / "duplicates.txt")
    lines = str(info.value).splitlines()
    assert lines == [
        f"{FIXTURES / 'duplicates.txt'}:4: instance_id='algorithmic__lru_cache_medium': listed more than once "
        "(lines 1, 4, 6); keep one",
        f"{FIXTURES / 'duplicates.txt'}:5: instance_id='data_processing__p95_latency_easy': listed more than once "
        "(lines 2, 5); keep one",
    ]


def test_read_set_rejects_malformed_ids_with_their_lines():
    with pytest.raises(SetError) as info:
        read_set(FIXTURES / "bad_ids.txt")
    lines = str(info.value).splitlines()
    assert [line.split(": ", 2)[:2] for line in lines] == [
        [f"{FIXTURES / 'bad_ids.txt'}:2", "instance_id='Algorithmic__LRU'"],
        [f"{FIXTURES / 'bad_ids.txt'}:3", "instance_id='data-processing__p95'"],
        [f"{FIXTURES / 'bad_ids.txt'}:4", "instance_id='no_double_underscore'"],
    ]
    assert all("not a valid instance_id" in line for line in lines)


def test_read_set_missing_file_is_a_set_error(tmp_path):
    with pytest.raises(SetError, match="cannot read set file"):
        read_set(tmp_path / "absent.txt")


def test_read_set_never_opens_a_fifo(tmp_path, deadline):
    import os

    os.mkfifo(tmp_path / "hostile.txt")  # read the usual way, it would block until a writer comes
    with pytest.raises(SetError, match="hostile.txt: cannot read set file: is a FIFO"):
        read_set(tmp_path / "hostile.txt")


def test_select_by_name_returns_tasks_in_set_order():
    chosen = select(TASKS, "seed-v1", SETS)
    assert [t.instance_id for t in chosen] == [
        "data_processing__p95_latency_easy", "algorithmic__lru_cache_medium", "enumeration__sudoku_hard"
    ]
    assert select(TASKS, "tiny.txt", SETS) == (TASKS[1],)


def test_select_by_path_needs_no_sets_dir():
    assert [t.instance_id for t in select(TASKS, SETS / "tiny.txt", None)] == ["algorithmic__lru_cache_medium"]
    assert len(select(TASKS, str(SETS / "seed-v1.txt"), None)) == 3


def test_select_lists_every_unknown_id_with_a_did_you_mean():
    with pytest.raises(SetError) as info:
        select(TASKS, "typos", SETS)
    text = str(info.value)
    assert "2 instance_id(s) match no discovered task" in text
    assert "'algorithmic__lru_cache_medum' (did you mean 'algorithmic__lru_cache_medium'?)" in text
    assert "'stateful_reasoning__nothing_like_it'" in text and "'enumeration__nothing_like_it' (" not in text
    assert str(SETS / "typos.txt") in text


def test_select_unknown_set_names_the_available_ones():
    with pytest.raises(SetError) as info:
        select(TASKS, "seed-v2", SETS)
    text = str(info.value)
    assert "set='seed-v2'" in text and "did you mean 'seed-v1'?" in text
    assert "Available sets: empty, seed-v1, tiny, typos." in text
    with pytest.raises(SetError, match="no sets/ directory found"):
        select(TASKS, "seed-v1", None)


def test_select_empty_set_is_a_selection_error():
    with pytest.raises(SelectionError, match="lists no instance_ids"):
        select(TASKS, "empty", SETS)


def test_find_sets_dir_walks_up_from_dirs_and_files(tmp_path):
    assert find_sets_dir(REPO / "problems" / "artifact") == SETS.resolve()
    assert find_sets_dir(REPO / "problems" / "artifact" / "README.txt") == SETS.resolve()
    assert find_sets_dir(REPO) == SETS.resolve()
    (tmp_path / "a" / "b" / "c").mkdir(parents=True)
    (tmp_path / "a" / "b" / "sets").write_text("a file named sets is not a sets folder\n")
    (tmp_path / "a" / "sets").mkdir()
    assert find_sets_dir(tmp_path / "a" / "b" / "c") == (tmp_path / "a" / "sets").resolve()


def test_list_sets_is_sorted_and_tolerates_absence(tmp_path):
    assert list_sets(SETS) == ("empty", "seed-v1", "tiny", "typos")
    assert list_sets(tmp_path / "absent") == ()
    assert list_sets(None) == ()
