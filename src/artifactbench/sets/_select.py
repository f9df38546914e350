"""Resolve a curated set name or path against loaded tasks."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable
from pathlib import Path

from artifactbench.errors import SelectionError, SetError
from artifactbench.manifest import Task
from artifactbench.sets._read import read_set

__all__ = ["SETS_DIR_NAME", "find_sets_dir", "list_sets", "resolve_set_path", "select"]

SETS_DIR_NAME = "sets"
SET_SUFFIX = ".txt"


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


def list_sets(sets_dir: str | os.PathLike[str] | None) -> tuple[str, ...]:
    """Sorted names (file stems) of the `*.txt` sets in `sets_dir`; () when it is None or absent."""
    if sets_dir is None or not Path(sets_dir).is_dir():
        return ()
    return tuple(sorted(p.stem for p in Path(sets_dir).glob(f"*{SET_SUFFIX}") if p.is_file()))


def resolve_set_path(
    set_name_or_path: str | os.PathLike[str], sets_dir: str | os.PathLike[str] | None
) -> Path:
    """An existing set file: `set_name_or_path` itself when it is a file, else `<sets_dir>/<name>.txt`.

    Raises SetError naming the available sets when neither exists.
    """
    given = Path(set_name_or_path)
    if given.is_file():
        return given
    name = str(set_name_or_path)
    if sets_dir is not None and os.sep not in name and "/" not in name:
        candidate = Path(sets_dir) / (name if name.endswith(SET_SUFFIX) else name + SET_SUFFIX)
        if candidate.is_file():
            return candidate
    available = list_sets(sets_dir)
    close = difflib.get_close_matches(name.removesuffix(SET_SUFFIX), available, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    where = f" in {str(sets_dir)!r}" if sets_dir is not None else " (no sets/ directory found)"
    listing = ", ".join(available) if available else "none"
    raise SetError(f"set={name!r}: no such set file or set name{where}{hint} Available sets: {listing}.")


def select(
    tasks: Iterable[Task],
    set_name_or_path: str | os.PathLike[str],
    sets_dir: str | os.PathLike[str] | None,
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
