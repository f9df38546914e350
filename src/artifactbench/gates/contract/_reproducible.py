"""The reproducible gate: materializing a task twice gives the same bytes (spec 5.1 determinism)."""

from __future__ import annotations

import time

from artifactbench._trees import remove_tree
from artifactbench.gates.core import FINDING, OK, cap, finish
from artifactbench.gates.core import CaseResult, CheckResult, TaskContext
from artifactbench.workspace import materialize, new_scratch_dir, tree_files


def reproducible_gate(ctx: TaskContext) -> CheckResult:
    """A second materialization must have the digest of the task's pristine one (the first, made once
    for every gate); otherwise name the files that differ."""
    started = time.monotonic()
    holders = [new_scratch_dir(f"ab-repro-{ctx.task.instance_id}-")]
    try:
        runs = [ctx.pristine()] + [materialize(ctx.task, h / "ws", generator_timeout_s=ctx.options.generator_timeout_s,
                                               confine=ctx.confine)
                                   for h in holders]
        if runs[0].digest == runs[1].digest:
            case = CaseResult("digest", OK, f"both materializations have digest {runs[0].digest}")
        else:
            a, b = (tree_files(r.scratch_dir) for r in runs)
            differ = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
            case = CaseResult("digest", FINDING, cap(
                f"two materializations differ in {len(differ)} file(s): {', '.join(differ[:10])} "
                "(a generator must depend only on --seed: no clock, pid or unseeded randomness)"))
    finally:
        for holder in holders:
            remove_tree(holder)
    return finish("reproducible", [case], started, case.detail)
