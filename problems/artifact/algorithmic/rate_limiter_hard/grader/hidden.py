"""Grades output/rate_limiter.py by property tests in a child process against the reference module.

Scenarios (rules, keys, call sequences) come from an RNG seeded with the instance_id (spec 3.2). The child
runs through the harness's `run_agent_code`: a sandbox of its own that holds the graded dir (read-only) and
the runtime, but not this folder, so the module cannot read the reference or import this file. It imports
the agent's module, replays every call and reports the return values on stdout in one line (per scenario
one comma-joined string of short codes: T/F for a bool, the int, V for ValueError, E for another exception,
X for a wrong type, so that 120,000 values stay far below the output cap) tagged with a nonce it read from
stdin before importing the module, so the module's own prints cannot pose as the report. The verdict is
computed here, by comparing with the reference module next to this file; score = fraction of scenarios
matching exactly, passed only when all match.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
import secrets
import sys
from pathlib import Path

from artifactbench.grading import run_agent_code
from swebench.artifact_models import GradeResult

INSTANCE_ID = "algorithmic__rate_limiter_hard"
ARTIFACT = "output/rate_limiter.py"
SCENARIOS = 90
BUSY, BUSY_CALLS = 2, 60_000
TIMEOUT_S = 10.0

_CHILD = r'''
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
        spec = importlib.util.spec_from_file_location("candidate_rate_limiter", sys.argv[1])
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        cls = module.RateLimiter
    except BaseException as exc:
        emit({"load_error": type(exc).__name__})
        return
    out = []
    for scenario in request["scenarios"]:
        try:
            limiter = cls([tuple(rule) for rule in scenario["rules"]], scenario["max_refusals"],
                          scenario["lockout_ms"])
        except BaseException:
            out.append("I")
            continue
        values = []
        for op, key, now, cost in scenario["ops"]:
            try:
                value = (limiter.try_acquire if op == "a" else limiter.retry_after)(key, now, cost)
                if op == "a":
                    values.append(("T" if value else "F") if type(value) is bool else "X")
                else:
                    values.append(str(value) if type(value) is int else "X")
            except ValueError:
                values.append("V")
            except BaseException:
                values.append("E")
        out.append(",".join(values))
    emit({"results": out})
_main()
'''


def _fail(detail: str, score: float = 0.0) -> GradeResult:
    return GradeResult(passed=False, score=score, detail=detail[:500])


def _small(rng: random.Random) -> dict:
    """A short sequence: few keys, small limits, calls on and next to window and lockout edges, late calls."""
    rules = [(rng.randint(2, 10), rng.choice((1, 10, 100, 250, 1000, 10_000, rng.randint(2, 3000))))
             for _ in range(rng.randint(1, 3))]
    windows = [w for _, w in rules]
    max_refusals = rng.choice((0, 0, 1, 2, 3, 4))
    lockout_ms = rng.choice((1, 50, 500, rng.randint(1, 3000))) if max_refusals else rng.choice((0, 0, 700))
    keys = ["k0", "k1", "tenant-7"][: rng.randint(1, 3)]
    now, ops, seen = rng.randint(0, 5000), [], []
    for _ in range(rng.randint(20, 100)):
        step = rng.random()
        if step < 0.25:
            pass  # same millisecond
        elif step < 0.5:
            # land on (or next to) the moment an earlier call leaves a window or a lockout ends
            spans = windows + ([lockout_ms] if max_refusals else [])
            edges = sorted({t + w + d for t in seen[-12:] for w in spans for d in (-1, 0, 0, 1)})
            edges = [e for e in edges if e >= now]
            now = rng.choice(edges) if edges else now + 1
        else:
            now += rng.choice((1, 2, 5, rng.randint(1, max(windows))))
        sent = now
        if rng.random() < 0.08:
            sent = max(0, now - rng.choice((1, 2, rng.randint(1, 2 * max(windows)))))  # a late call
        cost = rng.choice((1, 1, 1, 1, 2, 2, 3)) if rng.random() < 0.93 else rng.choice((0, -1, 7, 9, 11))
        if cost < 1 and rng.random() < 0.6:
            sent = now + rng.randint(1, 2 * max(windows))  # an invalid call must not move the clock
        op = "a" if rng.random() < 0.65 else "r"
        ops.append((op, rng.choice(keys), sent, cost))
        seen.append(now)
        if rng.random() < 0.06:  # a client hammering: a burst of acquisitions across a lockout's edges
            key, gap = rng.choice(keys), rng.choice((0, 1, 7, 25, max(1, lockout_ms // 3)))
            for _ in range(rng.randint(4, 14)):
                now += gap if rng.random() < 0.8 else rng.randint(0, 3 * gap + 1)
                ops.append(("a" if rng.random() < 0.85 else "r", key, now, rng.choice((1, 1, 2, 11))))
                seen.append(now)
    return {"rules": rules, "max_refusals": max_refusals, "lockout_ms": lockout_ms, "ops": ops}


def _busy(rng: random.Random, calls: int) -> dict:
    """A long sequence at a sustained rate: tens of thousands of acquisitions stay inside the hour window."""
    rules = [(40_000, 3_600_000), (3_000, 60_000), (90, 1_000)]
    rng.shuffle(rules)
    now, ops = rng.randint(0, 1000), []
    for _ in range(calls):
        now += rng.choice((0, 5, 10, 15, 20, 25, 30, 40))
        sent = now if rng.random() > 0.01 else now - rng.randint(1, 90_000)
        cost = rng.choice((1, 1, 1, 2)) if rng.random() > 0.001 else rng.choice((0, 95))
        ops.append(("a" if rng.random() < 0.8 else "r", rng.choice(("api", "api", "api", "batch")), sent, cost))
    return {"rules": rules, "max_refusals": rng.choice((0, 5)), "lockout_ms": 2_000, "ops": ops}


def _scenarios() -> list[dict]:
    seed = int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:16], 16)
    rng = random.Random(seed)
    return [_small(rng) for _ in range(SCENARIOS)] + [_busy(rng, BUSY_CALLS) for _ in range(BUSY)]


def _expected(scenarios: list[dict]) -> list[list]:
    path = Path(__file__).with_name("reference_output.py")
    spec = importlib.util.spec_from_file_location("_reference_rate_limiter", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = []
    for scenario in scenarios:
        limiter = module.RateLimiter([tuple(r) for r in scenario["rules"]], scenario["max_refusals"],
                                     scenario["lockout_ms"])
        values = []
        for op, key, now, cost in scenario["ops"]:
            try:
                value = (limiter.try_acquire if op == "a" else limiter.retry_after)(key, now, cost)
                values.append(("T" if value else "F") if op == "a" else str(value))
            except ValueError:
                values.append("V")
        out.append(values)
    return out


def _run_child(scratch_dir: Path, module_path: Path, scenarios: list[dict]) -> tuple[dict | None, str]:
    nonce = secrets.token_hex(16)  # unguessable; it never affects the verdict of a module that does not forge
    payload = json.dumps({"nonce": nonce, "scenarios": scenarios}).encode("utf-8")
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
    if "load_error" in report:
        return None, f"module failed to import: {report['load_error']}"
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
    got = report.get("results")
    want = _expected(scenarios)
    if not isinstance(got, list) or len(got) != len(want):
        return _fail("module did not report results (wrong report shape)")
    failures = []
    for n, (line, theirs) in enumerate(zip(got, want), 1):
        mine = line.split(",") if isinstance(line, str) else []
        if mine != theirs:
            step = next((i for i, (a, b) in enumerate(zip(mine, theirs), 1) if a != b),
                        min(len(mine), len(theirs)) + 1)
            failures.append((n, step, scenarios[n - 1]["ops"][min(step, len(theirs)) - 1][0]))
    score = round((len(want) - len(failures)) / len(want), 4)
    if failures:
        n, step, op = failures[0]
        call = "try_acquire" if op == "a" else "retry_after"
        return _fail(f"property tests: {len(failures)} of {len(want)} scenarios failed; first: scenario {n}, "
                     f"call {step} ({call}) returned a wrong value or raised", score)
    return GradeResult(passed=True, score=1.0, detail=f"property tests: all {len(want)} scenarios passed")
