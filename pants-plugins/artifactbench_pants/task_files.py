"""An `artifact_task`'s files as plain files for other targets' sandboxes.

A `python_tests` target that depends on an `artifact_task` (e.g. a corpus test that reads
`problems/.../task.yaml`) gets the task's files in its sandbox at their repo paths: this
pass-through "codegen" lets every rule that asks for `FileSourceField`s see them.
"""
from __future__ import annotations

from pants.core.target_types import FileSourceField
from pants.engine.rules import collect_rules, rule
from pants.engine.target import GeneratedSources, GenerateSourcesRequest
from pants.engine.unions import UnionRule

from artifactbench_pants.target_types import ArtifactTaskSourcesField


class ArtifactTaskFilesRequest(GenerateSourcesRequest):
    input = ArtifactTaskSourcesField
    output = FileSourceField
    exportable = False  # nothing is generated: the files are already in the repo


@rule(desc="Expose an artifact task's files")
async def artifact_task_files(request: ArtifactTaskFilesRequest) -> GeneratedSources:
    return GeneratedSources(request.protocol_sources)


def rules():
    return [*collect_rules(), UnionRule(GenerateSourcesRequest, ArtifactTaskFilesRequest)]
