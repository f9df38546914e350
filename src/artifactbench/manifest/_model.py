"""The pydantic model of task.yaml v1: the single definition behind validation and the JSON Schema."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from artifactbench.manifest._task import INSTANCE_ID_PATTERN

__all__ = ["BudgetModel", "TaskManifest", "task_json_schema"]

# Literal types keep the enums visible in the generated schema; they must equal CATEGORIES/DIFFICULTIES
# (a test holds them together).
CategoryName = Literal[
    "data_processing",
    "algorithmic",
    "verification_heavy",
    "enumeration",
    "stateful_reasoning",
    "iterative_numerical",
]
DifficultyName = Literal["easy", "medium", "hard"]
# Size limits keep a hostile manifest cheap to check; docs/tasks.md lists them.
MAX_ID_CHARS = 128
MAX_PATH_CHARS = 1024
MAX_TAGS, MAX_TAG_CHARS = 64, 64
RelPath = Annotated[
    str,
    Field(min_length=1, max_length=MAX_PATH_CHARS,
          description="Path relative to the task directory; must stay inside it."),
]
# At most 10**9 (over 31 years of seconds): a bound any run record and JSON reader holds (`0x` and 4000
# `f`s passed as an integer, and every `run` then died writing it; outside attack, session 17)
MAX_BUDGET = 10**9
Budget = Annotated[int, Field(ge=0, le=MAX_BUDGET, description="0 means unlimited (spec 2.3).")]


class _Strict(BaseModel):
    # strict: a YAML `true` is not 1, "5" is not 5, 1.0 is not 1; forbid: unknown keys are errors.
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class BudgetModel(_Strict):
    """execution_budget: both keys required, non-negative integers; 0 means unlimited."""

    model_config = ConfigDict(title="ExecutionBudget")

    max_code_runs: Budget
    max_wall_seconds: Budget


class TaskManifest(_Strict):
    """task.yaml v1. The loader also checks what a schema cannot: category equals the instance_id
    prefix, and every path exists with the right kind and stays inside the task directory."""

    model_config = ConfigDict(title="artifactbench task.yaml v1")

    instance_id: Annotated[
        str,
        Field(pattern=INSTANCE_ID_PATTERN, max_length=MAX_ID_CHARS,
              description="<category>__<slug>; stable, globally unique."),
    ]
    category: CategoryName
    difficulty: DifficultyName
    problem_statement: RelPath
    workspace_dir: RelPath
    output_artifact: Annotated[
        str,
        Field(min_length=1, max_length=MAX_PATH_CHARS,
              description="Path relative to the agent's scratch dir; no '..', not absolute."),
    ]
    hidden_grader: RelPath
    reference_output: RelPath
    execution_budget: BudgetModel
    # Optional paths: omit the key when unused. None only marks absence: defaults are not validated,
    # but an explicit YAML null is (and fails as "not a string"), matching the spec's "omit the field".
    structural_verifier: RelPath = None  # type: ignore[assignment]
    workspace_generator: RelPath = None  # type: ignore[assignment]
    tags: list[Annotated[str, Field(max_length=MAX_TAG_CHARS)]] = Field(
        default_factory=list, max_length=MAX_TAGS, description="Free-form lowercase tags.")

    @field_validator("category", mode="wrap")
    @classmethod
    def _corpus_category(cls, value: Any, handler: Any, info: ValidationInfo) -> Any:
        # The schema names the spec's six; a corpus config (artifactbench.toml) may allow more,
        # passed as validation context {"categories": (...)}.
        try:
            return handler(value)
        except ValidationError:
            if isinstance(value, str) and value in (info.context or {}).get("categories", ()):
                return value
            raise


def _drop_null_defaults(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _drop_null_defaults(v) for k, v in node.items() if not (k == "default" and v is None)}
    if isinstance(node, list):
        return [_drop_null_defaults(v) for v in node]
    return node


def task_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of task.yaml v1, generated from `TaskManifest`.

    Filesystem and cross-field rules (paths exist, category equals the id prefix, ...) cannot be
    expressed here; the loader enforces them.
    """
    schema = _drop_null_defaults(TaskManifest.model_json_schema())
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}
