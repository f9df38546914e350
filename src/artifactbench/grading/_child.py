"""The grader's side of the private channel: load hidden.py, call grade(), report the verdict.

Run as `python -P -s -m artifactbench.grading._child` (-P: the scratch dir, its cwd, is not on sys.path):
    ... once GRADER SCRATCH FD    the HMAC key (hex) arrives on stdin; the verdict goes to FD
    ... serve GRADER              GraderSession's server: one JSON command per stdin line
    ... zygote FD                 a forkserver forking such servers on request (see _zygote)

The verdict is one line `<hmac-sha256 hex> <json>` written to a pipe the parent made for this run. An
artifact the grader imports can print whatever it likes: stdout is never read for a verdict, and a line
without the per-run key's MAC is ignored. Everything this module needs is bound before the grader (and
through it any agent code) is imported, so patching json/hmac afterwards does not change what it sends.
This raises the bar against accidental or naive forgery; it is not a sandbox for hostile code.
"""

from __future__ import annotations

import hmac
import importlib.util
import json
import math
import numbers
import os
import sys
import traceback
from pathlib import Path

MAX_DETAIL = 500  # spec 3.1
_MAX_TEXT = 8000  # error/traceback characters kept (head and tail): a verdict must fit a pipe buffer
_HEAD = 2000  # of those, the head: it names the grader file and the exception type
_new_mac, _same, _dumps, _loads = hmac.new, hmac.compare_digest, json.dumps, json.loads
_write, _close, _exit, _format_exc = os.write, os.close, os._exit, traceback.format_exc


def _short(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not hide the real problem
        text = f"<unrepresentable {type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def check_shape(obj: object) -> dict:
    """The verdict payload for a value returned by grade(): kind "result", or "bad_shape" naming why."""

    def bad(attr: str, value: object, rule: str) -> dict:
        error = f"grade() returned an invalid result: {attr}={_short(value)} ({type(value).__name__}): {rule}"
        return {"kind": "bad_shape", "error": error, "traceback": None}

    for attr in ("passed", "score", "detail"):
        if not hasattr(obj, attr):
            return bad(attr, obj, f"the returned object has no {attr!r} attribute (spec 3.1)")
    passed, score, detail = obj.passed, obj.score, obj.detail  # type: ignore[attr-defined]
    if type(passed) is not bool:
        return bad("passed", passed, "must be a bool (True or False); wrap it in bool(...)")
    if isinstance(score, bool) or not isinstance(score, numbers.Real):
        return bad("score", score, "must be a float (or int) in [0.0, 1.0]")
    value = float(score)
    if not math.isfinite(value) or not 0.0 <= value <= 1.0:
        return bad("score", score, "must be a finite number in [0.0, 1.0]")
    if not isinstance(detail, str):
        return bad("detail", detail, "must be a str")
    # (the text itself, not a subclass's own `__len__` or slicing: `class S(str): __len__ = lambda s: 5` passed a
    # 3000-character detail; outside attack)
    detail = str.__str__(detail)
    if len(detail) > MAX_DETAIL:
        payload = bad("detail", detail, f"is {len(detail)} characters, over the {MAX_DETAIL}-character limit")
        # Still the grader's verdict in every other respect: callers may judge passed/score apart
        # from the over-long detail (one root cause, reported once).
        payload["verdict"] = {"passed": passed, "score": value, "detail": detail[:MAX_DETAIL]}
        return payload
    return {"kind": "result", "passed": passed, "score": value, "detail": str(detail)}


def frame(key: bytes, payload: dict) -> bytes:
    body = _dumps(payload, sort_keys=True, ensure_ascii=True).encode()
    # A leading newline: junk an artifact wrote to the pipe without one cannot glue onto our line.
    return b"\n" + _new_mac(key, body, "sha256").hexdigest().encode() + b" " + body + b"\n"


def read_verdict(key: bytes, data: bytes) -> dict | None:
    """The one payload in `data` carrying a valid MAC under `key`; None when there is none (or several)."""
    found = []
    for line in data.split(b"\n"):
        mac, _, body = line.partition(b" ")
        if body and _same(mac, _new_mac(key, body, "sha256").hexdigest().encode()):
            found.append(_loads(body))
    return found[0] if len(found) == 1 else None


def _tail(text: str) -> str:
    """`text` within _MAX_TEXT characters: the head (which names the file and the exception type) and
    the tail (where a traceback ends), with a marker saying how much was cut between them."""
    if len(text) <= _MAX_TEXT:
        return text
    tail = _MAX_TEXT - _HEAD - len(f" ...[{len(text)} characters cut]... ")  # the widest marker
    cut = len(text) - _HEAD - tail
    return f"{text[:_HEAD]} ...[{cut} characters cut]... {text[-tail:]}"


def _said(exc: BaseException) -> str:
    """`Type: message`, even when the exception's own __str__ raises."""
    try:
        return f"{type(exc).__name__}: {exc}"
    except BaseException:  # noqa: BLE001 - a hostile __str__ must not hide the real problem
        return f"{type(exc).__name__}: <its message could not be read>"


def load_grader(path: str) -> tuple[object, dict | None]:
    """(grade function, None), or (None, a "load" payload). The grader's folder goes first on sys.path."""
    shown = "/".join(Path(path).parts[-2:])
    sys.path.insert(0, os.path.dirname(path))
    name = Path(path).stem
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None, f"cannot load {path}"
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses and pickling look classes up by module name
        spec.loader.exec_module(module)
    except BaseException as exc:  # noqa: BLE001 - SystemExit at import time is a load failure too
        error = _tail(f"{shown}: import failed: {_said(exc)}")
        return None, {"kind": "load", "error": error, "traceback": _tail(_format_exc())}
    func = getattr(module, "grade", None)
    if not callable(func):
        error = f"{shown}: defines no grade(scratch_dir) function (spec 3.1)"
        return None, {"kind": "load", "error": error, "traceback": None}
    return func, None


def call_grade(func, scratch: str) -> dict:  # noqa: ANN001
    """Run grade(Path(scratch)) and turn whatever happens into a payload."""
    try:
        value = func(Path(scratch))
    except BaseException as exc:  # noqa: BLE001 - sys.exit() inside agent code is still a grader bug
        error = _tail(f"grade() raised {_said(exc)}")
        return {"kind": "exception", "error": error, "traceback": _tail(_format_exc())}
    try:
        return check_shape(value)
    except BaseException as exc:  # noqa: BLE001 - e.g. a property that raises
        error = _tail(f"grade() returned an invalid result: reading it raised {_said(exc)}")
        return {"kind": "bad_shape", "error": error, "traceback": _tail(_format_exc())}


def report(key: bytes, fd: int, payload: dict) -> None:
    """Flush the grader's stdout and stderr, then write the framed verdict to `fd`."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001, S110 - a closed or replaced stream must not lose the verdict
            pass
    data = memoryview(frame(key, payload))
    while data:
        data = data[_write(fd, data) :]


def report_and_exit(key: bytes, fd: int, payload: dict) -> None:
    """Write the framed verdict to `fd` and end the process at once (no atexit, no thread joins)."""
    report(key, fd, payload)
    _close(fd)
    _exit(0)


def _once(grader: str, scratch: str, fd: int) -> None:
    key = bytes.fromhex(sys.stdin.readline().strip())
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)  # the key is read; nothing else may be
    func, payload = load_grader(grader)
    report_and_exit(key, fd, payload if func is None else call_grade(func, scratch))


if __name__ == "__main__":
    from artifactbench._lifetime import die_with_parent

    # In a bwrap sandbox, bwrap's --die-with-parent and the PID namespace do this, and the parent is the
    # namespace's init (pid 1), which die_with_parent would take for a dead parent.
    if os.environ.get("ARTIFACTBENCH_SANDBOXED") != "1":
        die_with_parent()  # a killed checker leaves no grader behind
    if sys.argv[1] == "once":
        _once(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        from artifactbench.grading._server import serve

        def _serve(grader: str) -> None:
            serve(grader, load_grader=load_grader, call_grade=call_grade, report_and_exit=report_and_exit,
                  report=report, read_verdict=read_verdict)

        if sys.argv[1] == "zygote":  # a forkserver: each server it forks runs _serve (see _zygote)
            from artifactbench.grading._zygote import zygote

            zygote(int(sys.argv[2]), _serve)
        else:
            _serve(sys.argv[2])
