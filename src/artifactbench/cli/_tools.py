"""The spec's tool entry points (tools/verify_graders.py, check_grader_negative.py, check_grader_leaks.py).

Each runs one gate over tasks and prints the spec's lines: one per task (positive, leaks findings) or
one per negative case with its status. Exit codes are main()'s: 0, 1, 2, 130.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from artifactbench.gates import CheckOptions, Report, resolve_gates, run_checks
from artifactbench.cli._output import report_json_text, write_atomic
from artifactbench.cli._select import select_tasks
from artifactbench.errors import ArtifactBenchError

TOOLS = {
    "verify_graders": ("positive", "grade each task's reference output: passed=True, score=1.0 (spec 5.4)"),
    "check_grader_negative": ("negative", "grade deliberately wrong mutations: each must fail (spec 5.5)"),
    "check_grader_leaks": ("leaks", "nothing in workspace/ or prompt.md names grader/ or reference_output"),
}


def _lines(report: Report, gate: str) -> list[str]:
    lines = []
    for task in report.tasks:
        for check in task.checks:
            if gate == "negative" and check.cases:
                lines += [f"{c.status:13} {task.instance_id} {c.name}: {c.detail}" for c in check.cases]
            else:
                lines.append(f"{check.status.upper():13} {task.instance_id}: {check.summary}")
                lines += [f"{'':13}   {c.name}: {c.detail}" for c in check.cases if c.status != "PASS"]
    return lines


def tool_main(tool: str, argv: Sequence[str] | None = None) -> int:
    """Run the tool named `tool` (a key of TOOLS) with argv; returns the exit code."""
    gate, description = TOOLS[tool]
    parser = argparse.ArgumentParser(prog=f"{tool}.py", description=description)
    parser.add_argument("paths", nargs="*", metavar="PATH", help="task dirs or problems roots")
    parser.add_argument("--set", metavar="NAME")
    parser.add_argument("--sets-dir", metavar="DIR")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--grader-timeout", type=float, default=60.0, metavar="S")
    parser.add_argument("--json-out", metavar="FILE")
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    try:
        selection = select_tasks(args.paths, args.set, args.sets_dir)
        for problem in selection.problems:
            print(f"{tool}: error: {problem}", file=sys.stderr)
        report = run_checks(selection.tasks, resolve_gates([gate]), jobs=args.jobs,
                            options=CheckOptions(grader_timeout_s=args.grader_timeout))
        report = Report(report.tasks, problems=selection.problems)
    except ArtifactBenchError as exc:
        for line in str(exc).splitlines():
            print(f"{tool}: error: {line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    for line in _lines(report, gate):
        print(line)
    failed = sum(t.status != "pass" for t in report.tasks)
    print(f"{tool}: {len(report.tasks)} task(s), {failed} failing")
    if args.json_out:
        write_atomic(args.json_out, report_json_text(report))
    return report.exit_code
