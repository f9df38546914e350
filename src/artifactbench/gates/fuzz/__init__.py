"""Mutation-based gates: `fuzz` (Hypothesis searches for wrong answers a grader accepts) and
`verifier_consistency` (verify.py keeps accepting structure-preserving mutants), with the artifact
formats, mutation strategies and per-task fuzz policy they share (docs/assurance.md)."""

from artifactbench.gates.fuzz._comments import comment_only, graded_element, outside_element, program
from artifactbench.gates.fuzz._constant_script import shell_script
from artifactbench.gates.fuzz._formats import (
    NUMBER_RE, PyDoc, TextDoc, TreeDoc, format_of, load_yaml, normalize, parse, rerender,
)
from artifactbench.gates.fuzz._fuzz import fuzz_gate, without_free_tails
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._policy import FuzzPolicy, FuzzPolicyError, load_policy
from artifactbench.gates.fuzz._reference import table_cells, text_field
from artifactbench.gates.fuzz._sampling import sample_mutants
from artifactbench.gates.fuzz._strategies import KINDS, kinds_for, mutation_strategy, object_examples, place_examples
from artifactbench.gates.fuzz._text_strategies import _rule_row as rule_row
from artifactbench.gates.fuzz._text_strategies import count_of, recount
from artifactbench.gates.fuzz._tree_targets import where as describe_place
from artifactbench.gates.fuzz._verifier_consistency import verifier_consistency_gate

__all__ = [
    "KINDS",
    "NUMBER_RE",
    "FuzzPolicy",
    "FuzzPolicyError",
    "Mutation",
    "PyDoc",
    "TextDoc",
    "TreeDoc",
    "describe_place",
    "comment_only",
    "count_of",
    "format_of",
    "fuzz_gate",
    "graded_element",
    "kinds_for",
    "load_policy",
    "load_yaml",
    "mutation_strategy",
    "normalize",
    "outside_element",
    "parse",
    "without_free_tails",
    "object_examples",
    "place_examples",
    "program",
    "rerender",
    "recount",
    "rule_row",
    "sample_mutants",
    "text_field",
    "shell_script",
    "table_cells",
    "verifier_consistency_gate",
]
