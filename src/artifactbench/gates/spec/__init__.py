"""The spec's own checks (4, 5.3-5.5, 8): manifest, materialize, verifier, positive, negative."""

from artifactbench.gates.spec._basic import manifest_gate, materialize_gate, positive_gate, verifier_gate
from artifactbench.gates.spec._negative import negative_gate

__all__ = ["manifest_gate", "materialize_gate", "negative_gate", "positive_gate", "verifier_gate"]
