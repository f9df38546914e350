"""The process that imports a task's grader/negative_cases.py and runs its mutations.

Run as `python -P -s -m artifactbench.negative._worker NEGATIVE_CASES_PY REFERENCE OUT`. The module is
task-author code: it may print, exit, hang, close our stdout or return strange objects, so it never
runs inside the checker. Results go to OUT (opened before the import), one JSON line each:

    {"error": "<one line>"}                       the module did not load or NEGATIVE_CASES is malformed
    {"cases": [{"name", "expected_substring", "currently_caught", "notes", "default"}, ...]}
    {"i": 0, "text": "..."} | {"i": 0, "error": "mutate raised ..."}     one per non-default case, in order

A default mutation (the harness's own function) is named in "default" and not run here: the checker
runs it. Lines are written as each case finishes, so a hang or an exit in case i keeps cases < i.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

MAX_TEXT = 64 * 1024 * 1024  # characters of one mutated artifact


def _line(fd: int, payload: dict) -> None:
    data = memoryview((json.dumps(payload, ensure_ascii=True) + "\n").encode())
    while data:
        data = data[os.write(fd, data):]


def _said(exc: BaseException) -> str:
    try:
        text = str(exc)
    except BaseException:  # noqa: BLE001 - a hostile __str__
        text = "<its message could not be read>"
    first = text.splitlines()[0] if text.strip() else ""
    return f"{type(exc).__name__}: {first}"[:500].rstrip(": ")


def _mutate(case: object, reference: str) -> dict:
    try:
        mutated = case.mutate(reference)  # type: ignore[attr-defined]
    except BaseException as exc:  # noqa: BLE001 - SystemExit inside mutate is the author's bug too
        return {"error": f"mutate raised {_said(exc)}"}
    if not isinstance(mutated, str):
        return {"error": f"mutate returned {type(mutated).__name__}, not str"}
    text = "".join((mutated,))  # a plain str: a subclass's own methods never run in the checker
    if len(text) > MAX_TEXT:
        return {"error": f"mutate returned {len(text)} characters, over the {MAX_TEXT}-character cap"}
    return {"text": text}


def main(path: str, reference_path: str, out: str) -> None:
    from artifactbench.errors import GraderLoadError
    from artifactbench.negative._loader import _import_isolated, _validate
    from artifactbench.negative._mutations import _DEFAULTS

    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    reference = Path(reference_path).read_bytes().decode("utf-8", "surrogateescape")
    try:
        module = _import_isolated(Path(path), "worker")
        if not hasattr(module, "NEGATIVE_CASES"):
            raise GraderLoadError(f"{path}: NEGATIVE_CASES: not defined; define NEGATIVE_CASES = [NegativeCase(...), ...]")
        cases = _validate(module.NEGATIVE_CASES, Path(path))
    except GraderLoadError as exc:
        _line(fd, {"error": " ".join(str(exc).split())[:2000]})
        return
    defaults = {id(fn): name for name, fn, _ in _DEFAULTS}
    _line(fd, {"cases": [{"name": c.name, "expected_substring": c.expected_substring,
                          "currently_caught": c.currently_caught, "notes": c.notes,
                          "default": defaults.get(id(c.mutate))} for c in cases]})
    for i, case in enumerate(cases):
        if id(case.mutate) not in defaults:
            _line(fd, {"i": i, **_mutate(case, reference)})


if __name__ == "__main__":
    main(*sys.argv[1:4])
    os._exit(0)  # the module's atexit hooks and threads are not ours to wait for
