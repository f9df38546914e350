"""The JSON Schema of `artifactbench.toml` (docs/artifactbench.toml.schema.json is this, rendered)."""

from __future__ import annotations

from typing import Any

from artifactbench.config._model import CATEGORY_PATTERN, CONFIG_VERSION

__all__ = ["config_json_schema"]

_REL = {"type": "string", "minLength": 1, "not": {"pattern": "^[/\\\\~]"}}


def config_json_schema() -> dict[str, Any]:
    """The schema (draft 2020-12) of the TOML document, as JSON. Existence of folders is not in it."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "artifactbench.toml (corpus config) v1",
        "description": "Found by walking up from a task directory; the nearest file wins. Relative "
                       "paths are relative to the file.",
        "type": "object",
        "additionalProperties": False,
        "required": ["version"],
        "properties": {
            "version": {"const": CONFIG_VERSION},
            "corpus": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "roots": {"type": "array", "items": _REL,
                              "description": "Task roots, searched recursively for task.yaml when a "
                                             "command gets no paths."},
                    "categories": {"type": "array", "uniqueItems": True,
                                   "items": {"type": "string", "pattern": CATEGORY_PATTERN,
                                             "not": {"pattern": "__"}},
                                   "description": "Categories allowed in addition to the spec's six."},
                    "sets": {"type": "array", "items": _REL,
                             "description": "Folders of curated sets (NAME.txt). Default: sets/ "
                                            "beside this file and under every root."},
                    "runs_dir": {**_REL, "description": "Where `artifactbench run` writes runs. "
                                                        "Default: ./runs of the working directory."},
                },
            },
        },
    }
