"""The safety caps on a materialized tree: files and folders counted, bytes per file and in all. A
generator is held to them while it runs (stopped at once, its whole group killed), a fast one is never
slowed down, and what workspace/ ships is counted before anything is copied."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from artifactbench.errors import WorkspaceLimitError
from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.manifest import load_task
from artifactbench.workspace import _generator, _materialize, materialize

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
HEAD = "import os, sys, time\nout = sys.argv[sys.argv.index('--output-dir') + 1]\n"
GENERATORS = {
    # Tiny files without end: only a cap enforced while it runs stops it before the timeout.
    "endless_files": "i = 0\nwhile True:\n    open(os.path.join(out, f'f{i}'), 'w').close()\n    i += 1\n",
    "endless_folders": "i = 0\nwhile True:\n    os.mkdir(os.path.join(out, f'd{i}'))\n    i += 1\n",
    # Sparse files: their size counts, no disk is used. Then it would wait for the timeout.
    "one_huge_file": "open(os.path.join(out, 'big.bin'), 'wb').truncate(300 * 1024 * 1024)\ntime.sleep(60)\n",
    "huge_in_all": ("for i in range(3):\n"
                    "    open(os.path.join(out, f'part{i}.bin'), 'wb').truncate(200 * 1024 * 1024)\n"
                    "time.sleep(60)\n"),
    "fast_many": "for i in range(100):\n    open(os.path.join(out, f'f{i}'), 'w').close()\n",
    "fast_few": "open(os.path.join(out, 'data.txt'), 'w').write('ok')\n",
}


def make_task(tmp_path: Path, generator: str) -> Path:
    root = tmp_path / generator
    shutil.copytree(GOOD, root)
    (root / "workspace" / "gen.py").write_text(HEAD + GENERATORS[generator])
    manifest = root / "task.yaml"
    manifest.write_text(manifest.read_text().replace("__chk_good", f"__chk_{generator}", 1)
                        + "workspace_generator: workspace/gen.py\n")
    return root


@pytest.mark.parametrize("generator, unit, says", [
    ("endless_files", "entries", "more than 2000 files and folders"),
    ("endless_folders", "entries", "more than 2000 files and folders"),
    ("one_huge_file", "bytes", "big.bin: 314572800 bytes is over the 268435456-byte limit per generated file"),
    ("huge_in_all", "bytes", "over the 536870912-byte limit for the whole tree"),
])
def test_a_generator_over_a_cap_is_stopped_while_it_runs(tmp_path, monkeypatch, generator, unit, says):
    monkeypatch.setattr(_materialize, "MAX_ENTRIES", 2000)
    task = load_task(make_task(tmp_path, generator))
    dest = tmp_path / "dest"
    started = time.monotonic()
    with pytest.raises(WorkspaceLimitError) as info:
        materialize(task, dest, generator_timeout_s=60.0)
    assert time.monotonic() - started < 30  # not the 60 s timeout (nor the 60 s sleep)
    exc = info.value
    assert exc.stopped and exc.unit == unit
    assert "workspace_generator='workspace/gen.py': stopped while it ran" in str(exc) and says in str(exc)
    assert not dest.exists()


def test_the_materialize_gate_names_the_generator_and_the_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(_materialize, "MAX_ENTRIES", 2000)
    options = CheckOptions(grader_timeout_s=5.0, generator_timeout_s=60.0)
    report = check_task(load_task(make_task(tmp_path, "endless_files")), resolve_gates(["materialize"]), options)
    (check,) = report.checks
    assert check.status == "fail" and [c.name for c in check.cases] == ["file_count"]
    assert check.summary.startswith("workspace_generator='workspace/gen.py': stopped while it ran: ")
    assert "more than 2000 files and folders" in check.summary and "\n" not in check.summary


def test_a_fast_generator_is_not_kept_waiting_for_a_look(tmp_path, monkeypatch):
    monkeypatch.setattr(_generator, "_FIRST_LOOK_S", 30.0)  # a watch that slept would cost 30 s here
    task = load_task(make_task(tmp_path, "fast_few"))
    started = time.monotonic()
    done = materialize(task, tmp_path / "dest")
    assert time.monotonic() - started < 10 and "data.txt" in done.files


def test_a_generator_done_before_the_first_look_is_counted_after_it_exits(tmp_path, monkeypatch):
    monkeypatch.setattr(_generator, "_FIRST_LOOK_S", 30.0)
    monkeypatch.setattr(_materialize, "MAX_ENTRIES", 50)
    with pytest.raises(WorkspaceLimitError, match=r"workspace_generator='workspace/gen.py' wrote\) holds more "
                                                  r"than 50 files and folders") as info:
        materialize(load_task(make_task(tmp_path, "fast_many")), tmp_path / "dest")
    assert info.value.unit == "entries" and not info.value.stopped


def test_what_workspace_ships_is_counted_before_it_is_copied(tmp_path, monkeypatch):
    monkeypatch.setattr(_materialize, "MAX_ENTRIES", 50)
    root = tmp_path / "many"
    shutil.copytree(GOOD, root)
    for i in range(60):
        (root / "workspace" / f"f{i}.txt").write_text(str(i))
    copied = []
    monkeypatch.setattr(_materialize.shutil, "copy2", lambda *a, **k: copied.append(a))
    with pytest.raises(WorkspaceLimitError, match="workspace/ ships more than 50 files and folders"):
        materialize(load_task(root), tmp_path / "dest")
    assert copied == []
