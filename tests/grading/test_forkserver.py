"""Grader servers forked from a forkserver behave as freshly started ones: same env, argv, cwd, import
path and hash seed as the grader sees them, the task's tag where reaping looks for it, nothing left
behind, and task code that kills the forkserver costs its own gradings only."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

import psutil
import pytest

from artifactbench._tagging import TAG_VAR, new_tag, reap_tagged, tagging
from artifactbench.gates import CheckOptions, resolve_gates, run_checks
from artifactbench.grading import Forkservers, GraderSession, harness_path
from artifactbench.manifest import load_task

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forkservers are Linux only")

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GOOD = FIXTURES / "checks" / "good"
OPTIONS = CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=10.0,
                       fuzz_examples=20, fuzz_seconds=5.0)

# What a grader can observe about the process it runs in, printed as one JSON line on stdout.
OBSERVER = '''
import json as _json, os as _os, sys as _sys
from dataclasses import dataclass

@dataclass
class GradeResult:
    passed: bool
    score: float
    detail: str

def grade(scratch_dir):
    home = _os.environ.get("HOME", "")
    seen = {
        "env": sorted((k, "<home>" if v == home else v.replace(home, "<home>")) for k, v in _os.environ.items()),
        "argv": _sys.argv[1:],
        "hash": hash("artifactbench"),
        "set": list({"a", "b", "c", "d", "e", "f"}),
        "path": [p.replace(home, "<home>") for p in _sys.path],
        "flags": [_sys.flags.safe_path, _sys.flags.no_user_site, _sys.flags.dont_write_bytecode],
        "cwd_is_scratch": _os.getcwd() == str(scratch_dir),
        "main": _sys.modules["__main__"].__spec__.name,
        "pgid_is_own": _os.getpgid(0) == _os.getpid(),
    }
    print(_json.dumps(seen))
    return GradeResult(True, 1.0, "observed")
'''


def _observer(tmp_path: Path):
    root = tmp_path / "observer"
    shutil.copytree(GOOD, root)
    (root / "grader" / "hidden.py").write_text(OBSERVER)
    return load_task(root)


def _seen(task, scratch: Path, seed: str, forkservers: Forkservers | None) -> dict:
    with tagging("f" * 32):
        with GraderSession(task, timeout_s=20, extra_env={"PYTHONHASHSEED": seed},
                           forkservers=forkservers) as session:
            outcome = session.grade(scratch)
    assert outcome.ok and outcome.passed, outcome
    return json.loads(outcome.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("seed", ["0", "1", "2718281"])
def test_a_forked_server_looks_like_a_fresh_one_to_the_grader(tmp_path, seed):
    task = _observer(tmp_path)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    forkservers = Forkservers()
    try:
        forked = _seen(task, scratch, seed, forkservers)
        forked_again = _seen(task, scratch, seed, forkservers)  # the second session of one forkserver
    finally:
        forkservers.close()
    fresh = _seen(task, scratch, seed, None)
    assert forked == fresh and forked_again == fresh
    assert ("PYTHONHASHSEED", seed) in [tuple(item) for item in fresh["env"]]


def test_each_hash_seed_gets_its_own_forkserver_and_the_seed_shows(tmp_path):
    task = _observer(tmp_path)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    forkservers = Forkservers()
    try:
        hashes = {seed: _seen(task, scratch, seed, forkservers)["hash"] for seed in ("0", "1", "2718281")}
        assert len(forkservers._servers) == 3
    finally:
        forkservers.close()
    assert len(set(hashes.values())) == 3, hashes


def test_ps_and_reaping_see_the_server_as_the_task_s(tmp_path):
    task = load_task(GOOD)
    scratch = tmp_path / "scratch"
    shutil.copytree(task.root / "workspace", scratch)
    tag = new_tag()
    forkservers = Forkservers()
    try:
        with tagging(tag), GraderSession(task, timeout_s=20, forkservers=forkservers) as session:
            session.grade(scratch)
            server = psutil.Process(session._proc.pid)
            assert str(task.hidden_grader) in server.cmdline() and "serve" in server.cmdline()
            assert server.environ()[TAG_VAR] == tag
            assert reap_tagged([tag]) >= 1  # what TaskContext.close() does at the end of a task
            assert _ended(server)
        zygotes = [psutil.Process(s._proc.pid) for s in forkservers._servers.values()]
        assert all(z.is_running() and z.environ()[TAG_VAR] == "0" * 32 for z in zygotes)  # never reaped
    finally:
        forkservers.close()
    assert not any(z.is_running() and z.status() != psutil.STATUS_ZOMBIE for z in zygotes)


def _ended(proc: psutil.Process) -> bool:
    """Gone, or a zombie waiting for its parent (the forkserver reaps a server when its session ends)."""
    for _ in range(100):
        try:
            if proc.status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.05)
    return False


KILLS_ITS_PARENT = "import os as _os, signal as _signal\n_os.kill(_os.getppid(), _signal.SIGKILL)\n"


def test_a_grader_that_kills_its_parent_does_not_touch_a_concurrent_task(tmp_path):
    hostile = tmp_path / "hostile"
    shutil.copytree(GOOD, hostile)
    grader = hostile / "grader" / "hidden.py"
    grader.write_text(KILLS_ITS_PARENT + grader.read_text())
    manifest = hostile / "task.yaml"
    manifest.write_text(manifest.read_text().replace("__chk_good", "__chk_kills_parent", 1))
    good = tmp_path / "good"
    shutil.copytree(GOOD, good)
    gates = resolve_gates(["positive", "negative", "contract"])
    started = time.monotonic()
    report = run_checks([load_task(hostile), load_task(good)], gates, jobs=2, options=OPTIONS)
    assert time.monotonic() - started < 120
    bad, fine = report.tasks
    # Killing the zygote costs nobody a verdict: servers outlive it, the next session gets a new one.
    assert fine.status == "pass", [(c.gate, c.summary) for c in fine.checks]
    assert all("internal error" not in c.summary for c in bad.checks)


STOPS_ITS_PARENT = "import os as _os, signal as _signal\n_os.kill(_os.getppid(), _signal.SIGSTOP)\n"


def test_a_grader_that_stops_its_forkserver_costs_no_answer_timeout(tmp_path):
    """A stopped zygote never answers: each later spawn waited the whole answer timeout (10 s) before
    the forkserver was replaced. It is now seen stopped within a poll and replaced at once."""
    hostile = tmp_path / "hostile"
    shutil.copytree(GOOD, hostile)
    grader = hostile / "grader" / "hidden.py"
    grader.write_text(STOPS_ITS_PARENT + grader.read_text())
    started = time.monotonic()
    report = run_checks([load_task(hostile)], resolve_gates(["positive", "contract"]), jobs=1, options=OPTIONS)
    elapsed = time.monotonic() - started
    assert report.tasks[0].status == "pass", [(c.gate, c.summary) for c in report.tasks[0].checks]
    assert elapsed < 8, elapsed  # two spawns after the stop: 20 s when each waited the answer timeout


def test_nothing_is_left_after_a_run(tmp_path):
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    report = run_checks([load_task(GOOD)], resolve_gates(["positive", "contract"]), options=OPTIONS)
    assert report.tasks[0].status == "pass"
    left = [p for p in psutil.Process().children(recursive=True) if p.pid not in before]
    assert [p for p in left if p.status() != psutil.STATUS_ZOMBIE] == []
    assert os.path.isdir(tmp_path)


PLANTER = '''import os as _os, signal as _signal, sys as _sys, tempfile as _tempfile
_marker = {marker!r}
_code = "import os, sys; open(%r, 'a').write(repr((os.getpid(), sys.argv[:6], os.environ.get('HOME')))+'\\\\n')\\n" % _marker
for _entry in list(_sys.path) + _os.environ.get("PYTHONPATH", "").split(_os.pathsep):
    # Folders of the check's own (the harness's import path is the user's to protect: under Pants it
    # lies in the temp dir too, and whoever can write it can change the checker itself).
    if _entry.startswith(_tempfile.gettempdir()) and _os.path.isdir(_entry) and _entry not in {harness!r}:
        try:
            _os.makedirs(_os.path.join(_entry, "sitecustomize"), exist_ok=True)
            with open(_os.path.join(_entry, "sitecustomize", "__init__.py"), "w") as _fh:
                _fh.write(_code)
            with open(_os.path.join(_entry, "sitecustomize.py"), "w") as _fh:
                _fh.write(_code)
        except OSError:
            pass
_os.kill(_os.getppid(), _signal.SIGKILL)  # the forkserver: its replacement must not start from my files
'''
LOOKUP = ('    try:\n        _socket.getaddrinfo("telemetry.invalid", 80)\n    except OSError:\n        pass\n'
          '    path = Path(scratch_dir) / "output" / "p95.jsonl"\n')


def test_a_grader_cannot_plant_start_up_code_for_later_tasks(tmp_path):
    marker = tmp_path / "planted-code-ran"
    planter = tmp_path / "a_planter"
    shutil.copytree(GOOD, planter)
    grader = planter / "grader" / "hidden.py"
    harness = set(harness_path().split(os.pathsep))
    grader.write_text(PLANTER.format(marker=str(marker), harness=harness) + grader.read_text())
    (planter / "task.yaml").write_text((planter / "task.yaml").read_text().replace("__chk_good", "__chk_planter", 1))
    lookup = tmp_path / "b_lookup"
    shutil.copytree(GOOD, lookup)
    grader = lookup / "grader" / "hidden.py"
    grader.write_text("import socket as _socket\n" + grader.read_text().replace(
        '    path = Path(scratch_dir) / "output" / "p95.jsonl"\n', LOOKUP, 1))
    report = run_checks([load_task(planter), load_task(lookup)], resolve_gates(["positive", "contract"]),
                        jobs=1, options=OPTIONS)
    contract = next(c for c in report.tasks[1].checks if c.gate == "contract")
    offline = next(c for c in contract.cases if c.name == "offline")
    assert offline.status == "FINDING" and "getaddrinfo" in offline.detail, offline
    assert not marker.exists(), marker.read_text()


LEAVES_A_HELPER = '''import os as _os, signal as _signal, subprocess as _subprocess, sys as _sys
from dataclasses import dataclass

# At import, in the server itself: a helper with a cleaned environment in a session of its own (no tag,
# out of every group the checker kills), which ends a moment later.
_subprocess.Popen([_sys.executable, "-c", "import time; time.sleep(0.3)"], env={}, start_new_session=True)

@dataclass
class GradeResult:
    passed: bool
    score: float
    detail: str

def grade(scratch_dir):
    _os.kill(_os.getppid(), _signal.SIGKILL)  # the server: its helper comes to the forkserver
    return GradeResult(True, 1.0, "killed my server")
'''


def test_helpers_a_killed_server_left_are_reaped_when_they_end(tmp_path):
    """What a killed server's grader left running comes to the forkserver (a subreaper); once it ends it
    is reaped within about ADOPTED_REAP_S, not kept as a zombie, holding a pid, until the run ends."""
    root = tmp_path / "leaves"
    shutil.copytree(GOOD, root)
    (root / "grader" / "hidden.py").write_text(LEAVES_A_HELPER)
    task = load_task(root)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    forkservers = Forkservers()
    try:
        for _ in range(4):
            with GraderSession(task, timeout_s=5.0, forkservers=forkservers) as session:
                assert not session.grade(scratch).ok  # its server was killed
        (zygote,) = [psutil.Process(s._proc.pid) for s in forkservers._servers.values()]
        time.sleep(0.5)  # every helper has ended
        zombies = []
        for _ in range(60):  # up to 3 s
            zombies = [c for c in zygote.children() if c.status() == psutil.STATUS_ZOMBIE]
            if not zombies:
                break
            time.sleep(0.05)
        assert zombies == []
    finally:
        forkservers.close()
