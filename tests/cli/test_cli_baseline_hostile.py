"""Hostile --baseline and --write-baseline paths (and the other report paths): one line, exit 2, before
any task is checked; a FIFO or device is never opened and never replaced. Device nodes are private ones
made here with mknod (a clone of /dev/null), never a real one under /dev."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from artifactbench.cli import main

GOOD = str(Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good")


def _cli(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(os.path.abspath(p) for p in sys.path if p)}
    return subprocess.run([sys.executable, "-m", "artifactbench", *argv], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=120)


def _null_clone(tmp_path: Path) -> Path:
    node = tmp_path / "nulldev"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # what /dev/null is
    except PermissionError:
        pytest.skip("this machine does not let the tests create device nodes")
    return node


def _one_error(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("artifactbench: error: "), err
    return lines[0]


@pytest.mark.parametrize("content, says", [
    ("[" * 100_000 + "]" * 100_000, "JSON nested too deeply"),
    ('{"kind": "check-baseline", "version": 1, "findings": 7}', "findings=7: must be a list"),
    ('{"kind": "check-baseline", "version": 1, "findings": [' + "1" * 5000 + "]}", "cannot read the baseline"),
], ids=["deep_json", "findings_not_a_list", "huge_int"])
def test_a_baseline_that_is_not_one_is_one_line(tmp_path, capsys, content, says):
    baseline = tmp_path / "baseline.json"
    baseline.write_text(content)
    code = main(["check", GOOD, "--gates", "manifest", "--baseline", str(baseline)])
    assert code == 2 and says in _one_error(capsys.readouterr().err)


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_baseline_that_is_a_fifo_or_device_is_never_opened(tmp_path, kind):
    path = tmp_path / "fifo"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path = _null_clone(tmp_path)
    started = time.monotonic()
    result = _cli("check", GOOD, "--gates", "manifest", "--baseline", str(path), cwd=tmp_path)
    assert result.returncode == 2 and time.monotonic() - started < 60
    assert "never opened" in _one_error(result.stderr)


@pytest.mark.parametrize("flag", ["--write-baseline", "--json-out", "--junit-xml", "--html"])
@pytest.mark.parametrize("target", ["folder", "under_a_file", "fifo", "device"])
def test_a_report_path_that_cannot_be_written_is_refused_before_the_run(tmp_path, capsys, flag, target):
    (tmp_path / "folder").mkdir()
    (tmp_path / "afile").write_text("x\n")
    os.mkfifo(tmp_path / "fifo")
    path = {"folder": tmp_path / "folder", "under_a_file": tmp_path / "afile" / "x.json",
            "fifo": tmp_path / "fifo", "device": None}[target] or _null_clone(tmp_path)
    before = os.lstat(path).st_mode if os.path.lexists(path) else None
    started = time.monotonic()
    code = main(["check", GOOD, flag, str(path)])  # every default gate: refused before any of them
    out, err = capsys.readouterr()
    assert code == 2 and time.monotonic() - started < 10, err
    line = _one_error(err)
    assert flag in line and ("is not a folder" in line or "never replaced" in line), line
    assert "PASS" not in out + err  # no task was checked
    if before is not None:
        assert os.lstat(path).st_mode == before  # the folder, FIFO or device node is still what it was
