"""Reference solution: depth-first search over drain sets, pruned because validity is downward closed.

Every rule only gets harder to meet as nodes are added, so a set whose extension by one node is invalid
never needs extending by that node; a valid set is maximal when no other candidate can be added to it.
"""

from __future__ import annotations

import json
import pathlib


def solve(scratch_dir: pathlib.Path) -> str:
    c = json.loads((scratch_dir / "cluster.json").read_text(encoding="utf-8"))
    down = set(c["down_nodes"])
    rack_of = {n: rack for rack, spec in c["racks"].items() for n in spec["nodes"]}
    zone_of = {n: c["racks"][rack]["zone"] for n, rack in rack_of.items()}
    candidates = sorted(set(rack_of) - down - set(c["no_drain"]))
    # per rack: how many nodes may still be drained (a live node must stay, and at most max_per_rack)
    rack_room = {rack: min(c["max_per_rack"], len(set(spec["nodes"]) - down) - 1) for rack, spec in c["racks"].items()}
    # per active shard: how many of its live voters may be drained with a strict majority still serving
    slack, shards_of = {}, {n: [] for n in candidates}
    for name, shard in c["shards"].items():
        if shard["state"] != "active":
            continue
        voters = {r["node"] for r in shard["replicas"] if r["role"] == "voter"}
        slack[name] = len(voters - down) - len(voters) // 2 - 1
        for n in voters & set(shards_of):
            shards_of[n].append(name)

    drained_in_rack = {rack: 0 for rack in c["racks"]}
    zone_count: dict[str, int] = {}
    used = dict(slack)

    def fits(n: str) -> bool:
        if drained_in_rack[rack_of[n]] >= rack_room[rack_of[n]]:
            return False
        if zone_of[n] not in zone_count and len(zone_count) >= c["max_zones"]:
            return False
        return all(used[s] > 0 for s in shards_of[n])

    def take(n: str, step: int) -> None:
        drained_in_rack[rack_of[n]] += step
        zone_count[zone_of[n]] = zone_count.get(zone_of[n], 0) + step
        if not zone_count[zone_of[n]]:
            del zone_count[zone_of[n]]
        for s in shards_of[n]:
            used[s] -= step

    maximal: list[tuple[str, ...]] = []
    chosen: list[str] = []

    def extend(start: int) -> None:
        if chosen and (len(chosen) == c["max_drain"] or not any(fits(n) for n in candidates if n not in chosen)):
            maximal.append(tuple(chosen))
        if len(chosen) == c["max_drain"]:
            return
        for index in range(start, len(candidates)):
            n = candidates[index]
            if fits(n):
                take(n, 1)
                chosen.append(n)
                extend(index + 1)
                chosen.pop()
                take(n, -1)

    extend(0)
    maximal.sort(key=lambda d: (-len(d), d))
    return "".join(json.dumps({"drain": list(d)}) + "\n" for d in maximal)
