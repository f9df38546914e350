"""Entry point of `pants run src:bench`: the same as `artifactbench run` (and regrade/report)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from artifactbench.errors import ArtifactBenchError

EXIT_USAGE, EXIT_INTERRUPTED = 2, 130


def _parser() -> argparse.ArgumentParser:
    from artifactbench.cli._run import add_subcommands

    parser = argparse.ArgumentParser(
        prog="bench", description="Run the benchmark. `bench [run] ARGS`, `bench regrade RUN_ID`, "
                                  "`bench report RUN_ID`; see docs/agents.md.")
    add_subcommands(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    return parser


def bench_main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; 0 run completed, 1 an ERROR (infrastructure) record, 2 bad input, 130 Ctrl-C.

    Without a leading subcommand the arguments are those of `run`.
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list[0] not in ("run", "regrade", "report", "-h", "--help"):
        args_list.insert(0, "run")
    try:
        args = _parser().parse_args(args_list)
    except SystemExit as exc:  # --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        return int(args.handler(args))
    except ArtifactBenchError as exc:
        for line in str(exc).splitlines() or [type(exc).__name__]:
            print(f"bench: error: {line}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("bench: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _console() -> None:
    sys.exit(bench_main(sys.argv[1:]))
