"""A structural verifier that hangs or dies: one root cause reported once, in bounded time, in one line
that names the file. A verify() that hung cost a fixed 30 s, paid again in verifier_consistency (61 s at
--grader-timeout 3); one killed by SIGSEGV printed its raw stderr and named neither file nor signal."""

from __future__ import annotations

import argparse
import shutil
import time
from pathlib import Path

import pytest

from artifactbench.cli._commands import _options
from artifactbench.cli._output import detail_lines
from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.manifest import load_task

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
TIMEOUT_S = 2.0
OPTIONS = CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=TIMEOUT_S,
                       fuzz_examples=8, fuzz_seconds=3.0)
VERIFIERS = {
    "hangs": "import time\n\ndef verify(path):\n    while True:\n        time.sleep(1)\n",
    "hangs_at_import": "import time\nwhile True:\n    time.sleep(1)\n\ndef verify(path):\n    pass\n",
    "segfaults": ("import os, signal\n\ndef verify(path):\n    os.write(2, b'\\x1b[2J\\x1b]0;pwned\\x07')\n"
                  "    os.kill(os.getpid(), signal.SIGSEGV)\n"),
}


def _task(tmp_path: Path, verifier: str) -> Path:
    root = tmp_path / verifier
    shutil.copytree(GOOD, root)
    (root / "workspace" / "verify.py").write_text(VERIFIERS[verifier])
    return root


@pytest.mark.parametrize("verifier", ["hangs", "hangs_at_import"])
def test_a_hanging_verifier_costs_one_timeout_and_is_reported_once(tmp_path, verifier):
    started = time.monotonic()
    report = check_task(load_task(_task(tmp_path, verifier)),
                        resolve_gates(["verifier", "verifier_consistency"]), OPTIONS)
    elapsed = time.monotonic() - started
    checks = {c.gate: c for c in report.checks}
    assert checks["verifier"].status == "error", checks["verifier"]
    assert checks["verifier"].summary == "verify.py: verify() did not finish within 2s on the reference output"
    assert checks["verifier_consistency"].status == "skip"
    assert "not run: verify.py: verify() did not finish" in checks["verifier_consistency"].summary
    assert elapsed < 2 * TIMEOUT_S + 4, elapsed  # one timeout, never two, plus the task's own setup


def test_a_verifier_killed_by_a_signal_is_named_with_the_signal(tmp_path):
    report = check_task(load_task(_task(tmp_path, "segfaults")), resolve_gates(["verifier"]), OPTIONS)
    summary = report.checks[-1].summary
    assert report.checks[-1].status == "fail"
    assert summary.startswith("verify.py: the verifier was killed by SIGSEGV"), summary
    shown = "\n".join(detail_lines(report))  # what the terminal gets: escaped, on one line
    assert "\x1b" not in shown and "\x07" not in shown and "(stderr: \\x1b[2J\\x1b]0;pwned\\x07)" in shown, shown


@pytest.mark.parametrize("grader_timeout, verifier_timeout", [(3.0, 3.0), (60.0, 30.0), (600.0, 30.0)])
def test_the_cli_gives_the_verifier_at_most_the_grader_timeout(grader_timeout, verifier_timeout):
    args = argparse.Namespace(grader_timeout=grader_timeout, generator_timeout=120.0)
    assert _options(args).verifier_timeout_s == verifier_timeout


# verify() runs in the batch process that writes the verdicts file: what it leaves there is input too.
_STRUCTURAL = ('import json\nfrom pathlib import Path\n\ndef verify(path):\n'
               '    for line in Path(path).read_text(encoding="utf-8").splitlines():\n'
               '        if line.strip():\n'
               '            assert set(json.loads(line)) == {"endpoint", "p95"}, "row keys"\n')
LEFT_BEHIND = {
    "wrong_shape": "open(sys.argv[3], 'w').write(json.dumps([[1, 2, 3]] * (len(sys.argv) - 4)))",
    "huge": "open(sys.argv[3], 'w').write('[' + ' ' * 40_000_000 + ']')",
    "fifo": "os.remove(sys.argv[3]); os.mkfifo(sys.argv[3])",
}


@pytest.mark.parametrize("left", sorted(LEFT_BEHIND))
def test_what_verify_leaves_in_the_verdicts_file_is_not_trusted(tmp_path, left):
    root = tmp_path / left
    shutil.copytree(GOOD, root)
    (root / "workspace" / "verify.py").write_text(
        "import atexit, json, os, sys\n" + _STRUCTURAL + f"atexit.register(lambda: {LEFT_BEHIND[left]})\n")
    started = time.monotonic()
    report = check_task(load_task(root), resolve_gates(["verifier", "verifier_consistency"]), OPTIONS)
    check = {c.gate: c for c in report.checks}["verifier_consistency"]
    # the batch's verdicts are refused, so each candidate is verified in a process of its own
    assert check.status in ("pass", "warn", "fail") and "internal error" not in check.summary, check
    assert check.cases and all(len(c.detail) < 2000 for c in check.cases)
    assert time.monotonic() - started < 60
