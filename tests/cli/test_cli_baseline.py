"""check --write-baseline / --baseline: adopt the checker gradually, failing only on new findings."""

from __future__ import annotations

import json
from pathlib import Path

from artifactbench.cli import main

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "checks"


def _check(capsys, *argv: str) -> tuple[int, dict, str]:
    code = main(["check", *argv, "--json"])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def test_baseline_round_trip_new_and_fixed(capsys, tmp_path):
    leaky, miss = str(FIXTURES / "leaky"), str(FIXTURES / "neg_miss")
    baseline = tmp_path / "baseline.json"
    code, _, err = _check(capsys, leaky, "--gates", "leaks", "--write-baseline", str(baseline))
    assert code == 1 and "finding(s) to" in err
    body = json.loads(baseline.read_text())
    assert body["kind"] == "check-baseline" and body["findings"]
    # Stable keys: no line numbers in the case names (leaks cases are `file:line`).
    assert all(not f["case"].rsplit(":", 1)[-1].isdigit() for f in body["findings"])
    assert {f["gate"] for f in body["findings"]} == {"leaks"}

    code, report, err = _check(capsys, leaky, "--gates", "leaks", "--baseline", str(baseline))
    assert code == 0 and report["status"] == "pass", err
    assert report["baseline"]["new"] == [] and report["baseline"]["fixed"] == []
    assert report["tasks"][0]["checks"][0]["status"] == "warn"
    assert report["baseline"]["known"] == len(body["findings"])

    # A task not in the baseline: its findings are new and fail the run.
    code, report, err = _check(capsys, leaky, miss, "--gates", "leaks,negative", "--baseline", str(baseline))
    assert code == 1 and "new finding" in err
    assert {(e["task"], e["gate"]) for e in report["baseline"]["new"]} == {(report["tasks"][1]["instance_id"], "negative")}

    # A known finding that no longer shows up (on a task and gate that ran) is reported as fixed.
    task_id = report["tasks"][0]["instance_id"]
    body["findings"].append({"task": task_id, "gate": "leaks", "case": "workspace/gone.md",
                             "status": "LEAK", "severity": "fail"})
    body["findings"].append({"task": "some_other_task", "gate": "leaks", "case": "x", "status": "LEAK",
                             "severity": "fail"})
    baseline.write_text(json.dumps(body))
    code, report, err = _check(capsys, leaky, "--gates", "leaks", "--baseline", str(baseline))
    assert code == 0
    assert [e["case"] for e in report["baseline"]["fixed"]] == ["workspace/gone.md"]  # not the unchecked task
    assert "fixed since the baseline" in err


def test_a_bad_baseline_file_is_a_one_line_usage_error(capsys, tmp_path):
    bad = tmp_path / "b.json"
    bad.write_text('{"kind": "something-else"}')
    code = main(["check", str(FIXTURES / "good"), "--gates", "leaks", "--baseline", str(bad)])
    err = capsys.readouterr().err
    assert code == 2 and "not a version 1 check-baseline" in err and "Traceback" not in err
    code = main(["check", str(FIXTURES / "good"), "--gates", "leaks", "--baseline", str(tmp_path / "none.json")])
    assert code == 2 and "cannot read the baseline" in capsys.readouterr().err
