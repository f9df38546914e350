"""run_checks: every selected gate on every task, tasks in parallel."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from artifactbench.gates.core._context import Cancelled, CheckOptions, TaskContext
from artifactbench.gates.core._select import Gate
from artifactbench.gates.core._text import one_line
from artifactbench.gates.core._values import CheckResult, Report, TaskReport, task_status
from artifactbench.errors import ArtifactBenchError
from artifactbench.manifest import Task

# Gates that need nothing from the workspace keep running when materialize failed.
_WORKSPACE_FREE = frozenset({"manifest", "materialize", "leaks"})


def display_path(path: Path) -> str:
    """`path` relative to the cwd when inside it (as the contract's example shows), else absolute."""
    try:
        return Path(path).resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def _run_gate(gate: Gate, ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    if ctx.materialize_failed and gate.name not in _WORKSPACE_FREE:
        return CheckResult(gate.name, "skip", "skipped: the workspace did not materialize")
    try:
        result = gate.func(ctx)
    except Cancelled:
        raise
    except ArtifactBenchError as exc:
        result = CheckResult(gate.name, "error", one_line(exc))
    except Exception as exc:  # noqa: BLE001 - a harness bug must not hide the other tasks' verdicts
        result = CheckResult(gate.name, "error", one_line(f"internal error: {type(exc).__name__}: {exc}"))
    if result.duration_s == 0.0:
        result = CheckResult(result.gate, result.status, result.summary, result.cases,
                             time.monotonic() - started)
    return result


def check_task(task: Task, gates: Sequence[Gate], options: CheckOptions) -> TaskReport:
    """Every gate on one task with one shared TaskContext (closed at the end)."""
    started = time.monotonic()
    ctx = TaskContext(task, options)
    try:
        checks = tuple(_run_gate(gate, ctx) for gate in gates)
    finally:
        ctx.close()
    return TaskReport(task.instance_id, display_path(task.root), task_status(checks), checks,
                      time.monotonic() - started)


def run_checks(
    tasks: Sequence[Task],
    gates: Sequence[Gate],
    jobs: int = 1,
    *,
    options: CheckOptions | None = None,
    on_task: Callable[[TaskReport], None] | None = None,
) -> Report:
    """Run `gates` (values, e.g. gates.resolve_gates(names)) on each task; `jobs` tasks at a time.

    Threads suffice: grader, generator and verifier work happens in child processes. `on_task` is
    called (from the calling thread) as each task finishes, in completion order; the report keeps the
    input order. Ctrl-C sets options.cancel so running tasks stop between cases, then re-raises.
    """
    selected = tuple(gates)
    options = options or CheckOptions()
    jobs = max(1, min(jobs if jobs > 0 else (os.cpu_count() or 1), len(tasks) or 1))
    reports: dict[int, TaskReport] = {}
    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="artifactbench-check")
    try:
        futures = {pool.submit(check_task, task, selected, options): i for i, task in enumerate(tasks)}
        from concurrent.futures import as_completed

        for future in as_completed(futures):
            report = future.result()
            reports[futures[future]] = report
            if on_task is not None:
                on_task(report)
    except BaseException:
        options.cancel.set()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return Report(tuple(reports[i] for i in range(len(tasks))))
