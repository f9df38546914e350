"""Resolve a curated set name or path against loaded tasks."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from artifactbench.errors import SelectionError, SetError
from artifactbench.manifest import Task
from artifactbench.sets._read import read_set

__all__ = ["SETS_DIR_NAME", "SetsDirs", "find_sets_dir", "list_sets", "resolve_set_path", "select"]

SETS_DIR_NAME = "sets"
SET_SUFFIX = ".txt"

PathLike = str | os.PathLike[str]
# One folder of sets, several (a corpus config lists one per task root), or none.
SetsDirs = PathLike | Sequence[PathLike] | None


def _dirs(sets_dir: SetsDirs) -> tuple[Path, ...]:
    if sets_dir is None:
        return ()
    if isinstance(sets_dir, (str, os.PathLike)):
        return (Path(sets_dir),)
    return tuple(Path(d) for d in sets_dir)


def find_sets_dir(start: str | os.PathLike[str]) -> Path | None:
    """The nearest `sets/` directory at or above `start` (a file's own directory counts), or None."""
    here = Path(start).resolve()
    if not here.is_dir():
        here = here.parent
    for folder in (here, *here.parents):
        candidate = folder / SETS_DIR_NAME
        if candidate.is_dir():
            return candidate
    return None


def list_sets(sets_dir: SetsDirs) -> tuple[str, ...]:
    """Sorted names (file stems) of the `*.txt` sets in the folder(s); () when none exists."""
    names = {p.stem for d in _dirs(sets_dir) if d.is_dir() for p in d.glob(f"*{SET_SUFFIX}") if p.is_file()}
    return tuple(sorted(names))


def resolve_set_path(set_name_or_path: str | os.PathLike[str], sets_dir: SetsDirs) -> Path:
    """An existing set file: `set_name_or_path` itself when it is a file, else `<dir>/<name>.txt` in the
    one folder of `sets_dir` that has it.

    Raises SetError naming the available sets when none has it, or both files when two folders do.
    """
    given = Path(set_name_or_path)
    if given.is_file():
        return given
    name = str(set_name_or_path)
    dirs = _dirs(sets_dir)
    if os.sep not in name and "/" not in name:
        file = name if name.endswith(SET_SUFFIX) else name + SET_SUFFIX
        found = [d / file for d in dirs if (d / file).is_file()]
        if len(found) > 1:
            raise SetError(f"set={name!r}: defined in more than one sets folder: "
                           f"{', '.join(str(f) for f in found)}; rename one")
        if found:
            return found[0]
    available = list_sets(dirs)
    close = difflib.get_close_matches(name.removesuffix(SET_SUFFIX), available, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    shown = ", ".join(repr(str(d)) for d in dirs)
    where = f" in {shown}" if dirs else " (no sets/ directory found)"
    listing = ", ".join(available) if available else "none"
    raise SetError(f"set={name!r}: no such set file or set name{where}{hint} Available sets: {listing}.")


def select(
    tasks: Iterable[Task],
    set_name_or_path: str | os.PathLike[str],
    sets_dir: SetsDirs,
) -> tuple[Task, ...]:
    """The tasks a set lists, in set order.

    Raises SetError listing every id the set names that is not among `tasks` (with a did-you-mean when
    one is close), and SelectionError when the set lists no ids at all.
    """
    path = resolve_set_path(set_name_or_path, sets_dir)
    ids = read_set(path)
    if not ids:
        raise SelectionError(f"{path}: set lists no instance_ids; an empty selection is an error")
    by_id = {task.instance_id: task for task in tasks}
    unknown = [iid for iid in ids if iid not in by_id]
    if unknown:
        lines = []
        for iid in unknown:
            close = difflib.get_close_matches(iid, list(by_id), n=1, cutoff=0.8)
            lines.append(f"  {iid!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
        raise SetError(
            f"{path}: {len(unknown)} instance_id(s) match no discovered task:\n" + "\n".join(lines)
            + "\nfix the set file or pass the problems root that holds these tasks"
        )
    return tuple(by_id[iid] for iid in ids)
