"""Pre-merge checks of tasks: a registry of gates run per task (spec 4, 5.3-5.5, 8)."""

from artifactbench.checks._context import Cancelled, CheckOptions, TaskContext
from artifactbench.checks._gate_basic import manifest_gate, materialize_gate, positive_gate, verifier_gate
from artifactbench.checks._gate_leaks import find_leaks, leaks_gate
from artifactbench.checks._gate_negative import negative_gate
from artifactbench.checks._registry import Gate, register_gate, registered_gates, resolve_gates
from artifactbench.checks._run import check_task, run_checks
from artifactbench.checks._values import REPORT_VERSION, CaseResult, CheckResult, Report, TaskReport

register_gate("manifest", manifest_gate, runs_grader=False)
register_gate("materialize", materialize_gate, runs_grader=False)
register_gate("leaks", leaks_gate, runs_grader=False)
register_gate("verifier", verifier_gate, runs_grader=True)
register_gate("positive", positive_gate, runs_grader=True)
register_gate("negative", negative_gate, runs_grader=True)

__all__ = [
    "REPORT_VERSION",
    "Cancelled",
    "CaseResult",
    "CheckOptions",
    "CheckResult",
    "Gate",
    "Report",
    "TaskContext",
    "TaskReport",
    "check_task",
    "find_leaks",
    "register_gate",
    "registered_gates",
    "resolve_gates",
    "run_checks",
]

# Last, so every assurance gate registers itself whenever the checks package is imported.
import artifactbench.assurance  # noqa: E402,F401
