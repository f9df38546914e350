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
CASES = 320
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

_NAMES = ("id", "name", "tags", "port", "meta", "a/b", "x~y", "~1", "", "0", "ünï")
_POOL = (None, True, False, 0, 1, 1.0, -1, 2, 2.5, -0.5, 10, 1000, "", "a", "ab", "abc", "B9", "zz-top", "é🙂",
         "2026", [], [1, 1.0], [1, True], [0, False], ["a", "b"], [[1], [1.0]], {}, {"a/b": 1}, {"x": {"y": 1}})
_PATTERNS = ("^a", "[0-9]+$", "^[a-z]+$", "b", "^$", "é")
_KINDS = ("null", "boolean", "integer", "number", "string", "array", "object")


def _schema(rng: random.Random, depth: int) -> object:
    if depth > 2 or rng.random() < 0.08:
        return rng.choice((True, False, {}, {"type": rng.choice(_KINDS)}))
    kind = rng.choice(("object", "object", "array", "number", "integer", "string", "mixed", "combinator"))
    s: dict = {}
    if kind == "object":
        if rng.random() < 0.7:
            s["type"] = "object"
        names = rng.sample(_NAMES, rng.randint(1, 3))
        s["properties"] = {n: _schema(rng, depth + 1) for n in names}
        if rng.random() < 0.7:
            s["required"] = rng.sample(names, rng.randint(0, len(names))) + ([rng.choice(_NAMES)] if rng.random() < 0.3 else [])
        roll = rng.random()
        if roll < 0.35:
            s["additionalProperties"] = False
        elif roll < 0.55:
            s["additionalProperties"] = _schema(rng, depth + 1)
    elif kind == "array":
        if rng.random() < 0.7:
            s["type"] = "array"
        if rng.random() < 0.7:
            s["items"] = _schema(rng, depth + 1)
        for key in ("minItems", "maxItems"):
            if rng.random() < 0.4:
                s[key] = rng.randint(0, 3)
        if rng.random() < 0.5:
            s["uniqueItems"] = rng.choice((True, True, False))
    elif kind in ("number", "integer"):
        s["type"] = kind if rng.random() < 0.8 else [kind, "null"]
        for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            if rng.random() < 0.35:
                s[key] = rng.choice((0, 1, 2, 10, 2.5, -1))
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
    else:
        key = rng.choice(("anyOf", "oneOf", "allOf", "not"))
        s[key] = _schema(rng, depth + 1) if key == "not" else [_schema(rng, depth + 1) for _ in range(rng.randint(2, 3))]
    return s


def _value(rng: random.Random, schema: object, depth: int) -> object:
    if depth > 3 or not isinstance(schema, dict) or rng.random() < 0.25:
        return rng.choice(_POOL)
    if "properties" in schema:
        obj = {n: _value(rng, sub, depth + 1) for n, sub in schema["properties"].items() if rng.random() < 0.8}
        for name in rng.sample(_NAMES, rng.randint(0, 2)):
            obj.setdefault(name, rng.choice(_POOL))
        return obj
    if "items" in schema or schema.get("type") == "array":
        items = [_value(rng, schema.get("items", {}), depth + 1) for _ in range(rng.randint(0, 4))]
        if items and rng.random() < 0.3:
            items.append(rng.choice(items))
        return items
    bounds = [schema[k] for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum") if k in schema]
    if bounds:
        b = rng.choice(bounds)
        return rng.choice((b, b + 1, b - 1, b + 0.5, float(b), int(b)))
    for key in ("enum", "anyOf", "oneOf", "allOf"):
        if key in schema:
            options = schema[key]
            pick = rng.choice(options)
            return pick if key == "enum" else _value(rng, pick, depth + 1)
    if "const" in schema:
        return rng.choice((schema["const"], rng.choice(_POOL)))
    return rng.choice(_POOL)


def _cases() -> list[list]:
    rng = random.Random(int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:16], 16))
    cases = []
    for _ in range(CASES):
        schema = _schema(rng, 0)
        cases.append([_value(rng, schema, 0), schema])
    return cases + [list(case) for case in _FIXED]


_FIXED = (
    [{"a/b": 1, "x~y": True}, {"properties": {"a/b": {"type": "string"}, "x~y": {"type": "integer"}}}],
    [[1, 1.0], {"uniqueItems": True}], [[1, True], {"uniqueItems": True}], [2.0, {"type": "integer"}],
    [True, {"type": "number"}], [True, {"enum": [1]}], [1.0, {"const": 1}], ["é🙂", {"maxLength": 2, "minLength": 2}],
    [{}, {"required": ["a/b", "~"]}], [5, {"anyOf": [{"type": "string"}, {"maximum": 1}]}],
    [1, {"oneOf": [{"type": "integer"}, {"type": "number"}]}], [3, {"allOf": [{"maximum": 1}, {"exclusiveMaximum": 3}]}],
    ["xab", {"pattern": "ab"}], [{"b": 1, "c": 2}, {"properties": {"b": True}, "additionalProperties": {"type": "string"}}],
    [[0, [1, 2]], {"items": {"items": False}}], [None, False], [{"k": 1}, {"not": {"required": ["k"]}}],
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
    if {"anyOf", "oneOf", "allOf", "not"} & set(schema):
        return "combinator"
    if "properties" in schema or "required" in schema:
        return "object"
    if "items" in schema or "uniqueItems" in schema:
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
