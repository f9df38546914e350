"""seed-v2 graders built on artifactbench.graderkit.records, and the two graders that run agent-written modules.

The generic proofs of every task (solution reproduces the reference, negative cases rejected for their
reason, garbage never raises) come from the corpus test that discovers all tasks; this file pins what is
specific to these tasks: no grader carries a private copy of the record helpers, the helpers turn
every kind of garbage into their one error type, details never quote a three-digit count, and the
module-running graders survive hostile modules and give partial credit.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
import types
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MODULE_TASKS = {
    "cron": ("algorithmic/cron_schedule_hard", "output/cron.py", "if start < moment <= limit",
             "if start <= moment <= limit"),
    "validator": ("verification_heavy/schema_validator_hard", "output/validator.py",
                  '.replace("~", "~0").replace("/", "~1")', ""),
}


def _load(path: Path, name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_record_graders_use_the_shipped_helpers_not_private_copies() -> None:
    users = [p for p in REPO.glob("problems/artifact/*/*/grader/hidden.py")
             if "artifactbench.graderkit import records" in p.read_text()]
    assert len(users) >= 16
    assert not list(REPO.glob("problems/artifact/*/*/grader/_records.py"))


@pytest.fixture(scope="module")
def lib() -> types.ModuleType:
    from artifactbench.graderkit import records

    return records


@pytest.mark.parametrize("data", [
    b"\xff\xfe not utf-8", b"[" * 100_000 + b"]" * 100_000, b'{"a": NaN}\n', b"1\n", b'"text"\n', b"[1, 2]\n",
    b'{"row": true}\n', b'{"row": 1, "column": [], "rule": "x"}\n',
], ids=["binary", "deep", "nan", "number", "string", "list_line", "bool_for_int", "list_for_str"])
def test_helpers_turn_garbage_into_bad_only(lib, tmp_path, data: bytes) -> None:
    path = tmp_path / "artifact"
    path.write_bytes(data)
    spec = {"row": "int", "column": "str", "rule": "str"}
    with pytest.raises(lib.Bad):
        lib.check_fields(lib.parse_jsonl(lib.read_text(path)), spec)
    with pytest.raises(lib.Bad):
        lib.convert_csv(lib.parse_csv(lib.read_text(path), tuple(spec)), spec)


def test_compare_counts_without_quoting_three_digit_numbers(lib) -> None:
    want = [{"k": n, "v": n * 7} for n in range(250)]
    got = [dict(r, v=r["v"] + 1) if r["k"] % 2 else r for r in want[:140]]
    score, problems = lib.compare(got, want, ("k",), None, "row", ordered="k")
    text = lib.detail(problems)
    assert "missing about 44% of the rows" in text and "field 'v' wrong in 70 row(s)" in text
    assert not any(len(tok) >= 3 and tok.isdigit() for tok in text.replace("(", " ").split())
    assert 0 < score < 1


def test_compare_tolerance_types_and_order(lib) -> None:
    want = [{"k": "a", "x": 1.5, "n": 2}, {"k": "b", "x": 2.0, "n": 3}]
    assert lib.compare([dict(want[0], x=1.5004), dict(want[1], x=2)], want, ("k",), {"x": 1e-3},
                       ordered="k") == (1.0, [])
    _, problems = lib.compare([dict(want[0], n=2.0), want[1]], want, ("k",), {"x": 1e-3}, ordered="k")
    assert problems == ["field 'n' wrong in 1 record(s) of 2"]  # 2.0 is not the integer 2
    _, problems = lib.compare(want[::-1], want, ("k",), ordered="k")
    assert problems == ["order: record 2 out of order (sort by k)"]


@pytest.fixture(params=sorted(MODULE_TASKS), ids=str)
def module_task(request, tmp_path) -> types.SimpleNamespace:
    rel, artifact, good, bad = MODULE_TASKS[request.param]
    task_dir = REPO / "problems" / "artifact" / rel
    return types.SimpleNamespace(
        artifact=artifact, good=good, bad=bad,
        reference=(task_dir / "grader" / "reference_output.py").read_text(encoding="utf-8"),
        grader=_load(task_dir / "grader" / "hidden.py", f"grader_{request.param}_{tmp_path.name}"))


def _grade(task, tmp_path: Path, text: str):
    out = tmp_path / "scratch" / task.artifact
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    try:
        return task.grader.grade(tmp_path / "scratch")
    finally:
        shutil.rmtree(tmp_path / "scratch")


NOISY = "import sys\nprint('RESULT', 'x' * 50)\nprint('garbage {[')\nsys.stderr.write('noise\\n')\n"


@pytest.mark.parametrize("prefix,passes,needle", [
    (NOISY, True, "all"),
    ("import time\nwhile True:\n    time.sleep(0.05)\n", False, "timed out"),
    ("import sys\nsys.stdin.read()\n", True, "all"),
    ("import socket\nsocket.create_connection(('192.0.2.1', 80), timeout=0.5)\n", False, "failed to import"),
    ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", False, "did not report"),
], ids=["prints_garbage_but_correct", "hangs", "reads_stdin", "uses_network", "kills_itself"])
def test_module_graders_survive_hostile_modules(module_task, tmp_path, monkeypatch, prefix, passes, needle):
    monkeypatch.setattr(module_task.grader, "TIMEOUT_S", 3.0)
    anchor = "from __future__ import annotations\n"
    result = _grade(module_task, tmp_path, module_task.reference.replace(anchor, anchor + prefix, 1))
    assert result.passed is passes and needle in result.detail, result.detail
    assert len(result.detail) <= 500


def test_module_graders_are_deterministic_and_score_partially(module_task, tmp_path) -> None:
    wrong = module_task.reference.replace(module_task.good, module_task.bad)
    assert wrong != module_task.reference
    first, second = _grade(module_task, tmp_path, wrong), _grade(module_task, tmp_path, wrong)
    assert first == second and not first.passed and 0.0 < first.score < 1.0
    assert json.dumps(first.detail)  # plain text, no exotic objects


def test_module_graders_reject_non_python_without_raising(module_task, tmp_path) -> None:
    for text in ("\x00\x01 not python", "def broken(:\n", "x = 1\n" * 10):
        result = _grade(module_task, tmp_path, text)
        assert not result.passed and result.score == 0.0
    assert sys.modules.get("candidate_cron") is None  # the module ran in a child, not here
