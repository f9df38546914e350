"""`check --no-warm`: every probe of the assurance gates is graded in a process of its own."""

from __future__ import annotations

import json
from pathlib import Path

from artifactbench.cli import main
from artifactbench.cli._commands import _options
from artifactbench.cli._main import build_parser

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"


def test_the_flag_reaches_the_check_options():
    parser = build_parser()
    assert _options(parser.parse_args(["check", str(GOOD), "--no-warm"])).warm is False
    assert _options(parser.parse_args(["check", str(GOOD)])).warm is True


def test_a_check_without_the_warm_worker_runs(tmp_path, capsys):
    out = tmp_path / "report.json"
    code = main(["check", str(GOOD), "--gates", "fuzz,contract", "--no-warm", "--json-out", str(out), "--quiet"])
    report = json.loads(out.read_text())
    assert code == 0, report
    cases = [k["name"] for t in report["tasks"] for c in t["checks"] for k in c["cases"]]
    assert "process_state" not in cases and "determinism" in cases
