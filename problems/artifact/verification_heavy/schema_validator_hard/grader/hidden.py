"""Grades output/validator.py by calling validate() in a child process and comparing with the reference.

Cases (schemas and instances) come from an RNG seeded with the instance_id (spec 3.2). The child imports
the agent's module with the network disabled, runs every case and reports the normalized results on stdout
in one line tagged with a nonce it read from stdin before importing the module, so the module's own prints
cannot pose as the report. The verdict is computed here, against the reference module next to this file;
score = fraction of cases answered exactly, passed only when all are.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import random
import secrets
import sys
from pathlib import Path

from artifactbench.grading import run_agent_code
from swebench.artifact_models import GradeResult

INSTANCE_ID = "verification_heavy__schema_validator_hard"
ARTIFACT = "output/validator.py"
CASES = 420
TIMEOUT_S = 20.0
MAX_SOURCE_BYTES = 2_000_000

_CHILD = r'''
import importlib.util, json, os, socket, sys
def _blocked(*args, **kwargs):
    raise OSError("network access is disabled while grading")
def _main():
    request = json.loads(sys.stdin.read())
    sys.stdin = open(os.devnull)
    report = sys.__stdout__
    socket.socket = socket.create_connection = socket.getaddrinfo = _blocked
    def emit(value):
        report.write("\nRESULT " + request["nonce"] + " " + json.dumps(value) + "\n")
        report.flush()
    try:
        spec = importlib.util.spec_from_file_location("candidate_validator", sys.argv[1])
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        fn = module.validate
    except BaseException as exc:
        emit({"load_error": type(exc).__name__})
        return
    out = []
    for instance, schema in request["cases"]:
        try:
            value = fn(instance, schema)
            if type(value) is not list or not all(type(v) in (tuple, list) and len(v) == 2 and
                                                  all(type(x) is str for x in v) for v in value):
                value = "type:" + type(value).__name__
            else:
                value = [list(v) for v in value]
        except BaseException as exc:
            value = "error:" + type(exc).__name__
        out.append(value)
    emit({"results": out})
_main()
'''

_NAMES = ("id", "name", "tags", "port", "meta", "a/b", "x~y", "~1", "", "0", "ünï", "x-1", "Ab")
_POOL = (None, True, False, 0, 1, 1.0, -1, 2, 2.5, -0.5, 10, 1000, 0.3, 0.7, 1.1, 4.5, 9007199254740993, "", "a",
         "ab", "abc", "B9", "zz-top", "é🙂", "2026", [], [1, 1.0], [1, True], [0, False], ["a", "b"], [[1], [1.0]],
         [{"a": 1}, {"a": 1.0}], {}, {"a/b": 1}, {"x": {"y": 1}})
_PATTERNS = ("^a", "[0-9]+$", "^[a-z]+$", "b", "^$", "é", "^x-")
_KINDS = ("null", "boolean", "integer", "number", "string", "array", "object")
_DEFS = ("pos", "a/b", "x~y", "t~1u", "node")
_STEPS = (2, 0.1, 0.25, 3, 0.5, 1.5)


def _ref(name: str) -> dict:
    return {"$ref": "#/$defs/" + name.replace("~", "~0").replace("/", "~1")}


def _schema(rng: random.Random, depth: int, refs: tuple = ()) -> object:
    if refs and rng.random() < 0.12:
        return _ref(rng.choice(refs))
    if depth > 2 or rng.random() < 0.08:
        return rng.choice((True, False, {}, {"type": rng.choice(_KINDS)}))
    kind = rng.choice(("object", "object", "array", "array", "number", "integer", "string", "mixed", "combinator",
                       "combinator", "conditional"))
    s: dict = {}
    sub = lambda: _schema(rng, depth + 1, refs)  # noqa: E731
    if kind == "object":
        if rng.random() < 0.7:
            s["type"] = "object"
        names = rng.sample(_NAMES, rng.randint(1, 3))
        s["properties"] = {n: sub() for n in names}
        if rng.random() < 0.6:
            s["required"] = rng.sample(names, rng.randint(0, len(names))) + ([rng.choice(_NAMES)] if rng.random() < 0.3 else [])
        if rng.random() < 0.35:
            s["patternProperties"] = {p: sub() for p in rng.sample(_PATTERNS, rng.randint(1, 2))}
        roll = rng.random()
        if roll < 0.35:
            s["additionalProperties"] = False
        elif roll < 0.55:
            s["additionalProperties"] = sub()
        if rng.random() < 0.3:
            s["dependentRequired"] = {rng.choice(names): rng.sample(_NAMES, rng.randint(1, 2))}
        if rng.random() < 0.2:
            s["propertyNames"] = rng.choice(({"maxLength": 2}, {"pattern": "^[a-z]"}, {"not": {"const": "0"}},
                                              {"minLength": 1}))
        for key in ("minProperties", "maxProperties"):
            if rng.random() < 0.15:
                s[key] = rng.randint(0, 3)
    elif kind == "array":
        if rng.random() < 0.7:
            s["type"] = "array"
        if rng.random() < 0.35:
            s["prefixItems"] = [sub() for _ in range(rng.randint(1, 2))]
        if rng.random() < 0.6:
            s["items"] = sub()
        for key in ("minItems", "maxItems"):
            if rng.random() < 0.3:
                s[key] = rng.randint(0, 3)
        if rng.random() < 0.4:
            s["uniqueItems"] = rng.choice((True, True, False))
        if rng.random() < 0.35:
            s["contains"] = sub()
            for key in ("minContains", "maxContains"):
                if rng.random() < 0.4:
                    s[key] = rng.randint(0, 2)
        elif rng.random() < 0.1:
            s["maxContains"] = 0  # without contains: ignored
    elif kind in ("number", "integer"):
        s["type"] = kind if rng.random() < 0.8 else [kind, "null"]
        for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            if rng.random() < 0.3:
                s[key] = rng.choice((0, 1, 2, 10, 2.5, -1))
        if rng.random() < 0.45:
            s["multipleOf"] = rng.choice(_STEPS)
    elif kind == "string":
        s["type"] = "string" if rng.random() < 0.8 else ["string", "integer"]
        for key in ("minLength", "maxLength"):
            if rng.random() < 0.4:
                s[key] = rng.randint(0, 3)
        if rng.random() < 0.4:
            s["pattern"] = rng.choice(_PATTERNS)
    elif kind == "mixed":
        if rng.random() < 0.5:
            s["type"] = rng.sample(_KINDS, rng.randint(1, 3))
        if rng.random() < 0.6:
            s["enum"] = rng.sample(_POOL, rng.randint(1, 4))
        else:
            s["const"] = rng.choice(_POOL)
    elif kind == "conditional":
        s["if"] = rng.choice(({"type": "string"}, {"required": ["id"]}, {"minimum": 1}, {"type": "array"},
                              {"const": 1}, sub()))
        for key in ("then", "else"):
            if rng.random() < 0.75:
                s[key] = sub()
    else:
        key = rng.choice(("anyOf", "oneOf", "allOf", "not"))
        s[key] = sub() if key == "not" else [sub() for _ in range(rng.randint(2, 3))]
    if refs and rng.random() < 0.1:
        s["$ref"] = _ref(rng.choice(refs))["$ref"]  # beside other keywords: both apply
    return s


def _root(rng: random.Random) -> object:
    if rng.random() < 0.6:
        return _schema(rng, 0)
    defs: dict = {}
    names = rng.sample(_DEFS[:4], rng.randint(1, 3))
    for n, name in enumerate(names):
        defs[name] = _schema(rng, 1, tuple(names[:n]))  # a definition refers only to earlier ones
    if rng.random() < 0.5:  # a recursive definition: it refers to itself only below the instance
        defs["node"] = {"type": "object", "properties": {"v": _schema(rng, 2, tuple(names)),
                                                          "kids": {"type": "array", "items": _ref("node")}},
                        "additionalProperties": rng.choice((False, True))}
    body = _schema(rng, 0, tuple(defs))
    body = body if isinstance(body, dict) else {"allOf": [body]}
    return dict(body, **{"$defs": defs})


def _deref(root: object, schema: object) -> object:
    for _ in range(5):
        if not (isinstance(schema, dict) and "$ref" in schema and len(schema) == 1):
            break
        node = root
        for part in schema["$ref"][2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        schema = node
    return schema


def _value(rng: random.Random, root: object, schema: object, depth: int) -> object:
    schema = _deref(root, schema)
    if depth > 3 or not isinstance(schema, dict) or rng.random() < 0.2:
        return rng.choice(_POOL)
    if "properties" in schema:
        obj = {n: _value(rng, root, sub, depth + 1) for n, sub in schema["properties"].items() if rng.random() < 0.8}
        for name in rng.sample(_NAMES, rng.randint(0, 2)):
            obj.setdefault(name, _value(rng, root, rng.choice([True] + list(schema.get("patternProperties", {}).values())),
                                        depth + 1))
        return obj
    if "items" in schema or "prefixItems" in schema or "contains" in schema or schema.get("type") == "array":
        subs = list(schema.get("prefixItems", [])) + [schema.get("items", {})] * 3 + [schema.get("contains", {})] * 2
        items = [_value(rng, root, rng.choice(subs), depth + 1) for _ in range(rng.randint(0, 4))]
        if items and rng.random() < 0.3:
            items.append(rng.choice(items))
        return items
    if "multipleOf" in schema and rng.random() < 0.7:
        m = schema["multipleOf"]
        return rng.choice((round(m * rng.randint(-3, 7), 10), m * rng.randint(1, 9), m / 2, rng.randint(0, 9)))
    bounds = [schema[k] for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum") if k in schema]
    if bounds:
        b = rng.choice(bounds)
        return rng.choice((b, b + 1, b - 1, b + 0.5, float(b), int(b)))
    for key in ("enum", "anyOf", "oneOf", "allOf", "then", "else", "if"):
        if key in schema:
            options = schema[key] if isinstance(schema[key], list) else [schema[key]]
            pick = rng.choice(options)
            return pick if key == "enum" else _value(rng, root, pick, depth + 1)
    if "const" in schema:
        return rng.choice((schema["const"], rng.choice(_POOL)))
    return rng.choice(_POOL)


def _tree(rng: random.Random, depth: int) -> object:
    node = {"v": rng.choice(_POOL)} if rng.random() < 0.8 else {}
    if depth < 3 and rng.random() < 0.7:
        node["kids"] = [_tree(rng, depth + 1) for _ in range(rng.randint(0, 2))]
    if rng.random() < 0.1:
        node[rng.choice(_NAMES)] = 1
    return node


def _cases() -> list[list]:
    rng = random.Random(int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:16], 16))
    cases = []
    for _ in range(CASES):
        root = _root(rng)
        if isinstance(root, dict) and "node" in root.get("$defs", {}) and rng.random() < 0.6:
            cases.append([_tree(rng, 0), dict(root, **{"$ref": "#/$defs/node"})])
        else:
            cases.append([_value(rng, root, root, 0), root])
    return cases + [list(case) for case in _FIXED]


_TREE = {"$defs": {"node": {"type": "object", "required": ["v"], "properties": {
    "v": {"type": "integer"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}, "$ref": "#/$defs/node"}
_FIXED = (
    [{"a/b": 1, "x~y": True}, {"properties": {"a/b": {"type": "string"}, "x~y": {"type": "integer"}}}],
    [[1, 1.0], {"uniqueItems": True}], [[1, True], {"uniqueItems": True}], [2.0, {"type": "integer"}],
    [True, {"type": "number"}], [True, {"enum": [1]}], [1.0, {"const": 1}], ["é🙂", {"maxLength": 2, "minLength": 2}],
    [{}, {"required": ["a/b", "~"]}], [5, {"anyOf": [{"type": "string"}, {"maximum": 1}]}],
    [1, {"oneOf": [{"type": "integer"}, {"type": "number"}]}], [3, {"allOf": [{"maximum": 1}, {"exclusiveMaximum": 3}]}],
    ["xab", {"pattern": "ab"}], [{"b": 1, "c": 2}, {"properties": {"b": True}, "additionalProperties": {"type": "string"}}],
    [[0, [1, 2]], {"items": {"items": False}}], [None, False], [{"k": 1}, {"not": {"required": ["k"]}}],
    [0.3, {"multipleOf": 0.1}], [0.7, {"multipleOf": 0.1}], [1.1, {"multipleOf": 0.1}], [4.5, {"multipleOf": 1.5}],
    [0.35, {"multipleOf": 0.1}], [True, {"multipleOf": 2}], [9007199254740993, {"multipleOf": 2}],
    [0.30000000000000004, {"multipleOf": 0.1}], [[0.7000000000000001, 0.0075], {"items": {"multipleOf": 0.0025}}],
    [{"n": 1.2000000000000002}, {"properties": {"n": {"multipleOf": 0.4}}}],
    [{"v": 1, "kids": [{"v": 2.0}, {"v": "x", "kids": [{}]}]}, _TREE],
    [{"p": 1}, {"$defs": {"a/b": {"type": "string"}, "x~y": {"minimum": 5}}, "properties": {
        "p": {"$ref": "#/$defs/a~1b"}, "q": {"$ref": "#/$defs/x~0y"}}}],
    [3, {"$defs": {"x~1": {"maximum": 1}}, "$ref": "#/$defs/x~01", "minimum": 5}],
    [[1, "a", 3], {"prefixItems": [{"type": "integer"}, {"type": "integer"}], "items": {"type": "string"}}],
    [[1, 2, 3], {"contains": {"type": "string"}, "minContains": 0}], [[1, 2, 3], {"maxContains": 1}],
    [[1, 2, "a"], {"contains": {"type": "integer"}, "maxContains": 1, "minContains": 3}],
    [{"ab": 1, "x-1": "s"}, {"patternProperties": {"^x-": {"type": "integer"}}, "additionalProperties": False}],
    [{"name": 1}, {"dependentRequired": {"name": ["id", "a/b"]}, "required": ["id"]}],
    [{"Ab": 1, "ok": 2}, {"propertyNames": {"pattern": "^[a-z]+$", "maxLength": 1}}],
    ["s", {"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"minimum": 5}}],
    [3, {"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"minimum": 5}}],
    [3, {"if": {"type": "string"}, "else": True}], ["abc", {"then": {"maxLength": 1}}],
)


def _fail(detail: str, score: float = 0.0) -> GradeResult:
    return GradeResult(passed=False, score=score, detail=detail[:500])


def _expected(cases: list[list]) -> list:
    path = Path(__file__).with_name("reference_output.py")
    spec = importlib.util.spec_from_file_location("_reference_validator", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [[list(e) for e in module.validate(instance, schema)] for instance, schema in cases]


def _run_child(scratch_dir: Path, module_path: Path, cases: list[list]) -> tuple[dict | None, str]:
    nonce = secrets.token_hex(16)  # unguessable; it never affects the verdict of a module that does not forge
    payload = json.dumps({"nonce": nonce, "cases": cases}).encode("utf-8")
    # The harness's nested sandbox: the module sees the graded dir, never this folder or the reference.
    run = run_agent_code([sys.executable, "-I", "-B", "-c", _CHILD, str(module_path)], scratch_dir,
                         timeout_s=TIMEOUT_S, input=payload)
    if run.timed_out:
        return None, f"module timed out after {TIMEOUT_S:g} s (does it hang or loop?)"
    tag = f"RESULT {nonce} "
    stdout = run.stdout.decode("utf-8", errors="replace")
    reports = [line[len(tag):] for line in stdout.splitlines() if line.startswith(tag)]
    if len(reports) != 1:
        return None, f"module did not report results (exit code {run.returncode}; it must not exit or crash)"
    try:
        report = json.loads(reports[0])
    except ValueError:
        return None, "module did not report results (report line damaged)"
    if not isinstance(report, dict):
        return None, "module did not report results (wrong report shape)"
    if "load_error" in report:
        return None, f"module failed to import: {report['load_error']}"
    return report, ""


def _kind(schema: object) -> str:
    if not isinstance(schema, dict):
        return "boolean schema"
    if "$defs" in schema or "$ref" in schema:
        return "reference"
    if {"anyOf", "oneOf", "allOf", "not"} & set(schema):
        return "combinator"
    if "if" in schema:
        return "conditional"
    if {"properties", "required", "patternProperties", "dependentRequired", "propertyNames"} & set(schema):
        return "object"
    if {"items", "prefixItems", "contains", "uniqueItems"} & set(schema):
        return "array"
    return "scalar"


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact (missing, garbage, crashing, hanging or printing modules)."""
    path = Path(scratch_dir) / ARTIFACT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        if path.stat().st_size > MAX_SOURCE_BYTES:
            return _fail("output artifact too large")
        source = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not source.strip():
        return _fail("output artifact is empty")
    try:
        compile(source, str(path), "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__} at line {getattr(exc, 'lineno', '?')}")
    cases = _cases()
    report, problem = _run_child(Path(scratch_dir).resolve(), path.resolve(), cases)
    if report is None:
        return _fail(problem)
    got = report.get("results")
    want = _expected(cases)
    if not isinstance(got, list) or len(got) != len(want):
        return _fail("module did not report results (wrong report shape)")
    wrong = [n for n, (g, w) in enumerate(zip(got, want)) if g != w]
    score = round((len(want) - len(wrong)) / len(want), 4)
    if wrong:
        kinds = sorted({_kind(cases[n][1]) for n in wrong})
        return _fail(f"{len(wrong)} of {len(want)} cases returned a wrong error list or raised "
                     f"(schema kinds: {', '.join(kinds)}); first: case {wrong[0] + 1}", score)
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} cases answered correctly")
