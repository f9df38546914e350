"""read_only holds when one scratch serves many gradings: a write that keeps size and times still shows."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, TaskContext
from artifactbench.gates.contract import _contract, contract_gate
from artifactbench.manifest import load_task

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "assurance" / "writes_scratch"

WRITES = {
    # the input rewritten with bytes of the same length, its times put back as they were
    "same_size_old_times": '''
    import os
    p = Path(scratch_dir) / "requests.csv"
    info = os.stat(p)
    data = p.read_bytes()
    p.write_bytes(data[:-2] + (b"9" if data[-2:-1] != b"9" else b"8") + data[-1:])
    os.utime(p, ns=(info.st_atime_ns, info.st_mtime_ns))
''',
    # only a mutant (not the reference) makes it write: the scratch held over from the reference
    "only_on_a_mutant": '''
    if "count" in (Path(scratch_dir) / "output" / "stats.jsonl").read_text() and not (
            Path(scratch_dir) / "output" / "stats.jsonl").read_text().endswith("}\\n"):
        (Path(scratch_dir) / "later.txt").write_text("x")
''',
    "removes_the_input": '''
    (Path(scratch_dir) / "requests.csv").unlink()
''',
}


@pytest.mark.parametrize("coarse", [False, True], ids=["fine_times", "coarse_times"])
@pytest.mark.parametrize("name", sorted(WRITES))
def test_read_only_sees_the_write(tmp_path, monkeypatch, name, coarse):
    if coarse:
        # Time stamps that do not move within one grading (ext4 before Linux 6.13: a jiffy; a process
        # a grading left, writing through a mapping whose page it dirtied): only the files show it.
        real = _contract._tree_stats
        monkeypatch.setattr(_contract, "_tree_stats", lambda root: {
            rel: (mode, size, ino) for rel, (mode, size, _m, _c, ino) in real(root).items()})
    task_dir = tmp_path / "task"
    shutil.copytree(FIXTURE, task_dir)
    hidden = task_dir / "grader" / "hidden.py"
    source = hidden.read_text()
    source = source.replace('    (Path(scratch_dir) / ".grade_cache").write_text("graded\\n")\n',
                            WRITES[name].lstrip("\n").replace("\n    ", "\n    ").rstrip() + "\n")
    source = source.replace("import json\n", "import json\nimport os\n")
    hidden.write_text(source)
    read_only = _read_only_case(task_dir)
    assert read_only.status == "FINDING", read_only


def _read_only_case(task_dir):  # -> CaseResult
    """The contract gate's read_only case for the task at `task_dir`."""
    ctx = TaskContext(load_task(task_dir), CheckOptions(grader_timeout_s=10.0))
    try:
        result = contract_gate(ctx, mutants=3)
    finally:
        ctx.close()
    return next(c for c in result.cases if c.name == "read_only")


# Its verdict of an artifact remembered in the scratch where the digest does not look (an empty folder
# named after it), a grader whose detail follows PYTHONHASHSEED gives every seed the first one's.
REMEMBERS = '''

def grade(scratch_dir):
    import hashlib
    key = hashlib.sha256((Path(scratch_dir) / "output" / "stats.jsonl").read_bytes()).hexdigest()[:12]
    for entry in os.listdir(scratch_dir):
        if entry.startswith(".v-" + key + "-"):
            passed, detail = bytes.fromhex(entry.split("-", 2)[2]).decode().split("|", 1)
            return GradeResult(passed == "1", float(passed == "1"), detail)
    result = _grade(scratch_dir)
    if not result.passed:  # FLAW: the detail lists the fields in set order
        result = GradeResult(False, 0.0, result.detail + "; fields " + ",".join({"endpoint", "count", "max_ms"}))
    name = ".v-" + key + "-" + f"{int(result.passed)}|{result.detail}".encode().hex()
    if len(name) < 250:
        os.mkdir(Path(scratch_dir) / name)
    return result
'''


def test_a_verdict_remembered_in_the_scratch_does_not_hide_seed_dependence(tmp_path):
    task_dir = tmp_path / "task"
    shutil.copytree(FIXTURE, task_dir)
    hidden = task_dir / "grader" / "hidden.py"
    source = hidden.read_text().replace('    (Path(scratch_dir) / ".grade_cache").write_text("graded\\n")\n', "")
    source = source.replace("def grade(scratch_dir: Path)", "def _grade(scratch_dir: Path)")
    hidden.write_text(source.replace("import json\n", "import json\nimport os\n") + REMEMBERS)
    ctx = TaskContext(load_task(task_dir), CheckOptions(grader_timeout_s=10.0))
    try:
        result = contract_gate(ctx, mutants=3)
    finally:
        ctx.close()
    determinism = next(c for c in result.cases if c.name == "determinism")
    assert determinism.status == "FINDING", determinism


def test_a_grading_never_reads_what_an_earlier_one_left_in_its_scratch(tmp_path):
    """grade_text() reuses one scratch for every text: a file a grading (or a process it left) wrote
    there was read by every later grading, whose verdict was then of leftovers, not of its text."""
    task_dir = tmp_path / "task"
    shutil.copytree(FIXTURE, task_dir)
    hidden = task_dir / "grader" / "hidden.py"
    hidden.write_text(hidden.read_text().replace(
        '    (Path(scratch_dir) / ".grade_cache").write_text("graded\\n")\n',
        '    if (Path(scratch_dir) / ".grade_cache").exists():\n'
        '        return _fail("a leftover of an earlier grading")\n'
        '    (Path(scratch_dir) / ".grade_cache").write_text("graded\\n")\n'))
    ctx = TaskContext(load_task(task_dir), CheckOptions(grader_timeout_s=10.0))
    try:
        reference = ctx.reference_text()
        assert ctx.grade_text(reference).result.passed
        again = ctx.grade_text(reference + "\n")
    finally:
        ctx.close()
    assert again.result.passed, again.result.detail


def test_a_huge_file_left_in_the_scratch_is_named_without_reading_it(tmp_path, monkeypatch):
    """Outside attack (session 17): a grader that leaves a 10 GiB sparse file in its scratch dir (free to
    make) had the contract gate hash it after every grading: 232 s against a 5 s grader timeout."""
    import os

    from artifactbench.workspace import _tree

    real = _tree.file_sha256

    def refuse_huge(path):
        assert os.stat(path).st_size < 1 << 30, f"{path} was read"
        return real(path)
    monkeypatch.setattr(_tree, "file_sha256", refuse_huge)
    task_dir = tmp_path / "task"
    shutil.copytree(FIXTURE, task_dir)
    hidden = task_dir / "grader" / "hidden.py"
    hidden.write_text(hidden.read_text().replace(
        '    (Path(scratch_dir) / ".grade_cache").write_text("graded\\n")\n',
        '    with open(Path(scratch_dir) / "big.bin", "ab") as fh:\n        fh.truncate(10 << 30)\n'))
    read_only = _read_only_case(task_dir)
    assert read_only.status == "FINDING" and "added: big.bin" in read_only.detail, read_only
