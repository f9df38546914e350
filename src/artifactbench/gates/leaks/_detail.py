"""The detail_leaks gate (spec 3.3): a failing grader detail never quotes the reference answer.

Failing mutants are graded; a detail that quotes a distinctive reference value (a number with >= 3
significant digits, a string of >= 4 characters that is no key or common word) which the graded
artifact does not itself contain, and the prompt does not state, is a finding.
"""

from __future__ import annotations

import time

from artifactbench.gates.core import FINDING, OK, cap, counts, finish, fuzz_budget, reference_text
from artifactbench.gates.fuzz import FuzzPolicy, format_of, sample_mutants
from artifactbench.gates.leaks._values import distinctive, quoted_in
from artifactbench.gates.core import CaseResult, CheckResult, TaskContext

KINDS = ("number_far", "later_record", "string_change", "drop_record", "type_change", "truncate_records")
PER_KIND = 4


def detail_leaks_gate(ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    task = ctx.task
    fmt = format_of(task.output_artifact)
    reference = reference_text(ctx)
    prompt = task.problem_statement.read_text(encoding="utf-8", errors="replace")
    secrets = distinctive(fmt, reference).minus(distinctive("text", prompt))
    try:
        mutants = sample_mutants(fmt, reference, FuzzPolicy(), KINDS, PER_KIND, task.instance_id, prompt)
    except Exception as exc:  # noqa: BLE001 - the reference does not parse in its format
        return CheckResult("detail_leaks", "skip", cap(f"no mutants: {type(exc).__name__}: {exc}"))
    cases: list[CaseResult] = []
    failing = 0
    deadline = time.monotonic() + fuzz_budget(ctx).seconds
    with ctx.scratch() as scratch:
        for mutant in mutants:
            ctx.check_cancelled()
            if time.monotonic() > deadline:
                break  # the same wall-time budget as the fuzz gate
            ctx.place_reference(scratch, mutant.text)
            outcome = ctx.grade(scratch)
            if not outcome.ok or outcome.result.passed:
                continue  # errors and acceptances are the contract and fuzz gates' business
            failing += 1
            detail = str(outcome.result.detail)
            leaked = quoted_in(secrets.minus(distinctive(fmt, mutant.text)), detail)
            if leaked:
                cases.append(CaseResult(f"leak:{mutant.kind}:{len(cases)}", FINDING, cap(
                    f"detail {detail!r} quotes reference value(s) {', '.join(leaked[:5])} that the graded "
                    f"artifact does not contain ({mutant.describe()})", 600)))
    if not cases:
        cases.append(CaseResult("details", OK, f"{failing} failing detail(s) quote no reference value"))
    findings = sum(c.status == FINDING for c in cases)
    return finish("detail_leaks", cases, started,
                  f"{findings} leaking detail(s) in {failing} failing run(s) ({counts(cases)})")
