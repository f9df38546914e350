"""Curated sets: plain-text lists of instance_ids under sets/<name>.txt (spec section 7)."""

from artifactbench.sets._read import read_set
from artifactbench.sets._select import find_sets_dir, list_sets, resolve_set_path, select

__all__ = ["find_sets_dir", "list_sets", "read_set", "resolve_set_path", "select"]
