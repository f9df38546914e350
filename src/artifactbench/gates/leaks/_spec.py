"""The leaks gate (spec 5.3, 8): nothing the agent sees names grader/ or reference_output."""

from __future__ import annotations

import os
import time
from pathlib import Path

from artifactbench._files import MAX_SCANNED_BYTES
from artifactbench.gates.core import TaskContext
from artifactbench.gates.core import CaseResult, CheckResult
from artifactbench.manifest import Task

_SNIFF = 8192  # bytes looked at to tell text from binary


def leak_tokens(task: Task) -> tuple[str, ...]:
    """Lower-case strings that name the grader or the reference output by path or name."""
    tokens = {"grader/", "grader\\", "reference_output",
              task.hidden_grader.name.lower(), task.reference_output.name.lower()}
    for path in (task.hidden_grader, task.reference_output):
        try:
            tokens.add(path.relative_to(task.root).as_posix().lower())
        except ValueError:
            pass
    return tuple(sorted(tokens))


def _scan_text(data: bytes, tokens: tuple[str, ...]) -> list[tuple[int, str]]:
    hits = []
    text = data.decode("utf-8", errors="replace").lower()
    for number, line in enumerate(text.splitlines(), start=1):
        found = [t for t in tokens if t in line]
        if found:
            hits.append((number, found[0]))
    return hits


def find_leaks(task: Task) -> list[CaseResult]:
    """Every leak in workspace/ (file names, symlinks, text contents) and in the prompt, with file:line."""
    tokens = leak_tokens(task)
    leaks: list[CaseResult] = []
    candidates: list[tuple[Path, str]] = [(task.problem_statement, _display(task, task.problem_statement))]
    if task.workspace_dir.is_dir():
        for dirpath, dirnames, filenames in os.walk(task.workspace_dir):
            dirnames.sort()
            for name in sorted(dirnames + filenames):
                path = Path(dirpath) / name
                shown = _display(task, path)
                if path.is_symlink():
                    leaks.append(CaseResult(shown, "LEAK", "symlink in workspace/ (may reach outside it)"))
                    continue
                if name.lower() in tokens or name.lower() == "grader":
                    leaks.append(CaseResult(shown, "LEAK", f"file name {name!r} names the hidden grader"))
                if name in filenames and not _is_generator(task, path):
                    candidates.append((path, shown))  # the declared generator is never copied to the agent
    for path, shown in candidates:
        try:
            if path.stat().st_size > MAX_SCANNED_BYTES:
                continue  # (never read whole; materialize reports a workspace file over the spec's limit)
            data = path.read_bytes()
        except OSError as exc:
            leaks.append(CaseResult(shown, "ERROR", f"cannot read: {exc}"))
            continue
        if b"\0" in data[:_SNIFF]:
            continue  # binary: its name was checked above
        for line, token in _scan_text(data, tokens):
            leaks.append(CaseResult(f"{shown}:{line}", "LEAK", f"mentions {token!r}"))
    return leaks


def _is_generator(task: Task, path: Path) -> bool:
    generator = task.workspace_generator
    return generator is not None and path.resolve() == Path(generator).resolve()


def _display(task: Task, path: Path) -> str:
    try:
        return path.relative_to(task.root).as_posix()
    except ValueError:
        return str(path)


def leaks_gate(ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    leaks = find_leaks(ctx.task)
    if not leaks:
        return CheckResult("leaks", "pass", "no reference to grader/ or reference_output",
                           duration_s=time.monotonic() - started)
    status = "error" if all(c.status == "ERROR" for c in leaks) else "fail"
    first = leaks[0]
    return CheckResult("leaks", status, f"{len(leaks)} leak(s); first: {first.name}: {first.detail}",
                       tuple(leaks), time.monotonic() - started)
