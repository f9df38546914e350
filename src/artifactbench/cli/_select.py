"""Which tasks a command works on: task dirs / roots anywhere on disk, the corpus config's roots by
default, optionally narrowed to a --set found in any of the corpus's sets folders."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from artifactbench.config import CONFIG_NAME, CorpusConfig, corpus_config_for
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
    raise SelectionError(f"no task paths given, no {CONFIG_NAME} with [corpus] roots and no problems/ "
                         f"folder at or above {str(here)!r}; pass task directories or declare the roots")


def default_roots(start: Path | None = None) -> tuple[Path, ...]:
    """The task roots of the corpus config governing `start` (default: cwd), else the nearest problems/."""
    config = corpus_config_for(start or Path.cwd())
    if config is None or not config.roots:
        return (default_problems_root(start),)
    missing = [r for r in config.roots if not r.is_dir()]
    if missing:
        raise SelectionError(f"{config.path}: corpus.roots={str(missing[0].relative_to(config.base))!r}: "
                             "not a directory (fix the path or create it)")
    return config.roots


def _sets_near(start: Path) -> tuple[Path, ...]:
    """Walking up from `start`, the first folder with a corpus config (its existing sets folders) or
    with a sets/ folder decides; () when none does."""
    here = start.resolve()
    if not here.is_dir():
        here = here.parent
    for folder in (here, *here.parents):
        if (folder / CONFIG_NAME).is_file():
            config = corpus_config_for(folder)
            found = tuple(d for d in config.sets_dirs if d.is_dir()) if config is not None else ()
            if found:
                return found
        if (folder / "sets").is_dir():
            return (folder / "sets",)
    return ()


def resolve_sets_dirs(paths: list[Path], sets_dir: Path | None) -> tuple[Path, ...]:
    """--sets-dir; else, walking up from each path and then the cwd, the nearest corpus config's existing
    sets folders (declared, or sets/ beside it and under every root) or sets/ folder; else ()."""
    if sets_dir is not None:
        if not sets_dir.is_dir():
            raise SetError(f"--sets-dir={str(sets_dir)!r}: not a directory")
        return (sets_dir,)
    for start in [*paths, Path.cwd()]:
        found = _sets_near(start)
        if found:
            return found
    return ()


def resolve_sets_dir(paths: list[Path], sets_dir: Path | None) -> Path | None:
    """The first of resolve_sets_dirs(), or None (for callers that show one folder)."""
    dirs = resolve_sets_dirs(paths, sets_dir)
    return dirs[0] if dirs else None


def default_runs_dir(given: str | None) -> Path:
    """--runs-dir; else the governing corpus config's runs_dir; else ./runs."""
    if given is not None:
        return Path(given)
    config = corpus_config_for(Path.cwd())
    return config.runs_dir if config is not None and config.runs_dir is not None else Path("runs")


def select_tasks(paths: list[str], set_name: str | None, sets_dir: str | None) -> Selection:
    """Discover tasks under `paths` (default: the corpus config's roots, else the repo's problems/),
    then narrow to `set_name`.

    Raises SelectionError on an empty selection (an empty run is an error, never a silent pass).
    """
    roots = [Path(p) for p in paths] or list(default_roots())
    tasks, problems = discover_with_problems(roots)
    if set_name:
        from artifactbench.sets import select

        config = None if paths or sets_dir else corpus_config_for(Path.cwd())
        if config is not None and config.roots:  # the roots came from this config: so do the sets
            folders = tuple(d for d in config.sets_dirs if d.is_dir())
        else:
            folders = resolve_sets_dirs([Path(p) for p in paths], Path(sets_dir) if sets_dir else None)
        tasks = tuple(select(tasks, set_name, folders or None))
    if not tasks and not problems:
        where = ", ".join(repr(str(r)) for r in roots)
        extra = f" in set {set_name!r}" if set_name else ""
        raise SelectionError(f"no tasks selected{extra} under {where}")
    return Selection(tuple(tasks), tuple(str(p) for p in problems))
