"""Per-task state shared by a run's jobs: one pristine materialization and the task's digest."""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from pathlib import Path

from artifactbench._trees import remove_tree
from artifactbench.manifest import Task
from artifactbench.workspace import copy_tree, materialize, new_scratch_dir, tree_files

__all__ = ["Pristine", "PristineCache", "task_digest"]


def task_digest(task: Task) -> str:
    """Digest of every file of the task dir (manifest, prompt, workspace, grader), caches excluded."""
    digest = hashlib.sha256()
    for rel, sha in sorted(tree_files(task.root).items()):
        if "__pycache__" not in rel.split("/"):
            digest.update(f"{rel}\0{sha}\n".encode())
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class Pristine:
    """A task's materialized workspace, never handed to an agent: jobs get copies of it."""

    path: Path
    workspace_digest: str
    task_digest: str


class PristineCache:
    """Materializes each task at most once per run (generators can be slow); thread safe.

    A failure is cached too, so every job of a broken task reports the same ERROR quickly.
    With `expect`ed job counts, the last job of a task to grade is handed the pristine dir itself
    (`checkout`) instead of a copy: one whole-workspace copy less per task, the common one-run case.
    """

    def __init__(self, expected: dict[str, int] | None = None) -> None:
        self._lock = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}
        self._done: dict[str, Pristine | Exception] = {}
        # Jobs per task that may still copy from the pristine dir (each calls checkout or release).
        self._left: dict[str, int] = dict(expected or {})

    def release(self, task: Task) -> None:
        """A job of `task` that will not call checkout (it stopped before grading)."""
        with self._lock:
            if self._left.get(task.instance_id, 0) > 0:
                self._left[task.instance_id] -= 1

    def checkout(self, task: Task) -> Path:
        """A pristine workspace the caller owns and must remove: the cached dir itself when no other
        job of the task can still need it, else a fresh copy. Counts as the caller's release."""
        pristine = self.get(task)
        with self._lock:
            if self._left.get(task.instance_id, 0) == 1:  # every other job has copied: nobody reads it again
                self._left[task.instance_id] = 0
                self._done[task.instance_id] = RuntimeError(f"{task.instance_id}: pristine handed over")
                return pristine.path
        dest = new_scratch_dir("ab-grade-")
        try:
            copy_tree(pristine.path, dest)
        finally:
            # Counted out only once the copy is complete: a job counted out while still copying would let
            # another job take the pristine dir over and write its artifact into what is being copied.
            self.release(task)
        return dest

    def get(self, task: Task) -> Pristine:
        with self._lock:
            lock = self._locks.setdefault(task.instance_id, threading.Lock())
        with lock:
            if task.instance_id not in self._done:
                try:
                    m = materialize(task)
                    self._done[task.instance_id] = Pristine(m.scratch_dir, m.digest, task_digest(task))
                except Exception as exc:  # noqa: BLE001 - reported on the records as ERROR
                    self._done[task.instance_id] = exc
            value = self._done[task.instance_id]
        if isinstance(value, Exception):
            raise value
        return value

    def cleanup(self) -> None:
        with self._lock:
            for value in self._done.values():
                if isinstance(value, Pristine):
                    remove_tree(value.path)
            self._done.clear()
