"""Grades output/ttl_cache.py by property tests in a child process against the reference module.

Scenarios (capacity, ttl, call sequences) come from an RNG seeded with the instance_id (spec 3.2). The child
imports the agent's module with the network disabled, replays every call and reports the raw return values
on stdout in one line tagged with a nonce it read from stdin before importing the module, so the module's
own prints cannot pose as the report. The verdict is computed here, by comparing with the reference module
next to this file; score = fraction of scenarios matching exactly, passed only when all match.
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

INSTANCE_ID = "stateful_reasoning__ttl_lru_cache_hard"
ARTIFACT = "output/ttl_cache.py"
SCENARIOS = 60
TIMEOUT_S = 10.0
OP_NAMES = {"p": "put", "g": "get", "t": "touch", "s": "size", "x": "stats"}

# Shared by the child (agent module) and the grader (reference module): replay one scenario.
_REPLAY = r'''
def replay(cls, scenario):
    try:
        cache = cls(scenario["capacity"], scenario["ttl"])
    except ValueError:
        return ["init:ValueError"]
    except BaseException as exc:
        return ["init:" + type(exc).__name__]
    if scenario["capacity"] < 1 or scenario["ttl"] < 1:
        return ["init:accepted"]
    values = []
    for op in scenario["ops"]:
        try:
            if op[0] == "p":
                got = cache.put(op[1], op[2], op[3])
                values.append("none" if got is None else "type:" + type(got).__name__)
            elif op[0] == "g":
                got = cache.get(op[1], op[2])
                values.append(got if got is None or type(got) is int else "type:" + type(got).__name__)
            elif op[0] == "t":
                got = cache.touch(op[1], op[2])
                values.append(got if type(got) is bool else "type:" + type(got).__name__)
            elif op[0] == "s":
                got = cache.size(op[1])
                values.append(got if type(got) is int else "type:" + type(got).__name__)
            else:
                got = cache.stats()
                ok = isinstance(got, dict) and sorted(got) == ["evictions", "hits", "misses"] and all(type(v) is int for v in got.values())
                values.append([got["hits"], got["misses"], got["evictions"]] if ok else "type:stats")
        except BaseException as exc:
            values.append("error:" + type(exc).__name__)
    return values
'''

_CHILD = _REPLAY + r'''
import importlib.util, json, socket, sys
def _blocked(*args, **kwargs):
    raise OSError("network access is disabled while grading")
def _main():
    request = json.loads(sys.stdin.read())
    sys.stdin = open(__import__("os").devnull)
    report = sys.__stdout__
    socket.socket = socket.create_connection = socket.getaddrinfo = _blocked
    def emit(value):
        report.write("\nRESULT " + request["nonce"] + " " + json.dumps(value) + "\n")
        report.flush()
    try:
        spec = importlib.util.spec_from_file_location("candidate_ttl_cache", sys.argv[1])
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        cls = module.TTLCache
    except BaseException as exc:
        emit({"load_error": type(exc).__name__})
        return
    emit({"results": [replay(cls, s) for s in request["scenarios"]]})
_main()
'''


def _fail(detail: str, score: float = 0.0) -> GradeResult:
    return GradeResult(passed=False, score=score, detail=detail[:500])


def _scenarios() -> list[dict]:
    seed = int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:16], 16)
    rng = random.Random(seed)
    out = []
    for n in range(SCENARIOS):
        if n in (7, 31):
            out.append({"capacity": 0 if n == 7 else 3, "ttl": 50 if n == 7 else 0, "ops": []})
            continue
        capacity, ttl = rng.randint(1, 4), rng.choice((5, 10, 30, 100, 400, rng.randint(2, 60)))
        if n % 4 == 3:
            ttl = 1_000_000  # nothing expires: pure recency and eviction order
        keys = ["a", "b", "c", "d", "e", "f"][: rng.randint(capacity + 1, min(6, capacity + 2))]
        now, ops, marks = rng.randint(0, 1000), [], []
        for _ in range(rng.randint(25, 70)):
            step = rng.random()
            if step < 0.25:
                pass
            elif step < 0.5 and marks and ttl < 1_000_000:
                edges = sorted({m + ttl + d for m in marks[-10:] for d in (-1, 0, 0, 1)} - set(), reverse=False)
                edges = [e for e in edges if e >= now]
                now = rng.choice(edges) if edges else now + 1
            else:
                now += rng.choice((1, 2, 3, rng.randint(1, min(ttl, 500))))
            kind = rng.random()
            key = rng.choice(keys)
            if kind < 0.4:
                ops.append(["p", key, rng.randint(0, 999), now])
                marks.append(now)
            elif kind < 0.72:
                ops.append(["g", key, now])
            elif kind < 0.9:
                ops.append(["t", key, now])
                marks.append(now)
            elif kind < 0.96:
                ops.append(["s", now])
            else:
                ops.append(["x"])
        ops.append(["x"])
        out.append({"capacity": capacity, "ttl": ttl, "ops": ops})
    return out


def _expected(scenarios: list[dict]) -> list[list]:
    spec = importlib.util.spec_from_file_location("_reference_ttl_cache", Path(__file__).with_name("reference_output.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    namespace: dict = {}
    exec(_REPLAY, namespace)  # noqa: S102 - the grader's own replay helper, not agent code
    return [namespace["replay"](module.TTLCache, s) for s in scenarios]


def _run_child(scratch_dir: Path, module_path: Path, scenarios: list[dict]) -> tuple[dict | None, str]:
    nonce = secrets.token_hex(16)  # unguessable; it never affects the verdict of a module that does not forge
    payload = json.dumps({"nonce": nonce, "scenarios": scenarios}).encode("utf-8")
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
        return None, f"module failed to import: {str(report['load_error'])[:60]}"
    return report, ""


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact (missing, garbage, crashing, hanging or printing modules)."""
    path = Path(scratch_dir) / ARTIFACT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        source = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not source.strip():
        return _fail("output artifact is empty")
    try:
        compile(source, str(path), "exec")
    except (SyntaxError, ValueError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__} at line {getattr(exc, 'lineno', '?')}")
    scenarios = _scenarios()
    report, problem = _run_child(Path(scratch_dir).resolve(), path.resolve(), scenarios)
    if report is None:
        return _fail(problem)
    got, want = report.get("results"), _expected(scenarios)
    if not isinstance(got, list) or len(got) != len(want):
        return _fail("module did not report results (wrong report shape)")
    failures = []
    for n, (mine, theirs) in enumerate(zip(got, want), 1):
        if not isinstance(mine, list) or json.dumps(mine) != json.dumps(theirs):
            mine = mine if isinstance(mine, list) else []
            step = next((i for i, (a, b) in enumerate(zip(mine, theirs), 1) if json.dumps(a) != json.dumps(b)),
                        min(len(mine), len(theirs)) + 1)
            ops = scenarios[n - 1]["ops"]
            call = "__init__" if not ops or theirs[:1] == ["init:ValueError"] else OP_NAMES[ops[min(step, len(ops)) - 1][0]]
            failures.append((n, step, call))
    score = round((len(want) - len(failures)) / len(want), 4)
    if failures:
        n, step, call = failures[0]
        return _fail(f"property tests: {len(failures)} of {len(want)} scenarios failed; first: scenario {n}, "
                     f"call {step} ({call}) returned a wrong value or raised", score)
    return GradeResult(passed=True, score=1.0, detail=f"property tests: all {len(want)} scenarios passed")
