"""GraderSession's server process: import the grader once, fork one child per case.

Protocol on the server's own stdin/stdout (private to the harness; the children never hold them):
    -> {"scratch": str, "key": hex, "timeout_s": float, "cap": int, "warm": bool}  one JSON line per case
    <- {"verdict": hex, "stdout": hex, "stderr": hex, "timed_out": bool, "returncode": int,
        "duration_s": float, "truncated": bool, "fresh": bool}
The first line out is {"ready": true} once the grader module has been imported (or failed to).

A warm case is graded by the server's *worker*: a child forked once that grades warm cases one after
another in its own process (no fork per case; its stdout and stderr go to /dev/null). "fresh" says the
case was the worker's first, so what it saw is what a forked child sees. Later cases may see what earlier
grade() calls left behind; the session decides which of their verdicts to confirm in a forked child.
A worker ends on a timeout, a crash, or when grade() leaves a thread running; the next warm case forks
a new one.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import sys
import time
import types
from collections.abc import Callable
from dataclasses import dataclass

from artifactbench._lifetime import adopt_orphans, die_with_parent, end_children, preload
from artifactbench._pipes import pump

_VERDICT_CAP = 1 << 20  # bytes a worker may write on its verdict pipe for one case (a frame is < 64 KiB)
_POLL_S = 0.05  # how often a silent worker is checked for having died
# Bound before the grader is imported: a grader that patches json (`json.dumps = partial(json.dumps, indent=2)` at
# import) cannot change how the server and the worker read and write their protocol (outside attack: reported as
# our internal error on six gates).
_loads, _dumps = json.loads, json.dumps

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
    # Once the case's process exits (a zombie, so its group id stays ours), whatever it started and left in
    # its group goes too: a `Popen(["sleep", ...], env={...})` outlived every case that returned normally.
    os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    _, status = os.waitpid(pid, 0)
    return {
        "verdict": verdict.hex(), "stdout": out.hex(), "stderr": err.hex(), "timed_out": timed_out,
        "returncode": os.waitstatus_to_exitcode(status), "duration_s": time.monotonic() - start,
        "truncated": truncated,
    }  # fmt: skip


@dataclass(slots=True)
class _Worker:
    """The server's warm worker: its pid (and process group), command pipe, verdict pipe, cases graded."""

    pid: int
    commands: int
    verdicts: int
    cases: int = 0


def _start_worker(private: tuple[int, ...], func, payload, call_grade, report) -> _Worker:  # noqa: ANN001
    (c_r, c_w), (v_r, v_w) = os.pipe(), os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        try:
            os.setpgid(0, 0)
            die_with_parent()
            null = os.open(os.devnull, os.O_RDWR)
            os.dup2(null, 1)
            os.dup2(null, 2)
            for fd in (*private, c_w, v_r, null):
                os.close(fd)
            _work(c_r, v_w, func, payload, call_grade, report)
        finally:
            os._exit(70)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    os.close(c_r)
    os.close(v_w)
    return _Worker(pid, c_w, v_r)


def _work(commands: int, verdicts: int, func, payload, call_grade, report) -> None:  # noqa: ANN001
    """The worker's loop: one case per command line, until the command pipe closes."""
    home, env, path, buffer = os.getcwd(), dict(os.environ), list(sys.path), b""
    while True:
        while b"\n" not in buffer:
            chunk = os.read(commands, 1 << 16)
            if not chunk:
                os._exit(0)
            buffer += chunk
        line, _, buffer = buffer.partition(b"\n")
        cmd = _loads(line)
        os.chdir(cmd["scratch"])
        signal.alarm(int(float(cmd["timeout_s"])) + 10)  # should the server die mid-case
        loaded = set(sys.modules)
        result = payload if func is None else call_grade(func, cmd["scratch"])
        try:
            _forget_modules(loaded, cmd["scratch"])
            retire = _left_running()
        except Exception:  # noqa: BLE001 - what the call left in sys.modules is unknown: no next case here
            retire = True
        report(bytes.fromhex(cmd["key"]), verdicts, {**result, "retire": True} if retire else result)
        signal.alarm(0)
        if retire:  # its threads or processes would run on into the next case
            os._exit(0)
        # What one grade() call may change for the next, put back (the cwd, the env, the import path).
        os.chdir(home)
        if os.environ != env:
            os.environ.clear()
            os.environ.update(env)
        if sys.path != path:
            sys.path[:] = path


def _forget_modules(loaded: set[str], scratch: str) -> None:
    """Drop the modules the call imported from the case's scratch dir (an artifact that is Python code,
    files beside it): the next case's import then runs that case's code, not a module kept from this
    one. Other modules it imported (the standard library, installed packages) stay, as they would in
    any long-lived process."""
    added = [name for name in sys.modules if name not in loaded]
    if not added:
        return
    root = os.path.join(os.path.realpath(scratch), "")
    for name in added:
        if _from_scratch(sys.modules.get(name), root):
            sys.modules.pop(name, None)


_MODULE_DICT = types.ModuleType.__dict__["__dict__"]  # a module's namespace, read without its __getattr__
_NAMESPACE_PATH = getattr(sys.modules.get("_frozen_importlib_external"), "_NamespacePath", ())


def _from_scratch(module: object, root: str) -> bool:
    """Whether `module` came from below `root`, as its own namespace's __file__ and __path__ say. Read
    without running any code of it: a module-level __getattr__ (PEP 562), an object standing in for a
    module in sys.modules (a dict whose keys read as attributes), a __path__ that iterates forever
    would otherwise run agent code here, and what it raises would end the worker. What is not a module,
    or whose places cannot be read so, counts as the call's own (dropped: the next import makes it anew,
    as in a forked child)."""
    if not issubclass(type(module), types.ModuleType):
        return True
    try:
        namespace = _MODULE_DICT.__get__(module)
        path = namespace.get("__path__")
        if path is not None and type(path) not in (list, tuple):
            # a namespace package's path object: the list it last computed, not a new search
            path = vars(path).get("_path") if isinstance(path, _NAMESPACE_PATH) else None
            if type(path) is not list:
                return True
        places = [namespace.get("__file__"), *(path or ())]
        return any(type(p) is str and os.path.join(os.path.realpath(p), "").startswith(root) for p in places)
    except Exception:  # noqa: BLE001 - a namespace that is no dict, a path with NUL bytes: not ours to keep
        return True


def _left_running() -> bool:
    """Whether grade() left a thread (any: `_thread` ones and C extensions' too) or a child process."""
    try:
        if len(os.listdir("/proc/self/task")) > 1:
            return True
        with open(f"/proc/self/task/{os.getpid()}/children", "rb") as fh:
            return bool(fh.read().strip())
    except OSError:  # no /proc: what threading knows of
        threading = sys.modules.get("threading")
        return threading is not None and threading.active_count() > 1


def _ended(pid: int) -> bool:
    """Whether the worker exited (it stays a zombie for _end_worker to reap)."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _await_verdict(worker: _Worker, key: bytes, deadline: float, read_verdict) -> tuple[bytes, dict | None]:  # noqa: ANN001
    """What the worker wrote for this case, and the verdict in it (None: it died or ran out of time)."""
    data = b""
    with selectors.DefaultSelector() as sel:
        sel.register(worker.verdicts, selectors.EVENT_READ)
        while len(data) <= _VERDICT_CAP:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            if not sel.select(min(remaining, _POLL_S)):
                # A process the grader started may hold the verdict pipe open: the worker's own exit
                # is what says it died (a last look at the pipe, then a crash rather than a timeout).
                if _ended(worker.pid):
                    deadline = min(deadline, time.monotonic() + _POLL_S)
                    if not sel.select(_POLL_S):
                        break
                else:
                    continue
            chunk = os.read(worker.verdicts, 1 << 16)
            if not chunk:
                break
            data += chunk
            if data.endswith(b"\n"):
                verdict = read_verdict(key, data)
                if verdict is not None:
                    return data, verdict
    return data, None


def _end_worker(worker: _Worker) -> int:
    """Kill the worker's process group; its exit code."""
    try:
        os.killpg(worker.pid, signal.SIGKILL)
    except OSError:
        pass
    _, status = os.waitpid(worker.pid, 0)
    for fd in (worker.commands, worker.verdicts):
        os.close(fd)
    return os.waitstatus_to_exitcode(status)


def _warm_case(cmd: dict, workers: list, private: tuple[int, ...], func, payload, call_grade, report,  # noqa: ANN001
               read_verdict) -> dict:  # noqa: ANN001
    if workers and _ended(workers[0].pid):  # it died between cases: reap it and what its graders left
        _end_worker(workers.pop())
    if not workers:
        workers.append(_start_worker(private, func, payload, call_grade, report))
    worker = workers[0]
    fresh, start = worker.cases == 0, time.monotonic()
    worker.cases += 1
    verdict, data = None, b""
    try:
        line = _dumps({"scratch": cmd["scratch"], "key": cmd["key"], "timeout_s": cmd["timeout_s"]})
        os.write(worker.commands, line.encode() + b"\n")  # a few hundred bytes: the pipe takes them whole
        data, verdict = _await_verdict(worker, bytes.fromhex(cmd["key"]), start + float(cmd["timeout_s"]),
                                       read_verdict)
    except BrokenPipeError:
        pass
    timed_out, returncode = verdict is None and time.monotonic() >= start + float(cmd["timeout_s"]), 0
    if verdict is None or verdict.get("retire"):  # dead, out of time, or retiring: the next case gets a new one
        workers.clear()
        code = _end_worker(worker)
        returncode = code if verdict is None else 0
    return {
        "verdict": data.hex(), "stdout": "", "stderr": "", "timed_out": timed_out, "returncode": returncode,
        "duration_s": time.monotonic() - start, "truncated": False, "fresh": fresh,
    }  # fmt: skip


def serve(grader: str, *, load_grader: Callable, call_grade: Callable, report_and_exit: Callable,
          report: Callable, read_verdict: Callable) -> None:
    """Serve cases until stdin closes. Stray prints of the grader's import never reach the reply pipe."""
    control, replies = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(2, 1)
    os.close(null)
    preload()  # before the grader: each case's child then sets its death signal without importing ctypes
    adopt_orphans()  # what the grader's cases leave running becomes ours, and ends with the session
    func, payload = load_grader(grader)
    # Threads the grader's import started (a pool, a watcher) do not exist in a process forked after it: a grade()
    # that waits on one hangs in every case (outside attack). Named in each reply, so a timeout can say why.
    threading = sys.modules.get("threading")
    # (each name cut to 80 characters: a grader's names are its own to choose, and every reply carries them)
    extra = {"threads": sorted(str(t.name)[:80] for t in threading.enumerate()[:64]
                               if t is not threading.main_thread())[:5]} \
        if threading is not None and threading.active_count() > 1 else {}
    # (a grader that ignores SIGCHLD at import makes the kernel reap our cases' children before we can read how they
    # ended: every case a "crash"; outside attack)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    commands = os.fdopen(control, "rb")
    workers: list[_Worker] = []  # at most one

    def reply(message: dict) -> None:
        data = memoryview(_dumps(message).encode() + b"\n")
        while data:
            data = data[os.write(replies, data) :]

    reply({"ready": True})
    for line in commands:
        cmd = _loads(line)
        private = (control, replies, *(fd for w in workers for fd in (w.commands, w.verdicts)))
        if cmd.get("warm"):
            reply({**_warm_case(cmd, workers, (control, replies), func, payload, call_grade, report, read_verdict),
                   **extra})
        else:
            reply({**_fork_case(cmd, private, func, payload, call_grade, report_and_exit), "fresh": True, **extra})
    # stdin closed: the session is over. Nothing is buffered (replies go out with os.write), so skip the
    # interpreter's teardown, which took ~30 ms per session (three sessions a task with the contract gate).
    for worker in workers:
        _end_worker(worker)  # reaped, so its CPU time counts as the server's children's
    end_children()  # (a helper the grader started in a session of its own, adopted: killed, not left running)
    os._exit(0)
