"""Grader assurance beyond the spec's sanity checks: contract, fuzz and leak gates (docs/assurance.md)."""

from artifactbench.assurance._formats import format_of
from artifactbench.assurance._mutation import Mutation
from artifactbench.assurance._policy import FuzzPolicy, FuzzPolicyError, load_policy
from artifactbench.assurance._strategies import KINDS, kinds_for, mutation_strategy

__all__ = [
    "KINDS",
    "FuzzPolicy",
    "FuzzPolicyError",
    "Mutation",
    "format_of",
    "kinds_for",
    "load_policy",
    "mutation_strategy",
]
