"""discover: find task.yaml files under task dirs or problems roots and load them all."""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from artifactbench._trees import walk_tree
from artifactbench.errors import ManifestError, Problem, SelectionError
from artifactbench.manifest._load import MANIFEST_NAME, inspect_task
from artifactbench.manifest._task import Task

__all__ = ["discover", "discover_with_problems", "find_task_dirs"]

# Inside a task these hold inputs and the hidden grader; a task.yaml there is data, never a task.
_NOT_SEARCHED_IN_TASK = frozenset({"workspace", "grader"})
_NEVER_SEARCHED = frozenset({"__pycache__", "node_modules"})

PathLike = str | os.PathLike[str]


def find_task_dirs(paths: Iterable[PathLike]) -> tuple[Path, ...]:
    """Task directories named by `paths`, in search order, each once.

    A path holding task.yaml (or a task.yaml file itself) is a task dir, and so is any other file given
    (the loader reports it is not a directory); any other directory is searched recursively, skipping hidden dirs and a task's workspace/ and grader/. Raises SelectionError naming
    every path that does not exist.
    """
    given = [Path(p) for p in paths]
    missing = [str(p) for p in given if not p.exists()]
    if missing:
        raise SelectionError(f"no such task directory or problems root: {', '.join(map(repr, missing))}")
    found: list[Path] = []
    seen: set[Path] = set()

    def add(task_dir: Path) -> None:
        key = task_dir.resolve()
        if key not in seen:
            seen.add(key)
            found.append(task_dir)

    for path in given:
        if not path.is_dir():
            # task.yaml names its task; any other file was meant as a task dir and is reported as one.
            add(path.parent if path.name == MANIFEST_NAME else path)
            continue
        # (walk_tree: no recursion, so a chain of folders thousands deep anywhere under a corpus is walked, not
        # a RecursionError that stops every task; outside attack)
        for dirpath, dirnames, filenames in walk_tree(path):
            is_task = MANIFEST_NAME in filenames or MANIFEST_NAME in dirnames  # a folder there is reported
            if is_task:
                add(Path(dirpath))
            dirnames[:] = sorted(
                d for d in dirnames
                if not d.startswith(".")
                and d not in _NEVER_SEARCHED
                and not (is_task and d in _NOT_SEARCHED_IN_TASK)
            )
    return tuple(found)


def _id_line(manifest: Path) -> int | None:
    # Tasks keep no line numbers; the id's line is cheap to find again, and only needed on this error path.
    text = manifest.read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), start=1):
        if re.match(r"instance_id\s*:", line):
            return number
    return None


def _duplicates(tasks: list[Task], spelled: dict[Path, str]) -> tuple[list[Task], list[Problem]]:
    """Split out tasks whose instance_id is not unique; one problem per copy, naming the other paths."""
    by_id: dict[str, list[Task]] = defaultdict(list)
    for task in tasks:
        by_id[task.instance_id].append(task)
    problems = []
    for iid, group in by_id.items():
        if len(group) < 2:
            continue
        for task in group:
            others = ", ".join(spelled[t.manifest_path] for t in group if t is not task)
            problems.append(
                Problem(
                    spelled[task.manifest_path],
                    _id_line(task.manifest_path),
                    "instance_id",
                    iid,
                    f"duplicate instance_id; also declared in {others}",
                    "instance_ids are globally unique: allocate a new slug",
                )
            )
    unique = [t for t in tasks if len(by_id[t.instance_id]) == 1]
    return unique, problems


def discover_with_problems(paths: Iterable[PathLike]) -> tuple[tuple[Task, ...], tuple[Problem, ...]]:
    """Like discover() but never raises for bad manifests: returns the good tasks (sorted by instance_id)
    and the problems of every bad one. Tasks sharing an instance_id are all left out and reported.
    Still raises SelectionError when a path is missing or no task.yaml is found at all."""
    paths = list(paths)
    task_dirs = find_task_dirs(paths)
    if not task_dirs:
        names = ", ".join(repr(str(p)) for p in paths) or "(no paths given)"
        raise SelectionError(f"no {MANIFEST_NAME} found under {names}; pass task dirs or a problems root")
    tasks: list[Task] = []
    problems: list[Problem] = []
    spelled: dict[Path, str] = {}  # manifest_path -> the path as found, to match other problems' spelling
    for task_dir in task_dirs:
        task, found = inspect_task(task_dir)
        problems.extend(found)
        if task is not None:
            tasks.append(task)
            spelled[task.manifest_path] = str(task_dir / MANIFEST_NAME)
    tasks, dup_problems = _duplicates(tasks, spelled)
    problems.extend(dup_problems)
    return tuple(sorted(tasks, key=lambda t: t.instance_id)), tuple(problems)


def discover(paths: Iterable[PathLike]) -> tuple[Task, ...]:
    """Load every task under `paths` (task dirs or roots), sorted by instance_id.

    Raises one ManifestError carrying the problems of every bad manifest and every duplicate
    instance_id; SelectionError when a path is missing or no task.yaml is found.
    """
    tasks, problems = discover_with_problems(paths)
    if problems:
        raise ManifestError(problems)
    return tasks
