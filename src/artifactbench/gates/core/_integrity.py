"""Task-dir snapshots: did code run by `check` (a grader, generator or verifier) change a task's own files?

`check` runs task code without a filesystem sandbox, so a grader could loosen its own tolerance, a
generator could append to hidden.py, or one task's grader could overwrite a sibling task's. A snapshot
is the lstat of every entry under the task dir: for a regular file its size, mtime_ns, ctime_ns, inode
and link count. ctime cannot be set back by an unprivileged process, so any write, truncation, chmod or
`os.utime` in between shows, even one that restores size and mtime.

ctime also moves when another name of the same file is linked or unlinked: a file with more than one
link whose ctime alone moved is taken as unchanged. Under a build tool that links large inputs from
its store into each sandbox (Pants; `check --linked-task-files`) more moves with no write by task
code: a link made and dropped between two snapshots leaves one link at both, and the store's file may
be re-moded. There `Contents` keeps a digest of each file as the run first saw it (up to
MAX_HASHED_BYTES a task) and a file is modified only if its bytes now differ (past the budget, the
link-count rule). A finding names the fields that moved ("mtime, ctime"). Bytecode caches count too: graders run with PYTHONDONTWRITEBYTECODE, so a new .pyc in a
task dir was written on purpose.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

__all__ = ["MAX_ENTRIES", "MAX_HASHED_BYTES", "Changes", "Contents", "changes", "snapshot"]

MAX_ENTRIES = 100_000  # a task dir is capped at 20,000 entries on load; past this, the rest is one marker
MAX_HASHED_BYTES = 64 << 20  # a task's files digested when first seen; past this, the link-count rule
Snapshot = dict[str, tuple]


def _key(st: os.stat_result) -> tuple:
    if stat.S_ISREG(st.st_mode):
        return ("file", st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_mode, st.st_nlink)
    if stat.S_ISDIR(st.st_mode):  # a folder's times change with its entries, which are listed themselves
        return ("dir", st.st_mode)
    return ("other", st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def snapshot(root: Path) -> Snapshot:
    """relpath (posix) -> lstat key of every entry under `root`, links never followed.

    A missing root gives {} (every file then reads as removed); an unreadable folder is one entry.
    """
    found: Snapshot = {}
    stack = [("", os.fspath(root))]
    while stack:
        rel_dir, path = stack.pop()
        try:
            with os.scandir(path) as entries:
                for entry in entries:
                    rel = f"{rel_dir}{entry.name}"
                    if len(found) >= MAX_ENTRIES:
                        found["\0more"] = ("more",)
                        return found
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        found[rel] = ("gone",)
                        continue
                    found[rel] = _key(st)
                    if stat.S_ISDIR(st.st_mode):
                        stack.append((f"{rel}/", entry.path))
        except FileNotFoundError:
            if rel_dir:
                found[rel_dir.rstrip("/")] = ("gone",)
        except OSError as exc:
            found[rel_dir.rstrip("/") or "."] = ("unreadable", exc.errno)
    return found


@dataclass(frozen=True, slots=True)
class Changes:
    """Entries added, removed or modified between two snapshots of one task dir (sorted relpaths)."""

    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    modified: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()  # for each modified entry, the lstat fields that moved ("size, mtime, ctime")

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.modified)

    def describe(self, limit: int = 5) -> str:
        """e.g. "modified grader/hidden.py; added grader/x.py, grader/y.py (+3 more)"."""
        parts = []
        fields = dict(zip(self.modified, self.moved))
        for word, names in (("modified", self.modified), ("added", self.added), ("removed", self.removed)):
            if names:
                shown = ", ".join(n if n != "\0more" else "(more entries than listed)" for n in names[:limit])
                if word == "modified" and fields:
                    shown = ", ".join(f"{n} ({fields[n]})" if fields.get(n) else n for n in names[:limit])
                more = f" (+{len(names) - limit} more)" if len(names) > limit else ""
                parts.append(f"{word} {shown}{more}")
        return "; ".join(parts)


class Contents:
    """The bytes of a task dir's regular files as the run first saw them, kept as digests, so that a
    file whose metadata alone moved (a build tool linking, unlinking or re-moding a shared store file)
    can be told from a write. Files are read once each, in `remember`, up to `budget` bytes in all;
    never a FIFO, device or link (opened with O_NOFOLLOW | O_NONBLOCK and checked to be a regular file)."""

    def __init__(self, root: Path, budget: int = MAX_HASHED_BYTES) -> None:
        self.root = os.fspath(root)
        self.budget = budget
        self._digests: dict[str, tuple[int, bytes]] = {}  # relpath -> (size, digest) as first seen

    def remember(self, snap: Snapshot) -> "Contents":
        for rel, key in sorted(snap.items()):
            if key[0] != "file" or rel in self._digests or key[1] > self.budget:
                continue
            digest = _digest(os.path.join(self.root, rel))
            if digest is not None:
                self.budget -= key[1]
                self._digests[rel] = (key[1], digest)
        return self

    def same(self, rel: str, key: tuple) -> bool | None:
        """Whether the file at `rel` (lstat `key` now) holds the bytes it held when first seen; None
        where they were not kept (over the budget, or unreadable then)."""
        first = self._digests.get(rel)
        if first is None:
            return None
        return key[1] == first[0] and _digest(os.path.join(self.root, rel)) == first[1]


def _identity(key: tuple) -> tuple:
    return key[1], key[2], key[4], key[5]  # size, mtime, inode, mode: all but ctime and the link count


def _digest(path: str) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        h = hashlib.blake2b(digest_size=20)
        while chunk := os.read(fd, 1 << 20):
            h.update(chunk)
        return h.digest()
    except OSError:
        return None
    finally:
        os.close(fd)


def changes(before: Snapshot, after: Snapshot, contents: Contents | None = None) -> Changes:
    """What changed from `before` to `after`. With `contents` (the task files may be a build tool's
    links), a file whose bytes are as first seen is unchanged whatever its metadata did."""
    added = tuple(sorted(k for k in after if k not in before))
    removed = tuple(sorted(k for k in before if k not in after))
    modified = tuple(sorted(k for k in before if k in after and before[k] != after[k]
                            and not _unchanged(k, before[k], after[k], contents)))
    moved = tuple(_moved(before[k], after[k]) for k in modified)
    return Changes(added, removed, modified, moved)


_FIELDS = ("kind", "size", "mtime", "ctime", "inode", "mode", "links")


def _moved(old: tuple, new: tuple) -> str:
    """Which of an entry's lstat fields moved ("mtime, ctime"), for the finding."""
    if old[0] != new[0] or len(old) != len(new) or old[0] != "file":
        return "kind" if old[0] != new[0] else "metadata"
    return ", ".join(name for name, a, b in zip(_FIELDS, old, new) if a != b)


def _unchanged(rel: str, old: tuple, new: tuple, contents: Contents | None) -> bool:
    """A regular file taken as unchanged though its lstat moved: with `contents`, its bytes are those
    first seen (past the budget, as without); without, only ctime and the link count moved and it has
    more than one hard link at either snapshot (another name of it was linked or unlinked)."""
    if old[0] != "file" or new[0] != "file" or len(old) < 7 or len(new) < 7:
        return False
    same = contents.same(rel, new) if contents is not None else None
    if same is not None:
        return same
    return _identity(old) == _identity(new) and max(old[6], new[6]) > 1
