"""TaskContext: what every gate of one task shares (one materialization, one grader session)."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from artifactbench.errors import ArtifactBenchError, MaterializeError
from artifactbench.manifest import Task


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """Budgets for the child processes the gates start."""

    grader_timeout_s: float = 60.0
    generator_timeout_s: float = 120.0
    verifier_timeout_s: float = 30.0
    fuzz_examples: int = 60
    fuzz_seconds: float = 10.0
    cancel: threading.Event = field(default_factory=threading.Event, compare=False)


class Cancelled(Exception):
    """The run was interrupted; gates stop between cases."""


class TaskContext:
    """Shared state of one task's gates; not thread-safe (one thread checks one task).

    - `pristine()` materializes the workspace ONCE and returns it (later calls reuse it; a failure is
      remembered and raised again as the same MaterializeError).
    - `fresh_scratch()` / `scratch()` give a private pristine copy (workspace.copy_tree).
    - `grade(scratch_dir)` grades through one lazily started grading.GraderSession.
    - `close()` stops the session and removes every directory this context created.
    """

    def __init__(self, task: Task, options: CheckOptions | None = None) -> None:
        self.task = task
        self.options = options or CheckOptions()
        self._materialized = None
        self._materialize_error: ArtifactBenchError | None = None
        self._session = None
        self._dirs: list[Path] = []

    @property
    def materialize_failed(self) -> bool:
        return self._materialize_error is not None

    def check_cancelled(self) -> None:
        if self.options.cancel.is_set():
            raise Cancelled()

    def pristine(self):  # -> workspace.Materialized
        """The task's materialized workspace (do not modify it: copy with fresh_scratch())."""
        if self._materialize_error is not None:
            raise self._materialize_error
        if self._materialized is None:
            from artifactbench.workspace import materialize, new_scratch_dir

            dest = new_scratch_dir(f"ab-pristine-{self.task.instance_id}-")
            self._dirs.append(dest)
            try:
                self._materialized = materialize(
                    self.task, dest, generator_timeout_s=self.options.generator_timeout_s)
            except ArtifactBenchError as exc:
                self._materialize_error = exc
                raise
            except OSError as exc:
                self._materialize_error = MaterializeError(f"{self.task.instance_id}: {exc}")
                raise self._materialize_error from exc
        return self._materialized

    def fresh_scratch(self) -> Path:
        """A new pristine copy of the workspace, removed by close()."""
        from artifactbench.workspace import copy_tree, new_scratch_dir

        source = self.pristine().scratch_dir
        holder = new_scratch_dir(f"ab-case-{self.task.instance_id}-")
        self._dirs.append(holder)
        dest = holder / "scratch"
        copy_tree(source, dest)
        return dest

    @contextmanager
    def scratch(self) -> Iterator[Path]:
        """A pristine copy removed as soon as the block ends (keeps disk use flat across cases)."""
        path = self.fresh_scratch()
        try:
            yield path
        finally:
            holder = path.parent
            shutil.rmtree(holder, ignore_errors=True)
            if holder in self._dirs:
                self._dirs.remove(holder)

    def place_reference(self, scratch_dir: Path, text: str | None = None) -> Path:
        """Write the reference output (or `text`, byte-exact) at output_artifact inside scratch_dir."""
        target = scratch_dir.joinpath(*self.task.output_artifact.parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        if text is None:
            shutil.copyfile(self.task.reference_output, target)
        else:
            target.write_bytes(text.encode("utf-8", "surrogateescape"))
        return target

    def grade(self, scratch_dir: Path):  # -> grading.GradeOutcome
        """Grade scratch_dir with the task's grader session (started on first use)."""
        if self._session is None:
            from artifactbench.grading import GraderSession

            session = GraderSession(self.task, timeout_s=self.options.grader_timeout_s)
            session.__enter__()
            self._session = session
        return self._session.grade(scratch_dir)

    def close(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            session.__exit__(None, None, None)
        for path in self._dirs:
            shutil.rmtree(path, ignore_errors=True)
        self._dirs.clear()
