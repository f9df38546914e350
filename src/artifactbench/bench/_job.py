"""One job as a straight line: prepare -> run agent -> snapshot -> grade -> record.

Each stage is a function over small frozen values; a stage that ends the job early raises `Stop`
with the verdict it ends on, and the record is filled in as the line goes.
"""

from __future__ import annotations

import threading
import time
import traceback
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from artifactbench._sandbox import Sandbox
from artifactbench._tagging import forget_tags, new_tag, tagging
from artifactbench._trees import remove_tree
from artifactbench._version import __version__
from artifactbench.bench._agents import Agent, AgentRequest, AgentResult
from artifactbench.bench._arms import Arm
from artifactbench.bench._grade import Stop, grade_snapshot, snapshot
from artifactbench.bench._isolate import SandboxRefused, job_sandbox
from artifactbench.bench._pristine import Pristine, PristineCache
from artifactbench.bench._records import RunRecord
from artifactbench.bench._store import RunStore
from artifactbench.bench._strays import reap_strays
from artifactbench.manifest import Task
from artifactbench.workspace import copy_tree, new_scratch_dir

__all__ = ["Job", "JobSettings", "grade_snapshot", "run_job"]


@dataclass(frozen=True, slots=True)
class JobSettings:
    """Run-wide settings every job shares. `sandbox` is the run's sandbox (None: `--sandbox none`)."""

    store: RunStore
    enforce_budgets: bool
    agent_timeout_s: float
    grade_timeout_s: float
    hidden_roots: tuple[Path, ...]
    keep_scratch: bool = False
    sandbox: Sandbox | None = None
    # Set when the run is interrupted: every process a job started carries a tag of this group
    # (`_tagging`), so the runner can stop them at once; a job that sees it set ends without grading.
    cancel: threading.Event | None = None

    @property
    def mode(self) -> str:
        return "none" if self.sandbox is None else "bwrap"


@dataclass(frozen=True, slots=True)
class Job:
    """One (task, arm, run index) and the agent that runs it."""

    task: Task
    arm: Arm
    agent: Agent
    run: int


@dataclass(frozen=True, slots=True)
class Prepared:
    """A job ready to run: its own copy of the pristine workspace and the agent's request."""

    pristine: Pristine
    scratch: Path
    home: Path
    request: AgentRequest
    limit_s: float
    is_budget: bool


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _limit(task: Task, s: JobSettings) -> tuple[float, bool]:
    """The agent's time limit, and whether it is the wall budget (not the hard timeout)."""
    wall = task.execution_budget.max_wall_seconds
    if s.enforce_budgets and 0 < wall <= s.agent_timeout_s:
        return float(wall), True
    return s.agent_timeout_s, False


def prepare(job: Job, pristine: Pristine, s: JobSettings) -> Prepared:
    """A fresh scratch dir (a copy of the pristine workspace) and HOME holding the prompt file."""
    scratch, home = new_scratch_dir("ab-scratch-"), new_scratch_dir("ab-agent-")
    copy_tree(pristine.path, scratch)
    task, perms = job.task, job.agent.permissions
    # Harness-side, in the run dir: never inside the sandbox, so the agent's processes cannot touch it.
    transcript = s.store.transcript_path(task.instance_id, job.arm.name, job.run)
    transcript.unlink(missing_ok=True)  # a job redone after a crash starts clean
    prompt_text = task.problem_statement.read_text(encoding="utf-8")
    (home / "prompt.md").write_text(prompt_text, encoding="utf-8")
    limit, is_budget = _limit(task, s)
    try:
        sandbox = job_sandbox(s.sandbox, perms, scratch, home, home / "prompt.md", s.hidden_roots)
    except SandboxRefused as exc:
        remove_tree(scratch)
        remove_tree(home)
        raise Stop("ERROR", "sandbox_refused", str(exc)) from None
    request = AgentRequest(
        instance_id=task.instance_id, prompt_text=prompt_text, prompt_file=home / "prompt.md",
        scratch_dir=scratch, output_artifact=task.output_artifact,
        max_code_runs=task.execution_budget.max_code_runs,
        max_wall_seconds=task.execution_budget.max_wall_seconds,
        enforce_budgets=s.enforce_budgets, timeout_s=limit, deadline=time.monotonic() + limit,
        metrics_file=home / "metrics.json", home_dir=home,
        reference_output=task.reference_output if perms.privileged else None,
        hidden_roots=s.hidden_roots, transcript_file=transcript,
        sandbox=sandbox)
    return Prepared(pristine, scratch, home, request, limit, is_budget)


def run_agent(job: Job, p: Prepared) -> AgentResult:
    """Call the agent; nothing it started may outlive it (the snapshot is of what it left at exit)."""
    t0 = time.monotonic()
    try:
        return job.agent.run(p.request)
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - a crashing plug-in is the agent's failure
        raise Stop("FAIL", "agent_exception", f"agent raised {type(exc).__name__}: {exc}",
                   agent_wall_s=time.monotonic() - t0) from None
    finally:
        # In a sandbox its PID namespace already ended; unsandboxed, strays are hunted down.
        if p.request.sandbox is None and job.agent.permissions.needs_sandbox:
            reap_strays(p.scratch)


def check_time(res: AgentResult, p: Prepared, job: Job, s: JobSettings) -> None:
    """An agent past its time or its declared code-run budget FAILs (after its output was kept)."""
    # An in-process plug-in cannot be killed; one that overran its deadline is judged like one that was.
    if res.timed_out or res.wall_s > p.limit_s + 0.05:
        reason = "budget_exceeded" if p.is_budget else "agent_timeout"
        what = f"max_wall_seconds={p.limit_s:g}" if p.is_budget else f"--agent-timeout {p.limit_s:g}s"
        raise Stop("FAIL", reason, f"agent stopped after {res.wall_s:.1f}s ({what})")
    cap = job.task.execution_budget.max_code_runs
    if s.enforce_budgets and cap > 0 and (res.code_runs or 0) > cap:
        raise Stop("FAIL", "budget_exceeded",
                   f"agent reported {res.code_runs} code runs (max_code_runs={cap})")


def _with_agent(rec: RunRecord, res: AgentResult, p: Prepared, run_dir: Path) -> RunRecord:
    tf = p.request.transcript_file
    return replace(rec, agent_exit=res.exit_code, agent_wall_s=round(res.wall_s, 4), turns=res.turns,
                   tokens=res.tokens, cost=res.cost, code_runs=res.code_runs,
                   stdout_tail=res.stdout_tail[-1000:], stderr_tail=res.stderr_tail[-1000:],
                   input_tokens=res.input_tokens, output_tokens=res.output_tokens,
                   tool_calls=res.tool_calls,
                   transcript=str(tf.relative_to(run_dir)) if tf is not None and tf.is_file() else None)


def _line(job: Job, cache: PristineCache, s: JobSettings, rec: RunRecord) -> RunRecord:
    try:
        pristine = cache.get(job.task)
    except Exception as exc:  # noqa: BLE001
        cache.release(job.task)
        return Stop("ERROR", "materialize", f"materialize failed: {exc}").apply(rec)
    rec = replace(rec, task_digest=pristine.task_digest, workspace_digest=pristine.workspace_digest)
    p, checked_out = None, False
    try:
        p = prepare(job, pristine, s)
        res = run_agent(job, p)
        if s.cancel is not None and s.cancel.is_set():  # (its record is dropped; --resume redoes the job)
            raise Stop("ERROR", "harness", "the run was interrupted while the agent ran")
        rec = _with_agent(rec, res, p, s.store.dir)
        art_dir = s.store.artifact_dir(job.task.instance_id, job.arm.name, job.run)
        rec = replace(rec, artifact=snapshot(job.task, p.scratch, art_dir, s.store.dir, s.sandbox))
        check_time(res, p, job, s)
        checked_out = True
        g = grade_snapshot(job.task, None, art_dir, s.grade_timeout_s, owned=cache.checkout(job.task),
                           sandbox=s.mode, expect_digest=pristine.task_digest)
        return replace(rec, verdict=g.verdict, score=g.score, detail=g.detail[:500],  # type: ignore[arg-type]
                       error_reason=g.reason, grade_s=round(g.seconds, 4))
    except Stop as stop:
        return stop.apply(rec)
    finally:
        if not checked_out:
            cache.release(job.task)
        if p is not None:
            remove_tree(p.home)
            if not s.keep_scratch:
                remove_tree(p.scratch)


def run_job(job: Job, cache: PristineCache, s: JobSettings) -> RunRecord:
    """Run one job to a record; never raises for the agent's or grader's failures."""
    started, t0 = _now(), time.monotonic()
    task, b = job.task, job.task.execution_budget
    rec = RunRecord(
        run_id=s.store.run_id, instance_id=task.instance_id, category=task.category,
        difficulty=task.difficulty, arm=job.arm.name, agent=job.arm.agent, run=job.run,
        started_at=started, ended_at=started, wall_s=0.0, agent_wall_s=0.0, grade_s=0.0,
        agent_exit=None, verdict="ERROR", score=0.0, detail="", error_reason=None,
        max_code_runs=b.max_code_runs, max_wall_seconds=b.max_wall_seconds,
        budgets_enforced=s.enforce_budgets, turns=None, tokens=None, cost=None, code_runs=None,
        task_digest="", workspace_digest="", artifact=None, harness_version=__version__,
        sandbox=s.mode)
    tag = new_tag(s.cancel)
    try:
        with tagging(tag):  # in the env of every process the job starts: agent, its children, grader
            rec = _line(job, cache, s, rec)
    except Exception as exc:  # noqa: BLE001 - a harness bug is an ERROR record, not a dead run
        tb = traceback.format_exc(limit=4)
        rec = replace(rec, verdict="ERROR", error_reason=rec.error_reason or "harness",
                      detail=f"{type(exc).__name__}: {exc}"[:500], stderr_tail=tb[-2000:])
    finally:
        forget_tags((tag,))
    return replace(rec, ended_at=_now(), wall_s=round(time.monotonic() - t0, 4))
