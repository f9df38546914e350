"""The paired comparison of two arms (B against A), overall and per task, as summary.json data.

Pairs are the (task, run) jobs present and not ERROR in both arms. Absolute deltas (B - A) and the
question's relative terms (B / A as a percentage change) sit side by side; see docs/agents.md for
every key.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict

from artifactbench.bench._records import RunRecord
from artifactbench.bench._stats import mcnemar_exact, paired_bootstrap_ci, pass_rate_diff, ratio_ci

__all__ = ["DELTA_METRICS", "RATIO_METRICS", "compare_arms"]

DELTA_METRICS = ("cost", "turns", "wall_s")
# Wall time in relative terms is the agent's own time: grading takes the same for both arms.
RATIO_METRICS = ("turns", "tokens", "cost", "agent_wall_s")

Pair = tuple[RunRecord, RunRecord]


def _values(pairs: Sequence[Pair], metric: str) -> list[tuple[float, float]]:
    """(A, B) values of a metric over the pairs where both arms reported it."""
    out = []
    for x, y in pairs:
        a, b = getattr(x, metric), getattr(y, metric)
        if a is not None and b is not None:
            out.append((float(a), float(b)))
    return out


def _block(pairs: Sequence[Pair], seed: int) -> dict[str, object]:
    """McNemar, the pass-rate difference and the B/A ratios of one set of pairs."""
    passed = [(x.verdict == "PASS", y.verdict == "PASS") for x, y in pairs]
    diff = pass_rate_diff(passed, seed=seed)
    ratios: dict[str, object] = {}
    for metric in RATIO_METRICS:
        ci = ratio_ci(_values(pairs, metric), seed=seed)
        ratios[metric] = asdict(ci) if ci else None
    return {
        "pairs": len(pairs),
        "mcnemar": asdict(mcnemar_exact(passed)),
        "pass_rate_diff": asdict(diff) if diff else None,
        "ratios": ratios,
    }


def compare_arms(a: str, b: str, recs: Sequence[RunRecord], seed: int) -> dict[str, object]:
    """The `comparison` object of summary.json: arm B against arm A, overall and per task."""
    side: dict[str, dict[tuple[str, int], RunRecord]] = {a: {}, b: {}}
    for r in recs:
        if r.arm in side and r.verdict != "ERROR":
            side[r.arm][(r.instance_id, r.run)] = r
    keys = sorted(side[a].keys() & side[b].keys())
    pairs = [(side[a][k], side[b][k]) for k in keys]
    deltas: dict[str, object] = {}
    for metric in DELTA_METRICS:
        values = [y - x for x, y in _values(pairs, metric)]
        ci = paired_bootstrap_ci(values, seed=seed)
        deltas[metric] = asdict(ci) if ci else None
    per_task = []
    for task in sorted({k[0] for k in keys}):
        mine = [p for k, p in zip(keys, pairs) if k[0] == task]
        per_task.append({"instance_id": task, "category": mine[0][0].category, **_block(mine, seed)})
    overall = _block(pairs, seed)
    return {"arm_a": a, "arm_b": b, "pairs": len(pairs), "mcnemar": overall["mcnemar"],
            "deltas": deltas, "pass_rate_diff": overall["pass_rate_diff"],
            "ratios": overall["ratios"], "per_task": per_task}
