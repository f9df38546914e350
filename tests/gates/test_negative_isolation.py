"""grader/negative_cases.py is task-author code: it is imported, and its mutate functions run, in a
child process, so whatever it does (exit, print, hang, close our stdout, return a hostile str) is a
one-line error of the negative gate, never the checker's exit, hang or a corrupted report."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.gates.spec import _negative
from artifactbench.manifest import load_task

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
OPTIONS = CheckOptions(grader_timeout_s=3.0, generator_timeout_s=20.0, verifier_timeout_s=10.0)
HEAD = "from swebench.artifact_negative import NegativeCase\n"
FINE = "def fine(t):\n    return t + '\\n{\"extra\": 1}\\n'\n"


def _negative_gate(tmp_path: Path, module: str):
    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    (root / "grader" / "negative_cases.py").write_text(module)
    report = check_task(load_task(root), resolve_gates(["negative"]), OPTIONS)
    (check,) = report.checks
    return check


@pytest.mark.parametrize("module, expected", [
    ("import os\nos._exit(0)\n", "exited with status 0 before NEGATIVE_CASES was read"),
    ("import sys\nsys.exit(4)\n", "import failed: SystemExit: 4"),
    ("raise ValueError('boom')\n", "import failed: ValueError: boom"),
    ("NEGATIVE_CASES = 3\n", "must be a list of NegativeCase"),
])
def test_a_module_that_cannot_load_is_one_error_line(tmp_path, module, expected):
    check = _negative_gate(tmp_path, module)
    assert check.status == "error" and expected in check.summary, check.summary
    assert "\n" not in check.summary and "negative_cases.py" in check.summary


def test_printing_or_closing_stdout_at_import_does_not_touch_the_checker(tmp_path, capfd):
    module = HEAD + "import os\nprint('{not json')\nos.close(1)\n" + FINE + \
        "NEGATIVE_CASES = [NegativeCase(name='extra_row', mutate=fine)]\n"
    check = _negative_gate(tmp_path, module)
    out, _ = capfd.readouterr()
    assert "{not json" not in out
    assert [c.name for c in check.cases] == ["extra_row"] and check.status in ("pass", "fail", "warn")
    print(json.dumps({"still": "writable"}))  # our stdout is still open
    assert json.loads(capfd.readouterr().out) == {"still": "writable"}


def test_a_hanging_mutate_costs_one_bounded_wait_and_keeps_the_other_cases(tmp_path, monkeypatch):
    monkeypatch.setattr(_negative, "MODULE_TIMEOUT_FLOOR_S", 2.0)
    module = HEAD + FINE + "import time\ndef hang(t):\n    while True:\n        time.sleep(1)\n" + \
        "NEGATIVE_CASES = [NegativeCase(name='first', mutate=fine), NegativeCase(name='stuck', mutate=hang), " \
        "NegativeCase(name='after', mutate=fine)]\n"
    started = time.monotonic()
    check = _negative_gate(tmp_path, module)
    assert time.monotonic() - started < 15
    cases = {c.name: c for c in check.cases}
    assert cases["first"].status != "ERROR"
    assert cases["stuck"].status == "ERROR" and "did not return within the 3s" in cases["stuck"].detail
    assert cases["after"].status == "ERROR" and "not run" in cases["after"].detail


def test_mutate_failures_are_recorded_per_case(tmp_path):
    module = HEAD + FINE + (
        "class Evil(str):\n    def __eq__(self, other):\n        raise SystemExit(4)\n    __hash__ = str.__hash__\n"
        "def evil(t):\n    return Evil(t + ' ')\n"
        "def number(t):\n    return 7\n"
        "def leave(t):\n    raise SystemExit(9)\n"
        "def lone(t):\n    return t + '\\ud800'\n"
        "NEGATIVE_CASES = [NegativeCase(name='evil', mutate=evil), NegativeCase(name='number', mutate=number), "
        "NegativeCase(name='leave', mutate=leave), NegativeCase(name='lone', mutate=lone), "
        "NegativeCase(name='last', mutate=fine)]\n")
    check = _negative_gate(tmp_path, module)
    cases = {c.name: c for c in check.cases}
    assert cases["evil"].status != "ERROR", cases["evil"].detail  # a plain str copy was graded
    assert cases["number"].status == "ERROR" and "mutate returned int, not str" in cases["number"].detail
    assert cases["leave"].status == "ERROR" and "mutate raised SystemExit: 9" in cases["leave"].detail
    # (a lone surrogate has no UTF-8 bytes: that case's error, not an internal error of the gate)
    assert cases["lone"].status == "ERROR" and "cannot be written as UTF-8" in cases["lone"].detail
    assert cases["last"].status != "ERROR"


FORGE = "import os, sys, json\n_out = sys.argv[3]\n"


@pytest.mark.parametrize("forgery, expected", [
    ('open(_out, "w").write(json.dumps({"cases": []}) + "\\n")\nos._exit(0)\n', "malformed (no cases)"),
    ('open(_out, "w").write(json.dumps({"cases": [{"default": None}]}) + "\\n")\nos._exit(0)\n',
     "missing or wrong-typed field"),
    ('open(_out, "w").write(json.dumps({"cases": [1]}) + "\\n")\nos._exit(0)\n', "entry 0 is not an object"),
    ('os.unlink(_out)\nos.mkfifo(_out)\nos._exit(0)\n', "before NEGATIVE_CASES was read"),
])
def test_a_module_that_forges_its_own_results_gets_one_error_line(tmp_path, forgery, expected):
    """The module runs in the process that reports for it, so it can write that report itself: what it
    wrote is read only from a regular file and checked, and a forgery is one load error, never a PASS,
    an internal error or a hang (a FIFO in its place hung the checker before)."""
    started = time.monotonic()
    check = _negative_gate(tmp_path, FORGE + forgery)
    assert time.monotonic() - started < 30
    assert check.status == "error" and expected in check.summary, check.summary
