"""Pre-merge checks of tasks: gates run per task (spec 4, 5.3-5.5, 8, and docs/assurance.md).

Layout: `core` (context, values, runner; imports no gate), `spec`, `leaks`, `contract`, `fuzz` (the
gates, grouped by concern), and `BUILTIN_GATES`, the ordered tuple the CLI runs. A caller passes the
gates to run as a value: `run_checks(tasks, resolve_gates(names), jobs)`.
"""

from artifactbench.gates._builtin import BUILTIN_GATES, SPEC_GATES, resolve_gates
from artifactbench.gates.core import (
    BaselineError,
    Finding,
    apply_baseline,
    baseline_target_problem,
    read_baseline,
    write_baseline,
    CASE_STATUSES,
    REPORT_VERSION,
    SANDBOXES,
    SEVERITIES,
    Cancelled,
    CaseResult,
    CheckOptions,
    CheckResult,
    FuzzBudget,
    Gate,
    GateFunc,
    Report,
    TaskContext,
    TaskReport,
    check_task,
    one_line,
    run_checks,
    select_gates,
)

__all__ = [
    "BaselineError",
    "Finding",
    "apply_baseline",
    "baseline_target_problem",
    "read_baseline",
    "write_baseline",
    "CASE_STATUSES",
    "SANDBOXES",
    "SEVERITIES",
    "BUILTIN_GATES",
    "REPORT_VERSION",
    "SPEC_GATES",
    "Cancelled",
    "CaseResult",
    "CheckOptions",
    "CheckResult",
    "FuzzBudget",
    "Gate",
    "GateFunc",
    "Report",
    "TaskContext",
    "TaskReport",
    "check_task",
    "one_line",
    "resolve_gates",
    "run_checks",
    "select_gates",
]
