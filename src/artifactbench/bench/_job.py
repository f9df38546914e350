"""One job: a fresh scratch dir, the agent, a snapshot of its output, a grade of a pristine copy."""

from __future__ import annotations

import shutil
import time
import traceback
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from artifactbench._version import __version__
from artifactbench.bench._agents import Agent, AgentRequest, AgentResult, NoopAgent, OracleAgent
from artifactbench.bench._arms import Arm
from artifactbench.bench._isolation import Unsafe, find_grader_links, snapshot_output
from artifactbench.bench._pristine import PristineCache
from artifactbench.bench._records import RunRecord
from artifactbench.bench._store import RunStore
from artifactbench.bench._strays import reap_strays
from artifactbench.grading import grade
from artifactbench.manifest import Task
from artifactbench.workspace import copy_tree, new_scratch_dir

__all__ = ["JobSettings", "grade_snapshot", "run_job"]


@dataclass(frozen=True, slots=True)
class JobSettings:
    """Run-wide settings every job shares."""

    store: RunStore
    enforce_budgets: bool
    agent_timeout_s: float
    grade_timeout_s: float
    hidden_roots: tuple[Path, ...]
    keep_scratch: bool = False


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def grade_snapshot(task: Task, pristine: Path | None, artifact_dir: Path, timeout_s: float, *,
                   owned: Path | None = None) -> tuple[str, float, str, str | None, float]:
    """Grade a pristine copy of the workspace holding the snapshot: (verdict, score, detail, reason, s).

    The copy is made of `pristine`, or is `owned`: a pristine dir the caller hands over (removed here).
    The agent's own scratch dir is never graded, so nothing it left running can change the result.
    """
    grade_dir = owned or new_scratch_dir("ab-grade-")
    try:
        if owned is None:
            assert pristine is not None
            copy_tree(pristine, grade_dir)
        if artifact_dir.is_dir():
            shutil.copytree(artifact_dir, grade_dir, dirs_exist_ok=True, symlinks=True)
        outcome = grade(task, grade_dir, timeout_s=timeout_s)
    finally:
        shutil.rmtree(grade_dir, ignore_errors=True)
    if not outcome.ok or outcome.result is None:
        return "ERROR", 0.0, f"grader {outcome.error_kind}: {outcome.error}", "grader", outcome.duration_s
    res = outcome.result
    return ("PASS" if res.passed else "FAIL"), float(res.score), res.detail, None, outcome.duration_s


def _limit(task: Task, s: JobSettings) -> tuple[float, bool]:
    """The agent's time limit, and whether it is the wall budget (not the hard timeout)."""
    wall = task.execution_budget.max_wall_seconds
    if s.enforce_budgets and 0 < wall <= s.agent_timeout_s:
        return float(wall), True
    return s.agent_timeout_s, False


def _call_agent(agent: Agent, task: Task, scratch: Path, s: JobSettings, ref: bool,
                transcript: Path | None = None) -> AgentResult:
    # One private dir outside the scratch dir: the agent's HOME, its prompt file and metrics file.
    home = new_scratch_dir("ab-agent-")
    prompt_text = task.problem_statement.read_text(encoding="utf-8")
    (home / "prompt.md").write_text(prompt_text, encoding="utf-8")
    limit, _ = _limit(task, s)
    request = AgentRequest(
        instance_id=task.instance_id, prompt_text=prompt_text, prompt_file=home / "prompt.md",
        scratch_dir=scratch, output_artifact=task.output_artifact,
        max_code_runs=task.execution_budget.max_code_runs,
        max_wall_seconds=task.execution_budget.max_wall_seconds,
        enforce_budgets=s.enforce_budgets, timeout_s=limit, deadline=time.monotonic() + limit,
        metrics_file=home / "metrics.json", home_dir=home,
        reference_output=task.reference_output if ref else None, hidden_roots=s.hidden_roots,
        transcript_file=transcript)
    try:
        return agent.run(request)
    finally:
        # Nothing the agent started may outlive it: the snapshot must be of what it left at exit.
        # The built-in in-process agents start nothing, and a /proc scan costs a few ms per job.
        if not isinstance(agent, (OracleAgent, NoopAgent)):
            reap_strays(scratch)
        shutil.rmtree(home, ignore_errors=True)


def run_job(task: Task, arm: Arm, agent: Agent, run: int, cache: PristineCache, s: JobSettings
            ) -> RunRecord:
    """Run one (task, arm, run) job to a record; never raises for the agent's or grader's failures."""
    started, t0 = _now(), time.monotonic()
    b = task.execution_budget
    rec = RunRecord(
        run_id=s.store.run_id, instance_id=task.instance_id, category=task.category,
        difficulty=task.difficulty, arm=arm.name, agent=arm.agent, run=run, started_at=started,
        ended_at=started, wall_s=0.0, agent_wall_s=0.0, grade_s=0.0, agent_exit=None,
        verdict="ERROR", score=0.0, detail="", error_reason=None, max_code_runs=b.max_code_runs,
        max_wall_seconds=b.max_wall_seconds, budgets_enforced=s.enforce_budgets, turns=None,
        tokens=None, cost=None, code_runs=None, task_digest="", workspace_digest="", artifact=None,
        harness_version=__version__)
    try:
        rec = _run(task, arm, agent, run, cache, s, rec)
    except Exception as exc:  # noqa: BLE001 - a harness bug is an ERROR record, not a dead run
        tb = traceback.format_exc(limit=4)
        rec = replace(rec, verdict="ERROR", error_reason=rec.error_reason or "harness",
                      detail=f"{type(exc).__name__}: {exc}"[:500], stderr_tail=tb[-2000:])
    return replace(rec, ended_at=_now(), wall_s=round(time.monotonic() - t0, 4))


def _run(task: Task, arm: Arm, agent: Agent, run: int, cache: PristineCache, s: JobSettings,
         rec: RunRecord) -> RunRecord:
    try:
        pristine = cache.get(task)
    except Exception as exc:  # noqa: BLE001
        return replace(rec, error_reason="materialize", detail=f"materialize failed: {exc}"[:500])
    rec = replace(rec, task_digest=pristine.task_digest, workspace_digest=pristine.workspace_digest)
    scratch = new_scratch_dir("ab-scratch-")
    graded: list[bool] = []  # set by _after_copy once it checked the pristine dir out for grading
    try:
        copy_tree(pristine.path, scratch)
        return _after_copy(task, agent, run, scratch, cache, s, rec, arm, graded)
    finally:
        if not graded:
            cache.release(task)
        if not s.keep_scratch:
            shutil.rmtree(scratch, ignore_errors=True)


def _after_copy(task: Task, agent: Agent, run: int, scratch: Path, cache: PristineCache,
                s: JobSettings, rec: RunRecord, arm: Arm, graded: list[bool]) -> RunRecord:
    t_agent = time.monotonic()
    transcript = s.store.transcript_path(task.instance_id, arm.name, run)
    transcript.unlink(missing_ok=True)  # a job redone after a crash starts clean
    try:
        res = _call_agent(agent, task, scratch, s, bool(getattr(agent, "privileged", False)),
                          transcript)
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - a crashing plug-in is the agent's failure
        return replace(rec, verdict="FAIL", error_reason="agent_exception",
                       agent_wall_s=round(time.monotonic() - t_agent, 4),
                       detail=f"agent raised {type(exc).__name__}: {exc}"[:500])
    rec = replace(rec, agent_exit=res.exit_code, agent_wall_s=round(res.wall_s, 4),
                  turns=res.turns, tokens=res.tokens, cost=res.cost, code_runs=res.code_runs,
                  stdout_tail=res.stdout_tail[-1000:], stderr_tail=res.stderr_tail[-1000:],
                  input_tokens=res.input_tokens, output_tokens=res.output_tokens,
                  tool_calls=res.tool_calls, transcript=str(transcript.relative_to(s.store.dir))
                  if transcript.is_file() else None)
    limit, is_budget = _limit(task, s)
    artifact_dir = s.store.artifact_dir(task.instance_id, arm.name, run)
    if artifact_dir.exists():  # a job redone after a crash starts clean
        shutil.rmtree(artifact_dir)
    artifact_dir.mkdir(parents=True)
    try:
        produced = snapshot_output(scratch, task.output_artifact, artifact_dir)
        find_grader_links(scratch, (task.grader_dir, task.reference_output, task.manifest_path))
    except Unsafe as exc:
        shutil.rmtree(artifact_dir, ignore_errors=True)
        return replace(rec, verdict="FAIL", error_reason=exc.reason, detail=exc.detail)
    rel = str((artifact_dir / task.output_artifact).relative_to(s.store.dir)) if produced else None
    rec = replace(rec, artifact=rel)
    # An in-process plug-in cannot be killed; one that overran its deadline is judged like one that was.
    if res.timed_out or res.wall_s > limit + 0.05:
        reason = "budget_exceeded" if is_budget else "agent_timeout"
        what = f"max_wall_seconds={limit:g}" if is_budget else f"--agent-timeout {limit:g}s"
        return replace(rec, verdict="FAIL", error_reason=reason,
                       detail=f"agent stopped after {res.wall_s:.1f}s ({what})")
    runs_cap = task.execution_budget.max_code_runs
    if s.enforce_budgets and runs_cap > 0 and (res.code_runs or 0) > runs_cap:
        return replace(rec, verdict="FAIL", error_reason="budget_exceeded",
                       detail=f"agent reported {res.code_runs} code runs (max_code_runs={runs_cap})")
    graded.append(True)
    verdict, score, detail, reason, grade_s = grade_snapshot(
        task, None, artifact_dir, s.grade_timeout_s, owned=cache.checkout(task))
    return replace(rec, verdict=verdict, score=score, detail=detail[:500], error_reason=reason,  # type: ignore[arg-type]
                   grade_s=round(grade_s, 4))
