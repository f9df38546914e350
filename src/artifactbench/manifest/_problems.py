"""Turn pydantic validation errors into Problems that name the file, line, field and bad value."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from artifactbench.errors import Problem
from artifactbench.manifest._model import BudgetModel, TaskManifest
from artifactbench.manifest._task import CATEGORIES, DIFFICULTIES
from artifactbench.manifest._yaml import FieldPath, YamlDoc, dotted

__all__ = ["did_you_mean", "validation_problems"]

_NESTED: dict[str, type[BaseModel]] = {"execution_budget": BudgetModel}


def did_you_mean(value: object, choices: Iterable[str]) -> str | None:
    """A difflib hint such as "did you mean 'data_processing'?", or None when nothing is close."""
    if not isinstance(value, str):
        return None
    pool = list(choices)
    normal = value.strip().lower().replace("-", "_").replace(" ", "_")
    if normal in pool and normal != value:
        return f"did you mean {normal!r}?"
    close = difflib.get_close_matches(normal, pool, n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else None


def _fields_of(path: FieldPath) -> Sequence[str]:
    model: type[BaseModel] = TaskManifest
    for part in path[:-1]:
        model = _NESTED.get(str(part), model)
    return tuple(model.model_fields)


def _explain(err: dict[str, Any], path: FieldPath, categories: tuple[str, ...],
             allow_in: str | None) -> tuple[str, str | None]:
    kind = err["type"]
    value = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "extra_forbidden":
        hint = did_you_mean(path[-1], _fields_of(path)) or "remove it; task.yaml v1 has no such field"
        return "unknown field", hint
    if kind == "missing":
        return "required field is missing", "add it; see docs/task.schema.json"
    if kind == "int_type":
        shown = type(value).__name__
        return f"must be a non-negative integer, got {shown}", "write a plain integer; 0 means unlimited"
    if kind == "greater_than_equal":
        return f"must be >= {ctx.get('ge', 0)}", "use 0 for unlimited"
    if kind == "string_type":
        got = "null" if value is None else type(value).__name__
        hint = "omit the field instead of writing null" if value is None else "quote it as a string"
        return f"must be a string, got {got}", hint
    if kind == "string_too_long":
        return f"is {len(value)} characters, over the limit of {ctx.get('max_length')}", "shorten it"
    if kind == "too_long":
        return f"has {len(value)} items, over the limit of {ctx.get('max_length')}", "keep fewer"
    if kind == "string_too_short":
        return "must not be empty", None
    if kind == "string_pattern_mismatch":
        hint = "write <category>__<slug> in lowercase letters, digits and '_'"
        return f"must match {ctx.get('pattern')}", hint
    if kind == "literal_error":
        field = str(path[-1])
        allowed = ctx.get("expected", "")
        if field == "category":
            # A near miss is a typo; anything else may be a category this corpus wants to add.
            hint = did_you_mean(value, categories)
            if hint is None:
                hint = f"expected one of {', '.join(categories)}"
                if allow_in:
                    hint += f"; or allow it in [corpus] categories of {allow_in}"
            return "not a canonical category", hint
        hint = did_you_mean(value, DIFFICULTIES) or f"expected one of {allowed}"
        return "not a valid difficulty", hint
    if kind in ("list_type",):
        return f"must be a list of strings, got {type(value).__name__}", "write e.g. [aggregation, jsonl]"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"must be a mapping, got {type(value).__name__}", None
    return str(err.get("msg", kind)), None


def validation_problems(error: ValidationError, doc: YamlDoc, file: str,
                        categories: tuple[str, ...] = CATEGORIES, allow_in: str | None = None) -> list[Problem]:
    """One Problem per pydantic error; lines come from the YAML document.

    `categories` are those allowed (the spec's six plus a corpus config's); an unknown category's hint
    names `allow_in`, the artifactbench.toml that would allow it."""
    problems = []
    for err in error.errors(include_url=False):
        path: FieldPath = tuple(err["loc"])
        value = None if err["type"] == "missing" else err.get("input")
        message, hint = _explain(err, path, categories, allow_in)
        line = doc.line_of(path) if err["type"] != "missing" else doc.line_of(path[:-1])
        if err["type"] == "missing" and len(path) == 1:
            line = None  # a missing top-level key has no line of its own
        problems.append(Problem(file, line, dotted(path), value, message, hint))
    return problems
