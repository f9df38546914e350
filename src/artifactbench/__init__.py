"""artifactbench: build, validate and run artifact-graded benchmarks for coding agents."""

from artifactbench._version import __version__

__all__ = ["__version__"]
