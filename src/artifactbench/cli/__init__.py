"""Command-line entry points (a thin layer over the library)."""

from artifactbench.cli._bench import bench_main

__all__ = ["bench_main"]
