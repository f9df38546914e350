"""A verifier, generator or grader that double-forks a daemon (fork, setsid, fork, the middle one exits)
leaves its process group and its parent; the check still leaves nothing running once it returns."""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import psutil
import pytest

from artifactbench._process import run_process, scrubbed_env
from artifactbench._tagging import TAG_VAR, new_tag, reap_tagged, tagging
from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.manifest import load_task

from _daemon import DAEMON  # pants: no-infer-dep (tests/process/_daemon.py, on sys.path by conftest)

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
OPTIONS = CheckOptions(grader_timeout_s=20.0, generator_timeout_s=20.0, verifier_timeout_s=20.0,
                       fuzz_examples=4, fuzz_seconds=2.0)


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _daemon_pid(pidfile: Path) -> int:
    for _ in range(200):
        text = pidfile.read_text() if pidfile.exists() else ""
        if text:
            return int(text)
        time.sleep(0.05)
    raise AssertionError(f"{pidfile} never got the daemon's pid")


def make_task(tmp_path: Path, where: str, pidfile: Path) -> tuple[Path, list[str]]:
    root = tmp_path / where
    shutil.copytree(GOOD, root)
    manifest = root / "task.yaml"
    text = manifest.read_text().replace("__chk_good", f"__chk_daemon_{where}", 1)
    call = f"{DAEMON}\n_daemon({str(pidfile)!r})\n"
    if where == "generator":
        (root / "workspace" / "gen.py").write_text(call)
        text += "workspace_generator: workspace/gen.py\n"
        gates = ["materialize"]
    elif where == "verifier":
        verify = root / "workspace" / "verify.py"
        verify.write_text(verify.read_text() + call)
        gates = ["verifier"]
    else:
        hidden = root / "grader" / "hidden.py"
        hidden.write_text(hidden.read_text().replace("def grade(scratch_dir):\n",
                                                     f"def grade(scratch_dir):\n    _daemon({str(pidfile)!r})\n")
                          + DAEMON)
        gates = ["positive"]
    manifest.write_text(text)
    return root, gates


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork/setsid daemons: POSIX; /proc: Linux")
@pytest.mark.parametrize("where", ["generator", "verifier", "grader"])
def test_a_double_forked_daemon_does_not_outlive_the_check(tmp_path, where):
    pidfile = tmp_path / f"daemon-{where}.pid"
    root, gates = make_task(tmp_path, where, pidfile)
    pid = None
    try:
        report = check_task(load_task(root), resolve_gates(gates), OPTIONS)
        assert report.checks[0].status == "pass", report.checks[0].summary
        pid = _daemon_pid(pidfile)
        for _ in range(50):  # SIGKILL is delivered at once; let the kernel finish the exit
            if not _alive(pid):
                break
            time.sleep(0.05)
        assert not _alive(pid), f"the {where}'s daemon {pid} survived the check"
    finally:
        if pid is None and pidfile.exists() and pidfile.read_text():
            pid = int(pidfile.read_text())
        if pid is not None and _alive(pid):
            psutil.Process(pid).kill()


def test_reaping_spares_untagged_processes_and_other_tags(tmp_path):
    mine, other = new_tag(), new_tag()
    sleeper = [sys.executable, "-c", "import time; time.sleep(60)"]
    procs = []
    try:
        for tag in (mine, other, None):
            env = scrubbed_env() if tag is None else {**scrubbed_env(), TAG_VAR: tag}
            procs.append(psutil.Popen(sleeper, env=env))
        with tagging(mine):
            assert scrubbed_env()[TAG_VAR] == mine
        assert TAG_VAR not in scrubbed_env()
        assert reap_tagged([mine]) == 1
        procs[0].wait(timeout=10)
        assert [p.is_running() for p in procs[1:]] == [True, True]
        result = run_process([sys.executable, "-c", "import os; print(os.environ.get('ARTIFACTBENCH_TAG'))"],
                             cwd=tmp_path, env=scrubbed_env(), timeout_s=20)
        assert result.stdout.strip() == b"None"
    finally:
        for proc in procs:
            if proc.is_running():
                proc.kill()
                proc.wait()


CLEAN_ENV_CHILD = '''
import subprocess as _sp


def _clean_env_child(pidfile):
    # a helper started with its own minimal env (no tag to reap it by) and never waited for; it stays in
    # the grading process's group
    child = _sp.Popen(["sleep", "97"], env={"PATH": "/usr/bin:/bin"}, stdin=_sp.DEVNULL,
                      stdout=_sp.DEVNULL, stderr=_sp.DEVNULL)
    with open(pidfile, "a") as fh:
        fh.write(f"{child.pid}\\n")
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups: POSIX; /proc: Linux")
@pytest.mark.parametrize("warm", [True, False])
def test_a_child_a_grading_leaves_in_its_group_does_not_outlive_the_check(tmp_path, warm):
    """Outside attack (session 17): a grader whose grade() starts `sleep` with an explicit env left one such
    process per forked case (13 after one check) once each case returned normally."""
    import dataclasses

    pidfile = tmp_path / "children.pids"
    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    manifest = root / "task.yaml"
    manifest.write_text(manifest.read_text().replace("__chk_good", "__chk_clean_env_child", 1))
    hidden = root / "grader" / "hidden.py"
    hidden.write_text(hidden.read_text().replace("def grade(scratch_dir):\n",
                                                 f"def grade(scratch_dir):\n    _clean_env_child({str(pidfile)!r})\n")
                      + CLEAN_ENV_CHILD)
    pids: list[int] = []
    try:
        options = dataclasses.replace(OPTIONS, warm=warm)
        report = check_task(load_task(root), resolve_gates(["positive", "negative", "fuzz"]), options)
        assert report.checks[0].status == "pass", report.checks[0].summary
        pids = [int(line) for line in pidfile.read_text().split()]
        assert len(pids) >= 3
        time.sleep(0.2)  # SIGKILL is delivered at once; let the kernel finish the exits
        assert [p for p in pids if _alive(p)] == []
    finally:
        for pid in pids:
            if _alive(pid):
                psutil.Process(pid).kill()
