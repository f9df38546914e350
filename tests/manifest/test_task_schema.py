"""The committed JSON Schema is current, and it agrees with the model on the spec's canonical example."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from artifactbench.manifest import CATEGORIES, DIFFICULTIES, task_json_schema
from artifactbench.manifest._model import TaskManifest

REPO = Path(__file__).resolve().parents[2]
SCHEMA_FILE = REPO / "docs" / "task.schema.json"
FIXTURES = REPO / "tests" / "fixtures" / "manifest"


def test_committed_schema_is_not_stale():
    committed = SCHEMA_FILE.read_text(encoding="utf-8")
    expected = json.dumps(task_json_schema(), indent=2, ensure_ascii=False) + "\n"
    assert committed == expected, "docs/task.schema.json is stale: run PYTHONPATH=src python3 tools/gen_task_schema.py"


TOOL = REPO / "tools" / "gen_task_schema.py"


def test_generator_check_mode_detects_staleness(tmp_path):
    stale = tmp_path / "schema.json"
    stale.write_text("{}\n")
    tool = [sys.executable, str(TOOL)]
    env = {"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"}
    check = subprocess.run([*tool, "--check", "--output", str(stale)], env=env, capture_output=True, text=True)
    assert check.returncode == 1 and "stale" in check.stderr
    subprocess.run([*tool, "--output", str(stale)], env=env, check=True, capture_output=True)
    assert json.loads(stale.read_text()) == task_json_schema()
    assert subprocess.run([*tool, "--check", "--output", str(stale)], env=env).returncode == 0


def _validate(instance, schema, root):
    """A tiny JSON Schema checker covering exactly the keywords our schema uses; returns error strings."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return _validate(instance, root["$defs"][name], root)
    errors = []
    kind = schema.get("type")
    checks = {"object": dict, "string": str, "array": list}
    if kind == "integer" and (isinstance(instance, bool) or not isinstance(instance, int)):
        return [f"{instance!r} is not an integer"]
    if kind in checks and not isinstance(instance, checks[kind]):
        return [f"{instance!r} is not {kind}"]
    if "enum" in schema and instance not in schema["enum"]:
        errors.append(f"{instance!r} not in enum")
    if "pattern" in schema and not re.search(schema["pattern"], instance):
        errors.append(f"{instance!r} does not match")
    if "minLength" in schema and len(instance) < schema["minLength"]:
        errors.append(f"{instance!r} too short")
    if "minimum" in schema and instance < schema["minimum"]:
        errors.append(f"{instance!r} below minimum")
    if kind == "array":
        for item in instance:
            errors += _validate(item, schema["items"], root)
    if kind == "object":
        errors += [f"missing {k}" for k in schema.get("required", []) if k not in instance]
        for key, value in instance.items():
            if key in schema["properties"]:
                errors += _validate(value, schema["properties"][key], root)
            elif schema.get("additionalProperties") is False:
                errors.append(f"unknown {key}")
    return errors


def _canonical() -> dict:
    return yaml.safe_load((FIXTURES / "good_canonical" / "task.yaml").read_text(encoding="utf-8"))


def test_schema_accepts_the_spec_canonical_example():
    schema = task_json_schema()
    assert _validate(_canonical(), schema, schema) == []
    TaskManifest.model_validate(_canonical())  # the model agrees


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"colour": "blue"}, None),
        ({"category": "data-processing"}, None),
        ({"difficulty": "trivial"}, None),
        ({"instance_id": "Bad-Id"}, None),
        ({"tags": [1]}, None),
        ({"max_code_runs": True}, "execution_budget"),
        ({"max_wall_seconds": -1}, "execution_budget"),
        ({"max_wall_seconds": 1.5}, "execution_budget"),
        ({"extra": 1}, "execution_budget"),
    ],
    ids=lambda v: repr(v),
)
def test_schema_and_model_reject_the_same_bad_values(change, path):
    doc = _canonical()
    (doc[path] if path else doc).update(change)
    schema = task_json_schema()
    assert _validate(doc, schema, schema) != []
    with pytest.raises(ValidationError):
        TaskManifest.model_validate(doc)


def test_schema_enums_are_the_canonical_constants():
    props = task_json_schema()["properties"]
    assert tuple(props["category"]["enum"]) == CATEGORIES
    assert tuple(props["difficulty"]["enum"]) == DIFFICULTIES
    assert set(task_json_schema()["required"]) == {
        "instance_id", "category", "difficulty", "problem_statement", "workspace_dir", "output_artifact",
        "hidden_grader", "reference_output", "execution_budget",
    }


def test_model_pattern_rejects_a_trailing_newline():
    doc = _canonical()
    doc["instance_id"] = "data_processing__p95_latency_easy\n"
    with pytest.raises(ValidationError):
        TaskManifest.model_validate(doc)
