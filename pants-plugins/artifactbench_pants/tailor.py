"""`pants tailor`: an `artifact_task()` for every directory holding a task.yaml that lacks one."""
from __future__ import annotations

import os
from dataclasses import dataclass

from pants.core.goals.tailor import (
    AllOwnedSources,
    PutativeTarget,
    PutativeTargets,
    PutativeTargetsRequest,
)
from pants.engine.fs import PathGlobs, Paths
from pants.engine.rules import Get, collect_rules, rule
from pants.engine.unions import UnionRule
from pants.util.logging import LogLevel

from artifactbench_pants.layout import is_task_manifest
from artifactbench_pants.target_types import ArtifactTaskTarget


@dataclass(frozen=True)
class PutativeArtifactTaskTargetsRequest(PutativeTargetsRequest):
    pass


@rule(level=LogLevel.DEBUG, desc="Find artifact task directories to tailor")
async def find_putative_artifact_tasks(
    request: PutativeArtifactTaskTargetsRequest, all_owned_sources: AllOwnedSources
) -> PutativeTargets:
    paths = await Get(Paths, PathGlobs, request.path_globs("task.yaml"))
    unowned = sorted(p for p in set(paths.files) - set(all_owned_sources) if is_task_manifest(p))
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
