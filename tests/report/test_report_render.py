"""The HTML renderers on hand-made runs and check reports: escaping, summary keys, severities, caps."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from artifactbench.bench import RunRecord, summarize
from artifactbench.bench._store import ResultsWriter, write_json_atomic
from artifactbench.report import render_check_report
from artifactbench.report.run import write_run_report
from artifactbench.report.run._jobs import caps_for
from artifactbench.report.run._summary_view import comparison_rows, pass_rate_interval, wilson

HOSTILE = "<script>alert('x')</script><img src=x onerror=alert(1)>&amp;"

BASE = RunRecord(
    run_id="r", instance_id="cat__task", category="cat", difficulty="easy", arm="a", agent="command",
    run=1, started_at="t0", ended_at="t1", wall_s=2.0, agent_wall_s=1.5, grade_s=0.5, agent_exit=0,
    verdict="FAIL", score=0.0, detail=HOSTILE, error_reason=None, max_code_runs=0, max_wall_seconds=60,
    budgets_enforced=False, turns=3, tokens=100, cost=0.01, code_runs=1, task_digest="d",
    workspace_digest="w", artifact=None, harness_version="x", stdout_tail=HOSTILE, stderr_tail=HOSTILE)


def _run(tmp_path: Path, records: list[RunRecord], extra: dict | None = None,
         summary_extra: dict | None = None) -> Path:
    run_dir = tmp_path / "r"
    run_dir.mkdir()
    write_json_atomic(run_dir / "run.json", {"version": 1, "run_id": "r", "arms": [{"name": "a"}, {"name": "b"}],
                                             "tasks": [], "seed": 0})
    with ResultsWriter(run_dir / "results.jsonl") as w:
        for rec in records:
            line = rec.to_json()
            line.update((extra or {}).get(rec.key, {}))
            w._fh.write(json.dumps(line) + "\n")
    doc = summarize(records, ["a", "b"], run_id="r")
    if summary_extra and doc["comparison"]:
        doc["comparison"].update(summary_extra)  # type: ignore[union-attr]
    write_json_atomic(run_dir / "summary.json", doc)
    return write_run_report(tmp_path, "r")


def _text_of(html: str) -> str:
    """What is markup in the page: tags that would run or load something."""
    return " ".join(re.findall(r"<(?:script|img|iframe)\b[^>]*>", html))


def test_task_output_is_escaped_everywhere(tmp_path):
    path = _run(tmp_path, [BASE, replace(BASE, arm="b", verdict="PASS")])
    html = path.read_text()
    assert "alert" in html  # shown ...
    assert _text_of(html) == "<script>"  # ... but as text: the only tag is the page's own script
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in html
    assert "&amp;amp;" in html


def test_lazy_jobs_stay_escaped_inside_their_text_blocks(tmp_path):
    from artifactbench.report.run import render_run_report
    from artifactbench.report.run._jobs import read_raw_records

    path = _run(tmp_path, [BASE, replace(BASE, arm="b")])
    doc = json.loads((path.parent / "summary.json").read_text())
    html = render_run_report(path.parent, doc, [BASE, replace(BASE, arm="b")],
                             read_raw_records(path.parent / "results.jsonl"), {"tasks": []}, lazy=True)
    blocks = re.findall(r'<script type="text/html" id="src-(job-\d+)">(.*?)</script>', html, re.S)
    assert [b[0] for b in blocks] == ["job-0", "job-1"]
    for _, body in blocks:
        assert "<script" not in body and "<img" not in body and "&lt;script&gt;" in body


def test_comparison_renders_what_summary_json_carries(tmp_path):
    recs = [replace(BASE, run=k, arm=arm, verdict=v) for k in (1, 2) for arm, v in (("a", "PASS"), ("b", "FAIL"))]
    added = {"pass_rate_diff": {"estimate": -0.5, "low": -0.75, "high": -0.25, "level": 0.95, "n": 2},
             "ratios": {"turns": {"ratio": 1.25, "low": 1.1, "high": 1.4, "level": 0.95, "n": 2},
                        "cost": None}}
    html = _run(tmp_path, recs, summary_extra=added).read_text()
    assert "pass_rate_diff" in html and "[-0.75, -0.25]" in html
    assert "ratios: turns" in html and "[+1.1, +1.4]" in html and "+1.25" in html
    assert re.search(r"ratios: cost</td><td colspan=\"5\" class=\"muted\">not reported", html)


def test_comparison_rows_read_intervals_and_missing_entries():
    rows, missing = comparison_rows({"arm_a": "a", "arm_b": "b", "pairs": 3, "mcnemar": {},
                                     "deltas": {"cost": None, "turns": {"mean_delta": 2.0, "low": 1.0,
                                                                        "high": 3.0, "level": 0.95, "n": 3}}})
    assert [(r.label, r.estimate, r.low, r.high) for r in rows] == [("deltas: turns", 2.0, 1.0, 3.0)]
    assert missing == ["deltas: cost"]


def test_pass_rate_interval_prefers_the_summary_then_wilson():
    own = pass_rate_interval({"pass": 1, "fail": 1, "pass_rate_ci": {"low": 0.1, "high": 0.9}})
    assert (own.low, own.high, own.source) == (0.1, 0.9, "summary.json pass_rate_ci")
    w = pass_rate_interval({"pass": 12, "fail": 0})
    assert w.source == "Wilson 95%" and w.high == 1.0 and round(w.low, 4) == 0.7575
    assert wilson(0, 0) is None and round(wilson(5, 10)[0], 4) == 0.2366


def test_transcript_inline_when_small_linked_when_large(tmp_path):
    run_dir = tmp_path / "r"
    (run_dir / "transcripts").mkdir(parents=True)
    (run_dir / "transcripts" / "small.txt").write_text("user: <b>hi</b>")
    (run_dir / "transcripts" / "big.txt").write_text("x" * 40_000)
    a, b = BASE, replace(BASE, arm="b")
    extra = {a.key: {"transcript": "transcripts/small.txt"}, b.key: {"transcript": "transcripts/big.txt"}}
    html = _run_keep(tmp_path, [a, b], extra)
    assert "user: &lt;b&gt;hi&lt;/b&gt;" in html
    assert 'href="transcripts/big.txt"' in html and "40000 bytes: open the file" in html
    assert "x" * 1000 not in html


def _run_keep(tmp_path: Path, records: list[RunRecord], extra: dict) -> str:
    """Like _run, for a run dir that already holds files."""
    run_dir = tmp_path / "r"
    write_json_atomic(run_dir / "run.json", {"version": 1, "run_id": "r", "arms": [{"name": "a"}, {"name": "b"}],
                                             "tasks": []})
    with ResultsWriter(run_dir / "results.jsonl") as w:
        for rec in records:
            w._fh.write(json.dumps({**rec.to_json(), **extra.get(rec.key, {})}) + "\n")
    return write_run_report(tmp_path, "r").read_text()


def test_error_reasons_are_explained(tmp_path):
    rec = replace(BASE, verdict="ERROR", error_reason="grader", detail="grader timeout: 60s")
    html = _run(tmp_path, [rec, replace(rec, arm="b", verdict="FAIL", error_reason="agent_timeout")]).read_text()
    assert "The grader itself failed" in html and "hard time limit" in html


@pytest.mark.parametrize(("jobs", "preview"), [(24, 4000), (600, 1200), (4500, 150)])
def test_caps_shrink_with_the_run(jobs, preview):
    assert caps_for(jobs).preview == preview


def _check_doc(version: int, severity: bool) -> dict:
    case = {"name": "reversed_order", "status": "MISS", "detail": "shrunk: record 0 field 'p95' 1 -> 2 <b>"}
    if severity:
        case["severity"] = "fail"
    return {"version": version, "kind": "check-report", "harness_version": "x", "status": "fail",
            "exit_code": 1, "problems": ["bad/task.yaml:3: field=1: <nope>"],
            "tasks": [{"instance_id": "t1", "task_dir": "p/t1", "status": "fail", "duration_s": 1.0,
                       "checks": [{"gate": "positive", "status": "pass", "summary": "ok", "cases": []},
                                  {"gate": "negative", "status": "fail", "summary": "0/1 rejected",
                                   "cases": [case]}]}]}


def test_check_report_shows_severity_when_present():
    html = render_check_report(_check_doc(2, True))
    assert '<a class="v fail" href="#f-0-1">fail</a> fail</td>' in html
    assert "<th>severity</th>" in html and "shrunk: record 0 field &#39;p95&#39; 1 -&gt; 2 &lt;b&gt;" in html
    assert 'href="#f-0-1"' in html and 'id="f-0-1"' in html
    assert "bad/task.yaml:3: field=1: &lt;nope&gt;" in html


def test_check_report_of_version_1_has_no_severity_column():
    html = render_check_report(_check_doc(1, False))
    assert "<th>severity</th>" not in html and "carries no case severities" in html
