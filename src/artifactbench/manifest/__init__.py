"""Task manifests: the strict task.yaml loader, discovery of task dirs, and the JSON Schema."""

from artifactbench.manifest._discover import discover, discover_with_problems
from artifactbench.manifest._load import load_task
from artifactbench.manifest._model import task_json_schema
from artifactbench.manifest._task import (
    CATEGORIES,
    DIFFICULTIES,
    INSTANCE_ID_RE,
    ExecutionBudget,
    Task,
    derive_seed,
)

__all__ = [
    "CATEGORIES",
    "DIFFICULTIES",
    "INSTANCE_ID_RE",
    "ExecutionBudget",
    "Task",
    "derive_seed",
    "discover",
    "discover_with_problems",
    "load_task",
    "task_json_schema",
]
