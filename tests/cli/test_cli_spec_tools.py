"""The spec's entry points (5.4, 5.5.4): tools/*.py output lines and exit codes, the Makefile targets,
`check --json` on a task outside the repository, and the report shape the ADR documents."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from artifactbench.cli import main, tool_main

REPO = Path(__file__).resolve().parent.parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "checks"
TOOLS = REPO / "tools"
ADR = REPO / "docs" / "adr" / "0001-cli-surface.md"
CHILD_ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}  # no PYTHONPATH: the tools find ../src


def fx(name: str) -> str:
    return str(FIXTURES / name)


# tool, fixture, exit code, (status word, text) that one printed line must start with / contain
TOOL_CASES = [
    ("verify_graders", "good", 0, ("PASS", "reference output passes with score 1.0")),
    ("verify_graders", "positive_rejects", 1, ("FAIL", "always rejects")),
    ("verify_graders", "positive_bad_shape", 1, ("ERROR", "bad_shape")),
    ("check_grader_leaks", "good", 0, ("PASS", "no reference to grader/")),
    ("check_grader_leaks", "leaky", 1, ("FAIL", "2 leak(s)")),
    # spec 5.5.4: MISS, WRONG_REASON (custom) and ERROR exit non-zero; WEAK_MISS, EXPECTED_MISS,
    # default WRONG_REASON and SKIPPED do not
    ("check_grader_negative", "neg_all_pass", 0, ("PASS", "off_by_one")),
    ("check_grader_negative", "neg_miss", 1, ("MISS", "reversed_order")),
    ("check_grader_negative", "neg_weak_miss", 0, ("WEAK_MISS", "reversed_lines")),
    ("check_grader_negative", "neg_wrong_reason_custom", 1, ("WRONG_REASON", "reversed_order")),
    ("check_grader_negative", "neg_wrong_reason_default", 0, ("WRONG_REASON", "empty_says_missing")),
    ("check_grader_negative", "neg_expected_miss", 0, ("EXPECTED_MISS", "reversed_order")),
    ("check_grader_negative", "neg_error_raises", 1, ("ERROR", "mutate raised ValueError")),
    ("check_grader_negative", "neg_error_unchanged", 1, ("ERROR", "unchanged")),
    ("check_grader_negative", "neg_skipped", 0, ("SKIPPED", "no numeric literal")),
    ("check_grader_negative", "neg_bad_cases", 1, ("ERROR", "negative_cases.py")),
]


@pytest.mark.parametrize(("tool", "fixture", "code", "line"), TOOL_CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in TOOL_CASES])
def test_tool_prints_the_spec_status_and_exits_like_the_spec(capsys, tool, fixture, code, line):
    got = tool_main(tool, [fx(fixture), "--grader-timeout", "20"])
    out, err = capsys.readouterr()
    assert got == code, out + err
    status, text = line
    assert any(row.split()[0] == status and text in row for row in out.splitlines()), out
    assert out.splitlines()[-1] == f"{tool}: 1 task(s), {int(code != 0)} failing"
    assert "Traceback" not in out + err


@pytest.mark.parametrize("tool", ["verify_graders", "check_grader_negative", "check_grader_leaks"])
@pytest.mark.parametrize(("argv", "needle"), [
    pytest.param([fx("does_not_exist")], "does_not_exist", id="missing-path"),
    pytest.param([fx("bad_manifest")], "category='data-processing'", id="bad-manifest"),
    pytest.param(["--no-such-flag"], "unrecognized arguments", id="usage"),
])
def test_tool_bad_input_exits_2_with_one_line(capsys, tool, argv, needle):
    assert tool_main(tool, argv) == 2
    _, err = capsys.readouterr()
    assert needle in err and "Traceback" not in err


@pytest.mark.parametrize(("script", "fixture", "code"), [
    ("verify_graders.py", "good", 0),
    ("check_grader_negative.py", "neg_miss", 1),
    ("check_grader_leaks.py", "leaky", 1),
])
def test_tool_scripts_run_from_a_plain_checkout_anywhere(tmp_path, script, fixture, code):
    shutil.copytree(FIXTURES / fixture, tmp_path / fixture)  # a task outside the repository
    done = subprocess.run([sys.executable, str(TOOLS / script), str(tmp_path / fixture)], cwd=tmp_path,
                          env=CHILD_ENV, capture_output=True, text=True, timeout=120)
    assert done.returncode == code, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


MAKE = shutil.which("make")


@pytest.mark.skipif(MAKE is None, reason="no make on this machine")
def test_make_targets_call_the_tools_on_tasks(tmp_path):
    plan = subprocess.run([MAKE, "-n", "-C", str(REPO), "check-graders", "TASKS=somewhere"],
                          capture_output=True, text=True, timeout=30)
    assert plan.returncode == 0, plan.stderr
    assert re.findall(r"tools/(\w+)\.py somewhere", plan.stdout) == [
        "verify_graders", "check_grader_negative", "check_grader_leaks"]
    for target, fixture, ok in [("check-graders-leaks", "good", True), ("check-graders-leaks", "leaky", False),
                                ("check-graders-positive", "positive_rejects", False)]:
        done = subprocess.run([MAKE, "-s", "-C", str(REPO), target, f"TASKS={fx(fixture)}"],
                              capture_output=True, text=True, timeout=120)
        assert (done.returncode == 0) is ok, (target, fixture, done.stdout, done.stderr)


# ---- check --json outside the repository, and the report the ADR documents --------------------------------

CORE_GATES = "manifest,materialize,leaks,verifier,positive,negative"


def test_check_json_works_on_a_task_outside_the_repository(tmp_path):
    shutil.copytree(FIXTURES / "good", tmp_path / "tasks" / "good")
    shutil.copytree(FIXTURES / "positive_rejects", tmp_path / "tasks" / "rejects")
    env = {**CHILD_ENV, "PYTHONPATH": str(REPO / "src")}
    done = subprocess.run([sys.executable, "-m", "artifactbench", "check", "--json", "--gates", CORE_GATES,
                           str(tmp_path / "tasks")], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=180)
    body = json.loads(done.stdout)  # stdout holds the report and nothing else
    assert done.returncode == 1 == body["exit_code"] and body["version"] == 2, done.stderr
    by_id = {t["instance_id"]: t for t in body["tasks"]}
    assert by_id["data_processing__chk_good"]["status"] == "pass"
    assert by_id["data_processing__chk_positive_rejects"]["status"] == "fail"
    # task_dir is shown relative to the cwd when inside it; either way it points at the copies
    assert sorted((tmp_path / t["task_dir"]).resolve().name for t in body["tasks"]) == ["good", "rejects"]


def _adr_report_example() -> dict:
    text = ADR.read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", text, re.S)
    assert block, "the ADR lost its report.json example"
    return json.loads(block.group(1))


def test_json_report_has_exactly_the_keys_the_adr_documents(capsys):
    example = _adr_report_example()
    code = main(["check", fx("neg_weak_miss"), "--gates", "positive,negative", "--json"])
    body = json.loads(capsys.readouterr().out)
    assert code == 0 and body["version"] == example["version"] == 2 and body["kind"] == example["kind"]
    assert set(body) == set(example)
    (task,), (ex_task,) = body["tasks"], example["tasks"]
    assert set(task) == set(ex_task)
    assert set(task["checks"][1]) == set(ex_task["checks"][0])
    assert set(task["checks"][1]["cases"][0]) == set(ex_task["checks"][0]["cases"][0])
    assert body["status"] in example["status"].split(" | ")
    assert {c["status"] for c in task["checks"]} <= set(ex_task["checks"][0]["status"].split(" | "))


def test_a_malformed_manifest_never_hides_the_good_tasks(capsys):
    code = main(["check", fx("bad_manifest"), fx("good"), "--gates", "positive", "--json"])
    captured = capsys.readouterr()
    body = json.loads(captured.out)
    assert code == 2 == body["exit_code"] and body["status"] == "error"
    assert [t["instance_id"] for t in body["tasks"]] == ["data_processing__chk_good"]
    assert body["tasks"][0]["status"] == "pass"
    (problem,) = body["problems"]
    assert "bad_manifest/task.yaml:2: category='data-processing'" in problem
    assert problem in captured.err and "Traceback" not in captured.err
