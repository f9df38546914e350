"""Self-contained HTML reports of checks (one file, inline CSS, JS and SVG; offline).

The run report lives in `artifactbench.report.run` (bench layer: it reads run records); this package is
part of the checker layer and never imports the runner. See docs/adr/0002-html-reports.md for the choice
of Jinja2 and matplotlib and for the size caps.
"""

from artifactbench.report._env import environment, write_html
from artifactbench.report._check_report import render_check_report, write_check_report

__all__ = ["environment", "render_check_report", "write_check_report", "write_html"]
