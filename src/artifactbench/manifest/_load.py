"""load_task: the strict task.yaml loader. Reports every problem of a file at once."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from pydantic import ValidationError

from artifactbench.config import CONFIG_NAME, corpus_config_for
from artifactbench.errors import ManifestError, Problem
from artifactbench._files import MAX_MANIFEST_BYTES, FileRefused, read_capped, scan_task_tree, text_problem
from artifactbench.manifest._model import TaskManifest
from artifactbench.manifest._problems import validation_problems
from artifactbench.manifest._rules import check_category, check_output_artifact, check_paths
from artifactbench.manifest._task import CATEGORIES, ExecutionBudget, Task
from artifactbench.manifest._yaml import load_yaml

__all__ = ["MANIFEST_NAME", "inspect_task", "load_task"]

MANIFEST_NAME = "task.yaml"


def _read(manifest: Path, file: str) -> tuple[str | None, Problem | None]:
    if not os.path.lexists(manifest):
        where = manifest.parent
        if where.exists() and not where.is_dir():
            return None, Problem(str(where), None, "", None, "is a file, not a task directory",
                                 "pass a task directory (one holding task.yaml) or a problems root")
        return None, Problem(file, None, "", None, f"no {MANIFEST_NAME} in {str(where)!r}",
                             "pass a task directory (one holding task.yaml) or a problems root")
    try:
        data = read_capped(manifest, MAX_MANIFEST_BYTES)
    except FileRefused as err:
        return None, Problem(file, None, "", None, str(err), "task.yaml must be a small, readable regular file")
    return text_problem(data, file, "task.yaml")


def _build(model: TaskManifest, root: Path, manifest: Path) -> Task:
    def under(rel: str | None) -> Path | None:
        return None if rel is None else Path(os.path.normpath(root / rel))

    budget = model.execution_budget
    return Task(
        root=root,
        manifest_path=manifest,
        instance_id=model.instance_id,
        category=model.category,
        difficulty=model.difficulty,
        problem_statement=under(model.problem_statement),  # type: ignore[arg-type]
        workspace_dir=under(model.workspace_dir),  # type: ignore[arg-type]
        output_artifact=PurePosixPath(os.path.normpath(model.output_artifact).replace("\\", "/")),
        hidden_grader=under(model.hidden_grader),  # type: ignore[arg-type]
        reference_output=under(model.reference_output),  # type: ignore[arg-type]
        execution_budget=ExecutionBudget(budget.max_code_runs, budget.max_wall_seconds),
        structural_verifier=under(model.structural_verifier),
        workspace_generator=under(model.workspace_generator),
        tags=tuple(model.tags),
    )


def _category_policy(task_dir: Path) -> tuple[tuple[str, ...], str]:
    """The categories allowed for a task (the spec's six plus its corpus config's) and the config file
    that would allow another: the governing artifactbench.toml, else one beside the repository root."""
    config = corpus_config_for(task_dir)  # raises ConfigError: a broken config is everyone's problem
    if config is not None:
        return (*CATEGORIES, *(c for c in config.categories if c not in CATEGORIES)), str(config.path)
    here = task_dir.absolute()
    top = next((f for f in here.parents if (f / ".git").exists()), here.parent.parent)
    return CATEGORIES, f"{top / CONFIG_NAME} (create it with version = 1)"


def inspect_task(task_dir: str | os.PathLike[str]) -> tuple[Task | None, tuple[Problem, ...]]:
    """Load one task without raising: `(task, ())` when valid, else `(None, problems)`.

    Problems name the manifest as `<task_dir>/task.yaml`, spelled the way `task_dir` was given.
    Categories beyond the spec's six are allowed by the nearest artifactbench.toml (ConfigError when
    that file is invalid).
    """
    manifest_given = Path(task_dir) / MANIFEST_NAME
    file = str(manifest_given)
    text, problem = _read(manifest_given, file)
    # FIFOs, devices and escaping links anywhere in the task: reported here, so no later stage meets them.
    tree = [p for p in scan_task_tree(Path(task_dir)) if p.file != file] if Path(task_dir).is_dir() else []
    if text is None:
        return None, (problem, *tree)  # type: ignore[arg-type]
    doc, problems_t = load_yaml(text, file)
    problems = [*tree, *problems_t]
    if doc.data is None and problems_t:
        return None, tuple(problems)  # a syntax error: nothing else can be checked
    if not isinstance(doc.data, Mapping):
        got = "an empty document" if doc.data is None else type(doc.data).__name__
        line = doc.line_of(())
        problems.append(Problem(file, line, "", None, f"must be a mapping of fields, got {got}",
                                "write key: value lines; see docs/task.schema.json"))
        return None, tuple(problems)
    data = doc.data
    categories, allow_in = _category_policy(Path(task_dir))
    model: TaskManifest | None = None
    schema: list[Problem] = []
    try:
        model = TaskManifest.model_validate(dict(data), context={"categories": categories})
    except ValidationError as err:
        schema = validation_problems(err, doc, file, categories, allow_in)
    root = Path(task_dir).resolve()
    rules = [*check_category(data, doc, file, categories), *check_output_artifact(data, doc, file),
             *check_paths(data, doc, file, root)]
    # One problem per thing: a rule's message (e.g. a path's byte limit) is more precise than the schema's,
    # and a FIFO or link a path field names is reported on that field's line rather than by the tree scan.
    ruled = {p.field for p in rules}
    named = {str(Path(task_dir) / p.value) for p in rules if isinstance(p.value, str)}
    problems = [p for p in tree if p.file not in named] + list(problems_t)
    problems += [p for p in schema if p.field not in ruled] + rules
    if problems or model is None:
        return None, tuple(sorted(problems, key=_order))
    return _build(model, root, root / MANIFEST_NAME), ()


def _order(problem: Problem) -> tuple[int, str]:
    return (problem.line if problem.line is not None else 0, problem.field)


def load_task(task_dir: str | os.PathLike[str]) -> Task:
    """Strictly load the task in `task_dir` (the directory holding task.yaml).

    Raises ManifestError carrying every problem of the file (schema, YAML, paths, cross-field rules).
    """
    task, problems = inspect_task(task_dir)
    if task is None:
        raise ManifestError(problems)
    return task
