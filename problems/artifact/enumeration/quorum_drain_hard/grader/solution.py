"""Reference solution: every subset up to max_drain checked for validity, then filtered to the maximal ones."""

from __future__ import annotations

import itertools
import json
import pathlib


def solve(scratch_dir: pathlib.Path) -> str:
    c = json.loads((scratch_dir / "cluster.json").read_text(encoding="utf-8"))
    down = set(c["down_nodes"])
    candidates = sorted({n for nodes in c["racks"].values() for n in nodes} - down)
    shards = [set(r) for r in c["shards"].values()]

    def valid(d: frozenset) -> bool:
        if not d or len(d) > c["max_drain"] or d & down:
            return False
        for replicas in shards:
            if 2 * len(replicas - d - down) <= len(replicas):
                return False
        return all(set(nodes) - d - down for nodes in c["racks"].values())

    good = [frozenset(s) for k in range(1, c["max_drain"] + 1) for s in itertools.combinations(candidates, k)
            if valid(frozenset(s))]
    maximal = [d for d in good if not any(valid(d | {n}) for n in candidates if n not in d)]
    maximal.sort(key=lambda d: (-len(d), sorted(d)))
    return "".join(json.dumps({"drain": sorted(d)}) + "\n" for d in maximal)
