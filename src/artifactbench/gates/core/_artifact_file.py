"""ArtifactFile: the artifact a gate grades again and again, rewritten in place.

Truncating a file to nothing and writing it again costs about 0.2 ms on ext4 here (blocks freed and
allocated again), most of what a warm grading of a small artifact costs the checker. Writing over the
old bytes and cutting the file to its new length costs about 5 us. A file the grader replaced, linked
elsewhere or turned into something else is never written through: the path is checked (without
following links) to be the same single-link regular file first, and otherwise made afresh.

Nor is a folder: a scratch dir is graded again and again, and a grader may leave a folder on the
artifact's path swapped for a symlink to anywhere (a sandboxed grader too: the link is only a name,
which the checker follows outside the sandbox), such as the task's own grader/ folder. The path is
walked from the scratch dir one folder at a time, none of them followed if a link (`open_folder`).
"""

from __future__ import annotations

import errno
import itertools
import os
import stat
import time
from collections.abc import Sequence
from pathlib import Path

__all__ = ["ArtifactFile", "clear_within", "open_folder", "tree_stats", "write_within"]

_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def open_folder(root: Path, names: Sequence[str], identity: tuple[int, int] | None = None, *,
                make: bool = True) -> int:
    """An fd of the folder root/names[0]/..., each folder below root made where missing (with `make`;
    else a missing one raises FileNotFoundError). No link is followed at root or below it: a link (or
    a file) where a folder should be raises NotADirectoryError, as does a root that is no longer the
    folder `identity` (st_dev, st_ino) names."""
    fd = _open_folder(root, None, root)
    try:
        if identity is not None:
            info = os.fstat(fd)
            if (info.st_dev, info.st_ino) != identity:
                raise NotADirectoryError(errno.ENOTDIR, "not the scratch folder it was (replaced)", str(root))
        where = root
        for name in names:
            where = where / name
            if make:
                try:
                    os.mkdir(name, dir_fd=fd)
                except FileExistsError:
                    pass
            inner = _open_folder(name, fd, where)
            os.close(fd)
            fd = inner
    except BaseException:
        os.close(fd)
        raise
    return fd


def _open_folder(name: str | Path, dir_fd: int | None, shown: Path) -> int:
    try:
        return os.open(name, _FOLDER, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            raise NotADirectoryError(errno.ENOTDIR, "a symlink or file where a folder was", str(shown)) from None
        raise


def write_within(root: Path, path: Path, data: bytes, identity: tuple[int, int] | None = None) -> None:
    """Make `path` (below `root`) hold exactly `data`, once: ArtifactFile's checks, nothing kept open."""
    writer = ArtifactFile()
    try:
        writer.write(path, data, root=root, identity=identity)
    finally:
        writer.close()


def clear_within(root: Path, path: Path, identity: tuple[int, int] | None = None, *,
                 folder: bool = False) -> None:
    """Make `path` (below `root`) hold no file: a file, link or other non-folder there is removed (never
    what a link points at); with `folder`, a folder is made in its place (one already there is kept),
    its missing parents too. The walk from root is write_within's: a link at root or below raises
    NotADirectoryError."""
    *folders, name = path.relative_to(root).parts
    try:
        parent = open_folder(root, folders, identity, make=folder)
    except FileNotFoundError:  # a folder on the way is missing: so is the file
        return
    try:
        try:
            info = os.stat(name, dir_fd=parent, follow_symlinks=False)
        except FileNotFoundError:
            info = None
        if info is not None and not stat.S_ISDIR(info.st_mode):
            os.unlink(name, dir_fd=parent)
        if folder and (info is None or not stat.S_ISDIR(info.st_mode)):
            os.mkdir(name, dir_fd=parent)
    finally:
        os.close(parent)


class ArtifactFile:
    """Writes texts to one path after another; keeps the last path's file open between writes."""

    def __init__(self) -> None:
        self._path: Path | None = None
        self._fd: int | None = None
        self._id: tuple[int, int] | None = None

    def write(self, path: Path, data: bytes, *, root: Path | None = None,
              identity: tuple[int, int] | None = None) -> None:
        """Make `path` hold exactly `data`. `root` (default: path's parent), a folder above `path`, is
        where the walk starts: missing folders below it are made, and a link at root or below raises
        NotADirectoryError (see open_folder, also for `identity`, root's (st_dev, st_ino))."""
        root = path.parent if root is None else root
        *folders, name = path.relative_to(root).parts
        parent = open_folder(root, folders, identity)
        try:
            self._write(parent, name, path, data)
        finally:
            os.close(parent)

    def _write(self, parent: int, name: str, path: Path, data: bytes) -> None:
        if path == self._path and self._same_file(parent, name):
            assert self._fd is not None
            written = 0
            while written < len(data):
                written += os.pwrite(self._fd, data[written:], written)
            os.ftruncate(self._fd, len(data))
            _next_second(self._fd)
            return
        self.close()
        try:
            info = os.stat(name, dir_fd=parent, follow_symlinks=False)
        except FileNotFoundError:
            info = None
        if info is not None and (not stat.S_ISREG(info.st_mode) or info.st_nlink != 1):
            # not a plain file of its own (a link elsewhere, a dir): what it points at stays untouched
            if stat.S_ISDIR(info.st_mode):  # as writing there always did
                raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
            os.unlink(name, dir_fd=parent)
        flags = os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC
        fd = os.open(name, flags, 0o644, dir_fd=parent)
        try:
            _write_all(fd, data)
            if info is not None and stat.S_ISREG(info.st_mode):
                _next_second(fd)
            opened = os.fstat(fd)
        except BaseException:
            os.close(fd)
            raise
        self._path, self._fd, self._id = path, fd, (opened.st_dev, opened.st_ino)

    def _same_file(self, parent: int, name: str) -> bool:
        try:
            info = os.stat(name, dir_fd=parent, follow_symlinks=False)
        except OSError:
            return False
        return (stat.S_ISREG(info.st_mode) and info.st_nlink == 1
                and (info.st_dev, info.st_ino) == self._id)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
        self._path = self._fd = self._id = None


def _next_second(fd: int) -> None:
    """Give a rewritten file an mtime whole second no other rewrite of this process used: Python's bytecode
    cache (`__pycache__/<name>.cpython-3X.pyc`, which a grader importing the artifact writes in the scratch
    dir) is trusted while the source keeps its size and its mtime's second, so a second text of the same
    size written within that second ran the first one's code (blind p147: a negative case graded the
    module of the case before it, 90 -> 30 beside `None` -> `[]  `). The seconds count up from a point
    115 days back, never past the clock (a later second each time ran minutes ahead of it in a long check;
    review)."""
    second = _STAMPS.base + next(_STAMPS.counter)
    os.utime(fd, ns=(time.time_ns(), second * 1_000_000_000))


class _Stamps:
    def __init__(self) -> None:
        self.base = int(time.time()) - 10_000_000
        self.counter = itertools.count()


_STAMPS = _Stamps()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def tree_stats(root: Path) -> dict[str, tuple]:
    """relpath -> (mode, size, mtime, ctime, inode) of every file and folder under `root`, links not
    followed: a write moves ctime, which no call can set back."""
    found: dict[str, tuple] = {}
    stack = [("", str(root))]
    while stack:
        prefix, folder = stack.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                info = entry.stat(follow_symlinks=False)
                rel = prefix + entry.name
                found[rel] = (info.st_mode, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
                if entry.is_dir(follow_symlinks=False):
                    stack.append((rel + "/", entry.path))
    return found
