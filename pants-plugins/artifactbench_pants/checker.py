"""Shared rules: the checker PEX for a task and the task's sandbox inputs."""
from __future__ import annotations

from dataclasses import dataclass

from pants.backend.python.target_types import EntryPoint
from pants.backend.python.util_rules.pex import PexRequest, VenvPex
from pants.backend.python.util_rules.pex_from_targets import PexFromTargetsRequest
from pants.core.util_rules.source_files import SourceFiles, SourceFilesRequest
from pants.engine.addresses import Addresses
from pants.engine.fs import Digest, DigestSubset, MergeDigests, PathGlobs, Snapshot
from pants.engine.rules import Get, MultiGet, collect_rules, rule
from pants.engine.target import DependenciesRequest

from artifactbench_pants.layout import corpus_config_candidates, nearest_corpus_config
from artifactbench_pants.subsystem import ArtifactBenchSubsystem
from artifactbench_pants.target_types import ArtifactTaskDependenciesField, ArtifactTaskSourcesField


@dataclass(frozen=True)
class ArtifactTaskInputsRequest:
    sources: ArtifactTaskSourcesField
    dependencies: ArtifactTaskDependenciesField


@dataclass(frozen=True)
class ArtifactTaskInputs:
    """The checker PEX and a digest holding it plus the task's files at their repo paths."""

    checker: VenvPex
    digest: Digest
    task_dir: str


@rule(desc="Prepare an artifact task's checker and inputs")
async def prepare_artifact_task_inputs(
    request: ArtifactTaskInputsRequest, subsystem: ArtifactBenchSubsystem
) -> ArtifactTaskInputs:
    task_dir = request.sources.address.spec_path
    if subsystem.checker:
        deps = await Get(Addresses, DependenciesRequest(request.dependencies))
        # Sorted roots: tasks with the same dependencies ask for the same PEX, built once.
        pex_request = await Get(
            PexRequest,
            PexFromTargetsRequest(
                sorted(deps),
                output_filename="artifactbench.pex",
                internal_only=True,
                main=EntryPoint.parse(subsystem.entry_point or "artifactbench.cli:console",
                                      provenance="[artifactbench].entry_point"),
                description="Build the artifactbench checker",
            ),
        )
    else:
        # The `artifactbench` tool from the plugin's lockfile (or [artifactbench].lockfile).
        pex_request = subsystem.to_pex_request(main=subsystem.main)
    sources, configs = await MultiGet(
        Get(SourceFiles, SourceFilesRequest([request.sources])),
        Get(Snapshot, PathGlobs(corpus_config_candidates(task_dir))),
    )
    checker = await Get(VenvPex, PexRequest, pex_request)
    # The nearest artifactbench.toml (extra categories) is an input: the checker reads it as the CLI does.
    nearest = nearest_corpus_config(configs.files)
    config = await Get(Digest, DigestSubset(configs.digest, PathGlobs([nearest] if nearest else [])))
    digest = await Get(Digest, MergeDigests([sources.snapshot.digest, config, checker.digest]))
    return ArtifactTaskInputs(checker=checker, digest=digest, task_dir=task_dir)


def rules():
    return collect_rules()
