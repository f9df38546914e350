"""Find the corpus config that governs a path: the nearest `artifactbench.toml` at or above it."""

from __future__ import annotations

import os
from pathlib import Path

from artifactbench.config._load import load_config
from artifactbench.config._model import CONFIG_NAME, CorpusConfig

__all__ = ["corpus_config_for", "extra_categories_for", "find_config"]

# (path, mtime_ns, size) -> config: a corpus of many tasks parses its one config once.
_CACHE: dict[tuple[Path, int, int], CorpusConfig] = {}


def find_config(start: str | os.PathLike[str]) -> Path | None:
    """The nearest `artifactbench.toml` at or above `start` (a file's own folder counts), or None."""
    here = Path(start).absolute()
    if not here.is_dir():
        here = here.parent
    for folder in (here, *here.parents):
        candidate = folder / CONFIG_NAME
        if candidate.is_file():
            return candidate
    return None


def corpus_config_for(start: str | os.PathLike[str]) -> CorpusConfig | None:
    """The loaded config governing `start`, or None when there is none. Raises ConfigError."""
    path = find_config(start)
    if path is None:
        return None
    stat = path.stat()
    key = (path.resolve(), stat.st_mtime_ns, stat.st_size)
    if key not in _CACHE:
        _CACHE[key] = load_config(path)
    return _CACHE[key]


def extra_categories_for(start: str | os.PathLike[str]) -> tuple[tuple[str, ...], Path | None]:
    """The categories the governing config adds to the spec's six, and that config's path."""
    config = corpus_config_for(start)
    return (config.categories, config.path) if config is not None else ((), None)
