"""`pants tailor`: an `artifact_task()` for every task directory (under the task roots) lacking one."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Tuple

from pants.core.goals.tailor import (
    AllOwnedSources,
    PutativeTarget,
    PutativeTargets,
    PutativeTargetsRequest,
)
from pants.engine.fs import DigestContents, PathGlobs, Paths
from pants.engine.rules import Get, collect_rules, rule
from pants.engine.unions import UnionRule
from pants.util.logging import LogLevel

from artifactbench_pants.layout import CORPUS_CONFIG, is_task_manifest, roots_from_config, under_roots
from artifactbench_pants.subsystem import ArtifactBenchSubsystem
from artifactbench_pants.target_types import ArtifactTaskTarget

@dataclass(frozen=True)
class PutativeArtifactTaskTargetsRequest(PutativeTargetsRequest):
    pass


@dataclass(frozen=True)
class TaskRoots:
    """Where tailor looks for task directories (empty: anywhere)."""

    roots: Tuple[str, ...]


@rule(desc="Find the artifact task roots")
async def task_roots(subsystem: ArtifactBenchSubsystem) -> TaskRoots:
    if subsystem.task_roots:  # a list option: unset reads as empty
        return TaskRoots(tuple(subsystem.task_roots))
    contents = await Get(DigestContents, PathGlobs([CORPUS_CONFIG]))
    if not contents:
        return TaskRoots(())
    return TaskRoots(roots_from_config(contents[0].content.decode("utf-8", errors="replace")))


@rule(level=LogLevel.DEBUG, desc="Find artifact task directories to tailor")
async def find_putative_artifact_tasks(
    request: PutativeArtifactTaskTargetsRequest, all_owned_sources: AllOwnedSources, roots: TaskRoots
) -> PutativeTargets:
    paths = await Get(Paths, PathGlobs, request.path_globs("task.yaml"))
    unowned = sorted(
        p
        for p in set(paths.files) - set(all_owned_sources)
        if is_task_manifest(p) and under_roots(os.path.dirname(p), roots.roots)
    )
    return PutativeTargets(
        PutativeTarget.for_target_type(
            ArtifactTaskTarget,
            path=os.path.dirname(p),
            name=None,
            triggering_sources=["task.yaml"],
        )
        for p in unowned
    )


def rules():
    return [*collect_rules(), UnionRule(PutativeTargetsRequest, PutativeArtifactTaskTargetsRequest)]
