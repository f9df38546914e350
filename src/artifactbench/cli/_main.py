"""`artifactbench`: the command-line entry point. Exceptions become exit codes here and only here."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from artifactbench._display import shown
from artifactbench._version import __version__
from artifactbench.cli import _commands as commands
from artifactbench.cli._signals import interrupts_as_exceptions
from artifactbench.errors import ArtifactBenchError, ManifestError, SelectionError, SetError
from artifactbench.gates import SANDBOXES, one_line

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def _selection_args(parser: argparse.ArgumentParser, *, positional: bool = True) -> None:
    if positional:
        parser.add_argument("paths", nargs="*", metavar="PATH",
                            help="task dirs or roots (default: the [corpus] roots of the nearest "
                                 "artifactbench.toml, else the problems/ above the cwd)")
    parser.add_argument("--set", metavar="NAME", help="only the tasks of this curated set (NAME.txt in a "
                        "sets folder)")
    parser.add_argument("--sets-dir", metavar="DIR", help="where sets live (default: the corpus config's "
                        "sets folders, else the nearest sets/ above)")
    parser.add_argument("--json", action="store_true", help="print the versioned JSON report on stdout")
    parser.add_argument("--quiet", action="store_true", help="print only what did not pass")


def _report_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json-out", metavar="FILE", help="write the JSON report to FILE (atomically)")
    parser.add_argument("--junit-xml", metavar="FILE", help="write JUnit XML to FILE")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="tasks checked in parallel (0: one per CPU)")
    parser.add_argument("--grader-timeout", type=float, default=60.0, metavar="S",
                        help="seconds one grade() may take (default 60)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="artifactbench",
                                     description="Build, validate and run artifact-graded benchmarks.")
    parser.add_argument("--version", action="version", version=f"artifactbench {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, help_text: str, handler) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(handler=handler)
        p.add_argument("--generator-timeout", type=float, default=120.0, metavar="S",
                       help="seconds a workspace generator may take (default 120)")
        return p

    p = add("validate", "strict manifest load and leak lint of every task (no task code runs)",
            commands.cmd_validate)
    _selection_args(p)
    _report_args(p)
    p = add("check", "run the pre-merge gates on every task", commands.cmd_check)
    _selection_args(p)
    _report_args(p)
    p.add_argument("--gates", metavar="A,B", help="comma-separated gates (default: every default gate)")
    p.add_argument("--sandbox", choices=SANDBOXES, default="none",
                   help="bwrap: run each task's grader sessions in bubblewrap (no network, only its own grader "
                        "folder, read-only, and its case dirs; other tasks and the checker out of reach). "
                        "Default none")
    p.add_argument("--no-warm", action="store_true",
                   help="grade every probe of the assurance gates in a process of its own, never in the warm "
                        "worker that grades one after another (slower; see docs/user-guide.md)")
    p.add_argument("--linked-task-files", action="store_true",
                   help="the task files may be hard links a build tool makes and drops during the check (the "
                        "Pants plugin passes this): a task file whose ctime alone moved counts as changed only "
                        "if its bytes did")
    p.add_argument("--list-gates", action="store_true", help="list the registered gates and exit")
    p.add_argument("--html", metavar="FILE", help="write a self-contained HTML page to FILE: a gates x "
                   "tasks matrix, each cell opening its finding (docs/adr/0002-html-reports.md)")
    p.add_argument("--fuzz-examples", type=int, default=60, metavar="N",
                   help="mutants the fuzz gate grades per task at most (default 60)")
    p.add_argument("--fuzz-seconds", type=float, default=10.0, metavar="S",
                   help="seconds the fuzz gate spends per task at most (default 10)")
    p.add_argument("--write-baseline", metavar="FILE",
                   help="record every fail/error finding of this run in FILE (keys: task, gate, case; no line "
                        "numbers or seeds), to adopt the checker gradually with --baseline")
    p.add_argument("--baseline", metavar="FILE",
                   help="findings recorded in FILE (by --write-baseline) no longer fail; only new ones do. "
                        "The report lists new and fixed findings under 'baseline'")
    p = add("materialize", "write exactly what an agent sees into OUT (empty or absent)",
            commands.cmd_materialize)
    p.add_argument("task", metavar="TASK", help="a task directory")
    p.add_argument("out", metavar="OUT", help="output directory (empty or absent)")
    p.add_argument("--quiet", action="store_true")
    p = add("list", "one line per task: instance_id, category, difficulty, path", commands.cmd_list)
    _selection_args(p)
    p = add("sets", "list the curated sets, or resolve one (sets NAME) and list its tasks",
            commands.cmd_sets)
    p.add_argument("args", nargs="*", metavar="[NAME] PATH", help="a set name, then task dirs or roots")
    _selection_args(p, positional=False)
    runner = _runner_subcommands()
    if runner is not None:
        runner(sub)
    return parser


def _runner_subcommands():
    """The bench layer's `run`, `regrade` and `report`, or None in a checker-only build.

    The checker PEX that the Pants plugin runs per task holds only the checker layer, so that editing
    the bench layer re-checks no task (docs/pants.md); the installed `artifactbench` has both layers.
    """
    try:
        # pants: no-infer-dep (the bench layer depends on this module, never the other way round)
        from artifactbench.cli._run import add_subcommands  # pants: no-infer-dep
    except ModuleNotFoundError as exc:
        if exc.name != "artifactbench.cli._run":
            raise
        return None
    return add_subcommands


def _error_lines(exc: ArtifactBenchError) -> list[str]:
    """One line per problem: a manifest/set error lists problems line by line; any other error (a
    generator's stderr tail, a grader's load failure) is one line."""
    if isinstance(exc, (ManifestError, SetError, SelectionError)):
        return [line for line in str(exc).splitlines() if line.strip()] or [type(exc).__name__]
    return [one_line(exc, limit=600)]


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; 0 all passed, 1 a check failed, 2 bad input or usage, 130 interrupted (Ctrl-C),
    128 + the signal number for SIGTERM (143) and SIGHUP (129), which shut down as Ctrl-C does."""
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:  # argparse: --help/--version (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        with interrupts_as_exceptions():
            return args.handler(args)
    except ArtifactBenchError as exc:
        for line in _error_lines(exc):
            print(f"artifactbench: error: {shown(line)}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt as exc:
        signum = getattr(exc, "signum", None)
        print("artifactbench: interrupted" + (f" ({exc})" if signum else ""), file=sys.stderr)
        return EXIT_INTERRUPTED if signum is None else 128 + signum


def console() -> None:
    """Entry point of the `src:cli` pex_binary and `python -m artifactbench`."""
    sys.exit(main())
