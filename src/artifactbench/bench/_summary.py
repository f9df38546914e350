"""Summaries of a run's records: per category and arm, overall, and a paired two-arm comparison."""

from __future__ import annotations

from collections.abc import Sequence

from artifactbench._version import __version__
from artifactbench.bench._compare import compare_arms
from artifactbench.bench._records import RunRecord

__all__ = ["SUMMARY_VERSION", "summarize"]

SUMMARY_VERSION = 1


def _mean(values: Sequence[float | int | None]) -> float | None:
    got = [float(v) for v in values if v is not None]
    return sum(got) / len(got) if got else None


def _stats(recs: Sequence[RunRecord]) -> dict[str, object]:
    """Counts and means of a group. ERROR records are infrastructure: left out of the pass rate."""
    passed = sum(r.verdict == "PASS" for r in recs)
    errors = sum(r.verdict == "ERROR" for r in recs)
    graded = len(recs) - errors
    costs = [r.cost for r in recs if r.cost is not None]
    return {
        "n": len(recs),
        "pass": passed,
        "fail": graded - passed,
        "error": errors,
        "pass_rate": passed / graded if graded else None,
        "mean_score": _mean([r.score for r in recs if r.verdict != "ERROR"]),
        "mean_turns": _mean([r.turns for r in recs]),
        "mean_cost": _mean(costs),
        "total_cost": sum(costs) if costs else None,
        "mean_wall_s": _mean([r.wall_s for r in recs]),
    }


def summarize(records: Sequence[RunRecord], arms: Sequence[str], *, run_id: str, seed: int = 0,
              results_file: str = "results.jsonl") -> dict[str, object]:
    """The summary.json document. `arms` gives the order (the first two are A and B of a comparison)."""
    order = list(arms) + sorted({r.arm for r in records} - set(arms))
    cats = sorted({r.category for r in records})
    groups = []
    for cat in cats:
        for arm in order:
            recs = [r for r in records if r.category == cat and r.arm == arm]
            if recs:
                groups.append({"category": cat, "arm": arm, **_stats(recs)})
    overall = [{"arm": arm, **_stats([r for r in records if r.arm == arm])}
               for arm in order if any(r.arm == arm for r in records)]
    present = [o["arm"] for o in overall]
    comparison = compare_arms(str(present[0]), str(present[1]), records, seed) if len(present) == 2 else None
    return {
        "version": SUMMARY_VERSION,
        "kind": "bench-summary",
        "run_id": run_id,
        "results_file": results_file,
        "harness_version": __version__,
        "records": len(records),
        "tasks": len({r.instance_id for r in records}),
        "arms": present,
        "seed": seed,
        "groups": groups,
        "overall": overall,
        "comparison": comparison,
    }
