"""Folder trees someone else made (an agent's scratch dir, a grader's leftovers): walked and removed
without recursion, links never followed.

Python 3.11's os.walk, os.path.realpath and shutil.rmtree recurse once per level (or per link hop): an agent
that made 1,200 nested folders or a chain of 1,200 symlinks raised RecursionError out of the harness, and
rmtree's `ignore_errors` does not cover it, so the tree stayed behind where every later run's sweep met it
again (outside attack, session 17).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator

__all__ = ["link_target", "remove_tree", "walk_tree"]


def walk_tree(root: str | os.PathLike[str]) -> Iterator[tuple[str, list[str], list[str]]]:
    """(folder, subfolder names, other names) for `root` and every folder below it, top-down, as
    os.walk(root, followlinks=False) gives them, but with a stack of its own: any depth. A folder that
    cannot be listed is skipped (as os.walk does)."""
    stack = [os.fspath(root)]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as listed:
                entries = list(listed)
        except OSError:
            continue
        dirs = [e.name for e in entries if e.is_dir(follow_symlinks=False)]
        others = [e.name for e in entries if not e.is_dir(follow_symlinks=False)]
        yield folder, dirs, others
        stack.extend(os.path.join(folder, name) for name in reversed(dirs))


def link_target(path: str | os.PathLike[str]) -> str | None:
    """Where the kernel resolves `path` to (every link on the way followed, at most 40 hops as it allows),
    without opening what it names (O_PATH); None when it does not resolve (a loop, a chain too long, a
    dangling link: nothing can reach a file through it either)."""
    try:
        fd = os.open(path, getattr(os, "O_PATH", os.O_RDONLY) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return None
    finally:
        os.close(fd)


def remove_tree(path: str | os.PathLike[str]) -> None:
    """shutil.rmtree(path, ignore_errors=True), which never raises: a tree deeper than Python's recursion
    limit is left to `rm -rf` (which goes any depth, and never follows a link)."""
    try:
        shutil.rmtree(path, ignore_errors=True)
    except RecursionError:
        pass
    rm = next((p for p in ("/usr/bin/rm", "/bin/rm") if os.path.exists(p)), None) or shutil.which("rm")
    if os.path.lexists(path) and rm is not None:  # (by its path: a test runner's env may hold no PATH)
        try:
            subprocess.run([rm, "-rf", "--one-file-system", "--", os.fspath(path)], stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600, check=False)
        except (OSError, subprocess.SubprocessError):
            pass
