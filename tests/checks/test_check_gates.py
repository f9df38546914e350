"""Each built-in gate stays silent on a good task and fires on a task broken in its way."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from artifactbench.gates import (
    BUILTIN_GATES,
    CheckOptions,
    CheckResult,
    Gate,
    Report,
    TaskContext,
    check_task,
    resolve_gates,
    run_checks,
)
from artifactbench.errors import SelectionError
from artifactbench.manifest import load_task

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "checks"
FAST = CheckOptions(grader_timeout_s=20.0, generator_timeout_s=20.0, verifier_timeout_s=20.0)


def _check(fixture: str, gate: str, options: CheckOptions = FAST) -> CheckResult:
    return _check_dir(FIXTURES / fixture, gate, options)


def _check_dir(task_dir: Path, gate: str, options: CheckOptions = FAST) -> CheckResult:
    report = check_task(load_task(task_dir), resolve_gates([gate]), options)
    (result,) = report.checks
    return result


SILENT = ["manifest", "materialize", "leaks", "verifier", "positive", "negative"]


@pytest.mark.parametrize("gate", SILENT)
def test_gate_is_silent_on_the_good_task(gate):
    result = _check("good", gate)
    assert result.status == "pass", result
    assert not [c for c in result.cases if c.status not in ("PASS", "SKIPPED")]


FIRES = [
    # fixture, gate, status, substring of the summary
    ("generator_crash", "materialize", "error", "boom: generator crashed on purpose"),
    ("leaky", "leaks", "fail", "2 leak(s)"),
    ("verifier_rejects", "verifier", "fail", "verify() rejected the reference output"),
    ("verifier_missing_func", "verifier", "warn", "no callable verify"),
    ("positive_rejects", "positive", "fail", "always rejects"),
    ("positive_bad_shape", "positive", "error", "bad_shape"),
    ("neg_miss", "negative", "fail", "reversed_order=MISS"),
]


@pytest.mark.parametrize(("fixture", "gate", "status", "needle"), FIRES, ids=[f"{f[1]}-{f[0]}" for f in FIRES])
def test_gate_fires_on_its_broken_task(fixture, gate, status, needle):
    result = _check(fixture, gate)
    assert result.status == status, result
    assert needle in result.summary, result.summary
    assert "\n" not in result.summary


def test_a_script_style_verifier_is_run_as_a_script_and_only_warned_about(tmp_path):
    result = _check("verifier_script", "verifier")
    assert result.status == "warn" and "SHOULD" in result.summary
    assert "run as a script it accepts the reference output" in result.summary
    broken = tmp_path / "broken"
    shutil.copytree(FIXTURES / "verifier_script", broken)
    script = broken / "workspace" / "verify.py"
    script.write_text(script.read_text().replace('"p95": int}', '"p95": int, "p99": int}'))
    result = _check_dir(broken, "verifier")
    assert result.status == "warn" and "exits 1 on the reference output" in result.summary
    assert "p99 missing" in result.summary and "\n" not in result.summary


def test_a_script_verifier_without_a_main_guard_is_run_as_a_script(tmp_path):
    # Top-level code reading sys.argv[1] as the scratch dir and exiting: it must see the scratch dir when
    # probed for verify(), and its exit must mean "a script", not "import failed".
    task = tmp_path / "unguarded"
    shutil.copytree(FIXTURES / "verifier_script", task)
    (task / "workspace" / "verify.py").write_text(
        "import json, sys\nfrom pathlib import Path\n"
        "rows = [json.loads(x) for x in (Path(sys.argv[1]) / 'output' / 'p95.jsonl').read_text().splitlines()]\n"
        "sys.exit(0 if all(set(r) == {'endpoint', 'p95'} for r in rows) else 'bad keys')\n")
    result = _check_dir(task, "verifier")
    assert result.status == "warn" and "run as a script it accepts the reference output" in result.summary


def test_positive_gate_reports_a_hanging_grader_as_timeout():
    result = _check("positive_hang", "positive", CheckOptions(grader_timeout_s=1.0))
    assert result.status == "error" and "timeout" in result.summary
    assert result.duration_s < 15


def test_leaks_name_file_and_line():
    cases = {c.name: c.detail for c in _check("leaky", "leaks").cases}
    assert cases == {"prompt.md:1": "mentions 'reference_output'", "workspace/notes.txt:2": "mentions 'grader/'"}


def test_leaks_flag_file_names_and_binary_names(tmp_path):
    shutil.copytree(FIXTURES / "good", tmp_path / "t")
    (tmp_path / "t" / "workspace" / "hidden.py").write_bytes(b"\0binary")
    (tmp_path / "t" / "workspace" / "blob.bin").write_bytes(b"\0grader/hidden.py")  # binary: not scanned
    report = check_task(load_task(tmp_path / "t"), resolve_gates(["leaks"]), FAST)
    names = [c.name for c in report.checks[0].cases]
    assert names == ["workspace/hidden.py"]


def test_skips_workspace_gates_when_materialize_failed():
    report = check_task(load_task(FIXTURES / "generator_crash"), resolve_gates(None), FAST)
    statuses = {c.gate: c.status for c in report.checks}
    assurance = ("contract", "fuzz", "detail_leaks", "verifier_consistency", "content_leaks", "reproducible")
    assert statuses == {"manifest": "pass", "materialize": "error", "leaks": "pass", "verifier": "skip",
                        "positive": "skip", "negative": "skip", **{g: "skip" for g in assurance}}
    assert report.status == "error"


def test_materialize_digest_in_summary():
    assert "digest" in _check("good", "materialize").summary


def test_context_materializes_once_and_scratches_are_pristine():
    ctx = TaskContext(load_task(FIXTURES / "good"), FAST)
    try:
        first = ctx.pristine()
        assert ctx.pristine() is first
        a = ctx.fresh_scratch()
        (a / "access.log").write_text("dirty")
        b = ctx.fresh_scratch()
        assert (b / "access.log").read_text() == "/a 12\n/b 30\n/c 7\n"
        assert a != b and first.scratch_dir not in (a, b)
    finally:
        ctx.close()
    assert not first.scratch_dir.exists() and not a.exists() and not b.exists()


def test_context_reuses_one_grader_session(monkeypatch):
    import artifactbench.grading as grading

    started = []
    real = grading.GraderSession

    class Counting(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args, **kwargs):
            started.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(grading, "GraderSession", Counting)
    result = _check("good", "negative")
    assert result.status == "pass" and len(started) == 1


def test_registry_order_defaults_and_unknown_names():
    names = [g.name for g in BUILTIN_GATES]
    assert names[:6] == ["manifest", "materialize", "leaks", "verifier", "positive", "negative"]
    with pytest.raises(SelectionError, match="unknown gate"):
        resolve_gates(["nope"])
    with pytest.raises(SelectionError, match="empty gate list"):
        resolve_gates([""])


def test_registered_extra_gate_runs_and_crash_is_one_line_error():
    def boom(ctx):
        raise RuntimeError("gate bug\nsecond line")

    extra = Gate("zz_test_boom", boom, default=False)
    report = run_checks([load_task(FIXTURES / "good")], [extra], options=FAST)
    (check,) = report.tasks[0].checks
    assert check.status == "error" and check.summary == "internal error: RuntimeError: gate bug | second line"
    assert [g.name for g in resolve_gates(["zz_test_boom"], BUILTIN_GATES + (extra,))] == ["zz_test_boom"]
    assert "zz_test_boom" not in [g.name for g in resolve_gates(None, BUILTIN_GATES + (extra,))]


def test_run_checks_parallel_keeps_input_order_and_json_contract():
    tasks = [load_task(FIXTURES / n) for n in ("positive_rejects", "good", "neg_weak_miss")]
    report = run_checks(tasks, resolve_gates(["positive", "negative"]), jobs=3, options=FAST)
    assert [t.instance_id for t in report.tasks] == [t.instance_id for t in tasks]
    body = json.loads(json.dumps(report.to_json()))
    assert body["version"] == 2 and body["kind"] == "check-report"
    assert body["status"] == "fail" and body["exit_code"] == 1 and body["problems"] == []
    first = body["tasks"][0]
    assert set(first) >= {"instance_id", "task_dir", "status", "duration_s", "checks"}
    assert set(first["checks"][0]) >= {"gate", "status", "summary", "duration_s", "cases"}
    weak = body["tasks"][2]
    assert weak["status"] == "pass" and weak["checks"][1]["status"] == "warn"


def test_report_status_and_exit_code_rules():
    assert Report((), problems=("x",)).exit_code == 2 and Report((), problems=("x",)).status == "error"
    assert Report(()).exit_code == 0 and Report(()).to_json()["version"] == 2
