"""The self-contained HTML report of a benchmark run (bench layer: it reads the runner's records)."""

from artifactbench.report.run._run_report import render_run_report, write_run_report

__all__ = ["render_run_report", "write_run_report"]
