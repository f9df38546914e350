"""load_config: the strict reader of `artifactbench.toml` (stdlib tomllib). Reports every problem."""

from __future__ import annotations

import difflib
import os
import re
import tomllib
from pathlib import Path, PurePosixPath, PureWindowsPath

from artifactbench.config._model import (
    CATEGORY_PATTERN,
    CONFIG_VERSION,
    DEFAULT_SETS_DIR,
    CorpusConfig,
)
from artifactbench.errors import ManifestError, Problem

__all__ = ["ConfigError", "load_config"]

_TOP_KEYS = ("version", "corpus")
_CORPUS_KEYS = ("roots", "categories", "sets", "runs_dir")


class ConfigError(ManifestError):
    """The corpus config is invalid; carries every problem found (file, line, field=value)."""


class _Reader:
    def __init__(self, path: Path, text: str) -> None:
        self.file = str(path)
        self.lines = text.splitlines()
        self.problems: list[Problem] = []

    def line_of(self, key: str, table: str | None = None) -> int | None:
        """The line of `key = ...` (inside `[table]` when given); tomllib keeps no positions."""
        in_table = table is None
        for number, line in enumerate(self.lines, start=1):
            header = re.match(r"\s*\[([^\[\]]+)\]\s*(#.*)?$", line)
            if header:
                in_table = table is not None and header.group(1).strip() == table
                if key == "" and in_table:
                    return number
                continue
            if in_table and re.match(rf"\s*{re.escape(key)}\s*=", line):
                return number
        return None

    def add(self, field: str, value: object, message: str, hint: str | None = None,
            table: str | None = "corpus") -> None:
        key = field.rpartition(".")[2]
        self.problems.append(Problem(self.file, self.line_of(key, table), field, value, message, hint))

    def unknown(self, data: dict, allowed: tuple[str, ...], prefix: str, table: str | None) -> None:
        for key in sorted(k for k in data if k not in allowed):
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"known keys: {', '.join(allowed)}"
            self.problems.append(Problem(self.file, self.line_of(key, table), f"{prefix}{key}", data[key],
                                         "unknown key", hint))


def _relative_problem(raw: str) -> str | None:
    if not raw:
        return "must not be empty"
    if raw.startswith(("/", "\\", "~")) or PureWindowsPath(raw).is_absolute() or PureWindowsPath(raw).drive:
        return "must be a path relative to the config file, not absolute"
    if "\x00" in raw:
        return "must not contain a NUL byte"
    return None


def _paths(reader: _Reader, base: Path, data: dict, key: str) -> tuple[Path, ...] | None:
    raw = data.get(key)
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        reader.add(f"corpus.{key}", raw, "must be a list of strings", f'e.g. {key} = ["teams/search/benchmarks"]')
        return ()
    out: list[Path] = []
    for value in raw:
        message = _relative_problem(value)
        if message is not None:
            reader.add(f"corpus.{key}", value, message)
            continue
        out.append(Path(os.path.normpath(base / PurePosixPath(value))))
    return tuple(dict.fromkeys(out))


def _categories(reader: _Reader, data: dict) -> tuple[str, ...]:
    raw = data.get("categories", [])
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        reader.add("corpus.categories", raw, "must be a list of strings", 'e.g. categories = ["retrieval"]')
        return ()
    good = []
    for name in raw:
        if not re.match(CATEGORY_PATTERN, name) or "__" in name:
            reader.add("corpus.categories", name, f"must match {CATEGORY_PATTERN} without '__'",
                       "a category is the first segment of instance_id <category>__<slug>")
        elif name not in good:
            good.append(name)
    return tuple(good)


def load_config(path: str | os.PathLike[str]) -> CorpusConfig:
    """Read and check one `artifactbench.toml`. Raises ConfigError listing every problem.

    Only the file's own content is checked here; whether declared folders exist is checked by the
    command that uses them (a check in a sandbox that holds one task still reads the categories).
    """
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError([Problem(str(file), None, "", None, f"cannot be read: {err}")]) from None
    reader = _Reader(file, text)
    try:
        data = tomllib.loads(text)
    except RecursionError:  # (arrays nested hundreds deep; outside attack)
        raise ConfigError([Problem(str(file), None, "", None, "not valid TOML: nested too deeply")]) from None
    except tomllib.TOMLDecodeError as err:
        line = re.search(r"line (\d+)", str(err))
        raise ConfigError([Problem(str(file), int(line.group(1)) if line else None, "", None,
                                   f"not valid TOML: {str(err).split(' (at')[0]}")]) from None
    reader.unknown(data, _TOP_KEYS, "", None)
    if data.get("version") != CONFIG_VERSION:
        reader.add("version", data.get("version"), f"must be {CONFIG_VERSION}",
                   f"write version = {CONFIG_VERSION} on the first line", table=None)
    corpus = data.get("corpus", {})
    if not isinstance(corpus, dict):
        reader.add("corpus", corpus, "must be a table", "write a [corpus] table", table=None)
        corpus = {}
    reader.unknown(corpus, _CORPUS_KEYS, "corpus.", "corpus")
    base = file.resolve().parent
    roots = _paths(reader, base, corpus, "roots") or ()
    categories = _categories(reader, corpus)
    sets = _paths(reader, base, corpus, "sets")
    if sets is None:
        sets = tuple(dict.fromkeys([base / DEFAULT_SETS_DIR, *(r / DEFAULT_SETS_DIR for r in roots)]))
    runs_dir = None
    raw_runs = corpus.get("runs_dir")
    if raw_runs is not None:
        message = "must be a string" if not isinstance(raw_runs, str) else _relative_problem(raw_runs)
        if message is None:
            runs_dir = Path(os.path.normpath(base / PurePosixPath(raw_runs)))
        else:
            reader.add("corpus.runs_dir", raw_runs, message, 'e.g. runs_dir = "runs"')
    if reader.problems:
        raise ConfigError(reader.problems)
    return CorpusConfig(path=file.resolve(), roots=roots, categories=categories, sets_dirs=sets,
                        runs_dir=runs_dir)
