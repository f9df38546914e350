"""The plugin's report mirror against the ADR's sample and against drift (plain unit tests)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from artifactbench_pants.contract import ContractError, parse_report, report_from_json
from artifactbench_pants.render import failing_gates, render_missing_report, render_report

# The report of docs/adr/0001-cli-surface.md, with one failing gate added.
SAMPLE = {
    "version": 1,
    "kind": "check-report",
    "harness_version": "0.1.0",
    "status": "fail",
    "exit_code": 1,
    "problems": [],
    "unknown_future_key": {"ignored": True},
    "tasks": [
        {
            "instance_id": "data_processing__p95_latency_easy",
            "task_dir": "problems/artifact/data_processing/p95_latency_easy",
            "status": "fail",
            "duration_s": 1.23,
            "checks": [
                {"gate": "positive", "status": "pass", "summary": "reference passes", "duration_s": 0.2, "cases": []},
                {
                    "gate": "negative",
                    "status": "fail",
                    "summary": "5/6 mutations rejected",
                    "duration_s": 0.4,
                    "cases": [
                        {"name": "reversed_lines", "status": "PASS", "detail": "rejected"},
                        {"name": "off_by_one", "status": "FAIL", "detail": "grader accepted a mutated artifact"},
                    ],
                },
            ],
        }
    ],
}


def test_sample_report_parses_with_every_field() -> None:
    report = parse_report(json.dumps(SAMPLE))
    assert (report.version, report.status, report.exit_code) == (1, "fail", 1)
    task = report.tasks[0]
    assert task.instance_id == "data_processing__p95_latency_easy"
    assert [c.gate for c in task.checks] == ["positive", "negative"]
    assert task.checks[1].cases[1].detail == "grader accepted a mutated artifact"


def test_adr_example_in_docs_matches_the_mirror_keys() -> None:
    # The ADR's JSON block names the same keys the mirror reads (guards doc/mirror drift).
    for key in ("version", "kind", "harness_version", "status", "exit_code", "problems", "tasks"):
        assert key in SAMPLE
    assert set(SAMPLE["tasks"][0]) >= {"instance_id", "task_dir", "status", "duration_s", "checks"}


@pytest.mark.parametrize(
    "mutate, message",
    [
        pytest.param(lambda r: r.update(version=3), "version=3", id="unknown-version"),
        pytest.param(lambda r: r.pop("tasks"), "'tasks'", id="missing-tasks"),
        pytest.param(lambda r: r.update(status="green"), "status='green'", id="bad-status"),
        pytest.param(lambda r: r["tasks"][0]["checks"][0].pop("gate"), "'gate'", id="renamed-gate"),
        pytest.param(lambda r: r["tasks"][0]["checks"][1].update(status="FAILED"), "status='FAILED'", id="bad-check-status"),
        pytest.param(lambda r: r.update(exit_code=True), "exit_code=True", id="bool-exit-code"),
    ],
)
def test_drift_is_a_contract_error_naming_the_key(mutate, message) -> None:
    report = copy.deepcopy(SAMPLE)
    mutate(report)
    with pytest.raises(ContractError, match=message.replace("(", r"\(")):
        parse_report(json.dumps(report))


def test_empty_report_file_is_none_and_garbage_is_an_error() -> None:
    assert report_from_json(b"") is None
    with pytest.raises(ContractError, match="not JSON"):
        report_from_json(b"{oops")


def test_render_names_the_failing_gate_and_case_first() -> None:
    text = render_report(parse_report(SAMPLE))
    lines = text.splitlines()
    assert lines[0] == "artifactbench check-report: FAIL (exit 1)"
    assert "x gate negative: FAIL: 5/6 mutations rejected" in lines[2]
    assert "case off_by_one: FAIL: grader accepted a mutated artifact" in lines[3]
    assert "reversed_lines" not in text  # passing cases are noise in a red report
    assert lines[-1].strip() == "- passed: positive"
    assert failing_gates(parse_report(SAMPLE)) == ["data_processing__p95_latency_easy:negative"]


def test_render_lists_input_problems_and_missing_reports() -> None:
    report = parse_report({**SAMPLE, "status": "error", "exit_code": 2, "tasks": [], "problems": ["task.yaml:3: bad"]})
    assert "problem: task.yaml:3: bad" in render_report(report)
    text = render_missing_report(2, "line1\nTraceback: boom\n")
    assert "exited 2 without a readable report.json" in text and "Traceback: boom" in text


def test_a_report_written_by_the_core_cli_parses() -> None:
    # Written by the real core (refresh when the contract changes):
    #   PYTHONPATH=src python3 -m artifactbench check --json-out pants-plugins/tests/fixtures/core_check_report.json \
    #     --junit-xml /tmp/junit.xml --quiet problems/artifact/verification_heavy/service_config_lint_easy
    raw = (Path(__file__).parent / "fixtures" / "core_check_report.json").read_bytes()
    report = parse_report(raw)
    assert report.status == "pass" and report.exit_code == 0 and len(report.tasks) == 1
    gates = [c.gate for c in report.tasks[0].checks]
    assert {"manifest", "positive", "negative"} <= set(gates)
    assert render_report(report).startswith("artifactbench check-report: PASS (exit 0)")


# Version 2: every case carries a status from a closed set and a severity.
SAMPLE_V2 = copy.deepcopy(SAMPLE)
SAMPLE_V2["version"] = 2
SAMPLE_V2["tasks"][0]["checks"][1]["cases"] = [
    {"name": "reversed_lines", "status": "PASS", "severity": "info", "detail": "rejected"},
    {"name": "off_by_one", "status": "MISS", "severity": "fail", "detail": "grader accepted a mutated artifact"},
]
CORE_VALUES = Path(__file__).resolve().parents[2] / "src" / "artifactbench" / "gates" / "core" / "_values.py"


def test_v2_report_parses_with_severities_and_v1_gets_them_from_status() -> None:
    v2 = parse_report(json.dumps(SAMPLE_V2))
    assert [(c.status, c.severity) for c in v2.tasks[0].checks[1].cases] == [("PASS", "info"), ("MISS", "fail")]
    v1 = parse_report(json.dumps(SAMPLE))
    assert [(c.status, c.severity) for c in v1.tasks[0].checks[1].cases] == [("PASS", "info"), ("FAIL", "fail")]


@pytest.mark.parametrize(
    "mutate, message",
    [
        pytest.param(lambda c: c.update(status="FAIL"), "status='FAIL'", id="v1-word-in-v2"),
        pytest.param(lambda c: c.update(severity="critical"), "severity='critical'", id="unknown-severity"),
        pytest.param(lambda c: c.pop("severity"), "'severity'", id="missing-severity"),
    ],
)
def test_v2_case_drift_is_a_contract_error(mutate, message) -> None:
    report = copy.deepcopy(SAMPLE_V2)
    mutate(report["tasks"][0]["checks"][1]["cases"][1])
    with pytest.raises(ContractError, match=message):
        parse_report(json.dumps(report))


def _core_tuple(name: str) -> tuple:
    import ast

    tree = ast.parse(CORE_VALUES.read_text(encoding="utf-8"))
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) else None)
        if isinstance(target, ast.Name) and target.id == name:
            return tuple(ast.literal_eval(node.value))
    raise AssertionError(f"{CORE_VALUES} lost {name}")


def test_closed_sets_match_the_core() -> None:
    from artifactbench_pants import contract

    assert contract.CASE_STATUSES == _core_tuple("CASE_STATUSES")
    assert contract.SEVERITIES == _core_tuple("SEVERITIES")
    assert max(contract.SUPPORTED_VERSIONS) == _core_tuple_int("REPORT_VERSION")


def _core_tuple_int(name: str) -> int:
    import ast

    for node in ast.parse(CORE_VALUES.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == name:
            return int(ast.literal_eval(node.value))
    raise AssertionError(f"{CORE_VALUES} lost {name}")
