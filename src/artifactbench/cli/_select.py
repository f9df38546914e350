"""Which tasks a command works on: task dirs / problems roots anywhere on disk, optionally a --set."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from artifactbench.errors import SelectionError, SetError
from artifactbench.manifest import Task, discover_with_problems


@dataclass(frozen=True, slots=True)
class Selection:
    """The good tasks selected, plus the one-line problems of manifests that did not load."""

    tasks: tuple[Task, ...]
    problems: tuple[str, ...]


def default_problems_root(start: Path | None = None) -> Path:
    """The nearest `problems/` folder at or above `start` (default: cwd), i.e. the repo's task tree."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "problems").is_dir():
            return folder / "problems"
    raise SelectionError(f"no task paths given and no problems/ folder at or above {str(here)!r}; "
                         "pass task directories or a problems root")


def resolve_sets_dir(paths: list[Path], sets_dir: Path | None) -> Path | None:
    """--sets-dir, else the nearest sets/ at or above a path, else above the cwd, else None."""
    if sets_dir is not None:
        if not sets_dir.is_dir():
            raise SetError(f"--sets-dir={str(sets_dir)!r}: not a directory")
        return sets_dir
    from artifactbench.sets import find_sets_dir

    for start in [*paths, Path.cwd()]:
        found = find_sets_dir(start.resolve())
        if found is not None:
            return found
    return None


def select_tasks(paths: list[str], set_name: str | None, sets_dir: str | None) -> Selection:
    """Discover tasks under `paths` (default: the repo's problems/), then narrow to `set_name`.

    Raises SelectionError on an empty selection (an empty run is an error, never a silent pass).
    """
    roots = [Path(p) for p in paths] or [default_problems_root()]
    tasks, problems = discover_with_problems(roots)
    if set_name:
        from artifactbench.sets import select

        folder = resolve_sets_dir(roots, Path(sets_dir) if sets_dir else None)
        tasks = tuple(select(tasks, set_name, folder))
    if not tasks and not problems:
        where = ", ".join(repr(str(r)) for r in roots)
        extra = f" in set {set_name!r}" if set_name else ""
        raise SelectionError(f"no tasks selected{extra} under {where}")
    return Selection(tuple(tasks), tuple(str(p) for p in problems))
