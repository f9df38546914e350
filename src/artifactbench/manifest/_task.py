"""The in-memory value of a loaded task (the result of a strict task.yaml load)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

CATEGORIES: tuple[str, ...] = (
    "data_processing",
    "algorithmic",
    "verification_heavy",
    "enumeration",
    "stateful_reasoning",
    "iterative_numerical",
)
DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")
INSTANCE_ID_PATTERN = r"^[a-z][a-z0-9_]*__[a-z0-9_]+$"


def derive_seed(instance_id: str) -> int:
    """The generator seed of a task: the first 8 hex digits of sha256(instance_id) (spec 5.1)."""
    return int(hashlib.sha256(instance_id.encode("utf-8")).hexdigest()[:8], 16)


@dataclass(frozen=True, slots=True)
class ExecutionBudget:
    """Declared budgets; 0 means unlimited (spec 2.3)."""

    max_code_runs: int
    max_wall_seconds: int


@dataclass(frozen=True, slots=True)
class Task:
    """A validated task. Paths are absolute except output_artifact (relative to the scratch dir)."""

    root: Path
    manifest_path: Path
    instance_id: str
    category: str
    difficulty: str
    problem_statement: Path
    workspace_dir: Path
    output_artifact: PurePosixPath
    hidden_grader: Path
    reference_output: Path
    execution_budget: ExecutionBudget
    structural_verifier: Path | None = None
    workspace_generator: Path | None = None
    tags: tuple[str, ...] = ()

    @property
    def grader_dir(self) -> Path:
        """The harness-only folder holding the grader (never materialized)."""
        return self.hidden_grader.parent

    @property
    def seed(self) -> int:
        return derive_seed(self.instance_id)

# The compiled form of INSTANCE_ID_PATTERN (spec 6.1). Python's `$` also matches before a trailing
# newline, so the compiled form ends in `\Z`: "a__b\n" is not an instance_id, even with .match().
INSTANCE_ID_RE = re.compile(INSTANCE_ID_PATTERN.removesuffix("$") + r"\Z")
