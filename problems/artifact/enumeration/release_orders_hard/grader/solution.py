"""Reference solution: depth-first search over the pending steps, pruned by the precedence rules."""

from __future__ import annotations

import json
import pathlib


def _rules(plan: dict) -> dict:
    """The plan's rules with every entry that names a step outside the order dropped (rule 1)."""
    steps = plan["steps"]
    pending = {name for name, step in steps.items() if step["status"] == "pending"}
    rank = {risk: i for i, risk in enumerate(plan["risk_order"])}
    risky = rank[plan["risky_spacing"]["min_risk"]]
    regions = {}
    for region, canary in plan["canaries"].items():
        if canary in pending:
            regions[canary] = {n for n in pending if steps[n]["region"] in (region, "global")}
    return {
        "pending": sorted(pending),
        "after": {(x, y) for x, y in plan["after"] if x in pending and y in pending},
        "within": [(w["step"], w["after"], w["max_gap"]) for w in plan["within"]
                   if w["step"] in pending and w["after"] in pending],
        "adjacent": [(a, b) for a, b in plan["adjacent"] if a in pending and b in pending],
        "canaries": regions,
        "no_back_to_back": set(plan["no_back_to_back_kinds"]),
        "first_ok": {n for n in pending if rank[steps[n]["risk"]] <= rank[plan["first_step_max_risk"]]},
        "last_bad": {n for n in pending if steps[n]["kind"] in plan["last_step_forbidden_kinds"]},
        "risky": {n for n in pending if rank[steps[n]["risk"]] >= risky},
        "between": plan["risky_spacing"]["min_steps_between"],
        "kind": {n: steps[n]["kind"] for n in pending},
    }


def _admissible(order: tuple[str, ...], r: dict) -> bool:
    pos = {s: i for i, s in enumerate(order)}
    if order[0] not in r["first_ok"] or order[-1] in r["last_bad"]:
        return False
    if any(not 1 <= pos[s] - pos[a] <= gap for s, a, gap in r["within"]):
        return False
    if any(abs(pos[a] - pos[b]) != 1 for a, b in r["adjacent"]):
        return False
    if any(min(pos[n] for n in members) != pos[canary] for canary, members in r["canaries"].items()):
        return False
    risky = sorted(pos[n] for n in r["risky"])
    return all(b - a > r["between"] for a, b in zip(risky, risky[1:]))


def solve(scratch_dir: pathlib.Path) -> str:
    plan = json.loads((scratch_dir / "release_plan.json").read_text(encoding="utf-8"))
    r = _rules(plan)
    before = {n: {y for x, y in r["after"] if x == n} for n in r["pending"]}
    orders: list[tuple[str, ...]] = []
    order: list[str] = []

    def extend() -> None:
        if len(order) == len(r["pending"]):
            if _admissible(tuple(order), r):
                orders.append(tuple(order))
            return
        placed = set(order)
        for name in r["pending"]:  # ascending names, so orders come out lexicographically
            if name in placed or not before[name] <= placed:
                continue
            kind = r["kind"][name]
            if order and kind in r["no_back_to_back"] and r["kind"][order[-1]] == kind:
                continue
            if any(name in members and canary not in placed and name != canary
                   for canary, members in r["canaries"].items()):
                continue  # a region's step before its canary
            order.append(name)
            extend()
            order.pop()

    extend()
    return "".join(" > ".join(o) + "\n" for o in orders)
