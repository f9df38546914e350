"""The in-memory value of a corpus config (`artifactbench.toml`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["CATEGORY_PATTERN", "CONFIG_NAME", "CONFIG_VERSION", "DEFAULT_SETS_DIR", "CorpusConfig"]

CONFIG_NAME = "artifactbench.toml"
CONFIG_VERSION = 1
DEFAULT_SETS_DIR = "sets"
# A category is the first segment of an instance_id (<category>__<slug>), so it has that segment's shape.
CATEGORY_PATTERN = r"^[a-z][a-z0-9_]*$"


@dataclass(frozen=True, slots=True)
class CorpusConfig:
    """A loaded corpus config. Paths are absolute; nothing here has been checked to exist.

    `sets_dirs` is what the file declares, or (when it declares none) `sets/` beside the file and
    under every root: the existing ones are where `--set NAME` looks.
    """

    path: Path
    roots: tuple[Path, ...]
    categories: tuple[str, ...]
    sets_dirs: tuple[Path, ...]
    runs_dir: Path | None

    @property
    def base(self) -> Path:
        """The folder holding the config; its relative paths are relative to this."""
        return self.path.parent
