"""The `mcp-exec` subcommand: serve the execute_code tool over stdio for a CLI agent's MCP config."""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["add_mcp_subcommand", "cmd_mcp_exec"]


def add_mcp_subcommand(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "mcp-exec", help="stdio MCP server with one tool, execute_code (python|bash)",
        description="Serve the execute_code tool over stdio (Model Context Protocol). Each call runs "
                    "Python or bash in --cwd with a timeout and an output cap, and counts toward "
                    "--max-code-runs; the count is kept in --counter-file.")
    p.add_argument("--cwd", default=".", metavar="DIR", help="working dir of the code (the job's "
                   "scratch dir; default: the current dir)")
    p.add_argument("--timeout", type=float, default=60.0, metavar="S",
                   help="seconds one call may run before its process group is killed (default 60)")
    p.add_argument("--output-cap", type=int, default=20_000, metavar="BYTES",
                   help="bytes of stdout and of stderr returned per call, the tail (default 20000)")
    p.add_argument("--max-code-runs", type=int, default=0, metavar="N",
                   help="calls allowed in all; later calls are refused (default 0: unlimited)")
    p.add_argument("--counter-file", required=True, metavar="FILE",
                   help="JSON file holding the code-run count (outside the scratch dir)")
    p.set_defaults(handler=cmd_mcp_exec)


def cmd_mcp_exec(args: argparse.Namespace) -> int:
    from artifactbench.errors import ArtifactBenchError
    from artifactbench.mcp_exec import CodeRunner, serve

    cwd = Path(args.cwd).resolve()
    if not cwd.is_dir():
        raise ArtifactBenchError(f"--cwd={args.cwd!r}: not a directory")
    if args.timeout <= 0 or args.output_cap <= 0 or args.max_code_runs < 0:
        raise ArtifactBenchError(f"--timeout={args.timeout!r}, --output-cap={args.output_cap!r} must "
                                 f"be > 0 and --max-code-runs={args.max_code_runs!r} >= 0")
    serve(CodeRunner(cwd, Path(args.counter_file), args.timeout, args.output_cap, args.max_code_runs))
    return 0
