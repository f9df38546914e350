"""`[artifactbench].html_report`: the checker also writes report.html, kept as the test's extra output."""
from __future__ import annotations

from artifactbench_pants.goals.test import HTML, REPORT, check_argv


def test_html_report_off_keeps_the_argv_and_its_cache_key() -> None:
    assert check_argv("t", "t.junit.xml", ()) == (
        "check", "--json-out", REPORT, "--junit-xml", "t.junit.xml", "--quiet", "--linked-task-files", "t")


def test_html_report_on_asks_the_checker_for_the_page() -> None:
    argv = check_argv("t", "t.junit.xml", ("--gates", "positive"), html=True)
    assert argv[argv.index("--html") + 1] == HTML == "report.html"
    assert argv[-3:] == ("--gates", "positive", "t")
