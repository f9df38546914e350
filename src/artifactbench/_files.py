"""Files as untrusted input (task dirs, set files, run dirs): only regular files are opened, reads are capped.

A FIFO would block a reader forever and a device file can have side effects on open, so both are
found with stat/lstat and reported, never opened. Limits are listed in docs/tasks.md ("Limits on task files").
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from artifactbench._display import bad_name_reason
from artifactbench.errors import Problem

__all__ = [
    "MAX_MANIFEST_BYTES",
    "MAX_PROMPT_BYTES",
    "MAX_TASK_ENTRIES",
    "FileRefused",
    "read_capped",
    "scan_task_tree",
    "output_problem",
    "text_problem",
]

MAX_MANIFEST_BYTES = 64 * 1024  # task.yaml: a real manifest is well under 2 KiB
MAX_PROMPT_BYTES = 1024 * 1024  # prompt.md: a prompt an agent can read in one turn
MAX_TASK_ENTRIES = 20_000  # files, folders and links under one task dir
# reference_output: read whole by every gate that grades it or mutates it (a 30 GiB sparse one was a
# MemoryError in each; outside attack, session 17)
MAX_REFERENCE_BYTES = 256 * 1024 * 1024
# a file of grader/ or the workspace read whole to look for leaks: larger ones are not read
MAX_SCANNED_BYTES = 64 * 1024 * 1024

# C0 controls other than tab, LF and CR; DEL; C1 controls other than NEL. YAML forbids them all.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f]")
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class FileRefused(Exception):
    """A file that is not read: its one-line reason (not a user error on its own; callers add context)."""


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a directory"), (stat.S_ISLNK, "a symlink")):
        if test(mode):
            return name
    return "not a regular file"


def read_capped(path: Path, limit: int, *, follow_links: bool = True) -> bytes:
    """The bytes of the regular file at `path` (links followed, unless `follow_links` is False: a file an
    agent wrote, which may link to any file the harness can read), at most `limit` of them.

    Raises FileRefused when it is not a regular file (checked before opening, so a FIFO or device is never
    opened), holds more than `limit` bytes, or cannot be read.
    """
    try:
        mode = (os.stat if follow_links else os.lstat)(path).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefused(f"is {kind_of(mode)}, not a regular file; it is never opened")
        # O_NONBLOCK: should the path be swapped for a FIFO after the stat, open still returns at once.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _O_CLOEXEC | (0 if follow_links else os.O_NOFOLLOW))
    except OSError as exc:
        raise FileRefused(f"cannot be read: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused("is not a regular file; it is never read")
        if st.st_size > limit:  # told before reading (a sparse file of 40 GiB reads fast and fills memory)
            raise FileRefused(f"is over the {limit}-byte limit ({st.st_size} bytes)")
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileRefused(f"is over the {limit}-byte limit")
    return data


def text_problem(data: bytes, file: str, what: str) -> tuple[str | None, Problem | None]:
    """Decode UTF-8 text; a problem naming the line of the first bad byte or control character."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        return None, Problem(file, line, "", None, f"{what} is not UTF-8 text ({err.reason} at byte {err.start})",
                             "save it as UTF-8")
    bad = _CONTROL.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        return None, Problem(file, line, "", None,
                             f"{what} holds the control character {bad.group()!r} at column {column}",
                             "remove it; only tab, newline and carriage return are allowed")
    return text, None


def _inside(real: str, root: str) -> bool:
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def scan_task_tree(task_dir: Path) -> list[Problem]:
    """Problems for what under `task_dir` must never be opened or followed, found with lstat only: FIFOs,
    sockets and devices, symlinks resolving outside the task, unreadable folders and files, names that
    are not UTF-8 or hold a control character, and a tree over MAX_TASK_ENTRIES entries. Links are never
    followed into."""
    root = os.path.realpath(task_dir)
    problems: list[Problem] = []
    stack = [Path(task_dir)]
    seen = 0
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            problems.append(Problem(str(folder), None, "", None, f"folder cannot be read: {exc.strerror}",
                                    "make it readable or remove it"))
            continue
        for entry in entries:
            seen += 1
            if seen > MAX_TASK_ENTRIES:
                return problems + [Problem(str(task_dir), None, "", None,
                                           f"holds over {MAX_TASK_ENTRIES} files and folders",
                                           "a task is small; generate large inputs with workspace_generator")]
            path = Path(entry.path)
            bad_name = bad_name_reason(entry.name)
            if bad_name is not None:  # a newline could forge report lines; bytes that are not UTF-8 break JSON
                problems.append(Problem(str(path), None, "", None, f"{bad_name}; a task's file names are "
                                        "UTF-8 text without control characters", "rename it"))
                continue
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError as exc:
                problems.append(Problem(str(path), None, "", None, f"cannot be inspected: {exc.strerror}"))
                continue
            if stat.S_ISLNK(mode):
                target = os.path.realpath(path)
                if not _inside(target, root):
                    problems.append(Problem(str(path), None, "", None,
                                            f"is a symlink that resolves outside the task, to {target!r}",
                                            "replace it with the real file"))
            elif stat.S_ISDIR(mode):
                stack.append(path)
            elif not stat.S_ISREG(mode):
                problems.append(Problem(str(path), None, "", None,
                                        f"is {kind_of(mode)}; a task holds only files and folders (never opened)",
                                        "remove it"))
            elif not os.access(path, os.R_OK):
                problems.append(Problem(str(path), None, "", None, "file cannot be read (permission denied)",
                                        "make it readable or remove it"))
    return problems


def output_problem(path: str | os.PathLike[str], *, make_parents: bool) -> str | None:
    """Why `path` cannot take a report written atomically (a temp file beside it, then os.replace), or
    None. Checked before a run, so a bad path costs no work: the target must be absent or a regular
    file (a rename would replace a folder's entry, a device node or a FIFO with a plain file), and its
    folder must exist (or, with `make_parents`, the nearest existing ancestor must be a folder) and
    be writable."""
    target = Path(path)
    try:
        mode = os.lstat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):  # absent, or under a file: the folder check says which
        mode = None
    except OSError as exc:
        return f"cannot be written: {exc.strerror}"
    if mode is not None and not stat.S_ISREG(mode):
        return f"is {kind_of(mode)}; pass a regular file or a new path (it is never replaced)"
    folder = target.parent
    while not os.path.lexists(folder) and make_parents and folder != folder.parent:
        folder = folder.parent
    if not os.path.lexists(folder):
        return f"its folder {str(folder)!r} does not exist"
    if not os.path.isdir(folder):
        return f"{str(folder)!r} is not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"its folder {str(folder)!r} is not writable"
    return None
