"""Load a task's grader/negative_cases.py (spec 5.5.2) and validate its NEGATIVE_CASES."""

from __future__ import annotations

import importlib.util
import sys
import threading
import traceback
from pathlib import Path

from artifactbench.errors import GraderLoadError, Problem
from artifactbench.manifest import Task
from artifactbench.negative._case import NegativeCase
from artifactbench.negative._mutations import default_negative_cases

FILENAME = "negative_cases.py"
# sys.path and sys.modules are process-wide; tasks checked in parallel threads take turns here.
_IMPORT_LOCK = threading.Lock()


def load_negative_cases(task: Task) -> tuple[list[NegativeCase], bool]:
    """The task's cases and whether it ships grader/negative_cases.py (then they replace the defaults).

    The module is imported in this process with the grader dir on sys.path (so it may import its
    sibling helpers) and `swebench.artifact_negative` importable. Raises GraderLoadError naming the file,
    the line and the bad entry when the import fails or NEGATIVE_CASES is malformed.
    """
    path = task.grader_dir / FILENAME
    if not path.is_file():
        return default_negative_cases(), False
    module = _import_isolated(path, task.instance_id)
    if not hasattr(module, "NEGATIVE_CASES"):
        raise GraderLoadError(str(Problem(str(path), None, "NEGATIVE_CASES", None,
                                          "not defined", "define NEGATIVE_CASES = [NegativeCase(...), ...]")))
    return _validate(module.NEGATIVE_CASES, path), True


def _import_isolated(path: Path, instance_id: str) -> object:
    grader_dir = str(path.parent)
    name = f"_artifactbench_negative_cases_{instance_id}"
    with _IMPORT_LOCK:
        before = set(sys.modules)
        sys.path.insert(0, grader_dir)
        try:
            spec = importlib.util.spec_from_file_location(name, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except BaseException as exc:  # noqa: BLE001 - any failure of author code is a load error
            if isinstance(exc, KeyboardInterrupt):
                raise
            raise GraderLoadError(_describe_import_failure(path, exc)) from None
        finally:
            sys.path.remove(grader_dir)
            # Helpers imported from this grader dir must not shadow another task's same-named helpers.
            for added in set(sys.modules) - before:
                origin = getattr(sys.modules[added], "__file__", None) or ""
                if origin.startswith(grader_dir):
                    del sys.modules[added]
    return module


def _describe_import_failure(path: Path, exc: BaseException) -> str:
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if Path(frame.filename) == path:
            line = frame.lineno
    if isinstance(exc, SyntaxError) and exc.lineno is not None:
        line = exc.lineno
    reason = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}".rstrip(": ")
    return str(Problem(str(path), line, "", None, f"import failed: {reason}",
                       "fix the module so it imports with the grader dir on sys.path"))


def _validate(raw: object, path: Path) -> list[NegativeCase]:
    if not isinstance(raw, (list, tuple)):
        raise GraderLoadError(str(Problem(str(path), None, "NEGATIVE_CASES", type(raw).__name__,
                                          "must be a list of NegativeCase")))
    problems: list[Problem] = []
    cases: list[NegativeCase] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        where = f"NEGATIVE_CASES[{i}]"
        name = getattr(item, "name", None)
        mutate = getattr(item, "mutate", None)
        expected = getattr(item, "expected_substring", "")
        caught = getattr(item, "currently_caught", True)
        notes = getattr(item, "notes", "")
        bad = [
            (f"{where}.name", name, "must be a non-empty str", not isinstance(name, str) or not name),
            (f"{where}.mutate", mutate, "must be callable (str -> str)", not callable(mutate)),
            (f"{where}.expected_substring", expected, "must be a str", not isinstance(expected, str)),
            (f"{where}.currently_caught", caught, "must be a bool", not isinstance(caught, bool)),
            (f"{where}.notes", notes, "must be a str", not isinstance(notes, str)),
        ]
        found = [Problem(str(path), None, f, v, m) for f, v, m, is_bad in bad if is_bad]
        if isinstance(name, str) and name in seen:
            found.append(Problem(str(path), None, f"{where}.name", name, "duplicate case name",
                                 "names must be unique within a task"))
        problems.extend(found)
        if not found:
            seen.add(name)
            cases.append(NegativeCase(name, mutate, expected, caught, notes))
    if not cases and not problems:
        problems.append(Problem(str(path), None, "NEGATIVE_CASES", [], "is empty",
                                "an empty case list checks nothing; delete the file to use the defaults"))
    if problems:
        raise GraderLoadError("\n".join(str(p) for p in problems))
    return cases
