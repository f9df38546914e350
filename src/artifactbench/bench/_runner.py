"""The benchmark runner: every (task, arm, run) job, in parallel, to an append-only results file."""

from __future__ import annotations

import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from artifactbench._sandbox import Limits
from artifactbench._tagging import live_tags, reap_tagged
from artifactbench._version import __version__
from artifactbench.bench._agents import Agent
from artifactbench.bench._arms import Arm, build_agent
from artifactbench.bench._checked import check_results
from artifactbench.bench._isolate import SandboxMode, run_sandbox
from artifactbench.bench._job import Job, JobSettings, run_job
from artifactbench.bench._pristine import PristineCache
from artifactbench.bench._progress import Progress
from artifactbench.bench._records import RunRecord
from artifactbench.bench._store import ResultsWriter, RunStore, write_json_atomic
from artifactbench.errors import ArtifactBenchError
from artifactbench.manifest import Task, load_task

__all__ = ["BenchConfig", "config_from_run_json", "run_bench"]


@dataclass(frozen=True, slots=True)
class BenchConfig:
    """What to run. `runs` is the number of repetitions per (task, arm); indexes start at 1.

    `sandbox` is "bwrap" (agents' processes and graders run in bubblewrap, with `limits`) or "none".
    """

    tasks: tuple[Task, ...]
    arms: tuple[Arm, ...]
    runs_dir: Path
    run_id: str
    runs: int = 1
    jobs: int = 1
    seed: int = 0
    enforce_budgets: bool = False
    agent_timeout_s: float = 3600.0
    grade_timeout_s: float = 60.0
    selection: str | None = None
    hidden_roots: tuple[Path, ...] = ()
    keep_scratch: bool = False
    sandbox: SandboxMode = "none"
    limits: Limits = field(default_factory=Limits)
    extra: tuple[tuple[str, object], ...] = field(default=())

    def to_json(self) -> dict[str, object]:
        return {
            "version": 1,
            "kind": "bench-run",
            "run_id": self.run_id,
            "harness_version": __version__,
            "selection": self.selection,
            "arms": [a.to_json() for a in self.arms],
            "runs": self.runs,
            "seed": self.seed,
            "enforce_budgets": self.enforce_budgets,
            "agent_timeout_s": self.agent_timeout_s,
            "grade_timeout_s": self.grade_timeout_s,
            "hidden_roots": [str(p) for p in self.hidden_roots],
            "sandbox": self.sandbox,
            "tasks": [{"instance_id": t.instance_id, "task_dir": str(t.root), "category": t.category,
                       "difficulty": t.difficulty} for t in self.tasks],
            **dict(self.extra),
        }


def config_from_run_json(data: dict[str, object], runs_dir: Path, **overrides: object) -> BenchConfig:
    """Rebuild a run's config from run.json (for --resume and regrade); tasks are reloaded."""
    try:
        tasks = tuple(load_task(Path(t["task_dir"])) for t in data["tasks"])  # type: ignore[index,union-attr]
        arms = tuple(Arm.from_json(a, "run.json arms") for a in data["arms"])  # type: ignore[union-attr]
        cfg = BenchConfig(
            tasks=tasks, arms=arms, runs_dir=runs_dir, run_id=str(data["run_id"]),
            runs=int(data["runs"]), seed=int(data["seed"]),  # type: ignore[arg-type]
            enforce_budgets=bool(data["enforce_budgets"]),
            agent_timeout_s=float(data["agent_timeout_s"]),  # type: ignore[arg-type]
            grade_timeout_s=float(data["grade_timeout_s"]),  # type: ignore[arg-type]
            selection=data.get("selection"),  # type: ignore[arg-type]
            hidden_roots=tuple(Path(p) for p in data.get("hidden_roots", ())),  # type: ignore[union-attr]
            sandbox="bwrap" if data.get("sandbox") == "bwrap" else "none",
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ArtifactBenchError(f"run.json of run_id={data.get('run_id')!r}: missing or bad "
                                 f"field ({exc!r})") from None
    return replace(cfg, **{k: v for k, v in overrides.items() if v is not None})


def _jobs(cfg: BenchConfig) -> list[tuple[Task, Arm, int]]:
    # Arms interleave within a (task, run) so paired results finish close together.
    return [(t, a, k) for t in cfg.tasks for k in range(1, cfg.runs + 1) for a in cfg.arms]


def run_bench(cfg: BenchConfig, progress: Progress, *, resume: bool = False) -> list[RunRecord]:
    """Run every job not yet recorded; returns all records of the run (old and new).

    Without `resume` the run dir must not exist yet. With it, run.json is kept, a torn last line is
    repaired, and jobs whose record is present are skipped, so nothing is done twice.
    """
    store = RunStore(cfg.runs_dir, cfg.run_id)
    if not resume:
        store.dir.parent.mkdir(parents=True, exist_ok=True)
        try:
            store.dir.mkdir()  # atomic: of two runs started with one run_id, exactly one gets here
        except FileExistsError:
            raise ArtifactBenchError(f"{store.dir}: run_id={cfg.run_id!r} exists already; "
                                     "use --resume to continue it or pick another --run-id") from None
    with store.lock():  # a second process resuming this run gets a clear error instead of writing too
        return _run_locked(cfg, store, progress, resume)


def _run_locked(cfg: BenchConfig, store: RunStore, progress: Progress, resume: bool) -> list[RunRecord]:
    if resume:  # checked as report checks it: a duplicate or foreign record is an error, not a job skipped
        done = list(check_results(store.results, store.load_config(), repair=True, empty_ok=True).records)
    else:
        write_json_atomic(store.run_json, {**cfg.to_json(),
                                           "created_at": datetime.now(timezone.utc).isoformat()})
        done = []
    seen = {r.key for r in done}
    todo = [j for j in _jobs(cfg) if (j[0].instance_id, j[1].name, j[2]) not in seen]
    agents: dict[str, Agent] = {a.name: build_agent(a) for a in cfg.arms}
    cancel = threading.Event()
    settings = JobSettings(store, cfg.enforce_budgets, cfg.agent_timeout_s, cfg.grade_timeout_s,
                           cfg.hidden_roots, cfg.keep_scratch, run_sandbox(cfg.sandbox, cfg.limits), cancel)
    expected: dict[str, int] = {}
    for t, _, _ in todo:
        expected[t.instance_id] = expected.get(t.instance_id, 0) + 1
    cache = PristineCache(expected)
    records = list(done)
    progress.start(len(todo) + len(done), len(done))
    # Ctrl-C or SIGTERM: the processes of the jobs in flight (agents, graders) are stopped at once, their
    # records are dropped, and --resume redoes them; every record written before stays, and nothing
    # half-written reaches results.jsonl.
    pool = ThreadPoolExecutor(max_workers=max(1, cfg.jobs))
    pending: set[Future[RunRecord]] = set()
    try:
        with ResultsWriter(store.results) as writer:
            queue = iter(todo)
            # Submit lazily (at most `jobs` in flight) so Ctrl-C leaves no backlog to drain.
            while True:
                while len(pending) < max(1, cfg.jobs):
                    job = next(queue, None)
                    if job is None:
                        break
                    t, a, k = job
                    pending.add(pool.submit(run_job, Job(t, a, agents[a.name], k), cache, settings))
                if not pending:
                    break
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    rec = fut.result()
                    writer.write(rec)
                    records.append(rec)
                    progress.advance(rec)
    except BaseException:
        cancel.set()
        pool.shutdown(wait=False, cancel_futures=True)
        _stop_running(pending, cancel)
        raise
    finally:
        pool.shutdown(wait=True)
        progress.close()
        cache.cleanup()
    return records


CANCEL_WAIT_S = 15.0  # how long an interrupted run waits for its jobs to end once their processes are killed


def _stop_running(pending: set[Future[RunRecord]], cancel: threading.Event) -> None:
    """Kill every process of the jobs in flight, again and again (a job may start one more, e.g. its
    grader, before it sees `cancel`), until those jobs have ended or CANCEL_WAIT_S has passed (a plug-in's
    own `run()` runs in this process and cannot be killed)."""
    deadline = time.monotonic() + CANCEL_WAIT_S
    while True:
        reap_tagged(live_tags(cancel), forget=False)
        running = [f for f in pending if not f.done()]
        if not running or time.monotonic() >= deadline:
            return
        wait(running, timeout=0.2)
