"""Validate JSON values against a small schema language; errors as (pointer, keyword) tuples."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

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


def _resolve(root, ref: str):
    node = root
    for part in ref[2:].split("/") if ref != "#" else []:
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _not_multiple(value, step) -> bool:
    return Fraction(Decimal(repr(value))) % Fraction(Decimal(repr(step))) != 0


class _Checker:
    def __init__(self, root) -> None:
        self.root = root

    def valid(self, value, schema) -> bool:
        found: set = set()
        self.errors(value, schema, "", found)
        return not found

    def errors(self, value, schema, pointer: str, out: set) -> None:
        if schema is True:
            return
        if schema is False:
            out.add((pointer, "false"))
            return
        if "$ref" in schema:
            self.errors(value, _resolve(self.root, schema["$ref"]), pointer, out)
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
            self._number(value, schema, pointer, out)
        if isinstance(value, str):
            self._string(value, schema, pointer, out)
        if isinstance(value, list):
            self._array(value, schema, pointer, out)
        if isinstance(value, dict):
            self._object(value, schema, pointer, out)
        for sub in schema.get("allOf", []):
            self.errors(value, sub, pointer, out)
        if "anyOf" in schema and not any(self.valid(value, s) for s in schema["anyOf"]):
            out.add((pointer, "anyOf"))
        if "oneOf" in schema and sum(self.valid(value, s) for s in schema["oneOf"]) != 1:
            out.add((pointer, "oneOf"))
        if "not" in schema and self.valid(value, schema["not"]):
            out.add((pointer, "not"))
        if "if" in schema:
            branch = "then" if self.valid(value, schema["if"]) else "else"
            if branch in schema:
                self.errors(value, schema[branch], pointer, out)

    def _number(self, value, schema, pointer, out) -> None:
        for key, bad in (("minimum", lambda v, b: v < b), ("maximum", lambda v, b: v > b),
                         ("exclusiveMinimum", lambda v, b: v <= b), ("exclusiveMaximum", lambda v, b: v >= b)):
            if key in schema and bad(value, schema[key]):
                out.add((pointer, key))
        if "multipleOf" in schema and _not_multiple(value, schema["multipleOf"]):
            out.add((pointer, "multipleOf"))

    def _string(self, value, schema, pointer, out) -> None:
        if "minLength" in schema and len(value) < schema["minLength"]:
            out.add((pointer, "minLength"))
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            out.add((pointer, "maxLength"))
        if "pattern" in schema and re.search(schema["pattern"], value) is None:
            out.add((pointer, "pattern"))

    def _array(self, value, schema, pointer, out) -> None:
        if "minItems" in schema and len(value) < schema["minItems"]:
            out.add((pointer, "minItems"))
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.add((pointer, "maxItems"))
        if schema.get("uniqueItems") is True and any(
                _equal(value[i], value[j]) for i in range(len(value)) for j in range(i + 1, len(value))):
            out.add((pointer, "uniqueItems"))
        prefix = schema.get("prefixItems", [])
        for i, item in enumerate(value):
            if i < len(prefix):
                self.errors(item, prefix[i], _step(pointer, i), out)
            elif "items" in schema:
                self.errors(item, schema["items"], _step(pointer, i), out)
        if "contains" in schema:
            count = sum(self.valid(item, schema["contains"]) for item in value)
            if count < schema.get("minContains", 1):
                out.add((pointer, "contains"))
            if "maxContains" in schema and count > schema["maxContains"]:
                out.add((pointer, "maxContains"))

    def _object(self, value, schema, pointer, out) -> None:
        if "minProperties" in schema and len(value) < schema["minProperties"]:
            out.add((pointer, "minProperties"))
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            out.add((pointer, "maxProperties"))
        for name in schema.get("required", []):
            if name not in value:
                out.add((_step(pointer, name), "required"))
        for name, needed in schema.get("dependentRequired", {}).items():
            if name in value:
                for other in needed:
                    if other not in value:
                        out.add((_step(pointer, other), "dependentRequired"))
        props = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        for name, member in value.items():
            here = _step(pointer, name)
            if "propertyNames" in schema and not self.valid(name, schema["propertyNames"]):
                out.add((here, "propertyNames"))
            if name in props:
                self.errors(member, props[name], here, out)
            matched = [p for p in patterns if re.search(p, name)]
            for p in matched:
                self.errors(member, patterns[p], here, out)
            if name in props or matched:
                continue
            if schema.get("additionalProperties") is False:
                out.add((here, "additionalProperties"))
            elif "additionalProperties" in schema:
                self.errors(member, schema["additionalProperties"], here, out)


def validate(instance, schema) -> list[tuple[str, str]]:
    found: set = set()
    _Checker(schema).errors(instance, schema, "", found)
    return sorted(found)
