"""Load a task's negative cases without running its code in the checker (see _worker).

The cases come back as NegativeCase values whose `mutate` is either the harness's own default
function or a `Precomputed` holding what the author's mutate returned (or why it failed), so the
negative gate treats both alike.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from artifactbench._lifetime import guarded_argv
from artifactbench._process import run_process, scrubbed_env
from artifactbench.errors import GraderLoadError
from artifactbench.manifest import Task
from artifactbench.negative._case import NegativeCase
from artifactbench.negative._loader import FILENAME
from artifactbench.negative._mutations import _DEFAULTS, default_negative_cases

if TYPE_CHECKING:
    from artifactbench._sandbox import Sandbox

_MAX_READ = 256 << 20  # bytes of worker output read back
MAX_CASES = 1000  # NEGATIVE_CASES entries a task may list


class MutateError(Exception):
    """What the author's mutate did instead of returning a str, as recorded by the worker."""


@dataclass(frozen=True, slots=True)
class Precomputed:
    """A mutate whose result was computed in the worker: returns `text` or raises MutateError(error)."""

    text: str | None = None
    error: str | None = None

    def __call__(self, reference: str) -> str:
        if self.error is not None or self.text is None:
            raise MutateError(self.error or "mutate produced nothing")
        return self.text


def load_negative_cases_isolated(task: Task, workdir: Path, timeout_s: float,
                                 sandbox: Sandbox | None = None) -> tuple[list[NegativeCase], bool]:
    """Like load_negative_cases, but the module is imported and its mutate functions are called in a
    child process (bounded by `timeout_s`, killed with its group). Raises GraderLoadError (one line,
    naming grader/negative_cases.py) when the module cannot be loaded; a case whose mutate hangs or
    ends the process gets a Precomputed error, and so do the cases after it (not run). With `sandbox`
    (which must bind `workdir` writable and the task's grader folder), the child runs in it.
    What the child wrote is the author's code's output too: it is read only from a regular file,
    capped, and checked entry by entry."""
    path = task.grader_dir / FILENAME
    if not path.is_file():
        return default_negative_cases(), False
    from artifactbench.grading import harness_path

    shown = f"{task.grader_dir.name}/{FILENAME}"
    out = workdir / "negative_cases.jsonl"
    argv = [sys.executable, "-P", "-s", "-m", "artifactbench.negative._worker",
            str(path), str(task.reference_output), str(out)]
    run = run_process(
        argv if sandbox is not None else guarded_argv(argv), sandbox=sandbox,
        cwd=workdir, env=scrubbed_env(PYTHONPATH=harness_path(), HOME=str(workdir), PYTHONHASHSEED="0"),
        timeout_s=timeout_s, output_cap=4096)
    lines = _read_lines(out)
    head = lines[0] if lines else None
    if head is not None and "cases" in head:
        problem = _malformed(head["cases"])
        if problem is not None:
            raise GraderLoadError(f"{shown}: the case list its process reported is malformed ({problem})")
    if head is None or "cases" not in head:
        if head is not None and "error" in head:
            raise GraderLoadError(str(head["error"]))
        if run.timed_out:
            raise GraderLoadError(f"{shown}: did not finish importing within {timeout_s:g}s (does it hang at import?)")
        raise GraderLoadError(f"{shown}: the process loading it {_ended(run.returncode)} before NEGATIVE_CASES "
                              "was read (does the module exit, or close its output, at import?)")
    results = {int(r["i"]): r for r in lines[1:] if isinstance(r, dict) and isinstance(r.get("i"), int)}
    defaults = {name: fn for name, fn, _ in _DEFAULTS}
    cases: list[NegativeCase] = []
    stalled: str | None = None
    for i, meta in enumerate(head["cases"]):
        if meta.get("default") in defaults:
            mutate = defaults[meta["default"]]
        elif i in results:
            mutate = Precomputed(results[i].get("text"), results[i].get("error"))
        elif stalled is None:
            stalled = f"NEGATIVE_CASES[{i}] ({meta['name']!r})"
            why = (f"did not return within the {timeout_s:g}s allowed for the module's cases" if run.timed_out
                   else f"ended the process ({_ended(run.returncode)})")
            mutate = Precomputed(error=f"mutate {why}")
        else:
            mutate = Precomputed(error=f"not run: {stalled} stopped the module's process first")
        cases.append(NegativeCase(str(meta["name"]), mutate, str(meta["expected_substring"]),
                                  bool(meta["currently_caught"]), str(meta["notes"])))
    return cases, True


def _malformed(cases: object) -> str | None:
    """Why the reported case list cannot be what _worker writes for a valid NEGATIVE_CASES (None: it can)."""
    if not isinstance(cases, list) or not cases:
        return "no cases"
    if len(cases) > MAX_CASES:
        return f"{len(cases)} cases, over the limit of {MAX_CASES}"
    names = set()
    for i, meta in enumerate(cases):
        if not isinstance(meta, dict):
            return f"entry {i} is not an object"
        name = meta.get("name")
        types_ok = (isinstance(name, str) and name and isinstance(meta.get("expected_substring"), str)
                    and isinstance(meta.get("currently_caught"), bool) and isinstance(meta.get("notes"), str))
        if not types_ok or meta.get("default") not in (None, *(n for n, _, _ in _DEFAULTS)):
            return f"entry {i} has a missing or wrong-typed field"
        if name in names:
            return f"entry {i} repeats the name {name!r}"
        names.add(name)
    return None


def _read_lines(path: Path) -> list[dict]:
    """The JSON lines of the worker's result file: a regular file only (never a FIFO or a link the
    author's code swapped in), at most _MAX_READ bytes, read and decoded one line at a time (so the
    peak is the decoded cases plus one line, not the file three times over)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return []
    out: list[dict] = []
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return []
        with os.fdopen(fd, "rb", closefd=False) as fh:
            budget = _MAX_READ
            while budget > 0:
                raw = fh.readline(budget)
                if not raw:
                    break
                budget -= len(raw)
                try:
                    value = json.loads(raw)
                except (ValueError, RecursionError):
                    break  # a line cut short by a kill (or by the cap): the rest is lost
                del raw
                if not isinstance(value, dict):
                    break
                out.append(value)
    except OSError:
        return out
    finally:
        os.close(fd)
    return out


def _ended(returncode: int) -> str:
    return f"was killed by signal {-returncode}" if returncode < 0 else f"exited with status {returncode}"
