"""Reference solution: weighted PageRank by power iteration until the L1 change is below 1e-15."""

from __future__ import annotations

import csv
import pathlib
from collections import defaultdict

DAMPING = 0.85


def solve(scratch_dir: pathlib.Path) -> str:
    weights: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    nodes: set[str] = set()
    with open(scratch_dir / "calls.csv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            nodes.update((row["caller"], row["callee"]))
            if row["caller"] != row["callee"]:
                weights[row["caller"]][row["callee"]] += float(row["calls"])
    names = sorted(nodes)
    n = len(names)
    rank = {name: 1.0 / n for name in names}
    for _ in range(10000):
        dangling = sum(rank[u] for u in names if not weights.get(u))
        new = {name: (1 - DAMPING) / n + DAMPING * dangling / n for name in names}
        for u, outs in weights.items():
            total = sum(outs.values())
            for v, w in outs.items():
                new[v] += DAMPING * rank[u] * w / total
        delta = sum(abs(new[k] - rank[k]) for k in names)
        rank = new
        if delta < 1e-15:
            break
    return "service,rank\n" + "".join(f"{name},{rank[name]:.15f}\n" for name in names)
