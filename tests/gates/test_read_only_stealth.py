"""read_only holds when one scratch serves many gradings: a write that keeps size and times still shows."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, TaskContext
from artifactbench.gates.contract import contract_gate
from artifactbench.manifest import load_task

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "assurance" / "writes_scratch"

MAPPED_LATER = '''
    import mmap, time
    inputs, art = Path(scratch_dir) / "requests.csv", Path(scratch_dir) / "output" / "stats.jsonl"
    mark = Path(scratch_dir).parent / "left"
    if art.is_file() and not mark.exists():
        mark.write_text("")
        before = art.read_bytes()
        r, w = os.pipe()
        if os.fork() == 0:
            try:
                os.setsid()
                if os.fork() == 0:
                    try:
                        m = mmap.mmap(os.open(inputs, os.O_RDWR), 0)
                        m[0:1] = m[0:1]  # dirtied here, during the grading: times move, bytes do not
                        os.write(w, b"x")
                        end = time.monotonic() + 20
                        while time.monotonic() < end and art.is_file() and art.read_bytes() == before:
                            time.sleep(0.0005)
                        time.sleep(0.005)
                        m[-2:-1] = b"9" if m[-2:-1] != b"9" else b"8"
                    finally:
                        os._exit(0)
            finally:
                os._exit(0)
        os.wait()
        os.read(r, 1)
'''

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
    # a process left by a grading writes the input once the checker placed the next artifact, through
    # a shared mapping whose page it dirtied during the grading: bytes written so move no time stamp
    "a_process_left_writes_a_dirty_mapping": MAPPED_LATER,
}


@pytest.mark.parametrize("name", sorted(WRITES))
def test_read_only_sees_the_write(tmp_path, name):
    task_dir = tmp_path / "task"
    shutil.copytree(FIXTURE, task_dir)
    hidden = task_dir / "grader" / "hidden.py"
    source = hidden.read_text()
    source = source.replace('    (Path(scratch_dir) / ".grade_cache").write_text("graded\\n")\n',
                            WRITES[name].lstrip("\n").replace("\n    ", "\n    ").rstrip() + "\n")
    source = source.replace("import json\n", "import json\nimport os\n")
    hidden.write_text(source)
    ctx = TaskContext(load_task(task_dir), CheckOptions(grader_timeout_s=10.0))
    try:
        result = contract_gate(ctx, mutants=3)
    finally:
        ctx.close()
    read_only = next(c for c in result.cases if c.name == "read_only")
    assert read_only.status == "FINDING", read_only
