"""Something standing where the agent must write output_artifact (a folder, a link, a FIFO, a file where a
folder is needed), shipped in workspace/ or made by the generator: one finding in `materialize` naming
the file and the field; every later workspace gate is skipped with a pointer to it, none crashes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.manifest import load_task
from artifactbench.workspace import materialize
from artifactbench.errors import OutputPathError

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"
OPTIONS = CheckOptions(grader_timeout_s=5.0, generator_timeout_s=20.0, verifier_timeout_s=20.0,
                       fuzz_examples=4, fuzz_seconds=2.0)


def _ship_dir(ws: Path) -> None:
    (ws / "output" / "p95.jsonl").mkdir(parents=True)
    (ws / "output" / "p95.jsonl" / "part-0").write_text("{}\n")


def _ship_link(ws: Path) -> None:
    (ws / "output").mkdir()
    os.symlink("../access.log", ws / "output" / "p95.jsonl")


def _ship_parent_file(ws: Path) -> None:
    (ws / "output").write_text("not a folder\n")


GENERATED = {
    "generated_dir": "os.makedirs(os.path.join(out, 'output', 'p95.jsonl', 'x'))",
    "generated_fifo": "os.makedirs(os.path.join(out, 'output')); os.mkfifo(os.path.join(out, 'output', 'p95.jsonl'))",
}
SHIPPED = {"shipped_dir": _ship_dir, "shipped_link": _ship_link, "shipped_parent_file": _ship_parent_file}
WHAT = {"shipped_dir": "a folder", "shipped_link": "a symlink", "shipped_parent_file": "a file",
        "generated_dir": "a folder", "generated_fifo": "a FIFO"}


def make_task(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    shutil.copytree(GOOD, root)
    manifest = root / "task.yaml"
    text = manifest.read_text().replace("__chk_good", f"__chk_{name}", 1)
    if name in GENERATED:
        (root / "workspace" / "gen.py").write_text(
            "import os, sys\nout = sys.argv[sys.argv.index('--output-dir') + 1]\n" + GENERATED[name] + "\n")
        text += "workspace_generator: workspace/gen.py\n"
    else:
        SHIPPED[name](root / "workspace")
    manifest.write_text(text)
    return root


@pytest.mark.parametrize("name", [*SHIPPED, *GENERATED])
def test_something_at_the_output_path_is_one_finding_and_the_rest_skip(tmp_path, name):
    report = check_task(load_task(make_task(tmp_path, name)), resolve_gates(None), OPTIONS)
    checks = {c.gate: c for c in report.checks}
    where = "workspace/output" if name == "shipped_parent_file" else "workspace/output/p95.jsonl"
    mat = checks["materialize"]
    assert mat.status == "fail", (mat.status, mat.summary)
    (case,) = mat.cases
    assert case.name == "output_artifact" and case.status == "FINDING"
    assert case.detail.startswith(f"{where}: is {WHAT[name]}") and "output_artifact='output/p95.jsonl'" in case.detail
    if name in GENERATED:
        assert "workspace_generator='workspace/gen.py'" in case.detail
    later = [g for g in checks if g not in ("manifest", "materialize", "leaks")]
    assert later and all(checks[g].status == "skip" and "see materialize: workspace/" in checks[g].summary
                         for g in later), {g: checks[g].summary for g in later}
    assert not any("internal error" in c.summary or "\n" in c.summary for c in report.checks)


def test_materialize_refuses_it_too_and_leaves_no_folder(tmp_path):
    task = load_task(make_task(tmp_path, "generated_dir"))
    dest = tmp_path / "dest"
    with pytest.raises(OutputPathError) as info:
        materialize(task, dest)
    assert info.value.path == "workspace/output/p95.jsonl"
    assert not dest.exists()


def test_a_regular_file_at_the_output_path_is_fine(tmp_path):
    root = tmp_path / "repair"
    shutil.copytree(GOOD, root)
    (root / "workspace" / "output").mkdir()
    (root / "workspace" / "output" / "p95.jsonl").write_text("{}\n")
    assert "output/p95.jsonl" in materialize(load_task(root), tmp_path / "dest").files
