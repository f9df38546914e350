"""Trees an agent or a grader made: walked, resolved and removed at any depth (outside attack, session 17:
1,200 nested folders or a 1,200-link chain raised RecursionError out of Python 3.11's os.walk, realpath and
rmtree, and the leftover broke every later run's temp-dir sweep)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from artifactbench._tempdirs import _LOCK, RUN_PREFIX, sweep_stale
from artifactbench._trees import link_target, remove_tree, walk_tree
from artifactbench.bench._isolation import MAX_LINKS, Unsafe, find_grader_links

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="O_PATH and /proc/self/fd: Linux")
DEPTH = 1_200  # (over Python's recursion limit of 1,000)


@pytest.fixture(autouse=True)
def _no_deep_leftovers(tmp_path):
    """A test that fails half-way must not leave a tree pytest's own clean-up (rmtree) cannot remove."""
    yield
    remove_tree(tmp_path)


def _deep(root: Path, depth: int = DEPTH) -> Path:
    """`root`/d/d/.../d, `depth` folders deep, a file at the bottom (made with relative steps: the whole path
    is over the system's 4,096-byte limit for one call)."""
    root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for _ in range(depth):
            os.mkdir("d", dir_fd=fd)
            nfd = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = nfd
        os.close(os.open("f", os.O_WRONLY | os.O_CREAT, dir_fd=fd))
    finally:
        os.close(fd)
    return root


def test_a_tree_deeper_than_the_recursion_limit_is_walked_and_removed(tmp_path):
    root = _deep(tmp_path / "deep")
    assert sum(1 for _ in walk_tree(root)) >= 1000  # (the folders a path under 4,096 bytes reaches)
    remove_tree(root)
    assert not root.exists()


def test_a_link_chain_resolves_as_the_kernel_does(tmp_path):
    (tmp_path / "target").mkdir()
    os.symlink(tmp_path / "target", tmp_path / "short")
    assert link_target(tmp_path / "short") == str(tmp_path / "target")
    chain = tmp_path / "chain"
    chain.mkdir()
    for i in range(DEPTH):
        os.symlink(f"c{i + 1}", chain / f"c{i}")
    os.symlink(tmp_path / "target", chain / f"c{DEPTH}")
    assert link_target(chain / "c0") is None  # (over 40 hops: nothing can open it either)
    os.symlink("loop", tmp_path / "loop")
    assert link_target(tmp_path / "loop") is None


def test_find_grader_links_resolves_chains_and_caps_the_count(tmp_path):
    grader = tmp_path / "grader"
    grader.mkdir()
    scratch = tmp_path / "scratch"
    chain = scratch / "L"
    chain.mkdir(parents=True)
    for i in range(DEPTH):
        os.symlink(f"c{i + 1}", chain / f"c{i}")
    find_grader_links(scratch, (grader,))  # a chain too long to follow reaches nothing: no finding, no crash
    os.symlink(grader, scratch / "peek")
    with pytest.raises(Unsafe) as caught:
        find_grader_links(scratch, (grader,))
    assert caught.value.reason == "grader_link"
    many = tmp_path / "many"
    many.mkdir()
    for i in range(MAX_LINKS + 1):
        os.symlink("x", many / f"l{i}")
    with pytest.raises(Unsafe) as caught:
        find_grader_links(many, (grader,))
    assert caught.value.reason == "unsafe_output" and str(MAX_LINKS) in caught.value.detail


def test_a_deep_stale_run_folder_is_swept_without_raising(tmp_path):
    stale = tmp_path / f"{RUN_PREFIX}999999-x"
    _deep(stale / "ab-scratch-1")
    (stale / _LOCK).write_text("")  # (a lock no process holds: its owner is gone)
    assert sweep_stale(tmp_path) == [stale.name]
    assert not stale.exists()
