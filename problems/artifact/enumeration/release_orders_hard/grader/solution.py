"""Reference solution: all 8! orders, each checked against the five rules."""

from __future__ import annotations

import itertools
import json
import pathlib


def _ok(order: tuple[str, ...], plan: dict) -> bool:
    pos = {s: i for i, s in enumerate(order)}
    if any(pos[x] <= pos[y] for x, y in plan["after"]):
        return False
    if any(not 1 <= pos[w["step"]] - pos[w["after"]] <= w["max_gap"] for w in plan["within"]):
        return False
    region, canary = plan["canary"]["region"], plan["canary"]["step"]
    first_in_region = next(s for s in order if plan["steps"][s]["region"] == region)
    if first_in_region != canary:
        return False
    kind = plan["no_back_to_back_kind"]
    if any(plan["steps"][a]["kind"] == kind == plan["steps"][b]["kind"] for a, b in zip(order, order[1:])):
        return False
    rank = plan["risk_order"].index
    return rank(plan["steps"][order[0]]["risk"]) <= rank(plan["first_step_max_risk"])


def solve(scratch_dir: pathlib.Path) -> str:
    plan = json.loads((scratch_dir / "release_plan.json").read_text(encoding="utf-8"))
    orders = [o for o in itertools.permutations(sorted(plan["steps"])) if _ok(o, plan)]
    return "".join(" > ".join(o) + "\n" for o in orders)
