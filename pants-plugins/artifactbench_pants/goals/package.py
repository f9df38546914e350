"""`pants package` on an `artifact_task`: the materialized workspace, exactly what an agent sees."""
from __future__ import annotations

from dataclasses import dataclass

from pants.backend.python.util_rules.pex import VenvPexProcess
from pants.core.goals.package import BuiltPackage, BuiltPackageArtifact, PackageFieldSet
from pants.engine.fs import AddPrefix, Digest, RemovePrefix
from pants.engine.process import ProcessResult
from pants.engine.rules import Get, collect_rules, rule
from pants.engine.unions import UnionRule
from pants.util.logging import LogLevel

from artifactbench_pants.checker import ArtifactTaskInputs, ArtifactTaskInputsRequest
from artifactbench_pants.target_types import (
    ArtifactTaskDependenciesField,
    ArtifactTaskOutputPathField,
    ArtifactTaskSourcesField,
)

# A sandbox-relative scratch name that cannot clash with a task path (tasks live under problems/).
_OUT = "__artifactbench_workspace"


@dataclass(frozen=True)
class ArtifactTaskPackageFieldSet(PackageFieldSet):
    required_fields = (ArtifactTaskSourcesField,)

    sources: ArtifactTaskSourcesField
    dependencies: ArtifactTaskDependenciesField
    output_path: ArtifactTaskOutputPathField


@rule(desc="Materialize an artifact task's workspace", level=LogLevel.DEBUG)
async def package_artifact_task(field_set: ArtifactTaskPackageFieldSet) -> BuiltPackage:
    inputs = await Get(
        ArtifactTaskInputs, ArtifactTaskInputsRequest(field_set.sources, field_set.dependencies)
    )
    # A failure here is an error of the package goal (ProcessResult raises with the checker's output).
    result = await Get(
        ProcessResult,
        VenvPexProcess(
            inputs.checker,
            argv=("materialize", inputs.task_dir, _OUT),
            description=f"artifactbench materialize {inputs.task_dir}",
            input_digest=inputs.digest,
            output_directories=(_OUT,),
            level=LogLevel.DEBUG,
        ),
    )
    output_path = field_set.output_path.value_or_default(file_ending=None)
    stripped = await Get(Digest, RemovePrefix(result.output_digest, _OUT))
    digest = await Get(Digest, AddPrefix(stripped, output_path))
    return BuiltPackage(digest, (BuiltPackageArtifact(output_path),))


def rules():
    return [*collect_rules(), UnionRule(PackageFieldSet, ArtifactTaskPackageFieldSet)]
