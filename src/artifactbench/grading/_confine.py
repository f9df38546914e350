"""The grader's sandbox: the graded dir, its own task's grader folder, the harness's imports; no more."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from artifactbench._sandbox import Bind, Sandbox, find_bwrap, runtime_binds

if TYPE_CHECKING:
    from artifactbench.manifest._task import Task

__all__ = ["AGENT_CODE_ENV", "GradingSandbox", "grader_binds", "grading_sandbox", "import_binds"]

# Tells run_agent_code, in the grader's process, whether agent code gets a nested sandbox.
AGENT_CODE_ENV = "ARTIFACTBENCH_AGENT_CODE_SANDBOX"
GradingSandbox = Literal["bwrap", "none"]


def _related(entry: str, root: str) -> bool:
    """True when `entry` is `root`, inside it, or one of its parents (it would expose the task)."""
    return entry == root or entry.startswith(root + os.sep) or root.startswith(entry.rstrip(os.sep) + os.sep)


def import_binds(path_entries: list[str], task_root: Path) -> tuple[Bind, ...]:
    """Read-only binds of the harness's import path, leaving out anything that would expose a task
    or a repository: an entry that is the task dir, inside it, above it, or a repository's root."""
    root = os.path.realpath(task_root)
    out = []
    for entry in path_entries:
        real = os.path.realpath(entry)
        if not os.path.isdir(real) or _related(real, root) or os.path.exists(os.path.join(real, ".git")):
            continue
        if real.startswith("/usr/") or real == "/usr":
            continue  # already part of the runtime
        out.append(Bind(real))
    return tuple(out)


def grader_binds(task: Task, path_entries: list[str] | None = None) -> tuple[Bind, ...]:
    """What every grader sandbox holds, read-only: the runtime, the harness's imports (`path_entries`,
    default the harness path), the grader's folder and the reference output."""
    if path_entries is None:
        from artifactbench.grading._outcome import harness_path

        path_entries = harness_path().split(os.pathsep)
    grader_dir = os.path.dirname(os.path.realpath(task.hidden_grader))
    ref = os.path.realpath(task.reference_output)
    extra = () if ref.startswith(grader_dir + os.sep) else (Bind(ref),)
    return (*runtime_binds(), *import_binds(path_entries, task.root), Bind(grader_dir), *extra)


def grading_sandbox(task: Task, graded: Path, home: str, path_entries: list[str]) -> Sandbox:
    """No network, the graded dir and HOME read-write, the grader's folder read-only."""
    binds = (*grader_binds(task, path_entries), Bind(str(graded), writable=True), Bind(home, writable=True))
    # keep_caps: the grader starts agent code in a nested sandbox (run_agent_code), which needs them.
    return Sandbox(binds, bwrap=find_bwrap() or "bwrap", keep_caps=True)
