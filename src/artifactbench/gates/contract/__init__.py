"""Gates on the grader's contract (spec 3.2, 3.4, 8): determinism, read-only, offline, never raising,
timeouts and result shape (`contract`), and a reproducible workspace (`reproducible`)."""

from artifactbench.gates.contract._contract import contract_gate, prepare_contract
from artifactbench.gates.contract._reproducible import reproducible_gate

__all__ = ["contract_gate", "prepare_contract", "reproducible_gate"]
