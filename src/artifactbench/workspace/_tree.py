"""Walking, hashing and copying plain-file trees; anything that is not a dir or regular file is refused."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from artifactbench._display import bad_name_reason, shown
from artifactbench._tempdirs import run_temp_dir
from artifactbench.errors import MaterializeError

__all__ = [
    "GENERATOR_MARKER",
    "TreeLimits",
    "copy_tree",
    "digest_of",
    "file_sha256",
    "inside_git_worktree",
    "new_scratch_dir",
    "over_limits",
    "tree_digest",
    "tree_files",
    "walk_files",
]

# Written by materialize() after a successful generator run (spec 5.1); never part of a digest.
GENERATOR_MARKER = ".workspace_generator_done"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def walk_files(root: Path, *, label: str | None = None) -> Iterator[tuple[str, os.DirEntry[str]]]:
    """Yield (posix relpath, entry) for every regular file under `root`, sorted by relpath.

    Raises MaterializeError naming the entry (as `label/relpath`) for a symlink, fifo, socket or device
    (a link could make a grader path reachable from a scratch dir, spec 5.3), and for a name that is not
    UTF-8 or holds a control character (it would break the report's lines and its JSON).
    """
    shown_root = label if label is not None else str(root)
    stack = [("", root)]
    found: list[tuple[str, os.DirEntry[str]]] = []
    while stack:
        prefix, folder = stack.pop()
        try:
            listed = list(os.scandir(folder))
        except OSError as exc:
            # (a path of thousands of folders is shown by its ends and its depth, the reason in the line's first 300
            # characters; outside attack: a generator's `d/d/d/...` hid "File name too long" past the cut)
            where = prefix if len(prefix) <= 160 else \
                f"{prefix[:60]}...({prefix.count('/')} folders deep)...{prefix[-60:]}"
            raise MaterializeError(f"{shown_root}/{where or '.'}: folder cannot be read: {exc.strerror}") from None
        for entry in listed:
            rel = f"{prefix}{entry.name}"
            bad_name = bad_name_reason(entry.name)
            if bad_name is not None:  # a generated file: static ones are refused by the manifest's tree scan
                raise MaterializeError(f"{shown(shown_root + '/' + rel)}: {bad_name}; a workspace's file names "
                                       "are UTF-8 text without control characters")
            if entry.is_symlink():
                raise MaterializeError(f"{shown_root}/{rel}: is a symlink; copy the file itself instead")
            if entry.is_dir(follow_symlinks=False):
                stack.append((f"{rel}/", Path(entry.path)))
            elif entry.is_file(follow_symlinks=False):
                found.append((rel, entry))
            else:
                kind = stat.filemode(entry.stat(follow_symlinks=False).st_mode)[0]
                raise MaterializeError(
                    f"{shown_root}/{rel}: is not a regular file (mode {kind!r}); only files and folders are allowed"
                )
    yield from sorted(found, key=lambda item: item[0])


@dataclass(frozen=True, slots=True)
class TreeLimits:
    """Caps on a tree: bytes per regular file, bytes in all, and files and folders counted together."""

    file_bytes: int
    total_bytes: int
    entries: int  # files and folders


def over_limits(root: Path, limits: TreeLimits) -> tuple[str, str, int] | None:
    """(the field of `limits` crossed, relpath, amount: bytes or entries) for the first of `limits` the
    tree under `root` crosses, else None.

    Stops as soon as one is crossed, so its cost is bounded by the limits; links and special files are
    not followed or counted in bytes (walk_files refuses them). Tolerates a tree that changes meanwhile."""
    entries, total = 0, 0
    stack = [("", str(root))]
    while stack:
        prefix, folder = stack.pop()
        try:
            listed = os.scandir(folder)
        except OSError:  # removed meanwhile: the final check sees the end state
            continue
        with listed:
            for entry in listed:
                entries += 1
                rel = prefix + entry.name
                if entries > limits.entries:
                    return ("entries", rel, entries)
                try:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append((rel + "/", entry.path))
                        continue
                    if not entry.is_file(follow_symlinks=False):
                        continue
                    size = entry.stat(follow_symlinks=False).st_size
                except OSError:
                    continue
                if size > limits.file_bytes:
                    return ("file_bytes", rel, size)
                total += size
                if total > limits.total_bytes:
                    return ("total_bytes", rel, total)
    return None


def file_sha256(path: str | os.PathLike[str]) -> str:
    """sha256 hex of a regular file. Never opens a FIFO or device (a FIFO would block, a device may act on
    open): the path is opened without following a link and without blocking, and checked before reading."""
    digest = hashlib.sha256()
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise MaterializeError(f"{os.fspath(path)}: cannot be read: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise MaterializeError(f"{os.fspath(path)}: is not a regular file; it is never read")
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def tree_files(path: Path, *, read_limit: int | None = None) -> dict[str, str]:
    """relpath (posix) -> sha256 hex of every regular file under `path`, sorted; symlinks are an error.
    `read_limit`: a file over that many bytes is not read; it stands as "<size> bytes, not read", with its
    inode and change time (a grader's 10 GiB sparse file in a scratch dir took minutes to hash)."""
    out = {}
    for rel, entry in walk_files(Path(path)):
        st = entry.stat(follow_symlinks=False) if read_limit is not None else None
        if st is not None and st.st_size > read_limit:
            out[rel] = f"{st.st_size} bytes, not read (inode {st.st_ino}, changed {st.st_ctime_ns})"
        else:
            out[rel] = file_sha256(entry.path)
    return out


def tree_digest(path: Path) -> str:
    """sha256 over the sorted (relpath, file sha256) pairs under `path`, ignoring the generator marker.

    Two trees have equal digests exactly when they hold the same relpaths with the same bytes; modes,
    times and empty folders do not count.
    """
    return digest_of(tree_files(path))


def digest_of(files: dict[str, str]) -> str:
    """The tree digest of a relpath -> sha256 mapping (see tree_digest)."""
    digest = hashlib.sha256()
    for rel in sorted(files):
        if rel != GENERATOR_MARKER:
            digest.update(f"{rel}\0{files[rel]}\n".encode())
    return digest.hexdigest()


def _require_empty(dest: Path) -> None:
    if dest.is_symlink() or (dest.exists() and not dest.is_dir()):
        raise MaterializeError(f"{dest}: exists and is not a folder; pass a new or empty folder")
    if dest.is_dir() and any(dest.iterdir()):
        raise MaterializeError(f"{dest}: is not empty; pass a new or empty folder")


def copy_tree(src: Path, dest: Path) -> None:
    """Copy every regular file under `src` into `dest` (absent or empty), keeping structure and modes.

    Refuses symlinks and special files anywhere under `src` before copying anything.
    """
    src, dest = Path(src), Path(dest)
    _require_empty(dest)
    files = list(walk_files(src))
    dest.mkdir(parents=True, exist_ok=True)
    for folder, dirs, _ in os.walk(src):  # empty folders are part of a pristine copy too
        for name in dirs:
            (dest / Path(folder).relative_to(src) / name).mkdir(exist_ok=True)
    for rel, entry in files:
        try:
            shutil.copy2(entry.path, dest / rel, follow_symlinks=False)
        except OSError as exc:
            raise MaterializeError(f"{entry.path}: cannot be copied: {exc}") from None


def inside_git_worktree(path: Path) -> Path | None:
    for folder in (path, *path.parents):
        if (folder / ".git").exists():
            return folder
    return None


def new_scratch_dir(prefix: str, parent: Path | None = None) -> Path:
    """A fresh empty folder in this process's run folder under the system temp dir (_tempdirs: removed
    by a later run should this one be killed), or in `parent`; refuses a temp dir inside a git repository."""
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in prefix)
    if parent is not None:
        return Path(tempfile.mkdtemp(prefix=safe, dir=parent))
    base = Path(tempfile.gettempdir()).resolve()
    repo = inside_git_worktree(base)
    if repo is not None:
        raise MaterializeError(
            f"temp dir {base} is inside the repository {repo}; set TMPDIR to a folder outside any repository"
        )
    return Path(tempfile.mkdtemp(prefix=safe, dir=run_temp_dir(base)))
