"""`check --sandbox bwrap`: a task's grader sessions run in bubblewrap, so a hostile grader can neither
rewrite its own task, nor touch a sibling task, nor signal the checker; the gates still work (the
grader's folder read-only, its case dirs read-write, agent code in a nested sandbox)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from artifactbench._sandbox import find_bwrap
from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.manifest import load_task

pytestmark = pytest.mark.skipif(find_bwrap() is None, reason="bubblewrap is not installed")

ROOT = Path(__file__).resolve().parents[2]
GOOD = ROOT / "tests" / "fixtures" / "checks" / "good"
SANDBOXED = CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=10.0,
                         fuzz_examples=8, fuzz_seconds=4.0, sandbox="bwrap")
REWRITE = ("    import pathlib as _pl\n    _me = _pl.Path(__file__)\n"
           "    _me.write_text(_me.read_text() + '\\n# loosened\\n')\n")
KILL_ALL = ("    import os as _os, signal as _sg\n"
            "    for _p in _os.listdir('/proc'):\n"
            "        if _p.isdigit() and int(_p) != _os.getpid():\n"
            "            try:\n                _os.kill(int(_p), _sg.SIGKILL)\n"
            "            except OSError:\n                pass\n")


def _task(tmp_path: Path, name: str, body: str = "") -> Path:
    root = tmp_path / name
    shutil.copytree(GOOD, root)
    grader = root / "grader" / "hidden.py"
    text = grader.read_text()
    if body:
        anchor = '    path = Path(scratch_dir) / "output" / "p95.jsonl"\n'
        assert anchor in text
        text = text.replace(anchor, body + anchor, 1)
    grader.write_text(text)
    manifest = root / "task.yaml"
    manifest.write_text(manifest.read_text().replace("instance_id: data_processing__", f"instance_id: data_processing__{name}_", 1))
    return root


def test_a_sound_task_passes_every_default_gate_in_the_sandbox(tmp_path):
    report = check_task(load_task(_task(tmp_path, "sound")), resolve_gates(None), SANDBOXED)
    assert report.status == "pass", [(c.gate, c.summary) for c in report.checks if c.status != "pass"]


def test_a_grader_cannot_rewrite_its_own_task(tmp_path):
    root = _task(tmp_path, "rewrite", REWRITE)
    before = (root / "grader" / "hidden.py").read_bytes()
    report = check_task(load_task(root), resolve_gates(["positive"]), SANDBOXED)
    assert (root / "grader" / "hidden.py").read_bytes() == before
    (positive,) = report.checks
    assert positive.status != "pass" and "Read-only file system" in positive.summary + json.dumps([c.detail for c in positive.cases])


def test_a_grader_that_kills_every_process_it_sees_does_not_reach_the_checker(tmp_path):
    corpus = tmp_path / "corpus"
    _task(corpus, "killer", KILL_ALL)
    _task(corpus, "bystander")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    run = subprocess.run([sys.executable, "-m", "artifactbench", "check", str(corpus), "--gates", "positive,negative",
                          "--sandbox", "bwrap", "--grader-timeout", "10", "--json"],
                         cwd=tmp_path, env=env, capture_output=True, timeout=300)
    assert run.returncode in (0, 1), run.stderr.decode()[-2000:]
    report = json.loads(run.stdout)
    status = {t["instance_id"].split("__")[1].split("_")[0]: t["status"] for t in report["tasks"]}
    assert status["bystander"] == "pass" and status["killer"] != "pass", status


def test_the_cli_refuses_bwrap_it_cannot_find(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PATH": str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "artifactbench", "check", str(GOOD), "--sandbox", "bwrap"],
                         cwd=tmp_path, env=env, capture_output=True, timeout=120)
    assert run.returncode == 2 and b"bubblewrap" in run.stderr and b"Traceback" not in run.stderr


GENERATED = ROOT / "tests" / "fixtures" / "foreign" / "sensor_means_generated"


def test_a_generator_and_a_verifier_see_only_what_they_need(tmp_path):
    """The generator sees its own folder (read-only) and the dir it fills; the verifier the case dirs.
    Neither can write the task: a write into grader/ fails, and the task's files stay as they were."""
    gen_root = tmp_path / "gen"
    shutil.copytree(GENERATED, gen_root)
    generator = gen_root / "workspace" / "generator.py"
    generator.write_text("import pathlib as _pl\n_g = _pl.Path(__file__).resolve().parents[1] / 'grader' / 'hidden.py'\n"
                         "try:\n    _g.write_text(_g.read_text() + '# loosened')\nexcept OSError as _e:\n"
                         "    print('blocked:', type(_e).__name__)\n" + generator.read_text())
    before = (gen_root / "grader" / "hidden.py").read_bytes()
    report = check_task(load_task(gen_root), resolve_gates(["materialize", "positive"]), SANDBOXED)
    assert (gen_root / "grader" / "hidden.py").read_bytes() == before
    assert report.status == "pass", [(c.gate, c.summary) for c in report.checks]

    ver_root = _task(tmp_path, "verifier")
    verify = ver_root / "workspace" / "verify.py"
    verify.write_text("import pathlib as _pl\n_g = _pl.Path(__file__).resolve()\n"
                      f"_t = _pl.Path({str(ver_root / 'grader' / 'hidden.py')!r})\n"
                      "try:\n    _t.write_text('# gone')\nexcept OSError:\n    pass\n" + verify.read_text())
    before = (ver_root / "grader" / "hidden.py").read_bytes()
    report = check_task(load_task(ver_root), resolve_gates(["verifier", "verifier_consistency"]), SANDBOXED)
    assert (ver_root / "grader" / "hidden.py").read_bytes() == before
    assert all(c.status in ("pass", "warn") for c in report.checks), [(c.gate, c.summary) for c in report.checks]
