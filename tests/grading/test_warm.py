"""The warm worker (GraderSession.grade_warm) gives grade()'s verdicts, and says when it cannot.

Graders here are written the way task authors write them, state kept between calls included (a
module-level set of seen ids, a cache keyed by path, a counter): with those, verdicts that would make a
finding are the forked child's, the check's findings are those of a check that forks every grading,
and the gate says it graded again.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
import time
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, TaskContext, resolve_gates, run_checks
from artifactbench.grading import GraderSession
from artifactbench.manifest import load_task

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork-based worker")

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
REFERENCE = '{"endpoint": "/a", "p95": 12}\n{"endpoint": "/b", "p95": 30}\n{"endpoint": "/c", "p95": 7}\n'
OPTIONS = dict(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=10.0, fuzz_examples=30,
               fuzz_seconds=20.0)

HEAD = '''
import json, os, sys, time, threading, functools
from dataclasses import dataclass
from pathlib import Path

@dataclass(frozen=True)
class GradeResult:
    passed: bool
    score: float
    detail: str

EXPECTED = {"/a": 12, "/b": 30, "/c": 7}

def rows_of(scratch_dir):
    text = (Path(scratch_dir) / "output" / "p95.jsonl").read_text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]
'''

STRICT = '''
def grade(scratch_dir):
    try:
        rows = rows_of(scratch_dir)
    except Exception as exc:
        return GradeResult(False, 0.0, f"unreadable: {type(exc).__name__}")
    if "HANG" in json.dumps(rows):
        time.sleep(60)
    if "CRASH" in json.dumps(rows):
        os._exit(3)
    if "RAISE" in json.dumps(rows):
        raise ValueError("asked to")
    got = {r.get("endpoint"): r.get("p95") for r in rows if isinstance(r, dict)}
    if got != EXPECTED or len(rows) != 3:
        return GradeResult(False, 0.0, f"mismatch on {sorted(set(got) ^ set(EXPECTED)) or 'values'}")
    return GradeResult(True, 1.0, "all rows match")
'''

# Keeps state between calls, as graders written for one-process-per-grading harnesses do.
SEEN_SET = '''
SEEN = set()

def grade(scratch_dir):
    try:
        rows = rows_of(scratch_dir)
    except Exception as exc:
        return GradeResult(False, 0.0, f"unreadable: {type(exc).__name__}")
    for row in rows:
        key = row.get("endpoint") if isinstance(row, dict) else None
        if key in SEEN:
            return GradeResult(False, 0.0, f"duplicate endpoint {key}")
        SEEN.add(key)
    got = {r.get("endpoint"): r.get("p95") for r in rows if isinstance(r, dict)}
    if got != EXPECTED:
        return GradeResult(False, 0.0, "values mismatch")
    return GradeResult(True, 1.0, "all rows match")
'''

PATH_CACHE = '''
@functools.lru_cache(maxsize=None)
def load(path):
    return Path(path).read_text()

def grade(scratch_dir):
    try:
        rows = [json.loads(l) for l in load(str(Path(scratch_dir) / "output" / "p95.jsonl")).splitlines() if l.strip()]
    except Exception as exc:
        return GradeResult(False, 0.0, f"unreadable: {type(exc).__name__}")
    got = {r.get("endpoint"): r.get("p95") for r in rows if isinstance(r, dict)}
    if got != EXPECTED or len(rows) != 3:
        return GradeResult(False, 0.0, "values mismatch")
    return GradeResult(True, 1.0, "all rows match")
'''

# The expected /c is cached after the check that needs it: a first call never checks /c, later ones
# do. Forked, a wrong /c passes (a real finding); the reference passes either way.
LATE_CACHE = '''
_C = []

def grade(scratch_dir):
    try:
        rows = rows_of(scratch_dir)
    except Exception as exc:
        return GradeResult(False, 0.0, f"unreadable: {type(exc).__name__}")
    got = {r.get("endpoint"): r.get("p95") for r in rows if isinstance(r, dict)}
    if len(rows) != 3 or set(got) != set(EXPECTED) or got["/a"] != 12 or got["/b"] != 30:
        return GradeResult(False, 0.0, "values mismatch")
    if _C and got["/c"] != _C[0]:
        return GradeResult(False, 0.0, "/c mismatch")
    _C[:] = [EXPECTED["/c"]]
    return GradeResult(True, 1.0, "all rows match")
'''

# Leaves a lock held on a rejection: every later call in the same process hangs.
LOCKS_UP = '''
_LOCK = threading.Lock()

def grade(scratch_dir):
    if not _LOCK.acquire(timeout=30):
        return GradeResult(False, 0.0, "busy")
    try:
        rows = rows_of(scratch_dir)
    except Exception as exc:
        return GradeResult(False, 0.0, f"unreadable: {type(exc).__name__}")
    got = {r.get("endpoint"): r.get("p95") for r in rows if isinstance(r, dict)}
    if got != EXPECTED:
        return GradeResult(False, 0.0, "values mismatch")  # the lock is never released here
    _LOCK.release()
    return GradeResult(True, 1.0, "all rows match")
'''

WARMS_UP = '''
CALLS = [0]

def grade(scratch_dir):
    CALLS[0] += 1
    try:
        rows = rows_of(scratch_dir)
    except Exception as exc:
        return GradeResult(False, 0.0, f"unreadable: {type(exc).__name__}")
    if CALLS[0] > 3:  # "fast path": trust the format once a few files were checked
        return GradeResult(True, 1.0, "format ok")
    got = {r.get("endpoint"): r.get("p95") for r in rows if isinstance(r, dict)}
    if got != EXPECTED or len(rows) != 3:
        return GradeResult(False, 0.0, "values mismatch")
    return GradeResult(True, 1.0, "all rows match")
'''

LITTERS = '''
def grade(scratch_dir):
    if os.environ.get("GRADER_MARK") or sys.path[0] == "/nowhere" or os.getcwd() != str(scratch_dir):
        return GradeResult(False, 0.0, "saw an earlier call's leftovers")
    os.environ["GRADER_MARK"] = "1"
    sys.path.insert(0, "/nowhere")
    os.chdir("/")
    if THREAD:
        threading.Thread(target=time.sleep, args=(0.3,)).start()  # still running when grade() returns
    try:
        rows = rows_of(scratch_dir)
    except Exception as exc:
        return GradeResult(False, 0.0, f"unreadable: {type(exc).__name__}")
    got = {r.get("endpoint"): r.get("p95") for r in rows if isinstance(r, dict)}
    return GradeResult(got == EXPECTED, float(got == EXPECTED), "checked")
'''

# "Tidies up": removes the scratch dir it graded, so nothing is left to confirm a warm verdict with.
REMOVES_SCRATCH = STRICT.replace("def grade(scratch_dir):", "def grade(scratch_dir):\n    try:\n        return _grade(scratch_dir)\n"
                                 "    finally:\n        import shutil\n        shutil.rmtree(scratch_dir, ignore_errors=True)\n\n"
                                 "def _grade(scratch_dir):")


def _task(tmp_path: Path, body: str):
    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    (root / "grader" / "hidden.py").write_text(HEAD + textwrap.dedent(body))
    return load_task(root)


def _scratch(tmp_path: Path, name: str, text: str) -> Path:
    scratch = tmp_path / name
    (scratch / "output").mkdir(parents=True)
    (scratch / "output" / "p95.jsonl").write_text(text)
    return scratch


ARTIFACTS = {
    "reference": REFERENCE,
    "wrong": REFERENCE.replace("12", "13"),
    "short": REFERENCE.splitlines()[0] + "\n",
    "garbage": "{not json",
    "raise": REFERENCE.replace("/c", "RAISE"),
    "crash": REFERENCE.replace("/c", "CRASH"),
    "empty": "",
}


def test_warm_verdicts_equal_forked_ones(tmp_path):
    task = _task(tmp_path, STRICT)
    with GraderSession(task, timeout_s=10.0) as session:
        forked = {name: session.grade(_scratch(tmp_path, f"f-{name}", text)).fingerprint
                  for name, text in ARTIFACTS.items()}
        settled = {}
        for name, text in [("wrong", ARTIFACTS["wrong"]), *ARTIFACTS.items()]:
            outcome, settled[name] = session.grade_warm(_scratch(tmp_path, f"w-{name}-{len(settled)}", text))
            assert outcome.fingerprint == forked[name], name
        assert session.stateful is None
    assert forked["crash"][1] == "crash" and forked["raise"][1] == "exception"
    # Later rejections are the worker's own; acceptances and errors were graded again in a forked child.
    assert settled["short"] is False and settled["garbage"] is False
    assert settled["reference"] is True and settled["raise"] is True and settled["crash"] is True


def test_first_warm_case_and_timeouts_are_settled(tmp_path):
    task = _task(tmp_path, STRICT)
    with GraderSession(task, timeout_s=1.0) as session:
        outcome, settled = session.grade_warm(_scratch(tmp_path, "a", ARTIFACTS["wrong"]))
        assert settled and outcome.result.passed is False
        outcome, settled = session.grade_warm(_scratch(tmp_path, "b", REFERENCE.replace("/c", "HANG")))
        assert outcome.error_kind == "timeout" and settled  # reported once: a hang costs one timeout
        # The worker was ended with its case: the next one gets a new worker, so it is settled again.
        outcome, settled = session.grade_warm(_scratch(tmp_path, "c", ARTIFACTS["short"]))
        assert settled and outcome.result.passed is False
        outcome, settled = session.grade_warm(_scratch(tmp_path, "d", ARTIFACTS["short"]))
        assert not settled
        assert session.stateful is None


def test_a_worker_killed_between_cases_is_replaced(tmp_path):
    import psutil

    task = _task(tmp_path, STRICT)
    with GraderSession(task, timeout_s=10.0) as session:
        session.grade_warm(_scratch(tmp_path, "a", ARTIFACTS["wrong"]))
        (worker,) = psutil.Process(session._proc.pid).children()
        worker.kill()
        for _ in range(500):  # a zombie until the server reaps it
            if worker.status() == psutil.STATUS_ZOMBIE:
                break
            time.sleep(0.01)
        outcome, settled = session.grade_warm(_scratch(tmp_path, "b", ARTIFACTS["short"]))
        assert settled and outcome.result.detail.startswith("mismatch"), outcome  # a new worker's first case
        assert session.stateful is None


@pytest.mark.parametrize("thread", [False, True])
def test_leftovers_of_one_call_do_not_reach_the_next(tmp_path, thread):
    """env, import path, cwd are put back after each warm case; a thread still running ends the worker."""
    task = _task(tmp_path, f"THREAD = {thread}\n" + LITTERS)
    with GraderSession(task, timeout_s=10.0) as session:
        for i in range(4):
            outcome, settled = session.grade_warm(_scratch(tmp_path, f"s{i}", ARTIFACTS["wrong"]))
            assert outcome.result.detail == "checked", outcome
            # With a thread left running every case is a new worker's first.
            assert settled is (thread or i == 0)
        assert session.stateful is None


@pytest.mark.parametrize("body", [SEEN_SET, PATH_CACHE], ids=["seen-set", "cache-by-path"])
def test_canary_catches_state_that_turns_rejections_wrong(tmp_path, body):
    task = _task(tmp_path, body)
    ctx = TaskContext(task, CheckOptions(**OPTIONS))
    try:
        assert ctx.grade_text(REFERENCE).passed  # forked: passes
        for text in (ARTIFACTS["wrong"], ARTIFACTS["short"], REFERENCE.replace("30", "31")):
            assert not ctx.grade_text(text, warm=True).passed
        assert ctx.warm_canary() is False  # the known-good reference is rejected in the worker
        assert "earlier call(s) in the same process" in ctx.stateful
        assert ctx.warm_canary() is True  # told once
        # No verdict the worker's state decided is kept: each is a forked child's, or forgotten.
        for text in (ARTIFACTS["wrong"], ARTIFACTS["short"], REFERENCE.replace("30", "31")):
            kept = ctx.verdict_of(text)
            assert kept is None or "duplicate" not in kept.result.detail, kept
    finally:
        ctx.close()


def test_each_canary_samples_the_latest_unconfirmed_rejection(tmp_path):
    """A gate's canary confirms one of the rejections graded since: always taking the oldest left the
    later gates' rejections unsampled behind the contract gate's (attack9)."""
    ctx = TaskContext(_task(tmp_path, STRICT), CheckOptions(**OPTIONS))
    try:
        assert ctx.grade_text(REFERENCE).passed
        assert not ctx.grade_text(REFERENCE.replace("12", "13")).passed  # forked: its detail is known
        first = [REFERENCE.replace("12", str(n)) for n in (14, 15, 16)]
        for text in first:
            assert not ctx.grade_text(text, warm=True).passed
        assert ctx.warm_canary()
        # (the worker's first case is a forked child's; of the others, the last one was confirmed)
        assert list(ctx._unsettled) == first[1:2]
        later = [REFERENCE.replace("12", str(n)) for n in (17, 18)]
        for text in later:
            assert not ctx.grade_text(text, warm=True).passed
        assert ctx.warm_canary()
        assert list(ctx._unsettled) == [first[1], later[0]]
    finally:
        ctx.close()


def test_accepted_mutant_is_confirmed_in_a_forked_child(tmp_path):
    task = _task(tmp_path, WARMS_UP)
    with GraderSession(task, timeout_s=10.0) as session:
        verdicts = [session.grade_warm(_scratch(tmp_path, f"m{i}", ARTIFACTS["wrong"])) for i in range(6)]
        assert all(o.result.passed is False for o, _ in verdicts)  # the forked child's verdict
        assert session.stateful is not None and "passed=True" in session.stateful


@pytest.mark.parametrize("body", [SEEN_SET, PATH_CACHE, WARMS_UP, LATE_CACHE, REMOVES_SCRATCH, STRICT],
                         ids=["seen-set", "cache-by-path", "warms-up", "late-cache", "removes-scratch", "strict"])
def test_check_findings_equal_those_of_forking_every_grading(tmp_path, body):
    task = _task(tmp_path, body)
    gates = resolve_gates(["contract", "fuzz", "detail_leaks"])
    reports = {warm: run_checks([task], gates, options=CheckOptions(**OPTIONS, warm=warm)).tasks[0]
               for warm in (False, True)}

    def findings(report) -> set:
        return {(c.gate, k.name, k.status) for c in report.checks for k in c.cases if k.name != "process_state"}

    assert findings(reports[True]) == findings(reports[False])
    noted = [k for c in reports[True].checks for k in c.cases if k.name == "process_state"]
    assert bool(noted) == (body is not STRICT)
    assert all(k.status == "OK" and "process of its own" in k.detail for k in noted)


@pytest.mark.parametrize("how", ["by-name", "package"])
def test_a_python_artifact_graded_warm_is_imported_afresh_each_case(tmp_path, how):
    """Its grader imports it, which sys.modules remembers: the worker forgets what a call imported from
    the scratch dir, so a right module after wrong ones is accepted, as a forked child would."""
    root = tmp_path / "pytask"
    shutil.copytree(GOOD, root)
    manifest = root / "task.yaml"
    manifest.write_text(manifest.read_text().replace("output/p95.jsonl", "output/solution.py")
                        .replace("grader/reference_output.jsonl", "grader/solution.py"))
    (root / "grader" / "solution.py").write_text("def p95():\n    return 12\n")
    where, name = ('"output"', "solution") if how == "by-name" else ("", "output.solution")
    (root / "grader" / "hidden.py").write_text(HEAD + textwrap.dedent(f'''
        import importlib
        def grade(scratch_dir):
            sys.path.insert(0, str(Path(scratch_dir) / {where or '""'}))
            try:
                return GradeResult(importlib.import_module("{name}").p95() == 12, 1.0, "imported")
            except Exception as exc:
                return GradeResult(False, 0.0, f"{{type(exc).__name__}}")
    '''))
    ctx = TaskContext(load_task(root), CheckOptions(**OPTIONS))
    try:
        bodies = ("def p95():\n    return 13\n", "x = 1\n", "def p95():\n    return 12\n",
                  "def p95():\n    return 14\n", "def p95():\n    return 12.0\n")
        verdicts = [ctx.grade_text(body, warm=True, accepted_later=True).passed for body in bodies]
        assert verdicts == [False, False, True, False, True]
        assert ctx._session._warm_cases == len(bodies) and ctx.stateful is None
        assert ctx.warm_canary()
    finally:
        ctx.close()


def test_a_hang_left_by_an_earlier_call_is_graded_again_forked(tmp_path):
    """A timeout in a worker that graded before is not the verdict: a forked child's is."""
    task = _task(tmp_path, LOCKS_UP)
    with GraderSession(task, timeout_s=1.0) as session:
        first, settled = session.grade_warm(_scratch(tmp_path, "a", ARTIFACTS["wrong"]))
        assert settled and first.result.detail == "values mismatch"
        outcome, settled = session.grade_warm(_scratch(tmp_path, "b", ARTIFACTS["short"]))
        assert settled and outcome.result is not None and outcome.result.detail == "values mismatch", outcome
        assert session.stateful is not None and "timeout" in session.stateful


def test_a_worker_whose_grader_left_a_process_holding_its_pipe_still_ends_as_a_crash(tmp_path):
    """The grader forks a child that inherits the verdict pipe, then dies: a crash, not a timeout."""
    task = _task(tmp_path, STRICT.replace('    if "CRASH" in json.dumps(rows):\n        os._exit(3)',
                                          '    if "CRASH" in json.dumps(rows):\n        if os.fork() == 0:\n'
                                          '            time.sleep(30)\n            os._exit(0)\n        os._exit(3)'))
    with GraderSession(task, timeout_s=10.0) as session:
        session.grade_warm(_scratch(tmp_path, "a", ARTIFACTS["wrong"]))
        started = time.monotonic()
        outcome, settled = session.grade_warm(_scratch(tmp_path, "b", ARTIFACTS["crash"]))
        assert outcome.error_kind == "crash" and time.monotonic() - started < 5, outcome


def test_a_search_confirms_only_the_acceptance_it_reports(tmp_path):
    """accepted_later: a warm acceptance stays unconfirmed until settle(), which grades it forked and
    says so when the forked verdict differs."""
    task = _task(tmp_path, WARMS_UP)
    ctx = TaskContext(task, CheckOptions(**OPTIONS))
    try:
        texts = [REFERENCE.replace("12", str(13 + i)) for i in range(6)]
        verdicts = [ctx.grade_text(text, warm=True, accepted_later=True) for text in texts]
        assert [v.passed for v in verdicts] == [False] * 3 + [True] * 3  # the 4th call on: "format ok"
        assert ctx.stateful is None and ctx.verdict_of(texts[-1]) is None  # not confirmed yet
        assert ctx.settle(texts[-1]).passed is False  # the forked child's verdict
        assert "passed=True" in ctx.stateful
        assert ctx.warm_canary() is False
    finally:
        ctx.close()


def test_without_confirm_only_timeouts_and_crashes_are_graded_again(tmp_path):
    task = _task(tmp_path, WARMS_UP)
    with GraderSession(task, timeout_s=10.0) as session:
        verdicts = [session.grade_warm(_scratch(tmp_path, f"m{i}", ARTIFACTS["wrong"]), confirm=False)
                    for i in range(5)]
        assert [o.passed for o, _ in verdicts] == [False, False, False, True, True]
        assert [settled for _, settled in verdicts] == [True, False, False, False, False]
        assert session.stateful is None  # nothing was compared: the caller does that
    task = _task(tmp_path / "lock", LOCKS_UP)
    with GraderSession(task, timeout_s=1.0) as session:
        session.grade_warm(_scratch(tmp_path, "a", ARTIFACTS["wrong"]), confirm=False)
        outcome, settled = session.grade_warm(_scratch(tmp_path, "b", ARTIFACTS["short"]), confirm=False)
        assert settled and outcome.result.detail == "values mismatch" and "timeout" in session.stateful


def test_a_grader_that_removes_its_scratch_dir_turns_warm_grading_off(tmp_path):
    task = _task(tmp_path, REMOVES_SCRATCH)
    with GraderSession(task, timeout_s=10.0) as session:
        first, settled = session.grade_warm(_scratch(tmp_path, "a", ARTIFACTS["wrong"]))
        assert settled and session.stateful is None  # a fresh worker's case needs no confirmation
        outcome, settled = session.grade_warm(_scratch(tmp_path, "b", ARTIFACTS["reference"]))
        assert not settled and "removed the scratch dir" in session.stateful
        outcome, settled = session.grade_warm(_scratch(tmp_path, "c", ARTIFACTS["reference"]))
        assert settled and outcome.passed  # graded as grade() does from now on


def test_state_seen_by_one_session_keeps_the_tasks_other_sessions_forked(tmp_path):
    """A lock left held costs one timeout for the task, not one per hash seed's session."""
    log = tmp_path / "waits.log"
    body = LOCKS_UP.replace("    if not _LOCK.acquire(timeout=30):",
                            f"    if _LOCK.locked():\n        open({str(log)!r}, 'a').write('wait\\n')\n"
                            "    if not _LOCK.acquire(timeout=30):")
    task = _task(tmp_path, body)
    report = run_checks([task], resolve_gates(["contract", "fuzz"]),
                        options=CheckOptions(**{**OPTIONS, "grader_timeout_s": 1.0})).tasks[0]
    assert log.read_text().count("wait") == 1, log.read_text()
    noted = [k for c in report.checks for k in c.cases if k.name == "process_state"]
    assert noted and "timeout" in noted[0].detail


# Modules whose attributes run code of theirs when read: a PEP 562 __getattr__ that raises KeyError for
# any name it does not build, and a module that puts a dict whose keys read as attributes in its place.
ODD_MODULES = {
    "module_getattr": "def __getattr__(name):\n    return {}[name]\n\ndef p95():\n    return 12\n",
    "dict_in_its_place": ("import sys\n\nclass Namespace(dict):\n    __getattr__ = dict.__getitem__\n\n"
                          "def p95():\n    return 12\n\nsys.modules[__name__] = Namespace(p95=p95)\n"),
}


@pytest.mark.parametrize("module", sorted(ODD_MODULES))
def test_a_module_whose_attributes_run_its_code_is_forgotten_without_running_it(tmp_path, module):
    """The worker reads where a module came from in its own namespace: getattr(module, "__path__")
    would run the module's __getattr__, whose KeyError ended the worker, and the crash of its first
    case, a fresh one, was the verdict on the reference (the contract's determinism finding)."""
    root = tmp_path / "pytask"
    shutil.copytree(GOOD, root)
    manifest = root / "task.yaml"
    manifest.write_text(manifest.read_text().replace("output/p95.jsonl", "output/solution.py")
                        .replace("grader/reference_output.jsonl", "grader/solution.py"))
    (root / "grader" / "solution.py").write_text(ODD_MODULES[module])
    (root / "grader" / "hidden.py").write_text(HEAD + textwrap.dedent('''
        import importlib
        def grade(scratch_dir):
            sys.path.insert(0, str(Path(scratch_dir) / "output"))
            try:
                return GradeResult(importlib.import_module("solution").p95() == 12, 1.0, "imported")
            except Exception as exc:
                return GradeResult(False, 0.0, f"{type(exc).__name__}")
    '''))
    ctx = TaskContext(load_task(root), CheckOptions(**OPTIONS))
    try:
        reference = ctx.reference_text()
        bodies = (reference, reference.replace("12", "13"), reference)
        outcomes = [ctx.grade_text(body + "\n" * i, warm=True, accepted_later=True)
                    for i, body in enumerate(bodies)]
        assert [o.error_kind for o in outcomes] == [None] * 3, outcomes
        assert [o.passed for o in outcomes] == [True, False, True]
        assert ctx._session._warm_cases == 3 and ctx.stateful is None
    finally:
        ctx.close()
