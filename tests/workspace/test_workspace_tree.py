"""tree_files, tree_digest, copy_tree and new_scratch_dir."""

from __future__ import annotations

import hashlib
import os
import tempfile

import pytest

from artifactbench.errors import MaterializeError
from artifactbench.workspace import copy_tree, new_scratch_dir, tree_digest, tree_files
from artifactbench.workspace._tree import GENERATOR_MARKER


@pytest.fixture
def tree(tmp_path):
    src = tmp_path / "src"
    (src / "a" / "b").mkdir(parents=True)
    (src / "empty_dir").mkdir()
    (src / "top.txt").write_bytes(b"top\n")
    (src / "a" / "b" / "deep.bin").write_bytes(bytes(range(256)))
    (src / "tool.sh").write_text("#!/bin/sh\n")
    os.chmod(src / "tool.sh", 0o750)
    return src


def test_tree_files_maps_posix_relpaths_to_sha256(tree):
    assert tree_files(tree) == {
        "a/b/deep.bin": hashlib.sha256(bytes(range(256))).hexdigest(),
        "tool.sh": hashlib.sha256(b"#!/bin/sh\n").hexdigest(),
        "top.txt": hashlib.sha256(b"top\n").hexdigest(),
    }


def test_digest_ignores_the_marker_but_not_names_or_bytes(tree):
    before = tree_digest(tree)
    (tree / GENERATOR_MARKER).write_bytes(b"")
    assert tree_digest(tree) == before
    (tree / "top.txt").rename(tree / "top2.txt")
    assert tree_digest(tree) != before


def test_copy_tree_is_a_pristine_copy_keeping_modes(tree, tmp_path):
    dest = tmp_path / "dest"
    copy_tree(tree, dest)
    assert tree_files(dest) == tree_files(tree)
    assert (dest / "empty_dir").is_dir()
    assert os.stat(dest / "tool.sh").st_mode & 0o777 == 0o750
    (dest / "top.txt").write_text("edited")  # a real copy: the source is untouched
    assert (tree / "top.txt").read_text() == "top\n"


def test_copy_tree_refuses_links_and_non_empty_dest(tree, tmp_path):
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "x").write_text("x")
    with pytest.raises(MaterializeError, match="not empty"):
        copy_tree(tree, tmp_path / "busy")
    (tree / "a" / "link").symlink_to(tree / "top.txt")
    with pytest.raises(MaterializeError, match=r"a/link: is a symlink"):
        copy_tree(tree, tmp_path / "dest")
    assert not (tmp_path / "dest").exists()  # refused before anything was copied


def test_new_scratch_dir_is_fresh_and_under_the_temp_dir():
    one, two = new_scratch_dir("ab-test-"), new_scratch_dir("ab-test-")
    try:
        assert one != two and not any(one.iterdir())
        assert one.parent == two.parent  # this process's run folder (_tempdirs), under the temp dir
        assert one.parent.parent == type(one)(tempfile.gettempdir()).resolve()
        assert one.name.startswith("ab-test-")
    finally:
        one.rmdir()
        two.rmdir()


def test_new_scratch_dir_refuses_a_temp_dir_inside_a_repository(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(MaterializeError, match="inside the repository"):
        new_scratch_dir("x-")


def test_hashing_never_opens_a_fifo_or_follows_a_link(tmp_path, deadline):
    from artifactbench.workspace._tree import file_sha256

    os.mkfifo(tmp_path / "pipe")  # opened for reading the usual way, it would block until a writer comes
    (tmp_path / "real").write_bytes(b"x")
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(MaterializeError, match="pipe: is not a regular file"):
        file_sha256(tmp_path / "pipe")
    with pytest.raises(MaterializeError, match="link: cannot be read"):
        file_sha256(tmp_path / "link")
    assert file_sha256(tmp_path / "real") == hashlib.sha256(b"x").hexdigest()


def test_an_unlistable_folder_is_a_materialize_error(tmp_path):
    (tmp_path / "not_a_folder").write_text("x")
    with pytest.raises(MaterializeError, match="folder cannot be read"):
        tree_files(tmp_path / "not_a_folder")
