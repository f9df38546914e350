"""`pants lint` on an `artifact_task`: manifest validation and leak lint (no grader runs)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pants.backend.python.util_rules.pex import VenvPexProcess
from pants.core.goals.lint import LintResult, LintTargetsRequest
from pants.core.util_rules.partitions import PartitionerType
from pants.engine.fs import DigestContents, DigestSubset, PathGlobs
from pants.engine.process import FallibleProcessResult
from pants.engine.rules import Get, collect_rules, rule
from pants.engine.target import FieldSet
from pants.util.logging import LogLevel

from artifactbench_pants.checker import ArtifactTaskInputs, ArtifactTaskInputsRequest
from artifactbench_pants.goals.test import REPORT, render_outcome
from artifactbench_pants.subsystem import ArtifactBenchSubsystem
from artifactbench_pants.target_types import ArtifactTaskDependenciesField, ArtifactTaskSourcesField


@dataclass(frozen=True)
class ArtifactTaskLintFieldSet(FieldSet):
    required_fields = (ArtifactTaskSourcesField,)

    sources: ArtifactTaskSourcesField
    dependencies: ArtifactTaskDependenciesField


class ArtifactTaskLintRequest(LintTargetsRequest):
    field_set_type = ArtifactTaskLintFieldSet
    tool_subsystem = ArtifactBenchSubsystem
    # One process per task: editing one task re-validates only that task.
    partitioner_type = PartitionerType.DEFAULT_ONE_PARTITION_PER_INPUT


def validate_argv(task_dir: str) -> "tuple[str, ...]":
    return ("validate", "--json-out", REPORT, task_dir)


@rule(desc="Validate an artifact task", level=LogLevel.DEBUG)
async def validate_artifact_task(
    batch: ArtifactTaskLintRequest.Batch[ArtifactTaskLintFieldSet, Any],
) -> LintResult:
    field_set = batch.elements[0]
    inputs = await Get(
        ArtifactTaskInputs, ArtifactTaskInputsRequest(field_set.sources, field_set.dependencies)
    )
    result = await Get(
        FallibleProcessResult,
        VenvPexProcess(
            inputs.checker,
            argv=validate_argv(inputs.task_dir),
            description=f"artifactbench validate {inputs.task_dir}",
            input_digest=inputs.digest,
            output_files=(REPORT,),
            level=LogLevel.DEBUG,
        ),
    )
    contents = await Get(DigestContents, DigestSubset(result.output_digest, PathGlobs([REPORT])))
    rendered = render_outcome(
        contents[0].content if contents else b"",
        result.exit_code,
        result.stdout.decode(errors="replace"),
        result.stderr.decode(errors="replace"),
    )
    return LintResult(
        exit_code=result.exit_code,
        # A passing task is one line in the goal's summary; only failures need the report.
        stdout=rendered if result.exit_code else "",
        stderr=result.stderr.decode(errors="replace") if result.exit_code else "",
        linter_name=ArtifactTaskLintRequest.tool_name,
        partition_description=field_set.address.spec,
    )


def rules():
    return [*collect_rules(), *ArtifactTaskLintRequest.rules()]
