"""The `artifact_task` target: one benchmark task directory."""
from __future__ import annotations

from typing import Optional

from pants.engine.addresses import Address
from pants.core.goals.package import OutputPathField
from pants.engine.target import (
    COMMON_TARGET_FIELDS,
    Dependencies,
    IntField,
    MultipleSourcesField,
    Target,
)
from pants.util.strutil import softwrap

from artifactbench_pants.layout import TASK_FILES


class ArtifactTaskSourcesField(MultipleSourcesField):
    default = TASK_FILES
    # Task files are data addressed from the task directory, never Python modules under a root.
    uses_source_roots = False
    help = softwrap(
        f"""
        The task's files, relative to its directory. The default {list(TASK_FILES)} is the whole
        layout of the task spec; list more globs if a task keeps other files that its checks read.
        Only these files (and the checker PEX) are inputs of the task's check.
        """
    )


class ArtifactTaskDependenciesField(Dependencies):
    help = softwrap(
        """
        Extra dependencies. The plugin infers the checker target (`[artifactbench].checker`) and the
        `python_requirement` targets of third-party modules imported by `grader/**/*.py`; list here
        only what inference cannot see.
        """
    )


class ArtifactTaskTimeoutField(IntField):
    alias = "timeout"
    help = "Seconds this task's check may run; overrides `[artifactbench].timeout`."

    @classmethod
    def compute_value(cls, raw_value: Optional[int], address: Address) -> Optional[int]:
        # `pants help` reads this signature's annotations, so they are required.
        value = super().compute_value(raw_value, address)
        if value is not None and value <= 0:
            raise ValueError(f"{address}: timeout={value!r} must be a positive number of seconds")
        return value


class ArtifactTaskOutputPathField(OutputPathField):
    help = softwrap(
        """
        Where `pants package` writes the materialized workspace (exactly what an agent sees),
        under `--distdir`. Defaults to `<task dir with dots>/<target name>`, e.g.
        `dist/problems.artifact.data_processing.p95_latency_easy/p95_latency_easy/`.
        """
    )


class ArtifactTaskTarget(Target):
    alias = "artifact_task"
    core_fields = (
        *COMMON_TARGET_FIELDS,
        ArtifactTaskSourcesField,
        ArtifactTaskDependenciesField,
        ArtifactTaskTimeoutField,
        ArtifactTaskOutputPathField,
    )
    help = softwrap(
        """
        An artifact-graded benchmark task: a directory with `task.yaml`, `prompt.md`, `workspace/`
        and `grader/` (docs/spec). `pants test` runs every check of the task (positive, negative,
        leaks, ...) with the repo's checker; `pants lint` validates its manifest and leak rules
        without running graders; `pants package` writes the workspace an agent sees into dist/.
        `pants tailor` adds one to every directory holding a `task.yaml`.
        """
    )
