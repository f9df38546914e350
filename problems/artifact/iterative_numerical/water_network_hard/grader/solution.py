"""Reference solution: damped Newton on the junction heads (regularized derivative at zero head loss),
junctions cut off from every reservoir by closed pipes reported as null."""

from __future__ import annotations

import json
import pathlib

import numpy as np

EXP = 1 / 1.852


def _resistance(pipe: dict) -> float:
    return 10.67 * pipe["length_m"] / (pipe["hw_c"] ** 1.852 * (pipe["diameter_mm"] / 1000) ** 4.87)


def _flow(dh: np.ndarray, res: np.ndarray) -> np.ndarray:
    return np.sign(dh) * (np.abs(dh) / res) ** EXP


def solve(scratch_dir: pathlib.Path) -> str:
    net = json.loads((scratch_dir / "network.json").read_text(encoding="utf-8"))
    pipes = [p for p in net["pipes"] if p["status"] == "open"]
    # reachability from the reservoirs through open pipes
    adj: dict[str, set[str]] = {}
    for p in pipes:
        adj.setdefault(p["from"], set()).add(p["to"])
        adj.setdefault(p["to"], set()).add(p["from"])
    seen, stack = set(net["reservoirs"]), list(net["reservoirs"])
    while stack:
        for nxt in adj.get(stack.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    live = sorted(j for j in net["junctions"] if j in seen)
    index = {j: i for i, j in enumerate(live)}
    fixed = {r: v["head_m"] for r, v in net["reservoirs"].items()}
    used = [p for p in pipes if p["from"] in seen and p["to"] in seen]
    a = np.array([index.get(p["from"], -1) for p in used])
    b = np.array([index.get(p["to"], -1) for p in used])
    ha = np.array([fixed.get(p["from"], 0.0) for p in used])
    hb = np.array([fixed.get(p["to"], 0.0) for p in used])
    res = np.array([_resistance(p) for p in used])
    demand = np.array([net["junctions"][j]["demand_lps"] / 1000 for j in live])
    n = len(live)

    def heads_of(h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return np.where(a >= 0, h[np.maximum(a, 0)], ha), np.where(b >= 0, h[np.maximum(b, 0)], hb)

    def residual(h: np.ndarray) -> np.ndarray:
        hf, ht = heads_of(h)
        q = _flow(hf - ht, res)
        out = -demand.copy()
        np.add.at(out, b[b >= 0], q[b >= 0])
        np.subtract.at(out, a[a >= 0], q[a >= 0])
        return out

    h = np.full(n, float(np.mean(list(fixed.values()))))
    for _ in range(500):
        f = residual(h)
        if np.max(np.abs(f)) < 1e-14:
            break
        hf, ht = heads_of(h)
        dh = np.maximum(np.abs(hf - ht), 1e-10)
        g = EXP * (dh / res) ** EXP / dh  # dQ/d(dh)
        jac = np.zeros((n, n))
        for k in range(len(used)):
            i, j = a[k], b[k]
            # residual at j gains +Q, at i loses Q; Q rises with H_from (i) and falls with H_to (j)
            if j >= 0:
                if i >= 0:
                    jac[j, i] += g[k]
                jac[j, j] -= g[k]
            if i >= 0:
                jac[i, i] += -g[k]
                if j >= 0:
                    jac[i, j] += g[k]
        step = np.linalg.solve(jac, -f)
        t = 1.0
        norm = np.linalg.norm(f)
        while t > 1e-6 and np.linalg.norm(residual(h + t * step)) >= norm:
            t /= 2
        h = h + t * step
    assert np.max(np.abs(residual(h))) < 1e-11, "Newton did not converge"
    hf, ht = heads_of(h)
    flows = dict(zip((p["id"] for p in used), _flow(hf - ht, res) * 1000))
    heads = {j: (round(float(h[index[j]]), 7) if j in index else None) for j in sorted(net["junctions"])}
    out_flows = {}
    for p in sorted(net["pipes"], key=lambda p: p["id"]):
        if p["status"] != "open":
            out_flows[p["id"]] = 0
        elif p["id"] in flows:
            out_flows[p["id"]] = round(float(flows[p["id"]]), 7)
        else:
            out_flows[p["id"]] = None
    return json.dumps({"heads_m": heads, "flows_lps": out_flows}, indent=1) + "\n"
