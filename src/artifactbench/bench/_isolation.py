"""After the agent exits: refuse unsafe scratch dirs and snapshot the output without following links."""

from __future__ import annotations

import os
import shutil
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from artifactbench._trees import link_target, walk_tree

__all__ = ["Unsafe", "find_grader_links", "snapshot_output"]

_NOFOLLOW = os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
MAX_LINKS = 10_000  # symlinks an agent's scratch dir may hold; each is resolved once
# files and folders an output folder may hold to be stored (outside attack: 200 000 empty files took 47 s and were all
# copied into the run dir; the byte limits count none of them)
MAX_OUTPUT_ENTRIES = 20_000


@dataclass(frozen=True, slots=True)
class Unsafe(Exception):
    """The scratch dir cannot be graded safely; `reason` is a record error_reason."""

    reason: str
    detail: str


def _within(path: str, roots: tuple[str, ...]) -> bool:
    return any(path == r or path.startswith(r + os.sep) for r in roots)


def find_grader_links(scratch_dir: Path, forbidden: tuple[Path, ...]) -> None:
    """Raise Unsafe(grader_link) when any symlink under `scratch_dir` resolves into `forbidden`.

    Only link targets are resolved (a path computation); no file behind a link is ever opened.
    """
    roots = tuple(os.path.realpath(p) for p in forbidden)
    links = 0
    for folder, dirs, files in walk_tree(scratch_dir):
        for name in (*dirs, *files):
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                continue
            links += 1
            if links > MAX_LINKS:
                # (each a kernel lookup of up to 40 hops: 10,000 links of a 900-hop chain held a job 80 s)
                raise Unsafe("unsafe_output", f"scratch dir holds more than {MAX_LINKS} symlinks; not resolved")
            target = link_target(path)  # (None: a loop or too long a chain, which reaches nothing)
            if target is not None and _within(target, roots):
                rel = os.path.relpath(path, scratch_dir)
                raise Unsafe("grader_link", f"scratch dir holds a symlink into the grader: {rel!r}")


def _open_parent(scratch_dir: Path, rel: PurePosixPath) -> int:
    """An fd of the artifact's parent dir, reached one component at a time with O_NOFOLLOW."""
    fd = os.open(scratch_dir, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    walked = PurePosixPath()
    try:
        for part in rel.parts[:-1]:
            walked /= part
            try:
                st = os.stat(part, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                raise Unsafe("missing", "") from None
            if stat.S_ISLNK(st.st_mode):
                raise Unsafe("unsafe_output", f"output path goes through a symlink: {str(walked)!r}; "
                                              "not followed")
            if not stat.S_ISDIR(st.st_mode):
                raise Unsafe("missing", "")
            nfd = os.open(part, os.O_RDONLY | os.O_DIRECTORY | _NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = nfd
        return fd
    except BaseException:
        os.close(fd)
        raise


def _copy_dir(src: str, dest: Path, rel: str) -> None:
    entries = 0
    for folder, dirs, files in walk_tree(src):
        target = dest / os.path.relpath(folder, src)
        target.mkdir(parents=True, exist_ok=True)
        entries += len(dirs) + len(files)
        if entries > MAX_OUTPUT_ENTRIES:
            raise Unsafe("resource_limit", f"output folder {rel!r} holds more than {MAX_OUTPUT_ENTRIES} files and "
                                           "folders; not stored")
        for name in (*dirs, *files):
            path = os.path.join(folder, name)
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode):
                inner = os.path.join(rel, os.path.relpath(path, src))
                raise Unsafe("unsafe_output", f"output holds a symlink: {inner!r}; not followed")
            if stat.S_ISREG(st.st_mode):
                shutil.copyfile(path, target / name, follow_symlinks=False)


def snapshot_output(scratch_dir: Path, rel: PurePosixPath, dest_dir: Path) -> bool:
    """Copy scratch_dir/rel to dest_dir/rel; False when the agent produced nothing there.

    Raises Unsafe(unsafe_output) when the output or a parent on its path is a symlink (nothing
    behind it is read) or the output is neither a regular file nor a folder.
    """
    try:
        parent = _open_parent(scratch_dir, rel)
    except Unsafe as exc:
        if exc.reason == "missing":
            return False
        raise
    try:
        try:
            st = os.stat(rel.name, dir_fd=parent, follow_symlinks=False)
        except FileNotFoundError:
            return False
        if stat.S_ISLNK(st.st_mode):
            raise Unsafe("unsafe_output", f"output artifact {str(rel)!r} is a symlink; not followed")
        dest = dest_dir / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if stat.S_ISDIR(st.st_mode):
            _copy_dir(os.path.join(scratch_dir, rel), dest, str(rel))
            return True
        if not stat.S_ISREG(st.st_mode):
            raise Unsafe("unsafe_output", f"output artifact {str(rel)!r} is not a regular file")
        fd = os.open(rel.name, os.O_RDONLY | _NOFOLLOW, dir_fd=parent)
        with os.fdopen(fd, "rb") as src, open(dest, "wb") as out:
            shutil.copyfileobj(src, out)
        return True
    finally:
        os.close(parent)
