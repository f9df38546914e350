"""Grades output/ttl_cache.py by property tests in a child process against the reference module.

Scenarios (capacity, ttl, call sequences) come from an RNG seeded with the instance_id (spec 3.2): 90 short
ones on small caches, one hand-written one per stated rule (DIRECTED), and one of 120 000 calls on a large
cache, which an O(n)-per-call module cannot finish within TIMEOUT_S (its results travel as one digest per
CHUNK calls). The child imports the agent's module with the network disabled, replays every call and
reports the raw return values on stdout in one line tagged with a nonce it read from stdin before importing
the module, so the module's own prints cannot pose as the report. The verdict is computed here, by comparing
with the reference module next to this file; score = fraction of scenarios matching exactly, passed only
when all match.
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
SCENARIOS = 90  # small random ones; one large sequence is added after them
BIG_CALLS = 120_000
TIMEOUT_S = 10.0
OP_NAMES = {"p": "put", "g": "get", "k": "peek", "t": "touch", "d": "delete", "s": "size", "w": "weight",
            "x": "stats"}

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
            kind = op[0]
            if kind == "p":
                extra = {}
                if op[4] is not None:
                    extra["ttl_ms"] = op[4]
                if op[5] is not None:
                    extra["weight"] = op[5]
                got = cache.put(op[1], op[2], op[3], **extra)
                values.append(got if type(got) is bool else "type:" + type(got).__name__)
            elif kind in ("g", "k"):
                got = (cache.get if kind == "g" else cache.peek)(op[1], op[2])
                values.append(got if got is None or type(got) is int else "type:" + type(got).__name__)
            elif kind in ("t", "d"):
                got = (cache.touch if kind == "t" else cache.delete)(op[1], op[2])
                values.append(got if type(got) is bool else "type:" + type(got).__name__)
            elif kind in ("s", "w"):
                got = (cache.size if kind == "s" else cache.weight)(op[1])
                values.append(got if type(got) is int else "type:" + type(got).__name__)
            else:
                got = cache.stats()
                ok = isinstance(got, dict) and sorted(got) == STATS and all(type(v) is int for v in got.values())
                values.append([got[k] for k in STATS] if ok else "type:stats")
        except ValueError:
            values.append("error:ValueError")
        except BaseException as exc:
            values.append("error:" + type(exc).__name__)
    if scenario.get("compact"):  # a long sequence: one digest per CHUNK calls keeps the report small
        import hashlib, json
        values = [hashlib.sha256(json.dumps(values[i:i + CHUNK]).encode()).hexdigest()[:16]
                  for i in range(0, len(values), CHUNK)]
    return values
CHUNK = 1000
STATS = ["evictions", "expirations", "hits", "misses", "rejections"]
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


def _small(rng: random.Random, n: int) -> dict:
    """A short random call sequence on a small cache, biased towards expiry boundaries and full caches."""
    capacity = rng.choice((1, 2, 3, 4, 5, 6, 8))
    ttl = rng.choice((5, 10, 30, 100, 400, rng.randint(2, 60)))
    if n % 5 == 3:
        ttl = 1_000_000  # nothing expires by default: pure recency, weights and eviction order
    keys = list("abcdefgh")[: rng.randint(3, 8)]
    now, ops, marks = rng.randint(0, 1000), [], []
    last, own_ttl = now, {}
    for _ in range(rng.randint(30, 90)):
        last = now
        step = rng.random()
        if step < 0.2:
            pass
        elif step < 0.5 and marks:
            edges = sorted({m + d for m in marks[-12:] for d in (-1, 0, 0, 1)})
            edges = [e for e in edges if e >= now]
            now = rng.choice(edges) if edges else now + 1
        else:
            now += rng.choice((1, 2, 3, rng.randint(1, min(ttl, 500))))
        kind, key = rng.random(), rng.choice(keys)
        if kind < 0.36:
            own = rng.choice((None, None, None, rng.randint(1, 80), rng.choice((3, 7, 15, 200))))
            weight = rng.choice((None, None, 1, 1, 2, 3, rng.randint(1, capacity + 1)))
            ops.append(["p", key, rng.randint(0, 999), now, own, weight])
            own_ttl[key] = ttl if own is None else own
            marks.append(now + own_ttl[key])
        elif kind < 0.39:  # invalid: same clock as the previous call, so only the error matters
            bad = rng.choice(((0, None), (-5, 2), (None, 0), (None, -1), (4, 0)))
            ops.append(["p", key, rng.randint(0, 999), last, bad[0], bad[1]])
            now = last
            continue
        elif kind < 0.6:
            ops.append(["g", key, now])
        elif kind < 0.66:
            ops.append(["k", key, now])
        elif kind < 0.79:
            ops.append(["t", key, now])
            marks.append(now + own_ttl.get(key, ttl))
        elif kind < 0.84:
            ops.append(["d", key, now])
        elif kind < 0.89:
            ops.append(["s", now])
        elif kind < 0.93:
            ops.append(["w", now])
        else:
            ops.append(["x"])
    ops.append(["x"])
    return {"capacity": capacity, "ttl": ttl, "ops": ops}


def _big(rng: random.Random) -> dict:
    """One long sequence on a large cache: a per-call scan of all entries is far too slow for it."""
    ops: list[list] = []
    now = 0
    for _ in range(BIG_CALLS):
        now += rng.choice((0, 0, 0, 1))
        kind, key = rng.random(), f"u{rng.randrange(90_000)}"
        if kind < 0.45:
            own = None if rng.random() < 0.7 else rng.randint(500, 40_000)
            ops.append(["p", key, rng.randrange(1000), now, own, rng.choice((1, 1, 1, 2, 3))])
        elif kind < 0.65:
            ops.append(["g", key, now])
        elif kind < 0.72:
            ops.append(["t", key, now])
        elif kind < 0.76:
            ops.append(["d", key, now])
        elif kind < 0.84:
            ops.append(["s", now])
        elif kind < 0.92:
            ops.append(["w", now])
        else:
            ops.append(["x"])
    ops.append(["x"])
    return {"capacity": 40_000, "ttl": 30_000, "ops": ops, "compact": True}


def _p(key: str, value: int, now: int, ttl: int | None = None, weight: int | None = None) -> list:
    return ["p", key, value, now, ttl, weight]


# One short hand-written sequence per stated rule, so each rule is checked even if the random ones miss it.
_BIG_TTL = 1_000_000
DIRECTED = [
    # expiry is exclusive: live at expires_at - 1, gone at expires_at
    {"capacity": 3, "ttl": 10, "ops": [_p("a", 1, 0), ["g", "a", 9], ["g", "a", 10], ["s", 10], ["x"]]},
    # get refreshes recency; peek does not
    {"capacity": 2, "ttl": _BIG_TTL, "ops": [_p("a", 1, 0), _p("b", 2, 1), ["g", "a", 2], _p("c", 3, 3),
                                             ["k", "a", 4], ["k", "b", 4], ["x"]]},
    {"capacity": 2, "ttl": _BIG_TTL, "ops": [_p("a", 1, 0), _p("b", 2, 1), ["k", "a", 2], _p("c", 3, 3),
                                             ["k", "a", 4], ["k", "b", 4], ["x"]]},
    # get does not extend the expiry time
    {"capacity": 2, "ttl": 10, "ops": [_p("a", 1, 0), ["g", "a", 8], ["g", "a", 12], ["x"]]},
    # touch restarts the entry's own TTL and refreshes recency
    {"capacity": 2, "ttl": 100, "ops": [_p("a", 1, 0, ttl=10), ["t", "a", 5], ["k", "a", 14], ["k", "a", 15],
                                        ["t", "a", 15], ["x"]]},
    {"capacity": 2, "ttl": _BIG_TTL, "ops": [_p("a", 1, 0), _p("b", 2, 1), ["t", "a", 2], _p("c", 3, 3),
                                             ["k", "a", 4], ["k", "b", 4], ["x"]]},
    # replacing a live key: its old weight no longer counts, and it is not an expiration
    {"capacity": 5, "ttl": 10, "ops": [_p("a", 1, 0, weight=2), _p("b", 2, 0, weight=2), _p("a", 3, 1, weight=3),
                                       ["k", "a", 2], ["k", "b", 2], ["w", 2], ["s", 30], ["x"]]},
    # an oversized put is rejected and the old value is gone
    {"capacity": 3, "ttl": 50, "ops": [_p("a", 1, 0), _p("a", 2, 1, weight=4), ["g", "a", 2], ["w", 2], ["x"]]},
    # an invalid put raises and changes nothing
    {"capacity": 3, "ttl": 50, "ops": [_p("a", 1, 0), _p("a", 2, 0, ttl=0), _p("a", 3, 0, weight=0),
                                       ["g", "a", 1], ["s", 1], ["x"]]},
    # evict least recently used entries until the new weight fits
    {"capacity": 4, "ttl": _BIG_TTL, "ops": [_p("a", 1, 0), _p("b", 2, 0), _p("c", 3, 0), _p("d", 4, 0),
                                             _p("e", 5, 1, weight=3), ["k", "c", 2], ["k", "d", 2], ["w", 2], ["x"]]},
    # expired entries do not count towards the weight and are not evicted
    {"capacity": 2, "ttl": 100, "ops": [_p("a", 1, 0, ttl=10), _p("b", 2, 0), _p("c", 3, 10), ["k", "b", 11],
                                        ["s", 11], ["x"]]},
    # delete is not an eviction; expirations are counted as of the latest clock, looked at or not
    {"capacity": 3, "ttl": 10, "ops": [_p("a", 1, 0), _p("b", 2, 0), ["d", "a", 1], ["d", "a", 2], _p("c", 3, 5),
                                       ["k", "zz", 12], ["x"], ["k", "zz", 15], ["x"]]},
]


def _scenarios() -> list[dict]:
    seed = int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:16], 16)
    rng = random.Random(seed)
    out = []
    for n in range(SCENARIOS):
        if n in (7, 31, 52):
            out.append({"capacity": (0, 3, -2)[(7, 31, 52).index(n)], "ttl": (50, 0, 10)[(7, 31, 52).index(n)],
                        "ops": []})
            continue
        out.append(_small(rng, n))
    out.extend(DIRECTED)
    out.append(_big(rng))
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
        return None, f"module timed out after {TIMEOUT_S:g} s (too slow for the large sequence, or it hangs)"
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
            if scenarios[n - 1].get("compact"):
                call = f"somewhere in calls {(step - 1) * 1000 + 1}-{step * 1000} of the large sequence"
            elif not ops or theirs[:1] == ["init:ValueError"]:
                call = "__init__"
            else:
                call = OP_NAMES[ops[min(step, len(ops)) - 1][0]]
            failures.append((n, step, call))
    score = round((len(want) - len(failures)) / len(want), 4)
    if failures:
        n, step, call = failures[0]
        where = call if call.startswith("somewhere") else f"call {step} ({call})"
        return _fail(f"property tests: {len(failures)} of {len(want)} scenarios failed; first: scenario {n}, "
                     f"{where} returned a wrong value or raised", score)
    return GradeResult(passed=True, score=1.0, detail=f"property tests: all {len(want)} scenarios passed")
