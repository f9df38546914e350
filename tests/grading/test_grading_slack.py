"""A grader whose import hangs costs about two grader timeouts, whatever the timeout: the wait past the
timeout scales with it (it was a fixed 30 s, so 35 s at --grader-timeout 3)."""

from __future__ import annotations

import dataclasses
import shutil
import time

import pytest

from artifactbench.grading import GraderSession
from artifactbench.grading._session import server_slack


@pytest.mark.parametrize("timeout_s, slack", [(0.5, 2.0), (3.0, 3.0), (20.0, 20.0), (60.0, 30.0), (600.0, 30.0)])
def test_the_slack_scales_with_the_timeout_within_bounds(timeout_s, slack):
    assert server_slack(timeout_s) == slack


def test_an_import_that_hangs_costs_about_two_timeouts(fixture_task, tmp_path):
    task = fixture_task("passing")
    root = tmp_path / "task"
    shutil.copytree(task.root, root)
    hidden = root / task.hidden_grader.relative_to(task.root)
    hidden.write_text("import time\nwhile True:\n    time.sleep(1)\n" + hidden.read_text())
    hanging = dataclasses.replace(task, root=root, hidden_grader=hidden)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    started = time.monotonic()
    with GraderSession(hanging, timeout_s=2.0) as session:
        first = session.grade(scratch)
        again = session.grade(scratch)  # remembered: no second wait
    elapsed = time.monotonic() - started
    assert first.error_kind == "load" and "did not finish importing within 4s" in first.error, first.error
    assert again.error_kind == "load"
    assert elapsed < 4.0 + 3.0, elapsed  # two timeouts, plus stopping the server
