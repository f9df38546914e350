"""The job's last stages: snapshot the agent's output into the run dir, then grade a pristine copy."""

from __future__ import annotations

import errno
import os
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

from artifactbench._sandbox import Sandbox
from artifactbench._trees import remove_tree
from artifactbench.bench._isolate import tree_bytes
from artifactbench.bench._isolation import Unsafe, find_grader_links, snapshot_output
from artifactbench.bench._pristine import task_digest
from artifactbench.bench._records import RunRecord
from artifactbench.grading import grade
from artifactbench.manifest import Task
from artifactbench.workspace import copy_tree, new_scratch_dir

__all__ = ["Graded", "Stop", "grade_snapshot", "snapshot"]


class Stop(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Ends a job early on `verdict` with `reason` (an ERROR_REASONS key) and `detail`."""

    def __init__(self, verdict: str, reason: str, detail: str, agent_wall_s: float | None = None):
        super().__init__(detail)
        self.verdict, self.reason, self.detail, self.agent_wall_s = verdict, reason, detail, agent_wall_s

    def apply(self, rec: RunRecord) -> RunRecord:
        rec = replace(rec, verdict=self.verdict, error_reason=self.reason,  # type: ignore[arg-type]
                      detail=self.detail[:500])
        return rec if self.agent_wall_s is None else replace(rec, agent_wall_s=round(self.agent_wall_s, 4))


@dataclass(frozen=True, slots=True)
class Graded:
    """A grader's verdict on one snapshot; `reason` is set for an ERROR."""

    verdict: str
    score: float
    detail: str
    reason: str | None
    seconds: float


def _size_check(task: Task, scratch: Path, sandbox: Sandbox | None) -> None:
    """A scratch dir over the sandbox's disk limit is refused before anything is copied."""
    cap = sandbox.limits.scratch_bytes if sandbox is not None else 0
    if cap > 0 and (used := tree_bytes(scratch)) > cap:
        raise Stop("FAIL", "resource_limit",
                   f"scratch dir holds {used} bytes, over the sandbox's scratch_bytes={cap}; not copied")
    art = scratch / task.output_artifact
    limit = sandbox.limits.file_size_bytes if sandbox is not None else 0
    used = 0 if art.is_symlink() else tree_bytes(art) if art.is_dir() else art.stat().st_size \
        if art.is_file() else 0
    if limit > 0 and used > limit:
        raise Stop("FAIL", "resource_limit",
                   f"output artifact holds {used} bytes, over file_size_bytes={limit}; not copied")


def snapshot(task: Task, scratch: Path, artifact_dir: Path, run_dir: Path, sandbox: Sandbox | None
             ) -> str | None:
    """Copy the agent's output into `artifact_dir`; its path relative to `run_dir`, None if absent.

    Raises Stop(FAIL) for unsafe output (symlinks, links into the grader) or output over the limits.
    """
    if artifact_dir.exists():  # a job redone after a crash starts clean
        remove_tree(artifact_dir)
    try:
        _size_check(task, scratch, sandbox)
        artifact_dir.mkdir(parents=True)
        produced = snapshot_output(scratch, task.output_artifact, artifact_dir)
        find_grader_links(scratch, (task.grader_dir, task.reference_output, task.manifest_path))
    except Unsafe as exc:
        remove_tree(artifact_dir)
        raise Stop("FAIL", exc.reason, exc.detail) from None
    except (OSError, RecursionError) as exc:
        # What the agent left cannot be read as a tree (a path over the system's length limit, nesting
        # deeper than a walk goes): its output, not the harness, fails; an ERROR would leave the job out of
        # the pass rate (outside attack, session 17). A write of ours that fails is still the harness's.
        remove_tree(artifact_dir)
        name = str(getattr(exc, "filename", "") or "")
        if isinstance(exc, RecursionError) or name.startswith(str(scratch)):
            raise Stop("FAIL", "unsafe_output", f"the scratch dir cannot be read as a tree: {exc}"[:500]) from None
        if getattr(exc, "errno", None) == errno.ENAMETOOLONG and name.startswith(
                str(artifact_dir / task.output_artifact) + os.sep):
            # A path the agent made inside its output fits its scratch dir but not the run dir: its output
            # cannot be stored, which is its failure, not the harness's (outside attack: an ERROR, out of
            # the pass rate). The declared output path itself too long is still the harness's.
            rel = name[len(str(artifact_dir)) + 1:]
            raise Stop("FAIL", "unsafe_output", f"output holds a path too long to store in the run dir "
                       f"({len(rel)} characters under the snapshot): {rel[:120]!r}...") from None
        raise
    return str((artifact_dir / task.output_artifact).relative_to(run_dir)) if produced else None


def grade_snapshot(task: Task, pristine: Path | None, artifact_dir: Path, timeout_s: float, *,
                   owned: Path | None = None, sandbox: str | None = None,
                   expect_digest: str | None = None) -> Graded:
    """Grade a pristine copy of the workspace holding the snapshot.

    The copy is made of `pristine`, or is `owned`: a pristine dir the caller hands over (removed here).
    The agent's own scratch dir is never graded, so nothing it left running can change the result.
    With `expect_digest`, the task's files are hashed again first: a task changed since the run
    started (e.g. a rewritten grader) is an ERROR, never graded. `sandbox` is passed to grade().
    """
    grade_dir = owned or new_scratch_dir("ab-grade-")
    try:
        if expect_digest is not None and task_digest(task) != expect_digest:
            return Graded("ERROR", 0.0, f"{task.root}: the task's files changed since the run started "
                          "(task_digest differs); not graded", "task_changed", 0.0)
        if owned is None:
            assert pristine is not None
            copy_tree(pristine, grade_dir)
        if artifact_dir.is_dir():
            shutil.copytree(artifact_dir, grade_dir, dirs_exist_ok=True, symlinks=True)
        outcome = grade(task, grade_dir, timeout_s=timeout_s, sandbox=sandbox)  # type: ignore[arg-type]
    finally:
        remove_tree(grade_dir)
    if outcome.error_kind == "timeout":
        # The task's checks prove the grader grades the reference in time: a timeout on this artifact is
        # the artifact's doing, and an ERROR would drop it from the pass rate (an agent could buy that).
        return Graded("FAIL", 0.0, f"grader timeout on this artifact: {outcome.error}", "grader_timeout",
                      outcome.duration_s)
    if not outcome.ok or outcome.result is None:
        return Graded("ERROR", 0.0, f"grader {outcome.error_kind}: {outcome.error}", "grader",
                      outcome.duration_s)
    res = outcome.result
    return Graded("PASS" if res.passed else "FAIL", float(res.score), res.detail, None, outcome.duration_s)
