"""Author's solution: the reference validator module, returned as source text."""

from __future__ import annotations

from pathlib import Path

MODULE = '''"""Validate JSON values against a small schema language; errors as (pointer, keyword) tuples."""

from __future__ import annotations

import re

KINDS = ("null", "boolean", "integer", "number", "string", "array", "object")


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _kinds(value) -> set[str]:
    if value is None:
        return {"null"}
    if isinstance(value, bool):
        return {"boolean"}
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return {"integer", "number"}
    if isinstance(value, float):
        return {"number"}
    if isinstance(value, str):
        return {"string"}
    if isinstance(value, list):
        return {"array"}
    return {"object"}


def _equal(a, b) -> bool:
    if _is_number(a) and _is_number(b):
        return a == b
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    return a == b


def _step(pointer: str, part) -> str:
    return pointer + "/" + str(part).replace("~", "~0").replace("/", "~1")


def _errors(value, schema, pointer: str, out: set) -> None:
    if schema is True:
        return
    if schema is False:
        out.add((pointer, "false"))
        return
    kinds = _kinds(value)
    if "type" in schema:
        wanted = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not kinds & set(wanted):
            out.add((pointer, "type"))
    if "enum" in schema and not any(_equal(value, m) for m in schema["enum"]):
        out.add((pointer, "enum"))
    if "const" in schema and not _equal(value, schema["const"]):
        out.add((pointer, "const"))
    if _is_number(value):
        for key, bad in (("minimum", lambda v, b: v < b), ("maximum", lambda v, b: v > b),
                         ("exclusiveMinimum", lambda v, b: v <= b), ("exclusiveMaximum", lambda v, b: v >= b)):
            if key in schema and bad(value, schema[key]):
                out.add((pointer, key))
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            out.add((pointer, "minLength"))
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            out.add((pointer, "maxLength"))
        if "pattern" in schema and re.search(schema["pattern"], value) is None:
            out.add((pointer, "pattern"))
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            out.add((pointer, "minItems"))
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.add((pointer, "maxItems"))
        if schema.get("uniqueItems") is True and any(
                _equal(value[i], value[j]) for i in range(len(value)) for j in range(i + 1, len(value))):
            out.add((pointer, "uniqueItems"))
        if "items" in schema:
            for i, item in enumerate(value):
                _errors(item, schema["items"], _step(pointer, i), out)
    if isinstance(value, dict):
        for name in schema.get("required", []):
            if name not in value:
                out.add((_step(pointer, name), "required"))
        props = schema.get("properties", {})
        for name, member in value.items():
            if name in props:
                _errors(member, props[name], _step(pointer, name), out)
            elif schema.get("additionalProperties") is False:
                out.add((_step(pointer, name), "additionalProperties"))
            elif "additionalProperties" in schema:
                _errors(member, schema["additionalProperties"], _step(pointer, name), out)
    for sub in schema.get("allOf", []):
        _errors(value, sub, pointer, out)
    if "anyOf" in schema and not any(_valid(value, s) for s in schema["anyOf"]):
        out.add((pointer, "anyOf"))
    if "oneOf" in schema and sum(_valid(value, s) for s in schema["oneOf"]) != 1:
        out.add((pointer, "oneOf"))
    if "not" in schema and _valid(value, schema["not"]):
        out.add((pointer, "not"))


def _valid(value, schema) -> bool:
    found: set = set()
    _errors(value, schema, "", found)
    return not found


def validate(instance, schema) -> list[tuple[str, str]]:
    found: set = set()
    _errors(instance, schema, "", found)
    return sorted(found)
'''


def solve(scratch_dir: Path) -> str:
    del scratch_dir  # the artifact is code; it does not depend on workspace inputs
    return MODULE
