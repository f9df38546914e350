"""Task code run by `check` (grader, generator) that writes into its own or another task's dir is reported:
a FINDING in the gate that was running, or an ERROR on the task whose files another task changed."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, resolve_gates, run_checks
from artifactbench.gates.core._integrity import Contents, changes, snapshot
from artifactbench.manifest import load_task

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GOOD = FIXTURES / "checks" / "good"
GENERATED = FIXTURES / "foreign" / "sensor_means_generated"
OPTIONS = CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=20.0)


def _task(tmp_path: Path, name: str, source: Path = GOOD, grade_prefix: str = "") -> Path:
    root = tmp_path / name
    shutil.copytree(source, root)
    manifest = root / "task.yaml"
    text = manifest.read_text()
    old_id = next(line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("instance_id:"))
    manifest.write_text(text.replace(old_id, f"{old_id.rsplit('__', 1)[0]}__{name}", 1))
    if grade_prefix:
        hidden = root / "grader" / "hidden.py"
        body = "".join(f"    {line}\n" for line in grade_prefix.splitlines())
        hidden.write_text(hidden.read_text().replace("def grade(scratch_dir):\n", "def grade(scratch_dir):\n" + body, 1))
    return root


def _cases(report, name: str = "task_files"):
    return [(check.gate, case) for check in report.checks for case in check.cases if case.name == name]


def test_a_grader_that_rewrites_its_own_files_is_a_finding_in_the_gate_that_ran_it(tmp_path):
    root = _task(tmp_path, "selfedit", grade_prefix=(
        "here = Path(__file__).parent\n"
        "(here / 'hidden.py').write_text((here / 'hidden.py').read_text() + '\\n# loosened\\n')\n"
        "(here / 'planted.py').write_text('x = 1\\n')"))
    control = _task(tmp_path, "control")
    report = run_checks([load_task(root), load_task(control)], resolve_gates(["manifest", "positive"]),
                        options=OPTIONS)
    bad, good = report.tasks
    assert bad.status == "fail"
    ((gate, case),) = _cases(bad)
    assert gate == "positive" and case.status == "FINDING" and case.severity == "fail"
    assert "while the positive gate ran" in case.detail
    assert "modified grader/hidden.py" in case.detail and "added grader/planted.py" in case.detail
    assert good.status == "pass" and _cases(good) == []


def test_a_generator_that_writes_into_its_task_dir_is_a_materialize_finding(tmp_path):
    root = _task(tmp_path, "genedit", source=GENERATED)
    generator = root / "workspace" / "generator.py"
    generator.write_text(generator.read_text() + f"\nopen({str(root / 'grader' / 'hidden.py')!r}, 'a').write('\\n')\n")
    (report,) = run_checks([load_task(root)], resolve_gates(["manifest", "materialize"]), options=OPTIONS).tasks
    ((gate, case),) = _cases(report)
    assert gate == "materialize" and "modified grader/hidden.py" in case.detail
    assert report.status == "fail"


@pytest.mark.parametrize("order", ["tamperer_first", "victim_first"])
def test_a_grader_that_changes_a_sibling_task_marks_that_task_an_error(tmp_path, order):
    victim = _task(tmp_path, "victim")
    target = victim / "grader" / "reference_output.jsonl"
    tamperer = _task(tmp_path, "tamperer", grade_prefix=f"open({str(target)!r}, 'a').write('\\n')")
    tasks = [load_task(tamperer), load_task(victim)]
    if order == "victim_first":
        tasks.reverse()
    report = run_checks(tasks, resolve_gates(["manifest", "positive"]), jobs=1, options=OPTIONS)
    hurt = next(t for t in report.tasks if t.instance_id.endswith("victim"))
    assert hurt.status == "error"
    ((gate, case),) = _cases(hurt)
    assert gate == "task_files" and case.status == "ERROR"
    assert "grader/reference_output.jsonl" in case.detail
    when = "after this task's check ended" if order == "victim_first" else "before this task's check began"
    assert when in case.detail
    if order == "victim_first":  # its own result is kept next to the mark
        assert [c.gate for c in hurt.checks] == ["manifest", "positive", "task_files"]
        assert hurt.checks[1].status == "pass"


def test_the_snapshot_sees_a_rewrite_that_restores_size_and_mtime(tmp_path):
    (tmp_path / "grader").mkdir()
    file = tmp_path / "grader" / "hidden.py"
    file.write_text("TOL = 1.5\n")
    (tmp_path / "outside").write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "outside")
    before = snapshot(tmp_path)
    st = file.stat()
    file.write_text("TOL = 9e9\n")  # same size
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns))  # mtime put back: ctime still moves
    file.read_text()  # reading changes nothing
    after = snapshot(tmp_path)
    assert changes(before, after).modified == ("grader/hidden.py",)
    (tmp_path / "outside").write_text("changed")  # a link's target is not the task's file
    (tmp_path / "grader" / "hidden.py").unlink()
    found = changes(after, snapshot(tmp_path))
    assert (found.modified, found.removed) == (("outside",), ("grader/hidden.py",))
    assert not changes(snapshot(tmp_path), snapshot(tmp_path))


def test_another_link_to_a_file_is_not_a_change_to_it(tmp_path):
    """Pants links a task's input files from its store into each sandbox: other sandboxes coming and
    going move the file's ctime and link count, which is not a write. A write through any name is."""
    file = tmp_path / "reference_output.txt"
    file.write_text("a\nb\n")
    os.link(file, tmp_path.parent / f"{tmp_path.name}-other-sandbox")
    before = snapshot(tmp_path)
    os.link(file, tmp_path.parent / f"{tmp_path.name}-third-sandbox")
    os.unlink(tmp_path.parent / f"{tmp_path.name}-other-sandbox")
    assert not changes(before, snapshot(tmp_path))
    st = file.stat()
    file.write_text("a\nc\n")
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns))  # the same size and mtime: still a write...
    assert not changes(before, snapshot(tmp_path))  # ...that a shared file's ctime no longer shows
    file.write_text("a\nchanged\n")
    assert changes(before, snapshot(tmp_path)).modified == ("reference_output.txt",)


def test_a_link_made_and_gone_between_snapshots_is_settled_by_the_bytes(tmp_path):
    """One link at both snapshots, ctime moved (a sandbox linked the file and went away in between):
    the bytes as first seen decide. A same-size write with mtime put back still shows, shared or not."""
    file = tmp_path / "reference_output.txt"
    file.write_text("a\nb\n")
    before = snapshot(tmp_path)
    contents = Contents(tmp_path).remember(before)
    time.sleep(0.01)
    os.link(file, tmp_path.parent / f"{tmp_path.name}-sandbox")
    os.unlink(tmp_path.parent / f"{tmp_path.name}-sandbox")
    after = snapshot(tmp_path)
    assert after["reference_output.txt"][3] != before["reference_output.txt"][3]  # ctime moved
    assert changes(before, after).modified == ("reference_output.txt",)  # without the bytes: a write
    assert not changes(before, after, contents)
    os.link(file, tmp_path.parent / f"{tmp_path.name}-sandbox")  # shared now
    st = file.stat()
    file.write_text("a\nc\n")
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert changes(before, snapshot(tmp_path), contents).modified == ("reference_output.txt",)
    file.write_text("a\nb\n")  # the same bytes back, mtime put back: the file is as it was
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert not changes(before, snapshot(tmp_path), contents)


def test_contents_never_open_a_fifo_and_keep_to_their_budget(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "big").write_bytes(b"x" * 100)
    (tmp_path / "small").write_bytes(b"y" * 10)
    snap = snapshot(tmp_path)
    contents = Contents(tmp_path, budget=50).remember(snap)  # returns at once: the FIFO is not opened
    assert contents.same("big", snap["big"]) is None  # over the budget: not kept
    assert contents.same("small", snap["small"]) is True
    assert contents.same("pipe", snap["pipe"]) is None


def test_a_long_list_of_changes_is_capped(tmp_path):
    before = snapshot(tmp_path)
    for i in range(12):
        (tmp_path / f"f{i:02}").write_text("x")
    text = changes(before, snapshot(tmp_path)).describe()
    assert text == "added f00, f01, f02, f03, f04 (+7 more)"


def test_with_linked_task_files_a_re_moded_file_of_the_same_bytes_is_unchanged(tmp_path):
    """Under Pants a shared store file may be re-moded or re-linked between two snapshots: with the
    bytes kept, only a change of bytes is a write; without them the finding names what moved."""
    file = tmp_path / "reference_output.txt"
    file.write_text("a\nb\n")
    before = snapshot(tmp_path)
    contents = Contents(tmp_path).remember(before)
    file.chmod(0o444)
    after = snapshot(tmp_path)
    assert not changes(before, after, contents)
    found = changes(before, after)
    assert found.modified == ("reference_output.txt",) and "mode" in found.describe()
    file.chmod(0o644)
    file.write_text("a\nc\n")
    assert changes(before, snapshot(tmp_path), contents).modified == ("reference_output.txt",)
