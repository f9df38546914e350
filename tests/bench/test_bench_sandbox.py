"""Hostile agents (issue 10): none PASSes with the sandbox on; each PASSes with --sandbox none.

The second half of each pair proves the test can fail: the attack really works without bubblewrap.
Every run happens in a copy of the task under tmp_path, with the harness's temp dir inside tmp_path,
so no attack can reach anything outside the test.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from artifactbench.bench import read_results
from artifactbench.cli._bench import bench_main

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "bench"
REPO = FIX.parent.parent.parent
HOSTILE = FIX / "agents" / "hostile.py"
SOLVE = FIX / "agents" / "solve.py"
RATE = REPO / "problems" / "artifact" / "algorithmic" / "rate_limiter_hard"

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")


@pytest.fixture()
def bench(tmp_path, monkeypatch):
    """A checkout-like dir holding a copy of the task, the cwd of the run, and a private temp dir."""
    home = tmp_path / "checkout"
    shutil.copytree(FIX / "tasks" / "algorithmic__sum_easy", home / "tasks" / "algorithmic__sum_easy")
    shutil.copytree(RATE, home / "tasks" / "rate_limiter_hard", ignore=shutil.ignore_patterns("BUILD"))
    (home / "tmp").mkdir()
    monkeypatch.chdir(home)
    monkeypatch.setattr(tempfile, "tempdir", str(home / "tmp"))

    def run(task: str, *argv: str, sandbox: str, run_id: str = "r"):
        rc = bench_main([str(home / "tasks" / task), *argv, "--sandbox", sandbox, "--runs-dir", "runs",
                         "--run-id", run_id, "--agent-timeout", "60"])
        return rc, read_results(home / "runs" / run_id / "results.jsonl")

    run.home = home  # type: ignore[attr-defined]
    return run


def _arm(mode: str, arg: str | Path = "", **opts: str) -> str:
    extra = "".join(f",{k}={v}" for k, v in opts.items())
    return f"--arm=evil=command:argv={sys.executable} {HOSTILE} {mode} {arg}{extra}"


BOTH = pytest.mark.parametrize(("sandbox", "passes"), [
    pytest.param("bwrap", False, id="sandboxed-no-pass"), pytest.param("none", True, id="unsandboxed-passes")])


@BOTH
def test_reading_the_reference_through_proc(bench, sandbox, passes) -> None:
    rc, (rec,) = bench("algorithmic__sum_easy", _arm("proc_steal", bench.home / "tasks"), sandbox=sandbox)
    assert (rec.verdict == "PASS") is passes, rec.detail
    assert rec.sandbox == sandbox


@BOTH
def test_a_module_that_reexports_the_reference_when_graded(bench, sandbox, passes) -> None:
    rc, (rec,) = bench("rate_limiter_hard", _arm("module_reexport"), sandbox=sandbox)
    assert (rec.verdict == "PASS") is passes, rec.detail
    if not passes:
        assert "RateLimiter" in rec.detail or "failed to import" in rec.detail or "scenarios" in rec.detail


@BOTH
def test_poisoning_the_pristine_workspace(bench, sandbox, passes) -> None:
    rc, (rec,) = bench("algorithmic__sum_easy", _arm("poison_pristine", bench.home / "tmp"),
                       sandbox=sandbox)
    assert rec.artifact is None, "the agent itself produced nothing"
    assert (rec.verdict == "PASS") is passes, rec.detail


@BOTH
def test_forging_records_in_results_jsonl(bench, sandbox, passes) -> None:
    rc, recs = bench("algorithmic__sum_easy", _arm("forge_records"), sandbox=sandbox)
    lines = (bench.home / "runs" / "r" / "results.jsonl").read_text().splitlines()
    forged = [line for line in lines if '"forged"' in line]
    assert bool(forged) is passes
    assert [r.verdict for r in recs if r.detail != "forged"] == ["FAIL"]


@BOTH
def test_rewriting_the_tasks_grader(bench, sandbox, passes) -> None:
    hidden = bench.home / "tasks" / "algorithmic__sum_easy" / "grader" / "hidden.py"
    before = hidden.read_text()
    rc, (rec,) = bench("algorithmic__sum_easy", _arm("rewrite_grader"), sandbox=sandbox)
    assert (hidden.read_text() != before) is passes, "the attack reaches the grader only unsandboxed"
    # Even then the rewritten grader never gives a verdict: the task digest is checked before grading.
    assert rec.verdict != "PASS"
    if passes:
        assert (rec.verdict, rec.error_reason) == ("ERROR", "task_changed")


@BOTH
def test_a_daemon_that_rewrites_the_grading_dir_after_the_snapshot(bench, sandbox, passes) -> None:
    rc, (rec,) = bench("algorithmic__sum_easy", _arm("daemon", bench.home / "tmp"), sandbox=sandbox)
    pid = int(rec.stdout_tail.split()[-1])
    if sandbox == "none":  # it escaped the harness by design; end it here
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    assert (rec.verdict == "PASS") is passes, rec.detail


def test_network_is_off_unless_the_arm_asks_for_host(bench) -> None:
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            conn.sendall(b"hi")
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    try:
        _, (off,) = bench("algorithmic__sum_easy", _arm("network", f"127.0.0.1:{port}"),
                          sandbox="bwrap", run_id="off")
        _, (on,) = bench("algorithmic__sum_easy", _arm("network", f"127.0.0.1:{port}", network="host"),
                         sandbox="bwrap", run_id="on")
    finally:
        server.close()
    assert (off.verdict, on.verdict) == ("FAIL", "PASS"), (off.stdout_tail, on.stdout_tail)


def test_a_sandboxed_command_agent_that_solves_the_task_passes(bench) -> None:
    arm = (f"--arm=solver=command:argv={sys.executable} {SOLVE} prompt={{prompt_file}} "
           f"scratch={{scratch_dir}} output={{output_artifact}}")
    rc, (rec,) = bench("algorithmic__sum_easy", arm, sandbox="bwrap")
    assert (rc, rec.verdict, rec.sandbox, rec.turns) == (0, "PASS", "bwrap", 3)


def test_sandbox_bwrap_without_bubblewrap_exits_2_naming_the_package(bench, monkeypatch, capsys) -> None:
    monkeypatch.setenv("PATH", str(bench.home / "tmp"))  # no bwrap on PATH
    rc = bench_main([str(bench.home / "tasks" / "algorithmic__sum_easy"), "--sandbox", "bwrap",
                     "--runs-dir", "runs"])
    err = capsys.readouterr().err
    assert rc == 2 and "bubblewrap" in err and len(err.strip().splitlines()) == 1
    assert not (bench.home / "runs").exists()


def test_a_scratch_dir_over_the_disk_limit_is_refused_and_nothing_is_copied(bench, tmp_path) -> None:
    import io

    from artifactbench._sandbox import Limits
    from artifactbench.bench import Arm, BenchConfig, run_bench
    from artifactbench.bench._progress import Progress
    from artifactbench.manifest import load_task

    code = ("import os\nos.makedirs('output', exist_ok=True)\nopen('output/sum.txt', 'w').write('42\\n')\n"
            "for i in range(8):\n    open(f'pad{i}', 'wb').write(b'x' * 40_000)\n")
    arm = Arm("big", "command", (("argv", [sys.executable, "-c", code]),))
    cfg = BenchConfig(tasks=(load_task(bench.home / "tasks" / "algorithmic__sum_easy"),), arms=(arm,),
                      runs_dir=tmp_path / "runs", run_id="lim", sandbox="bwrap",
                      limits=Limits(scratch_bytes=100_000))
    (rec,) = run_bench(cfg, Progress(io.StringIO()))
    assert (rec.verdict, rec.error_reason, rec.artifact) == ("FAIL", "resource_limit", None), rec.detail
    stored = tmp_path / "runs" / "lim" / "artifacts"
    assert not [p for p in stored.rglob("*") if p.is_file()]


COPY_AGENT = '''import os, shutil, sys
scratch, source = sys.argv[1], sys.argv[2]
os.makedirs(os.path.join(scratch, "output"), exist_ok=True)
shutil.copyfile(source, os.path.join(scratch, "output", "sum.txt"))
'''


def test_an_argv_naming_a_grader_file_is_refused_not_mounted(bench, tmp_path):
    """An argv that names the answer by path would have bubblewrap bind it into the sandbox."""
    agent = tmp_path / "copy_agent.py"
    agent.write_text(COPY_AGENT)
    answer = bench.home / "tasks" / "algorithmic__sum_easy" / "grader" / "reference_output.txt"
    arm = f"--arm=evil=command:argv={sys.executable} {agent} {{scratch_dir}} {answer}"
    rc, records = bench("algorithmic__sum_easy", arm, sandbox="bwrap", run_id="argv")
    assert [(r.verdict, r.error_reason) for r in records] == [("ERROR", "sandbox_refused")]
    rc, records = bench("algorithmic__sum_easy", arm, sandbox="none", run_id="argv-none")
    assert [r.verdict for r in records] == ["PASS"]  # the attack is real without the sandbox


def test_mounts_holding_a_task_root_are_refused(bench, tmp_path):
    agent = tmp_path / "copy_agent.py"
    agent.write_text(COPY_AGENT)
    answer = bench.home / "tasks" / "algorithmic__sum_easy" / "grader" / "reference_output.txt"
    arm = f"--arm=evil=command:argv={sys.executable} {agent} {{scratch_dir}} {answer},mounts=/"
    rc, records = bench("algorithmic__sum_easy", arm, sandbox="bwrap", run_id="mounts")
    assert [(r.verdict, r.error_reason) for r in records] == [("ERROR", "sandbox_refused")]


@pytest.mark.parametrize("target", ["fifo", "/dev/zero"])
def test_a_hostile_metrics_file_neither_hangs_nor_floods_the_harness(bench, tmp_path, deadline, target):
    agent = tmp_path / "metrics_agent.py"
    agent.write_text(f'''import os, sys
path = sys.argv[1]
if {target!r} == "fifo":
    os.mkfifo(path)
else:
    os.symlink({target!r}, path)
''')
    arm = f"--arm=evil=command:argv={sys.executable} {agent} {{metrics_file}}"
    rc, records = bench("algorithmic__sum_easy", arm, sandbox="none", run_id="metrics")
    assert [r.verdict for r in records] == ["FAIL"] and records[0].turns is None


COPY_FROM_DIR_AGENT = '''import os, shutil, sys
scratch, folder, name = sys.argv[1:]
os.makedirs(os.path.join(scratch, "output"), exist_ok=True)
shutil.copyfile(os.path.join(folder, name), os.path.join(scratch, "output", "sum.txt"))
'''


@pytest.mark.parametrize("layout,mount", [("git-dir", ".git"), ("git-dir", ".git/objects"),
                                          ("worktree", "gitdir"), ("worktree", "gitdir/objects")])
def test_mounting_the_repositorys_git_dir_is_refused(bench, tmp_path, layout, mount):
    """Outside attack (session 18): `mounts: [repo/.git]` was bound, and the agent read every task's reference
    from the git objects. A file in the git dir stands in for them here; a worktree's `.git` file names its
    git dir elsewhere."""
    agent = tmp_path / "copy_agent.py"
    agent.write_text(COPY_FROM_DIR_AGENT)
    repo = bench.home / "tasks"  # a repository holding the tasks (not the run's temp dir)
    git = repo / ".git"
    if layout == "worktree":
        git = tmp_path / "elsewhere" / "gitdir"
        (repo / ".git").write_text(f"gitdir: {git}\n")
    (git / "objects").mkdir(parents=True)
    shutil.copyfile(bench.home / "tasks" / "algorithmic__sum_easy" / "grader" / "reference_output.txt",
                    git / "objects" / "blob")
    mounted = git if mount in (".git", "gitdir") else git / "objects"
    # (the folder and the name apart: a whole path in argv would be bound as the agent's own file)
    arm = f"--arm=evil=command:argv={sys.executable} {agent} {{scratch_dir}} {git / 'objects'} blob,mounts={mounted}"
    rc, records = bench("algorithmic__sum_easy", arm, sandbox="bwrap", run_id="git")
    assert [(r.verdict, r.error_reason) for r in records] == [("ERROR", "sandbox_refused")], records[0].detail
    assert "git objects" in records[0].detail
    rc, records = bench("algorithmic__sum_easy", arm, sandbox="none", run_id="git-none")
    assert [r.verdict for r in records] == ["PASS"]  # the attack is real without the sandbox


def test_the_object_store_a_shared_clone_borrows_is_a_git_dir_too(tmp_path):
    """An outside attack left open last session: a repository cloned with `--shared` keeps its objects in the
    store its `objects/info/alternates` names; mounting that store handed the agent every answer."""
    from artifactbench.bench._isolate import git_dirs

    origin = tmp_path / "origin"
    (origin / "objects").mkdir(parents=True)
    further = tmp_path / "further" / "objects"
    further.mkdir(parents=True)
    (origin / "objects" / "info").mkdir()
    (origin / "objects" / "info" / "alternates").write_text(f"{further}\n")
    repo = tmp_path / "repo"
    (repo / ".git" / "objects" / "info").mkdir(parents=True)
    (repo / ".git" / "objects" / "info" / "alternates").write_text("# borrowed\n../../../origin/objects\n")
    found = git_dirs(str(repo))
    assert found == (str(repo / ".git"), str(origin / "objects"), str(further))
    (further.parent / "objects" / "info").mkdir()  # a loop of alternates ends
    (further / "info" / "alternates").write_text(f"{origin / 'objects'}\n")
    assert git_dirs(str(repo)) == found


def test_mounting_a_shared_clones_borrowed_objects_is_refused(bench, tmp_path):
    agent = tmp_path / "copy_agent.py"
    agent.write_text(COPY_FROM_DIR_AGENT)
    repo = bench.home / "tasks"
    borrowed = tmp_path / "elsewhere" / "objects"
    borrowed.mkdir(parents=True)
    (repo / ".git" / "objects" / "info").mkdir(parents=True)
    (repo / ".git" / "objects" / "info" / "alternates").write_text(f"{borrowed}\n")
    shutil.copyfile(repo / "algorithmic__sum_easy" / "grader" / "reference_output.txt", borrowed / "blob")
    arm = f"--arm=evil=command:argv={sys.executable} {agent} {{scratch_dir}} {borrowed} blob,mounts={borrowed}"
    rc, records = bench("algorithmic__sum_easy", arm, sandbox="bwrap", run_id="alternates")
    assert [(r.verdict, r.error_reason) for r in records] == [("ERROR", "sandbox_refused")], records[0].detail


def test_alternates_quoted_or_not_a_file(tmp_path):
    # (review: git reads a C-quoted alternates line, and a FIFO in its place hung the run)
    from artifactbench.bench._isolate import git_dirs

    store = tmp_path / "we ird" / "objects"
    store.mkdir(parents=True)
    repo = tmp_path / "repo"
    (repo / ".git" / "objects" / "info").mkdir(parents=True)
    (repo / ".git" / "objects" / "info" / "alternates").write_text(f'"{store}"\n')
    assert git_dirs(str(repo))[-1] == str(store)
    fifo_repo = tmp_path / "fifo"
    (fifo_repo / ".git" / "objects" / "info").mkdir(parents=True)
    os.mkfifo(fifo_repo / ".git" / "objects" / "info" / "alternates")
    assert git_dirs(str(fifo_repo)) == (str(fifo_repo / ".git"),)
