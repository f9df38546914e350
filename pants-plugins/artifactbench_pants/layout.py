"""The task directory layout the plugin relies on (plain Python, no Pants imports; docs/spec §1)."""
from __future__ import annotations

import os
from typing import Iterable, Tuple

# Everything a task's checks read: the manifest, the prompt, the agent's inputs, the hidden grader.
TASK_FILES = ("task.yaml", "prompt.md", "workspace/**", "grader/**")
_NOT_TASK_DIRS = ("workspace", "grader")


def is_task_manifest(path: str) -> bool:
    """A task.yaml is a task's manifest unless it sits inside some task's workspace/ or grader/."""
    parts = path.split("/")
    return parts[-1] == "task.yaml" and not any(p in _NOT_TASK_DIRS for p in parts[:-1])


def grader_python_files(task_dir: str, files: Iterable[str]) -> Tuple[str, ...]:
    """The grader's Python files among a task's files (repo-relative paths)."""
    prefix = f"{task_dir}/grader/" if task_dir else "grader/"
    return tuple(f for f in files if f.startswith(prefix) and f.endswith(".py"))


def grader_local_modules(task_dir: str, grader_files: Iterable[str]) -> Tuple[str, ...]:
    """Top-level module names the grader directory provides itself (helper.py, pkg/...)."""
    root = f"{task_dir}/grader" if task_dir else "grader"
    names = set()
    for path in grader_files:
        first = os.path.relpath(path, root).split("/")[0]
        names.add(first[:-3] if first.endswith(".py") else first)
    return tuple(sorted(names))
