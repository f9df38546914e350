"""ArtifactFile: the artifact a gate grades again and again, rewritten in place.

Truncating a file to nothing and writing it again costs about 0.2 ms on ext4 here (blocks freed and
allocated again), most of what a warm grading of a small artifact costs the checker. Writing over the
old bytes and cutting the file to its new length costs about 5 us. A file the grader replaced, linked
elsewhere or turned into something else is never written through: the path is checked (without
following links) to be the same single-link regular file first, and otherwise made afresh.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["ArtifactFile"]


class ArtifactFile:
    """Writes texts to one path after another; keeps the last path's file open between writes."""

    def __init__(self) -> None:
        self._path: Path | None = None
        self._fd: int | None = None
        self._id: tuple[int, int] | None = None

    def write(self, path: Path, data: bytes) -> None:
        """Make `path` hold exactly `data` (its parent exists)."""
        if path == self._path and self._same_file(path):
            assert self._fd is not None
            written = 0
            while written < len(data):
                written += os.pwrite(self._fd, data[written:], written)
            os.ftruncate(self._fd, len(data))
            return
        self.close()
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            info = None
        if info is not None and (not stat.S_ISREG(info.st_mode) or info.st_nlink != 1):
            # not a plain file of its own (a link elsewhere, a dir): what it points at stays untouched
            if stat.S_ISDIR(info.st_mode):
                path.write_bytes(data)  # raises IsADirectoryError, as writing there always did
            os.unlink(path)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        try:
            _write_all(fd, data)
            opened = os.fstat(fd)
        except BaseException:
            os.close(fd)
            raise
        self._path, self._fd, self._id = path, fd, (opened.st_dev, opened.st_ino)

    def _same_file(self, path: Path) -> bool:
        try:
            info = os.lstat(path)
        except OSError:
            return False
        return (stat.S_ISREG(info.st_mode) and info.st_nlink == 1
                and (info.st_dev, info.st_ino) == self._id)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
        self._path = self._fd = self._id = None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
