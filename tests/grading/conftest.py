"""Builds Task values straight from fixture task.yaml files (independent of the manifest loader)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest
import yaml

from artifactbench.manifest._task import ExecutionBudget, Task

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "grading"


def task_from_dir(root: Path) -> Task:
    raw = yaml.safe_load((root / "task.yaml").read_text())
    optional = {k: root / raw[k] for k in ("structural_verifier", "workspace_generator") if k in raw}
    return Task(
        root=root,
        manifest_path=root / "task.yaml",
        instance_id=raw["instance_id"],
        category=raw["category"],
        difficulty=raw["difficulty"],
        problem_statement=root / raw["problem_statement"],
        workspace_dir=root / raw["workspace_dir"],
        output_artifact=PurePosixPath(raw["output_artifact"]),
        hidden_grader=root / raw["hidden_grader"],
        reference_output=root / raw["reference_output"],
        execution_budget=ExecutionBudget(**raw["execution_budget"]),
        tags=tuple(raw.get("tags", ())),
        **optional,
    )


@pytest.fixture
def fixture_task():
    """fixture_task(name) -> Task of tests/fixtures/grading/<name>."""
    return lambda name: task_from_dir(FIXTURES / name)
