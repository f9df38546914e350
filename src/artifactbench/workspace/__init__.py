"""Materializing a task's workspace: exactly what an agent sees, nothing of the grader (spec 5)."""

from artifactbench.workspace._materialize import Materialized, materialize, names_file
from artifactbench.workspace._tree import copy_tree, new_scratch_dir, tree_digest, tree_files

__all__ = ["Materialized", "copy_tree", "materialize", "names_file", "new_scratch_dir", "tree_digest", "tree_files"]
