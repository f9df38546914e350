"""GraderSession's server process: import the grader once, fork one child per case.

Protocol on the server's own stdin/stdout (private to the harness; the children never hold them):
    -> {"scratch": str, "key": hex, "timeout_s": float, "cap": int}      one JSON line per case
    <- {"verdict": hex, "stdout": hex, "stderr": hex, "timed_out": bool, "returncode": int,
        "duration_s": float, "truncated": bool}
The first line out is {"ready": true} once the grader module has been imported (or failed to).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections.abc import Callable

from artifactbench._lifetime import die_with_parent, preload
from artifactbench._pipes import pump

__all__ = ["serve"]


def _fork_case(cmd: dict, private: tuple[int, ...], func, payload, call_grade, report_and_exit) -> dict:  # noqa: ANN001
    key, scratch = bytes.fromhex(cmd["key"]), cmd["scratch"]
    (v_r, v_w), (o_r, o_w), (e_r, e_w) = os.pipe(), os.pipe(), os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: only its three case pipes and the key survive
        try:
            os.setpgid(0, 0)
            die_with_parent()  # dies with the server, which dies with the checker
            os.dup2(o_w, 1)
            os.dup2(e_w, 2)
            for fd in (*private, v_r, o_r, e_r, o_w, e_w):
                os.close(fd)
            os.chdir(scratch)
            # A backstop should the server die mid-case: the child must not outlive its timeout for long.
            signal.alarm(int(float(cmd["timeout_s"])) + 10)
            report_and_exit(key, v_w, payload if func is None else call_grade(func, scratch))
        finally:
            os._exit(70)
    try:
        os.setpgid(pid, pid)  # also here: whichever runs first, the group exists before we signal it
    except OSError:
        pass
    for fd in (v_w, o_w, e_w):
        os.close(fd)
    (verdict, out, err), timed_out, truncated = pump(
        (v_r, o_r, e_r), pid=pid, deadline=start + float(cmd["timeout_s"]), cap=int(cmd["cap"])
    )
    for fd in (v_r, o_r, e_r):
        os.close(fd)
    _, status = os.waitpid(pid, 0)
    return {
        "verdict": verdict.hex(), "stdout": out.hex(), "stderr": err.hex(), "timed_out": timed_out,
        "returncode": os.waitstatus_to_exitcode(status), "duration_s": time.monotonic() - start,
        "truncated": truncated,
    }  # fmt: skip


def serve(grader: str, *, load_grader: Callable, call_grade: Callable, report_and_exit: Callable) -> None:
    """Serve cases until stdin closes. Stray prints of the grader's import never reach the reply pipe."""
    control, replies = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(2, 1)
    os.close(null)
    preload()  # before the grader: each case's child then sets its death signal without importing ctypes
    func, payload = load_grader(grader)
    commands = os.fdopen(control, "rb")

    def reply(message: dict) -> None:
        data = memoryview(json.dumps(message).encode() + b"\n")
        while data:
            data = data[os.write(replies, data) :]

    reply({"ready": True})
    for line in commands:
        cmd = json.loads(line)
        reply(_fork_case(cmd, (control, replies), func, payload, call_grade, report_and_exit))
    # stdin closed: the session is over. Nothing is buffered (replies go out with os.write), so skip the
    # interpreter's teardown, which took ~30 ms per session (three sessions a task with the contract gate).
    os._exit(0)
