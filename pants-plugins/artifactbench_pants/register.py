"""Pants backend `artifactbench_pants`: artifact_task targets checked by test, lint and package."""
from __future__ import annotations

from artifactbench_pants import checker, dependency_inference, tailor, task_files
from artifactbench_pants.goals import lint, package, test
from artifactbench_pants.subsystem import ArtifactBenchSubsystem
from artifactbench_pants.target_types import ArtifactTaskTarget


def target_types():
    return [ArtifactTaskTarget]


def rules():
    return [
        *checker.rules(),
        *ArtifactBenchSubsystem.rules(),
        *dependency_inference.rules(),
        *tailor.rules(),
        *task_files.rules(),
        *test.rules(),
        *lint.rules(),
        *package.rules(),
    ]
