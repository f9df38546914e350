"""The negative gate (spec 5.5): each mutation of the reference output must be rejected."""

from __future__ import annotations

import re
import time

from artifactbench.gates.core import TaskContext
from artifactbench.gates.core import one_line, outcome_reason
from artifactbench.gates.core import CaseResult, CheckResult
from artifactbench.errors import ArtifactBenchError
from artifactbench.negative import NegativeCase, classify, is_default_mutation, load_negative_cases, why_unchanged
from artifactbench.negative import CaseStatus, Severity, Verdict

_ISSUE = re.compile(r"(#\d+|issues?/\d+|pull/\d+|https?://\S+)", re.IGNORECASE)


def run_case(ctx: TaskContext, case: NegativeCase, reference: str, per_task_file: bool) -> Verdict:
    """Mutate, place the result in a pristine scratch, grade it with the task's session, classify."""
    default = is_default_mutation(case.mutate)
    if default and reference == "":
        return Verdict(CaseStatus.SKIPPED, Severity.OK, f"skipped: {why_unchanged(case.mutate, reference)}")
    try:
        mutated = case.mutate(reference)
    except Exception as exc:  # noqa: BLE001 - author code; report, do not crash the gate
        return Verdict(CaseStatus.ERROR, Severity.ERROR, one_line(f"mutate raised {type(exc).__name__}: {exc}"))
    if not isinstance(mutated, str):
        return Verdict(CaseStatus.ERROR, Severity.ERROR, f"mutate returned {type(mutated).__name__}, not str")
    if mutated == reference:
        if default:
            return Verdict(CaseStatus.SKIPPED, Severity.OK, f"skipped: {why_unchanged(case.mutate, reference)}")
        return Verdict(CaseStatus.ERROR, Severity.ERROR, "mutate returned its input unchanged")
    with ctx.scratch() as scratch:
        ctx.place_reference(scratch, mutated)
        outcome = ctx.grade(scratch)
    if not outcome.ok:
        return Verdict(CaseStatus.ERROR, Severity.ERROR, outcome_reason(outcome))
    result = outcome.result
    return classify(case, per_task_file=per_task_file, accepted=bool(result.passed), detail=str(result.detail))


def _annotate(case: NegativeCase, verdict: Verdict) -> Verdict:
    # Spec 5.5.3: a currently_caught=False entry MUST cite its tracking issue in notes.
    if case.currently_caught or _ISSUE.search(case.notes or ""):
        return verdict
    severity = Severity.WARN if verdict.severity is Severity.OK else verdict.severity
    return Verdict(verdict.status, severity,
                   f"{verdict.detail}; WARNING: currently_caught=False without an issue cited in notes")


_RANK = {Severity.OK: 0, Severity.WARN: 1, Severity.FAIL: 2, Severity.ERROR: 3}
_GATE_STATUS = {Severity.OK: "pass", Severity.WARN: "warn", Severity.FAIL: "fail", Severity.ERROR: "error"}


def negative_gate(ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    try:
        cases, per_task_file = load_negative_cases(ctx.task)
    except ArtifactBenchError as exc:
        return CheckResult("negative", "error", one_line(exc), duration_s=time.monotonic() - started)
    try:
        reference = ctx.task.reference_output.read_bytes().decode("utf-8", "surrogateescape")
    except OSError as exc:
        case = CaseResult("reference_output", "ERROR", f"cannot read reference output: {exc}")
        return CheckResult("negative", "error", case.detail, (case,), time.monotonic() - started)
    results: list[CaseResult] = []
    worst = Severity.OK
    for case in cases:
        ctx.check_cancelled()
        verdict = _annotate(case, run_case(ctx, case, reference, per_task_file))
        results.append(CaseResult(case.name, verdict.status.value, verdict.detail))
        worst = max(worst, verdict.severity, key=_RANK.__getitem__)
    ran = [r for r in results if r.status != CaseStatus.SKIPPED.value]
    rejected = sum(r.status in ("PASS", "WRONG_REASON") for r in ran)
    summary = f"{rejected}/{len(ran)} mutations rejected"
    skipped = len(results) - len(ran)
    if skipped:
        summary += f", {skipped} skipped"
    bad = [r for r in results if r.status not in ("PASS", "SKIPPED")]
    if bad:
        summary += "; " + ", ".join(f"{r.name}={r.status}" for r in bad)
    source = "grader/negative_cases.py" if per_task_file else "default cases"
    return CheckResult("negative", _GATE_STATUS[worst], f"{summary} ({source})", tuple(results),
                       time.monotonic() - started)
