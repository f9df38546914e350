"""The `run`, `regrade` and `report` subcommands: the benchmark runner's command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from artifactbench.cli._select import default_runs_dir, select_tasks
from artifactbench.cli._html import write_run_html as _html
from artifactbench.errors import ArtifactBenchError, SelectionError

if TYPE_CHECKING:
    from artifactbench.bench import Arm, RunStore

__all__ = ["add_run_arguments", "add_subcommands", "cmd_regrade", "cmd_report", "cmd_run"]

SELF_TEST_NOTE = (
    "note: no agent given, so the built-in 'oracle' arm runs as a pipeline self-test: it copies each "
    "task's reference output and every task should PASS. To benchmark a real agent use "
    "--agent command:argv='my-agent --prompt-file {prompt_file}', --arm NAME=AGENT[:k=v,...] or "
    "--arms-file arms.yaml (see docs/agents.md).")


def add_run_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `run` (shared by `artifactbench run` and `pants run src:bench`)."""
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="task dirs or roots (default: the [corpus] roots of the nearest "
                   "artifactbench.toml, else the problems/ above the cwd)")
    p.add_argument("--set", metavar="NAME", help="only the tasks of this curated set (NAME.txt in a "
                   "sets folder)")
    p.add_argument("--sets-dir", metavar="DIR", help="where sets live (default: the corpus config's "
                   "sets folders, else the nearest sets/ above)")
    p.add_argument("--arm", action="append", default=[], metavar="NAME=AGENT[:k=v,...]",
                   help="an arm; repeat for several. AGENT: oracle, noop, command, openai, claude-code, "
                   "codex or module:attr (see docs/agents.md)")
    p.add_argument("--arms-file", metavar="FILE", help="YAML file of arms (see docs/agents.md)")
    p.add_argument("--arms", metavar="A,B", help="comma-separated arm names: from --arms-file, "
                   "or built-in agents (e.g. --arms oracle,noop)")
    p.add_argument("--agent", metavar="AGENT[:k=v,...]",
                   help="shortcut for one arm named after the agent, e.g. --agent noop")
    p.add_argument("--runs", type=int, default=1, metavar="K", help="repetitions per (task, arm)")
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="jobs run in parallel")
    p.add_argument("--seed", type=int, default=0, help="seed of the bootstrap CIs (default 0)")
    p.add_argument("--enforce-budgets", action="store_true",
                   help="stop an agent at the task's max_wall_seconds (when > 0): FAIL budget_exceeded")
    p.add_argument("--agent-timeout", type=float, default=3600.0, metavar="S",
                   help="hard limit per agent run, always on (default 3600): FAIL agent_timeout")
    p.add_argument("--grader-timeout", type=float, default=60.0, metavar="S",
                   help="seconds one grade() may take (default 60)")
    p.add_argument("--runs-dir", metavar="DIR", help="where runs live (default: the corpus config's "
                   "runs_dir, else ./runs)")
    p.add_argument("--run-id", metavar="ID", help="name of the new run (default: UTC time + random)")
    p.add_argument("--resume", metavar="RUN_ID", help="continue a crashed or interrupted run")
    p.add_argument("--keep-scratch", action="store_true", help="keep scratch dirs (debugging)")
    p.add_argument("--sandbox", choices=("bwrap", "none"), default=None,
                   help="isolate agents' processes and graders with bubblewrap (default: bwrap when "
                        "installed); 'none' runs them as you, unisolated, and marks every record and "
                        "the summary unsandboxed (see docs/agents.md)")


def add_subcommands(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register run, regrade, report and mcp-exec; each sets `handler(args) -> int` as a default."""
    p = subparsers.add_parser("run", help="run the benchmark (see docs/agents.md)",
                              description="Run agents on tasks; records go to runs/<run_id>/.")
    add_run_arguments(p)
    p.set_defaults(handler=cmd_run)
    p = subparsers.add_parser("regrade", help="grade a run's stored artifacts again",
                              description="Re-grade stored artifacts; agents are not re-run.")
    p.add_argument("run_id", metavar="RUN_ID")
    p.add_argument("--runs-dir", metavar="DIR", help="default: the corpus config's runs_dir, else ./runs")
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N")
    p.add_argument("--grader-timeout", type=float, default=None, metavar="S")
    p.set_defaults(handler=cmd_regrade)
    p = subparsers.add_parser("report", help="re-render a run's summary from its records",
                              description="Rewrite summary.md/summary.json from a results file.")
    p.add_argument("run_id", metavar="RUN_ID")
    p.add_argument("--runs-dir", metavar="DIR", help="default: the corpus config's runs_dir, else ./runs")
    p.add_argument("--results", metavar="FILE", help="results file in the run dir "
                   "(default results.jsonl; e.g. results.regrade-1.jsonl)")
    p.add_argument("--json", action="store_true", help="print summary JSON instead of the table")
    p.add_argument("--html", action="store_true", help="also write report.html (one self-contained "
                   "page: charts, paired comparison, verdict matrix, every job) beside the results")
    p.set_defaults(handler=cmd_report)
    from artifactbench.cli._mcp import add_mcp_subcommand  # the execute_code server of code_only arms

    add_mcp_subcommand(subparsers)


def _arms(args: argparse.Namespace) -> tuple[tuple[Arm, ...], bool]:
    """The arms asked for, and whether the oracle self-test default was used."""
    from artifactbench.bench import BUILTIN_AGENTS, Arm, ArmError, load_arms_file, parse_arm, unique_arms

    from_file = load_arms_file(Path(args.arms_file)) if args.arms_file else ()
    arms: list[Arm] = list(from_file)
    if args.arms:
        by_name = {a.name: a for a in from_file}
        arms = []
        for name in filter(None, (n.strip() for n in args.arms.split(","))):
            if name in by_name:
                arms.append(by_name[name])
            elif name in BUILTIN_AGENTS and name != "command":
                arms.append(Arm(name, name))
            else:
                known = sorted(by_name) + ["oracle", "noop"]
                raise ArmError(f"--arms: arm={name!r} is neither in the arms file nor a built-in "
                               f"agent; known: {', '.join(known)}")
    arms += [parse_arm(text) for text in args.arm]
    if args.agent:
        arms.append(parse_arm(f"{args.agent.split(':')[0].replace('.', '_')}={args.agent}"))
    if not arms:
        return (Arm("oracle", "oracle"),), True
    return unique_arms(arms, "arms"), False


def _hidden_roots(task_roots: list[Path], runs_dir: Path) -> tuple[Path, ...]:
    """The repository(ies), the task dirs and the runs dir: never reachable through an agent's env."""
    roots = {runs_dir.resolve(), *(r.resolve() for r in task_roots)}
    for start in [Path.cwd(), *task_roots]:
        for folder in (start.resolve(), *start.resolve().parents):
            if (folder / ".git").exists():
                roots.add(folder)
                break
    return tuple(sorted(roots))


def _finish(store: RunStore, records: list, config: dict[str, object]) -> int:
    from artifactbench.bench import render_text, write_summary

    doc = write_summary(store, records, config, store.results)
    print()
    print(render_text(doc), end="")
    print(f"\nresults: {store.results}\nsummary: {store.dir / 'summary.md'}")
    _html(store.dir.parent, store.run_id, store.results.name, doc)
    errors = sum(r.verdict == "ERROR" for r in records)
    if errors:
        print(f"{errors} ERROR record(s): infrastructure failures (see error_reason); exit 1",
              file=sys.stderr)
    return 1 if errors else 0


def cmd_run(args: argparse.Namespace) -> int:
    """Run (or resume) a benchmark; 0 when it completed, 1 when an ERROR record exists."""
    # (the bench layer is imported by the commands that use it: `check` never pays for it)
    from artifactbench.bench import (MAX_RUNS, BenchConfig, RunStore, config_from_run_json, make_progress,
                                     new_run_id, resolve_mode, run_bench)

    if args.runs < 1 or args.jobs < 1:
        raise ArtifactBenchError(f"--runs={args.runs!r} and --jobs={args.jobs!r}: must be >= 1")
    if args.runs > MAX_RUNS:
        raise ArtifactBenchError(f"--runs={args.runs!r}: at most {MAX_RUNS} repetitions per (task, arm)")
    if not 0 <= args.seed < 2**64:
        raise ArtifactBenchError(f"--seed={args.seed!r}: expected a non-negative integer below 2**64")
    _check_timeouts(args, "--agent-timeout", "--grader-timeout")
    runs_dir = default_runs_dir(args.runs_dir)
    progress = make_progress()
    if args.resume:
        store = RunStore(runs_dir, args.resume)
        data = store.load_config()
        if data.get("run_id") != args.resume:  # (a copy of a run dir: its run.json names the original)
            raise ArtifactBenchError(
                f"{store.run_json}: run_id={data.get('run_id')!r} names another run than the folder "
                f"{args.resume!r} (a copied run dir?); resume that run, or set run_id to {args.resume!r} "
                "in this run.json to continue the copy")
        cfg = config_from_run_json(data, runs_dir, jobs=args.jobs, keep_scratch=args.keep_scratch)
        print(f"resuming run {cfg.run_id} ({len(cfg.tasks)} task(s), "
              f"arms {', '.join(a.name for a in cfg.arms)}, {cfg.runs} run(s) each)")
        records = run_bench(cfg, progress, resume=True)
        return _finish(store, records, data)
    selection = select_tasks(args.paths, args.set, args.sets_dir)
    if not selection.tasks:  # every selected task is broken: nothing to run
        raise SelectionError("\n".join(selection.problems))
    for problem in selection.problems:  # a broken task is left out; the others still run
        print(f"warning: {problem}", file=sys.stderr)
    if selection.problems:
        print(f"warning: {len(selection.problems)} problem(s) above; those tasks are left out of this run",
              file=sys.stderr)
    mode = resolve_mode(args.sandbox)
    arms, self_test = _arms(args)
    if mode == "none" and args.sandbox is None and any(a.agent not in ("oracle", "noop") for a in arms):
        print("warning: bubblewrap (bwrap) is not installed: agents run unsandboxed; install the "
              "package 'bubblewrap' or pass --sandbox none to silence this", file=sys.stderr)
    if self_test:
        print(SELF_TEST_NOTE)
    roots = [t.root for t in selection.tasks]
    cfg = BenchConfig(
        tasks=selection.tasks, arms=arms, runs_dir=runs_dir, run_id=args.run_id or new_run_id(),
        runs=args.runs, jobs=args.jobs, seed=args.seed, enforce_budgets=args.enforce_budgets,
        agent_timeout_s=args.agent_timeout, grade_timeout_s=args.grader_timeout,
        selection=args.set, hidden_roots=_hidden_roots(roots, runs_dir),
        keep_scratch=args.keep_scratch, sandbox=mode)
    print(f"run {cfg.run_id}: {len(cfg.tasks)} task(s) x {len(arms)} arm(s) "
          f"({', '.join(a.name for a in arms)}) x {cfg.runs} run(s), -j {cfg.jobs}"
          + (", budgets enforced" if cfg.enforce_budgets else "")
          + (", sandbox bwrap" if mode == "bwrap" else ", UNSANDBOXED (--sandbox none)"))
    store = RunStore(runs_dir, cfg.run_id)
    try:
        records = run_bench(cfg, progress)
    except KeyboardInterrupt:
        print(f"interrupted: continue with --resume {cfg.run_id} --runs-dir {runs_dir}",
              file=sys.stderr)
        raise
    return _finish(store, records, cfg.to_json())


def _check_timeouts(args: argparse.Namespace, *flags: str) -> None:
    """Each time limit given must be a finite number of seconds above 0 (NaN compares false to every
    limit: `--agent-timeout nan` never timed an agent out)."""
    from artifactbench.bench import positive_seconds

    for flag in flags:
        value = getattr(args, flag.removeprefix("--").replace("-", "_"))
        if value is not None and not positive_seconds(value):
            raise ArtifactBenchError(f"{flag}={value!r}: expected a positive number of seconds")


def _print_notes(notes: tuple[str, ...]) -> None:
    for note in notes:
        print(f"artifactbench: note: {note}", file=sys.stderr)


def cmd_regrade(args: argparse.Namespace) -> int:
    from artifactbench.bench import regrade_run, render_text, report_run

    _check_timeouts(args, "--grader-timeout")
    runs_dir = default_runs_dir(args.runs_dir)
    path, records, notes = regrade_run(runs_dir, args.run_id, jobs=args.jobs,
                                       grade_timeout_s=args.grader_timeout)
    _print_notes(notes)
    doc, _ = report_run(runs_dir, args.run_id, path.name)
    print(render_text(doc), end="")
    print(f"\nregraded results: {path}")
    _html(runs_dir, args.run_id, path.name, doc)
    return 1 if any(r.verdict == "ERROR" for r in records) else 0


def cmd_report(args: argparse.Namespace) -> int:
    from artifactbench.bench import render_text, report_run

    doc, notes = report_run(default_runs_dir(args.runs_dir), args.run_id, args.results)
    _print_notes(notes)
    if args.json:
        json.dump(doc, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(render_text(doc), end="")
    if args.html:
        _html(default_runs_dir(args.runs_dir), args.run_id, args.results or "results.jsonl", doc,
              stream=sys.stderr if args.json else sys.stdout, asked=True)
    return 0
