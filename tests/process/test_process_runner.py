"""run_process and scrubbed_env: the one way the harness starts a child."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

from artifactbench._process import ProcessResult, run_process, scrubbed_env

PY = sys.executable


def run(code: str, tmp_path, **kwargs) -> ProcessResult:
    kwargs.setdefault("timeout_s", 20.0)
    return run_process([PY, "-c", code], cwd=tmp_path, env=scrubbed_env(), **kwargs)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie still answers kill(0); it is dead for our purposes
    with open(f"/proc/{pid}/stat") as handle:
        return handle.read().split(") ")[1][0] != "Z"


def test_captures_output_status_and_cwd(tmp_path):
    result = run("import os, sys; print(os.getcwd()); sys.stderr.write('err'); sys.exit(3)", tmp_path)
    assert result.returncode == 3 and not result.timed_out and not result.truncated
    assert result.stdout.decode().strip() == str(tmp_path)
    assert result.stderr == b"err"
    assert result.argv[0] == PY
    with pytest.raises(AttributeError):
        result.returncode = 0  # type: ignore[misc]  # frozen


def test_stdin_bytes_reach_the_child(tmp_path):
    data = bytes(range(256)) * 2000  # larger than a pipe buffer: must be written while reading
    result = run("import sys, hashlib; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())", tmp_path, input=data)
    import hashlib

    assert result.stdout.decode().strip() == hashlib.sha256(data).hexdigest()


def test_output_is_capped_keeping_the_tail(tmp_path):
    result = run("import sys; sys.stdout.write('a' * 50000 + 'THE-END')", tmp_path, output_cap=100)
    assert result.truncated and len(result.stdout) == 100 and result.stdout.endswith(b"THE-END")


def test_env_is_exactly_what_was_passed(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_TOKEN", "x")
    result = run("import os, json; print(json.dumps(sorted(os.environ)))", tmp_path)
    keys = set(eval(result.stdout)) - {"LC_CTYPE"}  # noqa: S307 - our own child's JSON list
    assert keys == {"PATH", "PYTHONDONTWRITEBYTECODE"}
    assert scrubbed_env(HOME="/h") == {"PATH": os.environ["PATH"], "PYTHONDONTWRITEBYTECODE": "1", "HOME": "/h"}


def test_pass_fds_reach_the_child(tmp_path):
    read_end, write_end = os.pipe()
    try:
        result = run(f"import os; os.write({write_end}, b'private')", tmp_path, pass_fds=(write_end,))
    finally:
        os.close(write_end)
    assert result.returncode == 0 and os.read(read_end, 100) == b"private"
    os.close(read_end)


def test_child_runs_in_a_new_session(tmp_path):
    result = run("import os; print(os.getsid(0) == os.getpid(), os.getpgid(0) == os.getpid())", tmp_path)
    assert result.stdout.split() == [b"True", b"True"]


def test_timeout_kills_the_whole_group(tmp_path):
    code = (
        "import subprocess, sys, time\n"
        "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        "print(p.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    result = run(code, tmp_path, timeout_s=1.5)
    assert result.timed_out and result.returncode == -signal.SIGTERM
    assert result.stdout.strip().isdigit(), "what the child wrote before the kill is kept"
    grandchild = int(result.stdout)
    time.sleep(0.1)
    assert not _alive(grandchild)


def test_sigterm_is_followed_by_sigkill(tmp_path):
    code = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('ready', flush=True); time.sleep(60)"
    result = run(code, tmp_path, timeout_s=1.0)
    assert result.timed_out and result.returncode == -signal.SIGKILL and result.stdout == b"ready\n"


def test_background_grandchild_holding_the_pipe_does_not_stall_the_call(tmp_path):
    code = (
        "import subprocess, sys\n"
        "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        "print(p.pid)\n"
    )
    result = run(code, tmp_path, timeout_s=10.0)  # a stall on the inherited pipe would end in this timeout
    assert not result.timed_out and result.returncode == 0
    assert result.stdout.strip().isdigit(), "the child's output arrives although a straggler holds the pipe"
    time.sleep(0.1)
    assert not _alive(int(result.stdout))  # stragglers of the group are killed with it


def test_closing_stdout_early_still_honours_the_timeout(tmp_path):
    code = "import os, time; os.close(1); os.close(2); time.sleep(60)"
    result = run(code, tmp_path, timeout_s=1.0)
    assert result.timed_out and result.duration_s < 5


def test_timeout_must_be_positive(tmp_path):
    with pytest.raises(ValueError, match="timeout_s=0"):
        run("pass", tmp_path, timeout_s=0)
