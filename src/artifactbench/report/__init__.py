"""Self-contained HTML reports of runs and of checks (one file, inline CSS, JS and SVG; offline).

See docs/adr/0002-html-reports.md for the choice of Jinja2 and matplotlib and for the size caps.
"""

from artifactbench.report._check_report import render_check_report, write_check_report
from artifactbench.report._run_report import render_run_report, write_run_report

__all__ = ["render_check_report", "render_run_report", "write_check_report", "write_run_report"]
