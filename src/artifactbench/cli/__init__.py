"""Command-line entry points (a thin layer over the library)."""

from artifactbench.cli._bench import bench_main
from artifactbench.cli._main import build_parser, console, main
from artifactbench.cli._tools import tool_main

__all__ = ["bench_main", "build_parser", "console", "main", "tool_main"]
