"""A grader whose failure message is huge: the kept text still names the file and the exception."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from artifactbench.grading import GraderSession, grade
from artifactbench.manifest import load_task

IMPORT_ERROR = Path(__file__).resolve().parents[1] / "fixtures" / "grading" / "import_error"
CAP = 8000  # grading._child keeps at most this many characters of an error


def _task(tmp_path: Path, body: str):
    root = tmp_path / "huge_error"
    shutil.copytree(IMPORT_ERROR, root)
    (root / "grader" / "hidden.py").write_text(body)
    return load_task(root)


def _check_clipped(text: str, total: int) -> None:
    assert len(text) <= CAP
    cut = re.search(r" \.\.\.\[(\d+) characters cut\]\.\.\. ", text)
    assert cut is not None, text[:200]
    assert len(text) - len(cut.group(0)) + int(cut.group(1)) == total  # the marker says what was cut
    assert text.endswith("THE END")


@pytest.mark.parametrize("how", ["fresh", "session"])
def test_a_5mb_import_error_keeps_the_file_name_the_type_and_the_end(tmp_path, how):
    task = _task(tmp_path, 'raise ValueError("THE START " + "x" * 5_000_000 + " THE END")\n')
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    if how == "fresh":
        outcome = grade(task, scratch, timeout_s=30.0)
    else:
        with GraderSession(task, timeout_s=30.0) as session:
            outcome = session.grade(scratch)
    assert outcome.error_kind == "load"
    assert outcome.error.startswith("grader/hidden.py: import failed: ValueError: THE START x")
    _check_clipped(outcome.error, len("grader/hidden.py: import failed: ValueError: THE START  THE END") + 5_000_000)
    assert outcome.traceback is not None and outcome.traceback.startswith("Traceback")
    assert outcome.traceback.rstrip().endswith("THE END") and len(outcome.traceback) <= CAP


def test_an_exception_whose_str_raises_is_still_reported(tmp_path):
    task = _task(tmp_path, "class Odd(Exception):\n    def __str__(self):\n        raise RuntimeError('no')\n\n\n"
                           "raise Odd()\n")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    outcome = grade(task, scratch, timeout_s=30.0)
    assert outcome.error_kind == "load" and "grader/hidden.py: import failed: Odd" in outcome.error
