"""The built-in gates, in run order: one tuple a reader can see (no gate registers itself)."""

from __future__ import annotations

from collections.abc import Sequence

from artifactbench.gates.contract import contract_gate, prepare_contract, reproducible_gate
from artifactbench.gates.core import Gate, select_gates
from artifactbench.gates.fuzz import fuzz_gate, verifier_consistency_gate
from artifactbench.gates.leaks import content_leaks_gate, detail_leaks_gate, leaks_gate
from artifactbench.gates.spec import manifest_gate, materialize_gate, negative_gate, positive_gate, verifier_gate

# The spec's gates first (cheap, and their verdicts explain later failures), then the assurance gates.
SPEC_GATES: tuple[Gate, ...] = (
    Gate("manifest", manifest_gate, runs_grader=False, spec=True),
    Gate("materialize", materialize_gate, runs_grader=False, spec=True),
    Gate("leaks", leaks_gate, runs_grader=False, spec=True),
    Gate("verifier", verifier_gate, runs_grader=True, spec=True),
    Gate("positive", positive_gate, runs_grader=True, spec=True),
    Gate("negative", negative_gate, runs_grader=True, spec=True),
)
BUILTIN_GATES: tuple[Gate, ...] = SPEC_GATES + (
    Gate("contract", contract_gate, runs_grader=True, prepare=prepare_contract),
    Gate("fuzz", fuzz_gate, runs_grader=True),
    Gate("detail_leaks", detail_leaks_gate, runs_grader=True),
    Gate("verifier_consistency", verifier_consistency_gate, runs_grader=True),
    Gate("content_leaks", content_leaks_gate, runs_grader=True),  # materializing runs the generator
    Gate("reproducible", reproducible_gate, runs_grader=True),
)


def resolve_gates(names: Sequence[str] | None, available: Sequence[Gate] = BUILTIN_GATES) -> tuple[Gate, ...]:
    """The default gates (names None) or the named ones of `available`, in its order (see select_gates)."""
    return select_gates(available, names)
