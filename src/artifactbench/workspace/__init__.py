"""Materializing a task's workspace: exactly what an agent sees, nothing of the grader (spec 5)."""

from artifactbench.workspace._materialize import GraderCopies, Materialized, holds_answer, materialize, names_file
from artifactbench.workspace._tree import copy_tree, new_scratch_dir, tree_digest, tree_files

__all__ = ["GraderCopies", "Materialized", "copy_tree", "holds_answer", "materialize", "names_file", "new_scratch_dir", "tree_digest", "tree_files"]
