"""The CLI: exit codes, the versioned JSON, set selection, one-line errors naming the task, JUnit XML."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from artifactbench.cli import main

REPO = Path(__file__).resolve().parent.parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "checks"


def fx(name: str) -> str:
    return str(FIXTURES / name)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


EXIT_CODES = [
    ("check_good_passes", ["check", fx("good")], 0),
    ("validate_good", ["validate", fx("good")], 0),
    ("check_failing_gate", ["check", fx("positive_rejects"), "--gates", "positive"], 1),
    ("validate_leak", ["validate", fx("leaky")], 1),
    ("warn_is_not_failure", ["check", fx("neg_weak_miss"), "--gates", "negative"], 0),
    ("malformed_manifest", ["validate", fx("bad_manifest")], 2),
    ("unknown_gate", ["check", fx("good"), "--gates", "nope"], 2),
    ("missing_path", ["check", fx("does_not_exist")], 2),
    ("empty_root", ["list", str(FIXTURES / "sets")], 2),
    ("unknown_set", ["list", fx("good"), "--set", "no-such-set", "--sets-dir", fx("sets")], 2),
    ("no_command", [], 2),
    ("bad_flag", ["check", "--no-such-flag"], 2),
    ("help", ["--help"], 0),
    ("list_gates", ["check", "--list-gates"], 0),
]


@pytest.mark.parametrize(("argv", "code"), [c[1:] for c in EXIT_CODES], ids=[c[0] for c in EXIT_CODES])
def test_exit_codes(capsys, argv, code):
    got, _, err = run(capsys, *argv)
    assert got == code, err
    assert "Traceback" not in err


def test_json_on_stdout_is_the_versioned_report(capsys):
    code, out, _ = run(capsys, "check", fx("good"), fx("positive_rejects"), "--gates", "positive", "--json")
    body = json.loads(out)
    assert code == 1 and body["version"] == 2 and body["kind"] == "check-report"
    assert body["status"] == "fail" and body["exit_code"] == 1
    assert [t["instance_id"] for t in body["tasks"]] == ["data_processing__chk_good",
                                                          "data_processing__chk_positive_rejects"]
    assert body["tasks"][1]["checks"][0]["gate"] == "positive"


def test_json_out_and_junit_xml(capsys, tmp_path):
    out_json, out_xml = tmp_path / "r" / "report.json", tmp_path / "junit.xml"
    code, _, _ = run(capsys, "check", "--json-out", str(out_json), "--junit-xml", str(out_xml), "--quiet",
                     "--gates", "positive,negative", fx("good"), fx("neg_miss"))
    assert code == 1
    assert json.loads(out_json.read_text())["version"] == 2
    root = ET.parse(out_xml).getroot()
    suites = {s.get("name"): s for s in root.iter("testsuite")}
    assert set(suites) == {"data_processing__chk_good", "data_processing__chk_neg_miss"}
    cases = {c.get("name"): c for c in suites["data_processing__chk_neg_miss"].iter("testcase")}
    assert set(cases) == {"positive", "negative"}
    failure = cases["negative"].find("failure")
    assert failure is not None and "MISS reversed_order" in failure.text
    assert suites["data_processing__chk_good"].get("failures") == "0"
    assert list(tmp_path.glob("r/.report.json.*")) == []  # atomic write leaves no temp file


def test_junit_for_input_problem_parses(capsys, tmp_path):
    out_xml = tmp_path / "j.xml"
    code, _, _ = run(capsys, "validate", fx("bad_manifest"), "--junit-xml", str(out_xml))
    assert code == 2
    errors = list(ET.parse(out_xml).getroot().iter("error"))
    assert errors and "category='data-processing'" in errors[0].get("message")


def test_set_selection_with_sets_dir_and_found_from_paths(capsys):
    code, out, _ = run(capsys, "list", fx("good"), fx("neg_all_pass"), fx("leaky"), "--set", "pair",
                       "--sets-dir", fx("sets"))
    assert code == 0
    assert [line.split("\t")[0] for line in out.splitlines()] == ["data_processing__chk_neg_all_pass",
                                                                  "data_processing__chk_good"]
    code, out2, _ = run(capsys, "list", fx("good"), fx("neg_all_pass"), "--set", "pair")
    assert code == 0 and out2 == out
    code, out3, _ = run(capsys, "sets", "pair", fx("good"), fx("neg_all_pass"))
    assert code == 0 and out3 == out
    code, out4, _ = run(capsys, "sets", "--sets-dir", fx("sets"))
    assert code == 0 and out4.startswith("pair\t2 task(s)")


def test_set_naming_unknown_task_is_input_error(capsys):
    code, _, err = run(capsys, "check", fx("good"), "--set", "pair", "--sets-dir", fx("sets"))
    assert code == 2 and "data_processing__chk_neg_all_pass" in err


# ---- the four one-line errors, each naming the task -------------------------------------------------------

def _lines_naming(text: str, needle: str, reason: str) -> list[str]:
    return [line for line in text.splitlines() if needle in line and reason in line]


def test_malformed_manifest_is_one_line_naming_the_task(capsys):
    code, _, err = run(capsys, "check", fx("bad_manifest"))
    assert code == 2 and "Traceback" not in err
    assert _lines_naming(err, "bad_manifest/task.yaml:2", "category='data-processing'")


def test_crashing_generator_is_one_line_naming_the_task(capsys):
    code, out, err = run(capsys, "check", fx("generator_crash"))
    assert code == 1 and "Traceback" not in out + err
    assert _lines_naming(out, "data_processing__chk_generator_crash: materialize: error", "boom")


def test_crashing_generator_in_materialize_command(capsys, tmp_path):
    code, _, err = run(capsys, "materialize", fx("generator_crash"), str(tmp_path / "out"))
    assert code == 2 and "Traceback" not in err
    assert _lines_naming(err, "data_processing__chk_generator_crash", "boom")
    assert len(err.strip().splitlines()) == 1


def test_hanging_grader_is_one_line_naming_the_task(capsys):
    code, out, err = run(capsys, "check", fx("positive_hang"), "--gates", "positive", "--grader-timeout", "1")
    assert code == 1 and "Traceback" not in out + err
    assert _lines_naming(out, "data_processing__chk_positive_hang: positive: error", "timeout")


def test_wrong_shape_is_one_line_naming_the_task(capsys):
    code, out, err = run(capsys, "check", fx("positive_bad_shape"), "--gates", "positive")
    assert code == 1 and "Traceback" not in out + err
    assert _lines_naming(out, "data_processing__chk_positive_bad_shape: positive: error", "bad_shape")


# ---- materialize, list, interrupt, entry points -----------------------------------------------------------

def test_materialize_writes_what_the_agent_sees(capsys, tmp_path):
    out = tmp_path / "out"
    code, stdout, _ = run(capsys, "materialize", fx("good"), str(out))
    assert code == 0 and "digest" in stdout
    assert sorted(p.name for p in out.iterdir()) == ["access.log", "verify.py"]
    (out / "extra").write_text("x")
    code, _, err = run(capsys, "materialize", fx("good"), str(out))
    assert code == 2 and "empty" in err


def test_list_json(capsys):
    code, out, _ = run(capsys, "list", fx("good"), "--json")
    body = json.loads(out)
    assert code == 0 and body["version"] == 1 and body["tasks"][0]["category"] == "data_processing"


def test_ctrl_c_exits_130(capsys, monkeypatch):
    import artifactbench.cli._commands as commands

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(commands, "run_checks", interrupted)
    code, _, err = run(capsys, "check", fx("good"))
    assert code == 130 and "interrupted" in err


def test_default_paths_found_by_walking_up(capsys, tmp_path, monkeypatch):
    import shutil

    shutil.copytree(FIXTURES / "good", tmp_path / "problems" / "x" / "good")
    (tmp_path / "deep" / "er").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "deep" / "er")
    code, out, _ = run(capsys, "list")
    assert code == 0 and out.startswith("data_processing__chk_good\t")


def test_python_dash_m_entry_point():
    env = {"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "artifactbench", "list", fx("good")], capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode == 0 and "data_processing__chk_good" in done.stdout


def test_check_does_not_import_the_bench_layer():
    """`check` starts without the agent SDKs and the statistics stack (1.6 s of imports before, 0.4 s now)."""
    code = ("import sys; from artifactbench.cli import main; rc = main(['check', '--list-gates']); "
            "heavy = sorted(m for m in ('artifactbench.bench', 'openai', 'mcp', 'scipy.stats') if m in sys.modules); "
            "print(heavy); sys.exit(rc)")
    src = Path(__file__).resolve().parents[2] / "src"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
