"""Reference solution: damped Newton on the junction heads. Each pipe's flow comes from inverting its head
loss (Hazen-Williams plus minor loss) by bisection; check valves pass flow only from `from` to `to`; tanks
and reservoirs are fixed heads; demands carry their category's peak multiplier; junctions cut off from every
source by closed pipes are reported as null.

`solve(scratch_dir, skip=...)` leaves out the named rules; negative_cases.py uses that to build the answer of
a solver who missed exactly one rule.
"""

from __future__ import annotations

import json
import math
import pathlib

import numpy as np

G = 9.81


def _resistance(pipe: dict) -> float:
    return 10.67 * pipe["length_m"] / (pipe["hw_c"] ** 1.852 * (pipe["diameter_mm"] / 1000) ** 4.87)


def _minor(pipe: dict, skip: frozenset) -> float:
    if "no_minor_loss" in skip:
        return 0.0
    d = pipe["diameter_mm"] / 1000
    return 8 * pipe.get("minor_loss_k", 0.0) / (G * math.pi ** 2 * d ** 4)


def _newton(n, a, b, ha, hb, res, minor, demand, shut, h, q):
    """Newton on the pipe flows and junction heads together (the gradient algorithm of network solvers):
    per open pipe R|Q|^0.852 Q + m|Q|Q = H_from - H_to, per shut check valve Q = 0, per junction inflow -
    outflow = demand. The head-loss slope vanishes at Q = 0, so it is floored; the converged point solves
    the exact equations."""
    m = len(res)
    for _ in range(500):
        hf = np.where(a >= 0, h[np.maximum(a, 0)], ha)
        ht = np.where(b >= 0, h[np.maximum(b, 0)], hb)
        loss = res * np.abs(q) ** 0.852 * q + minor * np.abs(q) * q
        r1 = np.where(shut, q, loss - (hf - ht))
        r2 = -demand.copy()
        np.add.at(r2, b[b >= 0], q[b >= 0])
        np.subtract.at(r2, a[a >= 0], q[a >= 0])
        if max(np.max(np.abs(r1)), np.max(np.abs(r2), initial=0.0)) < 1e-12:
            break
        jac = np.zeros((m + n, m + n))
        slope = np.maximum(1.852 * res * np.abs(q) ** 0.852 + 2 * minor * np.abs(q), 1e-9)
        rows = np.arange(m)
        jac[rows, rows] = np.where(shut, 1.0, slope)
        live_from, live_to = (a >= 0) & ~shut, (b >= 0) & ~shut
        jac[rows[live_from], m + a[live_from]] -= 1.0
        jac[rows[live_to], m + b[live_to]] += 1.0
        jac[m + b[b >= 0], rows[b >= 0]] += 1.0
        jac[m + a[a >= 0], rows[a >= 0]] -= 1.0
        step = np.linalg.solve(jac, -np.concatenate([r1, r2]))
        q, h = q + step[:m], h + step[m:]
    else:
        raise AssertionError("Newton did not converge")
    return h, q


def _hydraulics(n, a, b, ha, hb, res, minor, demand, check):
    """Heads and flows; check valves that would run backwards are shut until every status is consistent."""
    shut = np.zeros(len(res), dtype=bool)
    h, q = np.full(n, float(np.mean(np.concatenate([ha[a < 0], hb[b < 0]])))), np.full(len(res), 1e-3)
    for _ in range(50):
        h, q = _newton(n, a, b, ha, hb, res, minor, demand, shut, h, q)
        hf = np.where(a >= 0, h[np.maximum(a, 0)], ha)
        ht = np.where(b >= 0, h[np.maximum(b, 0)], hb)
        want = check & np.where(shut, hf - ht <= 0, q < 0)
        if np.array_equal(want, shut):
            break
        shut = want
        q = np.where(shut, 0.0, np.where(q == 0, 1e-3, q))
    else:
        raise AssertionError("check-valve statuses did not settle")
    return h, np.where(shut, 0.0, q)


def solve(scratch_dir: pathlib.Path, skip: frozenset = frozenset()) -> str:
    net = json.loads((scratch_dir / "network.json").read_text(encoding="utf-8"))
    fixed = {r: v["head_m"] for r, v in net["reservoirs"].items()}
    for name, tank in net["tanks"].items():
        fixed[name] = tank["elevation_m"] if "tank_level_ignored" in skip else tank["elevation_m"] + tank["level_m"]
    pipes = [p for p in net["pipes"] if p["status"] in ("open", "cv")]
    # reachability from the fixed heads through open pipes and check valves (either direction)
    adj: dict[str, set[str]] = {}
    for p in pipes:
        adj.setdefault(p["from"], set()).add(p["to"])
        adj.setdefault(p["to"], set()).add(p["from"])
    seen, stack = set(fixed), list(fixed)
    while stack:
        for nxt in adj.get(stack.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    live = sorted(j for j in net["junctions"] if j in seen)
    index = {j: i for i, j in enumerate(live)}
    used = [p for p in pipes if p["from"] in seen and p["to"] in seen]
    a = np.array([index.get(p["from"], -1) for p in used])
    b = np.array([index.get(p["to"], -1) for p in used])
    ha = np.array([fixed.get(p["from"], 0.0) for p in used])
    hb = np.array([fixed.get(p["to"], 0.0) for p in used])
    res = np.array([_resistance(p) for p in used])
    minor = np.array([_minor(p, skip) for p in used])
    check = np.array([p["status"] == "cv" and "cv_as_open" not in skip for p in used])
    multipliers = net["demand_multipliers"]

    def multiplier(junction: dict) -> float:
        if "no_multipliers" in skip:
            return 1.0
        if "category" not in junction:
            return 1.0 if "missing_category_one" in skip else multipliers["other"]
        return multipliers[junction["category"]]

    demand = np.array([net["junctions"][j]["base_demand_lps"] * multiplier(net["junctions"][j]) / 1000
                       for j in live])
    n, m = len(live), len(used)
    h, q = _hydraulics(n, a, b, ha, hb, res, minor, demand, check)
    flows = dict(zip((p["id"] for p in used), q * 1000))
    heads = {j: (round(float(h[index[j]]), 7) if j in index else None) for j in sorted(net["junctions"])}
    pressures = {}
    for j, head in heads.items():
        if head is None:
            pressures[j] = None
        else:
            pressures[j] = head if "pressure_is_head" in skip else round(head - net["junctions"][j]["elevation_m"], 7)
    out_flows = {}
    for p in sorted(net["pipes"], key=lambda p: p["id"]):
        if p["status"] == "closed":
            out_flows[p["id"]] = 0
        elif p["id"] in flows:
            out_flows[p["id"]] = round(float(flows[p["id"]]), 7) + 0.0
        else:
            out_flows[p["id"]] = None
    return json.dumps({"heads_m": heads, "pressures_m": pressures, "flows_lps": out_flows}, indent=1) + "\n"
