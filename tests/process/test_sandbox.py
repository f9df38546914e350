"""run_process with a Sandbox: what a child can see, reach and leave behind."""

from __future__ import annotations

import os
import shutil
import socket
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from artifactbench._process import run_process, scrubbed_env
from artifactbench._sandbox import Bind, Limits, Sandbox, runtime_binds, sandbox_path

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
HERE = Path(__file__).resolve()


def _box(scratch: Path, **kw: object) -> Sandbox:
    return Sandbox((*runtime_binds(), Bind(str(scratch), writable=True)), **kw)  # type: ignore[arg-type]


def _py(code: str, scratch: Path, box: Sandbox, timeout_s: float = 30.0):
    return run_process([sys.executable, "-c", code], cwd=scratch, env=scrubbed_env(), timeout_s=timeout_s,
                       sandbox=box)


def test_wrap_builds_the_bwrap_command_line() -> None:
    box = Sandbox((Bind("/usr"), Bind("/s", writable=True)), network="host", limits=Limits(1, 2, 3, 4))
    argv = box.wrap(["x", "y"], "/s")
    assert argv[:4] == ["bwrap", "--unshare-all", "--die-with-parent", "--new-session"]
    assert "--share-net" in argv
    assert argv[argv.index("--ro-bind") + 1:argv.index("--ro-bind") + 3] == ["/usr", "/usr"]
    assert argv[argv.index("--bind") + 1:argv.index("--bind") + 3] == ["/s", "/s"]
    assert argv[-7:] == ["/usr/bin/prlimit", "--nproc=1", "--as=2", "--fsize=3", "--", "x", "y"][-7:]
    assert "--share-net" not in Sandbox(()).wrap(["x"], "/")


def test_the_child_sees_only_its_binds_and_its_own_processes(tmp_path) -> None:
    res = _py("import os, json; print(json.dumps([sorted(p for p in os.listdir('/proc') if p.isdigit()),"
              f" os.path.exists({str(HERE)!r}), os.path.exists({str(tmp_path)!r}), os.getcwd()]))",
              tmp_path, _box(tmp_path))
    assert res.returncode == 0, res.stderr
    import json

    pids, sees_repo, sees_scratch, cwd = json.loads(res.stdout)
    assert len(pids) <= 3, f"only the sandbox's processes are visible: {pids}"
    assert (sees_repo, sees_scratch, cwd) == (False, True, str(tmp_path))


def test_writes_land_in_scratch_and_nowhere_else(tmp_path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    code = ("open('out.txt', 'w').write('hi')\n"
            f"try:\n    open({str(other / 'x')!r}, 'w').write('no')\nexcept OSError:\n    pass\n")
    res = _py(code, scratch, _box(scratch))
    assert res.returncode == 0, res.stderr
    assert (scratch / "out.txt").read_text() == "hi" and not (other / "x").exists()


def test_a_daemon_does_not_outlive_the_sandbox(tmp_path) -> None:
    code = ("import subprocess, sys\n"
            "subprocess.Popen([sys.executable, '-c', 'import time\\nwhile True:\\n"
            "    open(\"beat\", \"a\").write(\"x\")\\n    time.sleep(0.05)'], start_new_session=True)\n")
    res = _py(code, tmp_path, _box(tmp_path))
    assert res.returncode == 0, res.stderr
    time.sleep(0.5)
    size = (tmp_path / "beat").stat().st_size if (tmp_path / "beat").exists() else 0
    time.sleep(0.5)
    after = (tmp_path / "beat").stat().st_size if (tmp_path / "beat").exists() else 0
    assert after == size, "the daemon kept writing after the sandbox ended"


def test_no_network_unless_host(tmp_path) -> None:
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    code = (f"import socket\ntry:\n    socket.create_connection(('127.0.0.1', {port}), timeout=2)\n"
            "    print('up')\nexcept OSError:\n    print('down')\n")
    try:
        off = _py(code, tmp_path, _box(tmp_path))
        on = _py(code, tmp_path, _box(tmp_path, network="host"))
    finally:
        server.close()
    assert (off.stdout.strip(), on.stdout.strip()) == (b"down", b"up")


def test_a_file_over_the_size_limit_is_cut_at_the_limit(tmp_path) -> None:
    code = "import os\ntry:\n    open('big', 'wb').write(b'x' * 50_000)\nexcept OSError:\n    pass\n"
    _py(code, tmp_path, _box(tmp_path, limits=Limits(file_size_bytes=10_000)))
    assert (tmp_path / "big").stat().st_size <= 10_000


def test_sandbox_path_keeps_only_entries_inside_the_binds(tmp_path) -> None:
    path = sandbox_path((Bind("/usr"),), os.pathsep.join([str(tmp_path), "/usr/bin"]))
    entries = path.split(os.pathsep)
    assert "/usr/bin" in entries and str(tmp_path) not in entries


@pytest.mark.skipif(not os.access("/sys/fs/cgroup/pids", os.W_OK), reason="no writable pids cgroup (root, v1)")
def test_the_process_limit_holds_even_for_root(tmp_path) -> None:
    code = ("import subprocess\nps = []\ntry:\n    for _ in range(40):\n"
            "        ps.append(subprocess.Popen(['sleep', '2']))\nexcept OSError:\n    pass\nprint(len(ps))\n")
    res = _py(code, tmp_path, _box(tmp_path, limits=Limits(processes=10)))
    assert res.returncode == 0, res.stderr
    assert int(res.stdout) < 10
    assert not [d for d in os.listdir("/sys/fs/cgroup/pids") if d.startswith(f"artifactbench-{os.getpid()}-")]


def test_the_sandboxes_tmpfs_are_sized(tmp_path) -> None:
    """Outside attack (session 17): /tmp and /dev/shm were 12 GB tmpfs of host memory that no per-process
    limit counts; an agent held 1.4 GB there. Each is now `tmpfs_bytes` (1 GiB by default)."""
    box = replace(_box(tmp_path), limits=Limits(tmpfs_bytes=8 << 20))
    res = _py("import os\nfor p in ('/tmp', '/dev/shm'):\n    s = os.statvfs(p)\n    print(s.f_blocks * s.f_frsize)\n",
              tmp_path, box)
    assert res.returncode == 0, res.stderr
    assert [int(x) for x in res.stdout.split()] == [8 << 20, 8 << 20]
