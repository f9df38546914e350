"""Repros of an outside attack on `check` (2026-12-07): graders and outputs that broke the checker's own promises."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import psutil

from artifactbench.cli import main
from artifactbench.grading._child import check_shape

FIXTURE = Path(__file__).parents[1] / "fixtures" / "foreign" / "gauge_levels_keyed"
SRC = Path(__file__).parents[2] / "src"


def _task(tmp_path: Path, name: str, before: str = "", after: str = "") -> Path:
    """The sound fixture task under a new id, with `before` put at the top of its grader and `after` at the end."""
    root = tmp_path / name
    shutil.copytree(FIXTURE, root)
    manifest = root / "task.yaml"
    manifest.write_text("\n".join(f"instance_id: data_processing__{name}" if line.startswith("instance_id:") else line
                                  for line in manifest.read_text().splitlines()) + "\n")
    grader = root / "grader" / "hidden.py"
    grader.write_text(before + grader.read_text() + after)
    return root


def _check(*args: str) -> tuple[int, str]:
    proc = subprocess.run([sys.executable, "-m", "artifactbench", "check", "-j", "1", *args], capture_output=True,
                          text=True, env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}, timeout=600)
    return proc.returncode, proc.stdout + proc.stderr


def test_a_grader_that_patches_json_or_ignores_sigchld_at_import(tmp_path):
    # (json.dumps with indent=2 broke the server's line protocol: "internal error" on six gates; SIGCHLD ignored made
    # every forked case a crash: determinism and ten no_raise findings for a correct grader)
    patched = _task(tmp_path, "patched", "import json as _j, functools as _f\n_j.dumps = _f.partial(_j.dumps, indent=2)\n")
    ignoring = _task(tmp_path, "ignoring", "import signal as _s\n_s.signal(_s.SIGCHLD, _s.SIG_IGN)\n")
    code, out = _check(str(patched), str(ignoring))
    assert code == 0 and "2 passed" in out, out


def test_a_helper_in_a_session_of_its_own_with_a_clean_env_ends_with_the_check(tmp_path):
    marker = f"{time.time_ns() % 10**9}"
    spawn = (f"\nimport subprocess as _sp\n_orig = grade\ndef grade(s):\n"
             f"    _sp.Popen(['sleep', '30{marker}'], env={{'PATH': '/usr/bin:/bin'}}, start_new_session=True,\n"
             f"              stdout=_sp.DEVNULL, stderr=_sp.DEVNULL)\n    return _orig(s)\n")
    root = _task(tmp_path, "helper", after=spawn)
    try:
        code, out = _check("--gates", "positive,negative,contract", str(root))
        assert code == 0, out
        time.sleep(0.5)
        left = [p for p in psutil.process_iter(["cmdline"]) if p.info["cmdline"] == ["sleep", f"30{marker}"]]
        assert not left, f"{len(left)} helper(s) outlived the check"
    finally:
        for p in psutil.process_iter(["cmdline"]):
            if p.info["cmdline"] == ["sleep", f"30{marker}"]:
                p.kill()


def test_control_characters_in_a_detail_keep_reports_well_formed(tmp_path):
    raising = ("\n_orig = grade\ndef grade(s):\n    r = _orig(s)\n    if not r.passed:\n"
               "        raise ValueError('boom\\x00\\x1b[31m\\ufffe\\uffff')\n    return r\n")
    root = _task(tmp_path, "ctrl", after=raising)
    junit, html = tmp_path / "j.xml", tmp_path / "h.html"
    _check("--gates", "positive,negative,contract", "--junit-xml", str(junit), "--html", str(html), str(root))
    ET.parse(junit)  # (U+FFFE made it unreadable)
    data = html.read_bytes()
    assert b"\x00" not in data and b"\x1b" not in data and "\ufffe".encode() not in data


def test_a_str_subclass_cannot_hide_a_long_detail():
    class Short(str):
        def __len__(self) -> int:
            return 5

    class Result:
        passed, score, detail = False, 0.0, Short("x" * 3000)
    assert check_shape(Result())["kind"] == "bad_shape"


def test_an_output_inside_a_task_is_refused(tmp_path, capsys):
    root = _task(tmp_path, "own")
    target = root / "grader" / "expected.json"
    before = target.read_bytes()
    assert main(["check", "--write-baseline", str(target), str(root)]) == 2
    assert "inside the task" in capsys.readouterr().err
    assert target.read_bytes() == before


def test_a_grader_waiting_on_a_thread_of_its_import_says_why_it_hangs(tmp_path):
    pool = ("\nfrom concurrent.futures import ThreadPoolExecutor as _TPE\n_POOL = _TPE(2)\n_POOL.submit(lambda: 1).result()\n"
            "_orig = grade\ndef grade(s):\n    return _POOL.submit(_orig, s).result()\n")
    root = _task(tmp_path, "pool", after=pool)
    code, out = _check("--grader-timeout", "2", "--gates", "positive", str(root))
    assert code != 0 and "thread(s) at import" in out and "ThreadPoolExecutor" in out, out


def test_reading_a_long_prompt_is_linear():
    # (a 120 KB prompt of "any order of the rows is fine" took 67 s of fuzz setup: each clause was read from the
    # sentence's start); the figure lives here as a ratio, not a time: 4x the text, well under 16x the work
    from artifactbench.gates.core._prompt import _order_clauses
    calls = []

    import artifactbench.gates.core._prompt as prompt_module
    original = prompt_module._INSIDE

    class Counting:
        def search(self, text: str):
            calls.append(len(text))
            return original.search(text)
    prompt_module._INSIDE = Counting()
    try:
        _order_clauses("any order of the rows is fine " * 4000)
    finally:
        prompt_module._INSIDE = original
    assert max(calls) <= 700  # (each clause read back at most 600 characters before its match)
