"""Grader assurance beyond the spec's sanity checks: contract, fuzz and leak gates (docs/assurance.md).

Importing this package registers its gates with artifactbench.checks (the checks package imports it
at the end of its own __init__, so the gates are always there).
"""

from artifactbench.assurance._common import FuzzBudget
from artifactbench.assurance._content_leaks import content_leaks_gate
from artifactbench.assurance._contract import contract_gate
from artifactbench.assurance._detail_leaks import detail_leaks_gate
from artifactbench.assurance._formats import format_of
from artifactbench.assurance._fuzz import fuzz_gate
from artifactbench.assurance._mutation import Mutation
from artifactbench.assurance._policy import FuzzPolicy, FuzzPolicyError, load_policy
from artifactbench.assurance._reproducible import reproducible_gate
from artifactbench.assurance._strategies import KINDS, kinds_for, mutation_strategy
from artifactbench.assurance._verifier_consistency import verifier_consistency_gate
from artifactbench.checks import register_gate

# Opt-in (`check --gates contract,fuzz,...`) until the lead makes them default: they add about 10-20 s
# of grading per task, and the checks package's own tests pin the list of default gates.
register_gate("contract", contract_gate, default=True, runs_grader=True)
register_gate("fuzz", fuzz_gate, default=True, runs_grader=True)
register_gate("detail_leaks", detail_leaks_gate, default=True, runs_grader=True)
register_gate("verifier_consistency", verifier_consistency_gate, default=True, runs_grader=True)
register_gate("content_leaks", content_leaks_gate, default=True, runs_grader=True)  # materializing runs the generator
register_gate("reproducible", reproducible_gate, default=True, runs_grader=True)

__all__ = [
    "KINDS",
    "FuzzBudget",
    "FuzzPolicy",
    "FuzzPolicyError",
    "Mutation",
    "content_leaks_gate",
    "contract_gate",
    "detail_leaks_gate",
    "format_of",
    "fuzz_gate",
    "kinds_for",
    "load_policy",
    "mutation_strategy",
    "reproducible_gate",
    "verifier_consistency_gate",
]
