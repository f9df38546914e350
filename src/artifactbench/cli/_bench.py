"""Entry point of `pants run src:bench`: the same as `artifactbench run` (and regrade/report)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

_RUNNER_COMMANDS = ("run", "regrade", "report", "-h", "--help")


def bench_main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; 0 run completed, 1 an ERROR (infrastructure) record, 2 bad input, 130 Ctrl-C.

    Without a leading subcommand the arguments are those of `run`. Exit codes come from the CLI's one
    boundary, `artifactbench.cli.main`.
    """
    from artifactbench.cli._main import main

    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in _RUNNER_COMMANDS:
        args.insert(0, "run")
    return main(args)


def _console() -> None:
    sys.exit(bench_main(sys.argv[1:]))
