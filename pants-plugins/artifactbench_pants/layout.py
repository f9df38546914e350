"""The task directory layout the plugin relies on (plain Python, no Pants imports; docs/spec §1)
and the corpus config's place in it (artifactbench.toml, nearest wins)."""
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

# The corpus config (the core's artifactbench.config): the nearest one above a task governs it.
CORPUS_CONFIG = "artifactbench.toml"


def corpus_config_candidates(task_dir: str) -> Tuple[str, ...]:
    """Where the config governing `task_dir` may be: the task dir and each folder above it."""
    parts = [p for p in task_dir.split("/") if p]
    return tuple("/".join([*parts[:i], CORPUS_CONFIG]) for i in range(len(parts), -1, -1))


def nearest_corpus_config(found: Iterable[str]) -> "str | None":
    """The deepest of the existing candidates: nearest wins."""
    files = sorted(found, key=lambda p: (-p.count("/"), p))
    return files[0] if files else None


def under_roots(path: str, roots: Iterable[str]) -> bool:
    """Whether `path` lies under one of `roots` (no roots: anywhere)."""
    cleaned = [r.strip("/") for r in roots]
    if not cleaned:
        return True
    return any(r in ("", ".") or path == r or path.startswith(r + "/") for r in cleaned)


def roots_from_config(text: str) -> Tuple[str, ...]:
    """The `[corpus] roots` of a root artifactbench.toml; () when it has none or is not TOML (the core
    reports a broken config with its file and line when a check reads it)."""
    import toml  # pants: no-infer-dep (Pants' own dependency; tomllib needs Python 3.11)

    try:
        corpus = toml.loads(text).get("corpus", {})
    except toml.TomlDecodeError:
        return ()
    roots = corpus.get("roots", []) if isinstance(corpus, dict) else []
    return tuple(os.path.normpath(r) for r in roots if isinstance(r, str)) if isinstance(roots, list) else ()
