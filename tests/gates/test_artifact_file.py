"""ArtifactFile rewrites the graded artifact in place, but never through a file the grader swapped."""

from __future__ import annotations

import os

import pytest

from artifactbench.gates.core._artifact_file import ArtifactFile, write_within


@pytest.fixture
def writer():
    w = ArtifactFile()
    yield w
    w.close()


def test_each_text_replaces_the_last_whatever_their_lengths(tmp_path, writer):
    path = tmp_path / "out.json"
    for text in (b'{"a": 1234567890}', b"{}", b"", b'{"b": 2}\n' * 1000, b"x"):
        writer.write(path, text)
        assert path.read_bytes() == text


def test_a_file_linked_elsewhere_is_not_written_through(tmp_path, writer):
    path, elsewhere = tmp_path / "out.json", tmp_path / "reference.json"
    writer.write(path, b"first")
    os.link(path, elsewhere)  # a grader hard-links the artifact to a file of its own
    writer.write(path, b"second")
    assert path.read_bytes() == b"second" and elsewhere.read_bytes() == b"first"


def test_a_symlink_put_in_its_place_is_replaced_not_followed(tmp_path, writer):
    path, target = tmp_path / "out.json", tmp_path / "target.txt"
    target.write_bytes(b"keep me")
    writer.write(path, b"first")
    path.unlink()
    path.symlink_to(target)
    writer.write(path, b"second")
    assert not path.is_symlink() and path.read_bytes() == b"second" and target.read_bytes() == b"keep me"


def test_a_file_the_grader_replaced_is_written_anew(tmp_path, writer):
    path = tmp_path / "out.json"
    writer.write(path, b"first")
    path.unlink()
    path.write_bytes(b"the grader's own file")
    writer.write(path, b"second")
    assert path.read_bytes() == b"second"


def test_a_directory_in_its_place_raises_as_writing_there_did(tmp_path, writer):
    path = tmp_path / "out.json"
    writer.write(path, b"first")
    path.unlink()
    path.mkdir()
    with pytest.raises(IsADirectoryError):
        writer.write(path, b"second")


def test_a_folder_swapped_for_a_link_outside_is_not_written_through(tmp_path, writer):
    scratch, outside = tmp_path / "scratch", tmp_path / "task" / "grader"
    outside.mkdir(parents=True)
    scratch.mkdir()
    (outside / "out.json").write_bytes(b"the task's reference")
    path = scratch / "output" / "out.json"
    writer.write(path, b"first", root=scratch)
    # a (sandboxed) grader moves the artifact's folder away and leaves a link to the task's files
    (scratch / "output").rename(scratch / "moved")
    (scratch / "output").symlink_to(outside)
    with pytest.raises(NotADirectoryError):
        writer.write(path, b"second", root=scratch)
    assert (outside / "out.json").read_bytes() == b"the task's reference"
    assert sorted(p.name for p in outside.iterdir()) == ["out.json"]


def test_a_scratch_dir_swapped_for_another_folder_is_not_written(tmp_path):
    scratch, outside = tmp_path / "scratch", tmp_path / "other"
    scratch.mkdir()
    outside.mkdir()
    made = os.lstat(scratch)
    scratch.rename(tmp_path / "moved")
    scratch.symlink_to(outside)  # the link itself: refused without `identity` too
    with pytest.raises(NotADirectoryError):
        write_within(scratch, scratch / "out.json", b"x", (made.st_dev, made.st_ino))
    scratch.unlink()
    outside.rename(scratch)  # a real folder now, but not the one made
    with pytest.raises(NotADirectoryError):
        write_within(scratch, scratch / "out.json", b"x", (made.st_dev, made.st_ino))
    assert list(scratch.iterdir()) == []


def test_missing_folders_below_the_scratch_dir_are_made(tmp_path):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    made = os.lstat(scratch)
    write_within(scratch, scratch / "a" / "b" / "out.json", b"x", (made.st_dev, made.st_ino))
    assert (scratch / "a" / "b" / "out.json").read_bytes() == b"x"


@pytest.mark.parametrize("in_place", [True, False])
def test_a_module_of_the_same_size_rewritten_in_one_second_is_never_run_from_its_old_bytecode(tmp_path, in_place):
    # blind p147: a grader running the artifact with `python -I` leaves __pycache__/<name>.pyc in the scratch
    # dir; Python trusts it while the source keeps its size and its mtime's second, so the next text of the
    # same size, written within that second, ran the code of the one before
    import subprocess
    import sys
    path = tmp_path / "plan.py"
    writer = ArtifactFile()
    try:
        for value in ("90", "30", "31"):
            if in_place:
                writer.write(path, f"COST = {value}\n".encode())
            else:
                write_within(tmp_path, path, f"COST = {value}\n".encode())
            ran = subprocess.run([sys.executable, "-I", "-c", "import sys; sys.path.insert(0, '.'); import plan; print(plan.COST)"], cwd=tmp_path,
                                 capture_output=True, text=True, check=True).stdout.strip()
            assert ran == value
        assert list((tmp_path / "__pycache__").glob("plan.*.pyc"))  # (the cache was written and read)
    finally:
        writer.close()
