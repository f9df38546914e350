"""The subcommands validate, check, materialize, list and sets. Each returns an exit code."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from artifactbench.gates import (BUILTIN_GATES, CheckOptions, Report, apply_baseline, baseline_target_problem,
                                 read_baseline, resolve_gates, run_checks, write_baseline)
from artifactbench._display import json_safe, json_text, shown
from artifactbench._files import output_problem
from artifactbench.cli._output import junit_xml, print_human, report_json_text, task_line, write_atomic
from artifactbench.cli._select import resolve_sets_dirs, select_tasks
from artifactbench.errors import ArtifactBenchError, MaterializeError, SelectionError

VALIDATE_GATES = ("manifest", "leaks")  # no task code runs during validate


def _error_lines(exc: ArtifactBenchError) -> tuple[str, ...]:
    return tuple(line for line in str(exc).splitlines() if line.strip()) or (type(exc).__name__,)


def emit(report: Report, args: argparse.Namespace) -> int:
    """Print and write a report as the flags ask; returns its exit code."""
    for problem in report.problems:
        print(f"artifactbench: error: {shown(problem)}", file=sys.stderr)
    text = report_json_text(report)
    if getattr(args, "json_out", None):
        write_atomic(args.json_out, text)
    if getattr(args, "junit_xml", None):
        write_atomic(args.junit_xml, junit_xml(report))
    if getattr(args, "html", None):
        from artifactbench.report import write_check_report

        write_check_report(Path(args.html), json_safe(report.to_json()))
    if args.json:
        sys.stdout.write(text)
        if not args.quiet:
            print_human(report, sys.stderr, quiet=False)
    else:
        print_human(report, sys.stdout, quiet=args.quiet)
    return report.exit_code


def _options(args: argparse.Namespace) -> CheckOptions:
    for flag in ("grader_timeout", "generator_timeout", "fuzz_seconds"):
        # (NaN compares false to every limit: `--grader-timeout nan` spent the grading budget at once; review)
        value = getattr(args, flag, None)
        if value is not None and not (isinstance(value, (int, float)) and 0 < value < float("inf")):
            raise ArtifactBenchError(f"--{flag.replace('_', '-')}={value!r}: expected a positive number of seconds")
    budget = {k: getattr(args, k) for k in ("fuzz_examples", "fuzz_seconds") if hasattr(args, k)}
    # A structural check is cheaper than grading: the verifier gets at most the grader's timeout.
    verifier = min(CheckOptions().verifier_timeout_s, args.grader_timeout)
    sandbox = getattr(args, "sandbox", None) or "none"
    if sandbox == "bwrap":
        from artifactbench._sandbox import find_bwrap

        if find_bwrap() is None:
            raise ArtifactBenchError("--sandbox bwrap: bubblewrap (bwrap) is not installed; install the package "
                                     "'bubblewrap' (apt-get install -y bubblewrap) or leave --sandbox out")
    return CheckOptions(grader_timeout_s=args.grader_timeout, generator_timeout_s=args.generator_timeout,
                        verifier_timeout_s=verifier, sandbox=sandbox, warm=not getattr(args, "no_warm", False),
                        linked_task_files=getattr(args, "linked_task_files", False), **budget)


def check_outputs(args: argparse.Namespace) -> None:
    """Refuse, before any work, an output path the run could not write at its end: a folder, a device
    node or a FIFO (an atomic rename would replace it), or a path under a file. One line, exit 2."""
    for flag, attr in (("--json-out", "json_out"), ("--junit-xml", "junit_xml"), ("--html", "html")):
        value = getattr(args, attr, None)
        reason = output_problem(value, make_parents=True) if value else None
        if reason is not None:
            raise ArtifactBenchError(f"{flag} {shown(value)}: {reason}")
    if getattr(args, "write_baseline", None):
        reason = baseline_target_problem(Path(args.write_baseline))
        if reason is not None:
            raise ArtifactBenchError(reason)


def _outputs_outside(args: argparse.Namespace, tasks) -> None:  # noqa: ANN001
    """Refuse an output path inside a selected task's folder (`--write-baseline problems/.../grader/expected.json`
    replaced a reference output; outside attack): one line, exit 2, before any work."""
    flags = (("--json-out", "json_out"), ("--junit-xml", "junit_xml"), ("--html", "html"),
             ("--write-baseline", "write_baseline"))
    targets = [(flag, value, Path(value).resolve()) for flag, attr in flags if (value := getattr(args, attr, None))]
    for task in tasks if targets else ():
        root = Path(task.root).resolve()
        for flag, value, target in targets:
            if target == root or root in target.parents:
                raise ArtifactBenchError(f"{flag} {shown(value)}: inside the task {task.instance_id} "
                                         f"({shown(task.root)}); write it outside the tasks")


def _run(args: argparse.Namespace, gates: list[str] | None) -> int:
    check_outputs(args)
    options = _options(args)  # a usage error (exit 2) before any task loads
    known = read_baseline(Path(args.baseline)) if getattr(args, "baseline", None) else None
    try:
        selection = select_tasks(args.paths, args.set, args.sets_dir)
    except ArtifactBenchError as exc:
        return emit(Report((), problems=_error_lines(exc)), args)
    _outputs_outside(args, selection.tasks)
    report = run_checks(selection.tasks, resolve_gates(gates), jobs=args.jobs, options=options)
    report = Report(report.tasks, problems=selection.problems)
    if getattr(args, "write_baseline", None):
        count = write_baseline(report, Path(args.write_baseline))
        print(f"artifactbench: wrote {count} finding(s) to {args.write_baseline}", file=sys.stderr)
    if known is not None:
        report = apply_baseline(report, known, args.baseline)
        summary = report.extra["baseline"]
        print(f"artifactbench: baseline {args.baseline}: {len(summary['new'])} new, {len(summary['fixed'])} fixed, "
              f"{summary['known']} known finding(s)", file=sys.stderr)
        for entry in summary["new"]:
            print(shown(f"artifactbench: new finding: {entry['task']}: {entry['gate']}: "
                        f"{entry['case'] or '(gate)'}: {entry['status']}"), file=sys.stderr)
        for entry in summary["fixed"]:
            print(shown(f"artifactbench: fixed since the baseline: {entry['task']}: {entry['gate']}: "
                        f"{entry['case'] or '(gate)'}"), file=sys.stderr)
    return emit(report, args)


def cmd_check(args: argparse.Namespace) -> int:
    if args.list_gates:
        for gate in BUILTIN_GATES:
            flags = ("default" if gate.default else "opt-in") + (", runs task code" if gate.runs_grader else "")
            print(f"{gate.name:22} {flags}")
        return 0
    gates = [g for g in args.gates.split(",")] if args.gates is not None else None
    if gates is not None:
        resolve_gates(gates)  # unknown names are a usage error (exit 2) before any task loads
    return _run(args, gates)


def cmd_validate(args: argparse.Namespace) -> int:
    return _run(args, list(VALIDATE_GATES))


def cmd_list(args: argparse.Namespace) -> int:
    selection = select_tasks(args.paths, args.set, args.sets_dir)
    for problem in selection.problems:
        print(f"artifactbench: error: {shown(problem)}", file=sys.stderr)
    rows = [{"instance_id": t.instance_id, "category": t.category, "difficulty": t.difficulty,
             "task_dir": str(t.root)} for t in selection.tasks]
    if args.json:
        body = {"version": 1, "kind": "task-list", "problems": list(selection.problems), "tasks": rows}
        sys.stdout.write(json_text(body, indent=2) + "\n")
    else:
        for row in rows:
            print("\t".join(shown(row[k]) for k in ("instance_id", "category", "difficulty", "task_dir")))
    return 2 if selection.problems else 0


def cmd_sets(args: argparse.Namespace) -> int:
    from artifactbench.sets import read_set

    name = args.set
    paths = list(args.args)
    if name is None and paths and not Path(paths[0]).exists():
        name = paths.pop(0)  # `sets NAME [PATH...]`: a first word that is not a path is the set name
    if name is not None:
        args.paths, args.set = paths, name
        return cmd_list(args)
    folders = resolve_sets_dirs([Path(p) for p in paths], Path(args.sets_dir) if args.sets_dir else None)
    files = sorted((f for d in folders for f in d.glob("*.txt")), key=lambda f: (f.stem, str(f)))
    if not files:
        where = ", ".join(repr(str(d)) for d in folders) or "any sets/ folder above the paths or the cwd"
        raise SelectionError(f"no sets (*.txt) in {where}; pass --sets-dir DIR")
    rows = [{"name": f.stem, "path": str(f), "size": len(read_set(f))} for f in files]
    if args.json:
        sys.stdout.write(json.dumps({"version": 1, "kind": "set-list", "sets": rows}, indent=2) + "\n")
    else:
        for row in rows:
            print(f"{row['name']}\t{row['size']} task(s)\t{row['path']}")
    return 0


def cmd_materialize(args: argparse.Namespace) -> int:
    from artifactbench.manifest import load_task
    from artifactbench.workspace import materialize

    task = load_task(args.task)
    out = Path(args.out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise SelectionError(f"OUT={str(out)!r}: must be an empty directory or absent")
    out.mkdir(parents=True, exist_ok=True)
    try:
        result = materialize(task, out, generator_timeout_s=args.generator_timeout)
    except MaterializeError as exc:
        message = str(exc)
        if task.instance_id not in message:
            raise MaterializeError(f"{task.instance_id}: {message}") from None
        raise
    if not args.quiet:
        print(f"{task.instance_id}: {len(result.files)} file(s) in {out} (digest {result.digest})")
    return 0


__all__ = ["cmd_check", "cmd_list", "cmd_materialize", "cmd_sets", "cmd_validate", "emit", "task_line"]
