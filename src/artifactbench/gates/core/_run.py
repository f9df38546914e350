"""run_checks: every selected gate on every task, tasks in parallel."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from artifactbench._tagging import live_tags, reap_tagged, tagging
from artifactbench.gates.core._bounds import GraderBlocked, over_budget
from artifactbench.gates.core._context import Cancelled, CheckOptions, TaskContext
from artifactbench.gates.core._integrity import Changes, Contents, Snapshot, changes, snapshot
from artifactbench.gates.core._select import Gate
from artifactbench.gates.core._text import one_line
from artifactbench.gates.core._values import CaseResult, CheckResult, Report, TaskReport, task_status
from artifactbench.errors import ArtifactBenchError, MaterializeError
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
        return CheckResult(gate.name, "skip", one_line(f"skipped: the workspace did not materialize (see "
                                                       f"materialize: {ctx.materialize_error})", limit=200))
    if ctx.blocked is None and gate.runs_grader and not gate.spec and (spent := over_budget(ctx)) is not None:
        # (checked before a gate starts: one that ran to its end keeps every finding it made; review)
        ctx.blocked, ctx.budget_spent = spent, True
        return _budget_case(gate.name, spent, started)
    if ctx.blocked is not None and gate.runs_grader:
        return _blocked(gate.name, ctx.blocked, started, ctx)
    timeouts, spent = ctx.timeouts, ctx.budget_spent
    ctx.budgeted = not gate.spec
    try:
        result = _call(gate, ctx)
    except Cancelled:
        raise
    except GraderBlocked as exc:
        if ctx.timeouts > timeouts:  # this gate spent the timeout(s): the root cause belongs here
            case = CaseResult("timeout", "FINDING", one_line(f"{exc}; the task's remaining grading is skipped"))
            result = CheckResult(gate.name, "fail", case.detail, (case,))
        elif ctx.budget_spent and not spent:  # this gate reached the grading budget: said once, here
            result = _budget_case(gate.name, str(exc), started)
        else:
            result = _blocked(gate.name, str(exc), started, ctx)
    except ArtifactBenchError as exc:
        result = grader_fault(gate.name, exc, ctx) or CheckResult(gate.name, "error", one_line(exc))
    except Exception as exc:  # noqa: BLE001 - a harness bug must not hide the other tasks' verdicts
        result = grader_fault(gate.name, exc, ctx) or CheckResult(
            gate.name, "error", one_line(f"internal error: {type(exc).__name__}: {exc}"))
    result = _with_inconsistent(gate, ctx, _with_long_detail(gate, ctx, result))
    if result.duration_s == 0.0:
        result = CheckResult(result.gate, result.status, result.summary, result.cases,
                             time.monotonic() - started)
    return result


_AGAIN = 3  # runs of a gate that CPython's AST race (below) made fail


def _call(gate: Gate, ctx: TaskContext) -> CheckResult:
    """gate.func(ctx), run again when CPython 3.11's AST race made it fail: "SystemError: AST constructor
    recursion depth mismatch", raised where another thread converts a tree at the same moment (a traceback's
    caret anchors and Hypothesis parse outside our lock; see artifactbench._pyast). Transient: the verdicts
    graded so far are kept by the context, so a second run costs little (blind p99, once under check -j 2)."""
    for attempt in range(_AGAIN):
        try:
            return gate.func(ctx)
        except SystemError as exc:
            if "recursion depth mismatch" not in str(exc) or attempt == _AGAIN - 1:
                raise
    raise AssertionError("unreachable")


def _budget_case(gate: str, reason: str, started: float) -> CheckResult:
    """The gate where the task's grading budget ran out, as one WARNING (grade() SHOULD be cheap)."""
    case = CaseResult("budget", "WARNING", one_line(
        f"{reason}: the remaining assurance grading is skipped (grade() SHOULD take seconds, spec 3.2 'Cheap'; a "
        f"larger --grader-timeout checks the task in full)"))
    return CheckResult(gate, "warn", case.detail, (case,), time.monotonic() - started)


def _blocked(gate: str, reason: str, started: float, ctx: TaskContext | None = None) -> CheckResult:
    if ctx is not None and getattr(ctx, "load_flaky", False):
        ctx.load_flaky = False  # reported once, here; later gates are skipped
        case = CaseResult("load", "ERROR", one_line(
            f"the grader imported earlier in this check but not now: {reason}; its verdicts cannot be trusted"))
        return CheckResult(gate, "error", case.detail, (case,), time.monotonic() - started)
    case = CaseResult("blocked", "BLOCKED", f"not graded: {reason}")
    return CheckResult(gate, "skip", f"blocked: {reason}", (case,), time.monotonic() - started)


def grader_fault(gate: str, exc: Exception, ctx: TaskContext) -> CheckResult | None:
    """A gate's crash that the grader caused, as a finding about the grader; None for a harness bug."""
    try:
        from hypothesis.errors import Flaky
    except ImportError:  # pragma: no cover - hypothesis is a dependency of the fuzz gates
        Flaky = ()  # type: ignore[assignment]  # noqa: N806
    if isinstance(exc, Flaky):
        case = CaseResult("determinism", "FINDING", one_line(
            f"the grader gave different verdicts for the same artifact during the search ({type(exc).__name__})"))
        return CheckResult(gate, "fail", case.detail, (case,))
    # MaterializeError: the tree walker found the scratch dir (or a folder in it) gone after grading.
    if ctx.graded and isinstance(exc, (FileNotFoundError, NotADirectoryError, IsADirectoryError,
                                       PermissionError, MaterializeError)):
        case = CaseResult("scratch_dir", "FINDING", one_line(
            f"grading removed or changed the files it was given (spec 3.4: graders only read the scratch "
            f"dir): {type(exc).__name__}: {exc}"))
        return CheckResult(gate, "fail", case.detail, (case,))
    return None


def _with_long_detail(gate: Gate, ctx: TaskContext, result: CheckResult) -> CheckResult:
    """Report an over-long grader detail once: in `contract` when it runs, else in the first gate that
    saw it; everywhere else the verdict counted as what it said (passed or not)."""
    if ctx.long_detail is None or ctx.long_detail_reported:
        return result
    if ctx.contract_pending and gate.name != "contract":
        return result
    ctx.long_detail_reported = True
    case = CaseResult("detail_length", "FINDING", one_line(f"{ctx.long_detail} (spec 3.1; reported once "
                                                           "per task, other verdicts were read as given)"))
    status = result.status if result.status in ("fail", "error") else "fail"
    return CheckResult(result.gate, status, result.summary, result.cases + (case,), result.duration_s)


def _with_inconsistent(gate: Gate, ctx: TaskContext, result: CheckResult) -> CheckResult:
    """Report a verdict of passed=False with score 1.0 (spec 3.3: the score says the answer is right)
    once: the contract gate's result_shape says so when it runs (it reads ctx.inconsistent too), else
    the first gate after it that met one."""
    if ctx.inconsistent is None or ctx.inconsistent_reported or gate.name == "contract":
        return result
    if ctx.contract_pending:
        return result
    ctx.inconsistent_reported = True
    case = CaseResult("result_shape", "FINDING", one_line(
        f"invalid or inconsistent result: a graded artifact got {ctx.inconsistent} (spec 3.3: passed must "
        "agree with the score; reported once per task)"))
    status = result.status if result.status in ("fail", "error") else "fail"
    return CheckResult(result.gate, status, result.summary, result.cases + (case,), result.duration_s)


def check_task(task: Task, gates: Sequence[Gate], options: CheckOptions) -> TaskReport:
    """Every gate on one task with one shared TaskContext (closed at the end)."""
    with _forkservers(options) as options:
        return _check_task(task, gates, options)[0]


@contextmanager
def _forkservers(options: CheckOptions) -> Iterator[CheckOptions]:
    """`options` with forkservers of their own for the block (closed after it) when none were given and
    there is no sandbox: every grader session of the block forks its server from them."""
    if options.sandbox != "none" or options.forkservers is not None:
        yield options
        return
    from artifactbench.grading import Forkservers

    forkservers = Forkservers()
    try:
        yield replace(options, forkservers=forkservers)
    finally:
        forkservers.close()


TASK_FILES = "task_files"  # the case (and, for changes outside a gate, the gate) that reports them


def _tampered(changed: Changes, when: str) -> CaseResult:
    return CaseResult(TASK_FILES, "FINDING", one_line(
        f"the task's own files changed {when}: {changed.describe()} (task code run by check must only "
        "read its task dir; restore the files, e.g. from version control, and fix the code that wrote them)",
        limit=600))


def _with_case(result: CheckResult, case: CaseResult) -> CheckResult:
    status = result.status if result.status in ("fail", "error") else ("error" if case.status == "ERROR" else "fail")
    return CheckResult(result.gate, status, result.summary, result.cases + (case,), result.duration_s)


def _check_task(task: Task, gates: Sequence[Gate], options: CheckOptions, before: Snapshot | None = None,
                contents: Contents | None = None) -> tuple[TaskReport, Snapshot]:
    """check_task, watching the task dir: returns the report and the dir's snapshot once the check is
    over. `before`: the snapshot taken when the run started (a change since is another task's doing);
    `contents`: the files' bytes as the run first saw them (with `linked_task_files`; else as this check
    does), which settle a move of ctime alone; None: the link-count rule alone."""
    started = time.monotonic()
    current = snapshot(task.root)
    if contents is None and options.linked_task_files:
        contents = Contents(task.root).remember(current)
    checks: list[CheckResult] = []
    if before is not None and (early := changes(before, current, contents)):
        case = CaseResult(TASK_FILES, "ERROR", one_line(
            f"task files changed during the run before this task's check began (another task's code, or "
            f"an edit): {early.describe()}; its results describe the changed files", limit=600))
        checks.append(CheckResult(TASK_FILES, "error", case.detail, (case,)))

    def watch() -> Changes:
        nonlocal current
        now = snapshot(task.root)
        changed, current = changes(current, now, contents), now
        return changed

    ctx = TaskContext(task, options)
    ctx.contract_pending = any(g.name == "contract" for g in gates)
    pending: dict[str, CaseResult] = {}
    try:
        with tagging(ctx.tag):  # every child started for this task carries ctx.tag; close() reaps them
            for gate in gates:
                if gate.prepare is not None:
                    try:
                        gate.prepare(ctx)
                    except Exception as exc:  # noqa: BLE001 - e.g. task code replaced a file it writes
                        pending[gate.name] = CaseResult("prepare", "ERROR", one_line(
                            f"preparing the {gate.name} gate failed: {type(exc).__name__}: {exc}"))
                    if changed := watch():
                        pending[gate.name] = _tampered(changed, f"while the {gate.name} gate prepared")
            for gate in gates:
                ctx.check_cancelled()
                result = _run_gate(gate, ctx)
                if gate.name in pending:
                    result = _with_case(result, pending.pop(gate.name))
                if changed := watch():
                    result = _with_case(result, _tampered(changed, f"while the {gate.name} gate ran"))
                checks.append(result)
                if gate.name == "contract":
                    ctx.contract_pending = False
    finally:
        ctx.close()
    if changed := watch():  # a process the task left behind, stopped by close()
        case = _tampered(changed, "after its gates ended (a process the task's code left behind)")
        checks.append(CheckResult(TASK_FILES, "fail", case.detail, (case,)))
    checks = tuple(checks)
    report = TaskReport(task.instance_id, display_path(task.root), task_status(checks), checks,
                        time.monotonic() - started)
    return report, current


def _changed_later(report: TaskReport, changed: Changes) -> TaskReport:
    """`report` marked as an error: its files changed after its check ended (another task's code)."""
    case = CaseResult(TASK_FILES, "ERROR", one_line(
        f"task files changed during the run after this task's check ended, by another task's code (or an "
        f"edit): {changed.describe()}; the results above were for the files as they were", limit=600))
    checks = report.checks + (CheckResult(TASK_FILES, "error", case.detail, (case,)),)
    return TaskReport(report.instance_id, report.task_dir, task_status(checks), checks, report.duration_s)


CANCEL_WAIT_S = 15.0  # how long an interrupted run waits for its tasks to clean up


def _stop_running(futures: list, options: CheckOptions) -> None:
    """Kill the children of every task being checked, again and again (a task may start one more
    before it sees the cancel flag), until the tasks have finished their cleanup or CANCEL_WAIT_S."""
    from concurrent.futures import wait

    deadline = time.monotonic() + CANCEL_WAIT_S
    while True:
        reap_tagged(live_tags(options.cancel), forget=False)
        pending = [f for f in futures if not f.done()]
        if not pending or time.monotonic() >= deadline:
            return
        wait(pending, timeout=0.2)


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
    input order. Ctrl-C (or the CLI's SIGTERM/SIGHUP, raised as a KeyboardInterrupt) sets options.cancel
    so running tasks stop between cases, kills the children they are waiting on, waits (up to
    CANCEL_WAIT_S) for them to remove their temp dirs, then re-raises.
    """
    with _forkservers(options or CheckOptions()) as options:  # one set per run, shared by its tasks
        return _run_checks(tasks, tuple(gates), jobs, options, on_task)


def _run_checks(tasks: Sequence[Task], selected: tuple[Gate, ...], jobs: int, options: CheckOptions,
                on_task: Callable[[TaskReport], None] | None) -> Report:
    jobs = max(1, min(jobs if jobs > 0 else (os.cpu_count() or 1), len(tasks) or 1))
    reports: dict[int, TaskReport] = {}
    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="artifactbench-check")
    futures: dict = {}
    # Every task dir as the run found it, and as each task's check left it: task code runs unsandboxed,
    # so a task's grader may write into another task's dir (checked again once all are done).
    initial = [snapshot(task.root) for task in tasks]
    contents = [Contents(task.root).remember(snap) if options.linked_task_files else None
                for task, snap in zip(tasks, initial)]
    final: dict[int, Snapshot] = {}
    try:
        futures = {pool.submit(_check_task, task, selected, options, initial[i], contents[i]): i
                   for i, task in enumerate(tasks)}
        from concurrent.futures import as_completed

        for future in as_completed(futures):
            report, final[futures[future]] = future.result()
            reports[futures[future]] = report
            if on_task is not None:
                on_task(report)
    except BaseException:
        options.cancel.set()
        pool.shutdown(wait=False, cancel_futures=True)
        _stop_running(list(futures), options)
        raise
    pool.shutdown(wait=True)
    for i, task in enumerate(tasks):
        if changed := changes(final[i], snapshot(task.root), contents[i]):
            reports[i] = _changed_later(reports[i], changed)
    return Report(tuple(reports[i] for i in range(len(tasks))))
