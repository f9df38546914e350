"""Writing a run's HTML report from the runner's commands (run, regrade, report --html)."""

from __future__ import annotations

import sys
from pathlib import Path

from artifactbench.errors import ArtifactBenchError

__all__ = ["write_run_html"]


def write_run_html(runs_dir: Path, run_id: str, results_name: str, doc: dict[str, object], *,
                   stream=None, asked: bool = False) -> None:
    """Write the HTML report beside the results (docs/adr/0002-html-reports.md) and say where.

    After a run or regrade the page is a bonus: a missing jinja2/matplotlib is a warning there, and
    an error only when --html asked for it.
    """
    try:
        from artifactbench.report.run import write_run_report

        path = write_run_report(runs_dir, run_id, results_name, doc)
        print(f"report: {path}", file=stream or sys.stdout)  # resolved now: sys.stdout may be swapped
    except ImportError as exc:
        if asked:
            raise ArtifactBenchError(f"--html: cannot render the report ({exc}); install jinja2 and "
                                     "matplotlib") from None
        print(f"warning: report.html not written ({exc})", file=sys.stderr)
