"""Task-dir snapshots: did code run by `check` (a grader, generator or verifier) change a task's own files?

`check` runs task code without a filesystem sandbox, so a grader could loosen its own tolerance, a
generator could append to hidden.py, or one task's grader could overwrite a sibling task's. A snapshot
is the lstat of every entry under the task dir (no file is read): for a regular file its size,
mtime_ns, ctime_ns, inode and link count. ctime cannot be set back by an unprivileged process, so any
write, truncation, chmod or `os.utime` in between shows, even one that restores size and mtime. One
exception: a file with more than one hard link (Pants links its inputs from a store into every sandbox,
and each link or unlink moves the shared ctime) counts as changed only when its size, mtime, inode or
mode moved. Reading a
file changes none of these. Bytecode caches count too: graders run with PYTHONDONTWRITEBYTECODE, so a
new .pyc in a task dir was written on purpose.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

__all__ = ["MAX_ENTRIES", "Changes", "changes", "snapshot"]

MAX_ENTRIES = 100_000  # a task dir is capped at 20,000 entries on load; past this, the rest is one marker
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

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.modified)

    def describe(self, limit: int = 5) -> str:
        """e.g. "modified grader/hidden.py; added grader/x.py, grader/y.py (+3 more)"."""
        parts = []
        for word, names in (("modified", self.modified), ("added", self.added), ("removed", self.removed)):
            if names:
                shown = ", ".join(n if n != "\0more" else "(more entries than listed)" for n in names[:limit])
                more = f" (+{len(names) - limit} more)" if len(names) > limit else ""
                parts.append(f"{word} {shown}{more}")
        return "; ".join(parts)


def changes(before: Snapshot, after: Snapshot) -> Changes:
    """What changed from `before` to `after`."""
    added = tuple(sorted(k for k in after if k not in before))
    removed = tuple(sorted(k for k in before if k not in after))
    modified = tuple(sorted(k for k in before if k in after and before[k] != after[k]
                            and not _linked_elsewhere(before[k], after[k])))
    return Changes(added, removed, modified)


def _linked_elsewhere(old: tuple, new: tuple) -> bool:
    """Only ctime (and the link count) moved, on a file with more than one hard link: another name of
    the same file was linked or unlinked. Pants links each input file from its store into every
    sandbox that needs it, so a task file's ctime moves while other checks and tests start and end."""
    if old[0] != "file" or new[0] != "file" or len(old) < 7 or len(new) < 7:
        return False
    same = old[1:3] == new[1:3] and old[4:6] == new[4:6]  # size, mtime, inode, mode
    return same and max(old[6], new[6]) > 1
