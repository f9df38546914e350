"""The forkserver's own process: an interpreter that forks grader servers instead of starting them.

Run as `python -P -s -m artifactbench.grading._child zygote FD` with the env every server it forks
starts from (its PYTHONHASHSEED and PYTHONPATH are fixed here for good: a hash seed is chosen at
interpreter start). FD is one end of an AF_UNIX SOCK_SEQPACKET pair; each request is one JSON message:

    {"grader": str, "env": {...}, "cwd": str, "argv": [...]} + two fds (the command pipe's read end, the reply pipe's
        write end)                       -> {"pid": int} once a server is forked, or {"error": str}
    {"reap": pid}                        -> {} once that server has exited (killed, with its group,
                                            if it has not ended within REAP_GRACE_S)

A forked server is what `python -m artifactbench.grading._child serve GRADER` would be with that env
and cwd, in a new session (outliving this process if task code kills it; see _become_server): it sets os.environ,
writes the task's tag over the placeholder in its original environment block (so /proc/PID/environ,
which `_tagging.reap_tagged` reads, names the task's tag for it and every process it forks) and its
would-be command line over the zygote's padded one (so `ps` shows which grader it serves), then
imports the grader afresh and serves cases. Linux only (PR_SET_PDEATHSIG, /proc).
"""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import sys
import time
from collections.abc import Callable

from artifactbench._lifetime import adopt_orphans, children, end_children, preload
from artifactbench._tagging import TAG_VAR

__all__ = ["ARGV_ROOM", "PLACEHOLDER_TAG", "REAP_GRACE_S", "zygote"]

PLACEHOLDER_TAG = "0" * 32  # the zygote's own tag value: the width of every real tag, never a live one
ARGV_ROOM = 4096  # characters of padding in the zygote's argv: room for a server's command line
REAP_GRACE_S = 0.5
ADOPTED_REAP_S = 1.0  # how often an idle zygote reaps the exited processes adopt_orphans() gave it
_MAX_REQUEST = 1 << 20


def _areas() -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The (start, end) addresses of this process's argv and environment blocks, as the kernel laid
    them out at exec: what /proc/PID/cmdline and /proc/PID/environ show (fields 48-51 of its stat)."""
    try:
        with open("/proc/self/stat", "rb") as fh:
            fields = fh.read().rpartition(b")")[2].split()
        arg_start, arg_end, env_start, env_end = (int(f) for f in fields[45:49])
    except (OSError, ValueError):
        return None
    return (arg_start, arg_end), (env_start, env_end)


def _tag_slot(env_area: tuple[int, int]) -> tuple[int, int] | None:
    """(address, width) of TAG_VAR's value in the environment block, or None."""
    import ctypes

    start, end = env_area
    prefix, offset = TAG_VAR.encode() + b"=", 0
    for entry in ctypes.string_at(start, end - start).split(b"\0"):
        if entry.startswith(prefix):
            return start + offset + len(prefix), len(entry) - len(prefix)
        offset += len(entry) + 1
    return None


def _rewrite(slot: tuple[int, int], data: bytes) -> None:
    """Overwrite `slot` (address, width) with `data`, NUL-padded or cut to exactly its width."""
    import ctypes

    address, width = slot
    ctypes.memmove(address, data[:width].ljust(width, b"\0"), width)


def _retitle(areas, argv: list[str], tag: str | None) -> None:
    """Make /proc show this server as `argv` (cut to fit the zygote's padded argv) carrying `tag`."""
    if areas is None:
        return
    (arg_start, arg_end), env_area = areas
    _rewrite((arg_start, arg_end - arg_start - 1), b"\0".join(a.encode(errors="replace") for a in argv))
    slot = _tag_slot(env_area)
    value = (tag or PLACEHOLDER_TAG).encode()
    if slot is not None and len(value) == slot[1]:
        _rewrite(slot, value)


def _reap(pid: int) -> None:
    end = time.monotonic() + REAP_GRACE_S
    while True:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return
        if done:
            return
        if time.monotonic() >= end:
            break
        time.sleep(0.005)
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def _reap_adopted(servers: set[int], scan: bool) -> None:
    """Reap the exited children that are not servers: what a server's grader left running and then
    ended came here (adopt_orphans) and would stay a zombie until the run ends, holding a pid each (a
    grader that leaves one short-lived helper a call leaves thousands over a corpus). A server's exit
    status is the checker's to ask for (_reap: its zombie keeps its pid from reuse until then); when an
    exited server is first in the kernel's list, the others are found in /proc, if `scan`."""
    while True:
        try:
            info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return
        if info is None:
            return
        if info.si_pid in servers:
            break
        try:
            os.waitpid(info.si_pid, 0)
        except ChildProcessError:
            return
    if scan:
        for pid in children():
            if pid not in servers:
                try:
                    os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    pass


def _startup_additions(areas) -> dict[str, str]:
    """What this interpreter added to its env at start-up (e.g. LC_CTYPE, PEP 538): the items of
    os.environ missing from the block it was exec'd with. A fresh server would add the same."""
    if areas is None:
        return {}
    import ctypes

    start, end = areas[1]
    given = {entry.partition(b"=")[0] for entry in ctypes.string_at(start, end - start).split(b"\0") if entry}
    return {k: v for k, v in os.environ.items() if os.fsencode(k) not in given}


def _become_server(request: dict, fds: list[int], sock: socket.socket, areas, added: dict,
                   serve: Callable) -> None:
    os.setsid()
    command, reply = fds
    sock.close()
    os.dup2(command, 0)
    os.dup2(reply, 1)
    for fd in (command, reply):
        if fd > 2:
            os.close(fd)
    # Not tied to the zygote's life: task code can kill the zygote, and a server another task is using
    # must not die with it. A server ends when the checker closes its command pipe (EOF), and when the
    # checker dies without closing it, the guardian kills it by the task's tag (_guardian); a case it
    # is running has its own alarm backstop.
    env = request["env"]
    os.environ.clear()
    os.environ.update({**added, **env})
    _retitle(areas, request["argv"], env.get(TAG_VAR))
    audit = sys.modules.get("artifactbench.grading._audit")
    if audit is not None:
        audit.rebind()  # the offline audit now logs to this session's file
    os.chdir(request["cwd"])
    sys.argv[1:] = ["serve", request["grader"]]
    serve(request["grader"])


def zygote(fd: int, serve: Callable[[str], None]) -> None:
    """Serve fork requests on socket `fd` until it closes; `serve(grader)` runs in each forked server."""
    areas = _areas()  # before anything is written over them
    added = _startup_additions(areas)
    if os.environ.get("ARTIFACTBENCH_NET_AUDIT"):
        import artifactbench.grading._audit  # noqa: F401 - the offline audit, from the harness's own code
    preload()
    adopt_orphans()  # (what a killed server's grader left running comes here, and ends with the run)
    sock = socket.socket(fileno=fd)
    servers: set[int] = set()
    next_scan = time.monotonic() + ADOPTED_REAP_S
    while True:
        scan = time.monotonic() >= next_scan
        _reap_adopted(servers, scan)
        if scan:
            next_scan = time.monotonic() + ADOPTED_REAP_S
        if not select.select([sock], [], [], ADOPTED_REAP_S)[0]:
            continue  # idle: reap again
        try:
            message, fds, _, _ = socket.recv_fds(sock, _MAX_REQUEST, 2)
        except OSError:
            end_children()
            os._exit(0)
        if not message:
            end_children()
            os._exit(0)  # the checker closed its end: the run is over
        answer: dict
        try:
            request = json.loads(message)
            if "reap" in request:
                pid = int(request["reap"])
                _reap(pid)
                servers.discard(pid)
                answer = {}
            elif len(fds) != 2:
                answer = {"error": f"expected 2 fds, got {len(fds)}"}
            else:
                sys.stdout.flush()
                sys.stderr.flush()
                pid = os.fork()
                if pid == 0:
                    try:
                        _become_server(request, fds, sock, areas, added, serve)
                    finally:
                        os._exit(70)
                servers.add(pid)
                answer = {"pid": pid}
        except Exception as exc:  # noqa: BLE001 - a bad request must not end the zygote
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        finally:
            for received in fds:
                os.close(received)
        try:
            sock.send(json.dumps(answer).encode())
        except OSError:
            os._exit(0)
