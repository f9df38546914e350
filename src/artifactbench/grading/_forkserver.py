"""Forkservers: grader servers forked from a waiting interpreter instead of started afresh.

Starting a grader server costs an interpreter start (~35 ms of CPU here, most of it `site`), paid by
every task for its session and again for each other hash seed the contract gate needs. A forkserver
is one interpreter per distinct start-up env (hash seed, import path) for the whole run that forks a
server per session (~1 ms plus the grader's own import): the grader is still imported afresh in a
process that never saw it, with the session's env, cwd, tag and hash seed, so verdicts are the same.

`Forkservers` (one per `run_checks`) keeps them, starting each on first use; `spawn()` returns a
`Spawned` (the subset of `subprocess.Popen` a GraderSession uses), or None when the forkserver failed
twice in a row. Where `enabled` is False (not Linux), sessions start their servers the usual way.
"""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time

from artifactbench._tagging import TAG_VAR
from artifactbench._tempdirs import run_temp_dir
from artifactbench._trees import remove_tree
from artifactbench.grading._outcome import AUDIT_ENV, child_argv, grader_env, harness_path
from artifactbench.grading._zygote import ARGV_ROOM, PLACEHOLDER_TAG

__all__ = ["Forkservers", "Spawned"]

# Set per session, after the fork; every other env item is fixed when the forkserver starts.
_PER_SESSION = ("HOME", TAG_VAR)
_ANSWER_TIMEOUT_S = 10.0  # a fork takes ms; this covers a zygote's start on a loaded machine
_POLL_S = 0.05  # while waiting for an answer, how often to look whether the zygote was stopped


def _state(pid: int) -> bytes:
    """The one-letter state of process `pid` as /proc shows it (b"X" when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rpartition(b")")[2].split()[0]
    except (OSError, IndexError):
        return b"X"


class Spawned:
    """A forked grader server: pid, stdin/stdout pipes, poll() and wait() like a Popen's."""

    def __init__(self, pid: int, stdin_fd: int, stdout_fd: int, owner: _Forkserver) -> None:
        self.pid = pid
        self.stdin = os.fdopen(stdin_fd, "wb")
        self.stdout = os.fdopen(stdout_fd, "rb")
        self._owner = owner
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """None while the server runs; 0 once it has exited (its status belongs to the forkserver)."""
        if self.returncode is not None:
            return self.returncode
        return 0 if _state(self.pid) in (b"Z", b"X") else None

    def wait(self, timeout: float | None = None) -> int:
        """Wait (up to `timeout`) for the server to close its reply pipe, then have the forkserver reap it
        (killing its group if it has not ended). Raises subprocess.TimeoutExpired like Popen.wait."""
        if self.returncode is not None:
            return self.returncode
        if timeout is not None:
            end = time.monotonic() + timeout
            while True:  # until EOF: a late reply (a case that was still running) is dropped
                ready, _, _ = select.select([self.stdout.fileno()], [], [], max(0.0, end - time.monotonic()))
                if not ready:
                    raise subprocess.TimeoutExpired(["grader server", str(self.pid)], timeout)
                if not os.read(self.stdout.fileno(), 1 << 16):
                    break
        self._owner.reap(self.pid)
        self.returncode = 0
        return 0


class _Forkserver:
    """One zygote interpreter and the socket to it; spawn/reap take turns under a lock."""

    def __init__(self, env: dict[str, str]) -> None:
        self._lock = threading.Lock()
        self._home = tempfile.mkdtemp(prefix="ab-zygote-", dir=run_temp_dir())
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._proc = subprocess.Popen(
                child_argv("zygote", str(theirs.fileno()), " " * ARGV_ROOM), cwd=self._home, env={**env, "HOME": self._home},
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),), start_new_session=True)
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        self._sock = ours
        self.broken = False

    def _ask(self, request: dict, fds: tuple[int, ...] = ()) -> dict:
        """The zygote's answer; OSError when it ended, gave none within _ANSWER_TIMEOUT_S, or was stopped
        (SIGSTOP: task code can stop it as it can kill it; a stopped one never answers)."""
        self._sock.settimeout(_ANSWER_TIMEOUT_S)
        socket.send_fds(self._sock, [json.dumps(request).encode()], list(fds))
        end = time.monotonic() + _ANSWER_TIMEOUT_S
        while True:
            self._sock.settimeout(max(0.001, min(_POLL_S, end - time.monotonic())))
            try:
                answer = self._sock.recv(1 << 16)
                break
            except TimeoutError:
                if time.monotonic() >= end or _state(self._proc.pid) in (b"T", b"t"):
                    raise
        if not answer:
            raise ConnectionError("the forkserver ended")
        return json.loads(answer)

    def spawn(self, grader: str, env: dict[str, str], cwd: str) -> Spawned | None:
        command_r, command_w = os.pipe()
        reply_r, reply_w = os.pipe()
        try:
            with self._lock:
                if self.broken:
                    answer = {"error": "broken"}
                else:
                    try:
                        request = {"grader": grader, "env": env, "cwd": cwd, "argv": child_argv("serve", grader)}
                        answer = self._ask(request, (command_r, reply_w))
                    except (OSError, ValueError):
                        self.broken, answer = True, {"error": "the forkserver did not answer"}
        finally:
            os.close(command_r)
            os.close(reply_w)
        if "pid" not in answer:
            os.close(command_w)
            os.close(reply_r)
            return None
        return Spawned(int(answer["pid"]), command_w, reply_r, self)

    def reap(self, pid: int) -> None:
        with self._lock:
            if self.broken:
                return  # its servers died with it (PR_SET_PDEATHSIG) and were reaped by init
            try:
                self._ask({"reap": pid})
            except (OSError, ValueError):
                self.broken = True

    def close(self) -> None:
        with self._lock:
            failed, self.broken = self.broken, True
            self._sock.close()  # EOF: the zygote exits (one that stopped answering is killed at once)
            try:
                self._proc.wait(timeout=0 if failed else 5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        remove_tree(self._home)


class Forkservers:
    """The forkservers of one run, one per start-up env, started on first use; close() ends them all.

    Use only without a sandbox (a bubblewrap sandbox is per task) and on Linux; elsewhere `spawn`
    returns None and sessions start their servers as before."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._servers: dict[tuple, _Forkserver] = {}
        self._closed = False
        self.enabled = sys.platform.startswith("linux") and hasattr(socket, "send_fds")

    def spawn(self, grader: str, env: dict[str, str], cwd: str) -> Spawned | None:
        """A server for `grader` forked with exactly `env` and `cwd`; None when that failed (a forkserver
        found dead is replaced once: task code may kill it), or when not `enabled`."""
        if not self.enabled:
            return None
        # A zygote imports only from the harness's path: a session's own PYTHONPATH entries (the audit's
        # sitecustomize folder, written per task where task code can reach it) serve the processes the
        # grader starts, never a zygote that later tasks' servers are forked from. The audit hook itself
        # the zygote imports from the harness when the audit is on.
        harness = set(harness_path().split(os.pathsep))
        path = [e for e in env.get("PYTHONPATH", "").split(os.pathsep) if e in harness]
        static = {k: v for k, v in env.items() if k not in _PER_SESSION and k not in (AUDIT_ENV, "PYTHONPATH")}
        static["PYTHONPATH"] = os.pathsep.join(path)
        key = (tuple(sorted(static.items())), AUDIT_ENV in env)
        for _ in range(2):  # a forkserver found dead (task code may kill it) is replaced once
            with self._lock:
                if self._closed:
                    return None
                server = self._servers.get(key)
                if server is None or server.broken:
                    if server is not None:
                        server.close()
                    start = {**static, TAG_VAR: PLACEHOLDER_TAG}
                    if AUDIT_ENV in env:
                        start[AUDIT_ENV] = env[AUDIT_ENV]  # the zygote installs the audit hook when this is set
                    try:
                        server = self._servers[key] = _Forkserver({**grader_env(""), **start})
                    except OSError:
                        return None
            spawned = server.spawn(grader, env, cwd)
            if spawned is not None or not server.broken:
                return spawned
        return None

    def close(self) -> None:
        with self._lock:
            self._closed = True
            servers, self._servers = list(self._servers.values()), {}
        for server in servers:
            server.close()


