"""The guardian: a daemon that task code left running dies even when the checker is SIGKILLed, and
one checker's guardian never touches another checker's processes."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from artifactbench import _guardian
from artifactbench._process import scrubbed_env
from artifactbench._tagging import TAG_VAR, new_tag

from _daemon import DAEMON  # pants: no-infer-dep (tests/process/_daemon.py, on sys.path by conftest)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the guardian reads /proc: Linux")

SRC = Path(__file__).resolve().parents[2] / "src"
GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def _guardians(checker: int) -> list[int]:
    """The guardian processes started by `checker` (its pid is the guardian's last argument)."""
    found = []
    for proc in psutil.process_iter(["cmdline"]):
        cmd = proc.info["cmdline"] or []
        if any("artifactbench._guardian" in part for part in cmd) and cmd[-1] == str(checker):
            if _alive(proc.pid):
                found.append(proc.pid)
    return found


def _task(tmp_path: Path, name: str, where: str) -> tuple[Path, Path]:
    """A copy of the good fixture whose grader (or negative_cases.py) starts the daemon and hangs."""
    root = tmp_path / name
    shutil.copytree(GOOD, root)
    pidfile = tmp_path / f"{name}.pid"
    call = f"{DAEMON}\n_daemon({str(pidfile)!r}, {str(tmp_path / (name + '.beat'))!r})\n"
    if where == "grader":
        hidden = root / "grader" / "hidden.py"
        hidden.write_text(hidden.read_text().replace(
            "def grade(scratch_dir):\n", f"def grade(scratch_dir):\n    _daemon_start()\n    time.sleep(120)\n")
            + "\ndef _daemon_start():\n" + "".join(f"    {line}\n" for line in call.splitlines()))
    else:
        (root / "grader" / "negative_cases.py").write_text(f"import time\n{call}time.sleep(120)\n")
    manifest = root / "task.yaml"
    manifest.write_text(manifest.read_text().replace("__chk_good", f"__chk_{name}", 1))
    return root, pidfile


def _checker(root: Path, tmp: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(SRC), "TMPDIR": str(tmp)}
    return subprocess.Popen([sys.executable, "-m", "artifactbench", "check", str(root), "--grader-timeout", "120",
                             "--quiet"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _daemon_pid(pidfile: Path, checker: subprocess.Popen) -> int:
    for _ in range(1200):  # slow under load
        text = pidfile.read_text() if pidfile.exists() else ""
        if text:
            return int(text)
        assert checker.poll() is None, f"the checker ended (rc {checker.returncode}) before the daemon started"
        time.sleep(0.05)
    raise AssertionError(f"{pidfile} never got the daemon's pid")


def _cleanup(procs: list[subprocess.Popen], pidfiles: list[Path]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    for pidfile in pidfiles:
        text = pidfile.read_text() if pidfile.exists() else ""
        if text and _alive(int(text)):
            os.kill(int(text), signal.SIGKILL)


@pytest.mark.parametrize("where", ["grader", "negative_cases"])
def test_a_setsid_daemon_dies_with_a_sigkilled_checker(tmp_path, where):
    root, pidfile = _task(tmp_path, "killed", where)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    checker = _checker(root, tmp)
    try:
        pid = _daemon_pid(pidfile, checker)
        time.sleep(0.3)
        assert _alive(pid) and _guardians(checker.pid), "the daemon (or the guardian) is not running"
        assert psutil.Process(pid).environ()[TAG_VAR], "the daemon lost the task's tag"
        checker.kill()
        checker.wait()
        assert _gone_within(pid, 5.0), f"the {where}'s daemon {pid} outlived the SIGKILLed checker"
        beat = tmp_path / "killed.beat"
        last = beat.read_text()
        time.sleep(0.3)
        assert beat.read_text() == last, "the heartbeat goes on"
        deadline = time.monotonic() + 5.0
        while _guardians(checker.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _guardians(checker.pid) == [], "the guardian did not exit after reaping"
    finally:
        _cleanup([checker], [pidfile])


def test_two_checkers_guardians_spare_each_other_and_strangers(tmp_path):
    (tmp := tmp_path / "tmp").mkdir()
    (root_a, pid_a), (root_b, pid_b) = _task(tmp_path, "a", "grader"), _task(tmp_path, "b", "grader")
    a, b = _checker(root_a, tmp), _checker(root_b, tmp)
    # Not ours: an untagged process, and one with a tag of another run id (this test process).
    strangers = [psutil.Popen(SLEEPER, env=scrubbed_env()),
                 psutil.Popen(SLEEPER, env={**scrubbed_env(), TAG_VAR: new_tag()})]
    try:
        daemon_a, daemon_b = _daemon_pid(pid_a, a), _daemon_pid(pid_b, b)
        tag_a, tag_b = (psutil.Process(p).environ()[TAG_VAR] for p in (daemon_a, daemon_b))
        assert tag_a[:12] != tag_b[:12], "two checker processes share a run id"
        a.kill()
        a.wait()
        assert _gone_within(daemon_a, 5.0), "checker a's daemon outlived it"
        time.sleep(0.5)  # had a's guardian wrongly reaped more, it would have by now
        assert b.poll() is None and _alive(daemon_b), "checker a's guardian touched checker b's processes"
        assert all(p.is_running() and p.status() != psutil.STATUS_ZOMBIE for p in strangers)
        b.send_signal(signal.SIGKILL)
        b.wait()
        assert _gone_within(daemon_b, 5.0), "checker b's daemon outlived it"
        assert all(p.is_running() and p.status() != psutil.STATUS_ZOMBIE for p in strangers)
    finally:
        for proc in strangers:
            proc.kill()
            proc.wait()
        _cleanup([a, b], [pid_a, pid_b])


def test_a_clean_check_leaves_no_guardian(tmp_path):
    (tmp := tmp_path / "tmp").mkdir()
    env = {**os.environ, "PYTHONPATH": str(SRC), "TMPDIR": str(tmp)}
    checker = subprocess.Popen([sys.executable, "-m", "artifactbench", "check", str(GOOD), "--gates", "positive",
                                "--quiet"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen = []
    while checker.poll() is None and not seen:
        seen = _guardians(checker.pid)
        time.sleep(0.02)
    out, err = checker.communicate(timeout=120)  # the guardian holds no pipe of ours: no wait for it
    assert checker.returncode == 0, err
    deadline = time.monotonic() + 5.0
    while _guardians(checker.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _guardians(checker.pid) == []


def test_tags_are_32_hex_with_a_per_process_run_id():
    tags = [new_tag(), new_tag()]
    assert all(re.fullmatch(r"[0-9a-f]{32}", t) for t in tags) and tags[0] != tags[1]
    assert tags[0][:12] == tags[1][:12]
    other = subprocess.run([sys.executable, "-c", "from artifactbench._tagging import new_tag; print(new_tag())"],
                           env={**os.environ, "PYTHONPATH": str(SRC)}, capture_output=True, text=True, check=True)
    assert re.fullmatch(r"[0-9a-f]{32}", other.stdout.strip()) and other.stdout[:12] != tags[0][:12]


def test_reap_kills_exactly_the_tags_of_its_run():
    run = new_tag()[:12]
    envs = {"mine": f"{run}{'a' * 20}", "mine, other task": f"{run}{'b' * 20}", "other run": f"{'0' * 12}{'a' * 20}",
            "prefix only": run, "too long": f"{run}{'a' * 21}", "upper case": f"{run}{'A' * 20}", "untagged": None}
    procs = {}
    try:
        for name, tag in envs.items():
            env = scrubbed_env() if tag is None else {**scrubbed_env(), TAG_VAR: tag}
            procs[name] = psutil.Popen(SLEEPER, env=env)
        assert _guardian.reap(TAG_VAR, run) == 2
        for name, proc in procs.items():
            gone = _gone_within(proc.pid, 5.0) if name.startswith("mine") else not _alive(proc.pid)
            assert gone == name.startswith("mine"), name
    finally:
        for proc in procs.values():
            if proc.is_running():
                proc.kill()
            proc.wait()


# A checker stand-in: makes a tag, starts a tagged sleeper, forks a child that stays (a forked child
# must not keep its parent's guardian waiting), prints both pids, then waits to be killed.
FORKER = '''
import os, subprocess, sys, time
from artifactbench._tagging import TAG_VAR, new_tag
tag = new_tag()
sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], env={TAG_VAR: tag},
                           start_new_session=True)
child = os.fork()
if child == 0:
    time.sleep(60)
    os._exit(0)
print(sleeper.pid, child, flush=True)
time.sleep(60)
'''


def test_a_forked_child_does_not_keep_the_guardian_waiting():
    proc = subprocess.Popen([sys.executable, "-c", FORKER], env={**os.environ, "PYTHONPATH": str(SRC)},
                            stdout=subprocess.PIPE, text=True)
    sleeper, child = (int(x) for x in proc.stdout.readline().split())
    try:
        proc.kill()
        proc.wait()
        assert _alive(child)
        assert _gone_within(sleeper, 5.0), "the tagged sleeper outlived its killed checker"
    finally:
        for pid in (sleeper, child):
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_killed_guardian_is_replaced_by_the_next_tag():
    first = new_tag()
    old = _guardian._proc
    old.kill()
    old.wait()
    second = new_tag()
    assert _guardian._proc is not old and _guardian._proc.poll() is None
    assert first[:12] == second[:12], "a new guardian must cover the tags made before it"


def test_a_process_with_an_empty_environment_does_not_hold_reaping_up():
    run = new_tag()[:12]
    bare = psutil.Popen(SLEEPER, env={})  # an empty environ, as a process inside an execve shows
    try:
        started = time.monotonic()
        assert _guardian.reap(TAG_VAR, run) == 0
        assert time.monotonic() - started < _guardian._EXEC_WAIT_S / 2
        assert bare.is_running()
    finally:
        bare.kill()
        bare.wait()
