"""Writes cluster.json: racks, zones and Raft replica groups of a replicated key-value store.

Standard library only; deterministic from --seed. Eight racks in four zones hold 38 nodes (one rack has three); two nodes are
down, two are pinned (control plane), three legacy hosts outside every rack still carry replicas. Each
shard is a Raft group of 3 to 5 voters (at most one per rack) plus sometimes a learner; a few groups are
retired, and the export repeats a replica now and then.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

RACKS = {"r1": "zone-a", "r2": "zone-a", "r3": "zone-b", "r4": "zone-b",
         "r5": "zone-c", "r6": "zone-c", "r7": "zone-d", "r8": "zone-d"}  # fmt: skip
LEGACY = ["kv-legacy-1", "kv-legacy-2", "kv-legacy-3"]


def generate(seed: int) -> dict:
    rng = random.Random(seed)
    names = [f"kv{n}" for n in range(1, 39)]  # not zero-padded: kv10 sorts before kv2 as a string
    rng.shuffle(names)
    racks = {rack: {"zone": zone, "nodes": sorted(names[i * 5:(i + 1) * 5])} for i, (rack, zone) in
             enumerate(RACKS.items())}  # r8 is half-built: three nodes
    down = sorted([rng.choice(racks["r8"]["nodes"]), rng.choice(names[:35])])
    up = [n for n in names if n not in down]
    pinned = sorted(rng.sample(up, 2))
    shards = {}
    for number in range(1, 61):
        size = rng.choice((3, 3, 4, 5, 5))
        chosen_racks = rng.sample(sorted(racks), size)
        voters = [rng.choice(racks[r]["nodes"]) for r in chosen_racks]
        if rng.random() < 0.12:
            voters[-1] = rng.choice(LEGACY)  # an old voter still on a legacy host
        replicas = [{"node": n, "role": "voter"} for n in voters]
        if rng.random() < 0.3:
            replicas.append({"node": rng.choice(names), "role": "learner"})
        if rng.random() < 0.1:
            replicas.append(dict(rng.choice(replicas)))  # the export repeats a replica now and then
        rng.shuffle(replicas)
        state = "retired" if rng.random() < 0.15 else "active"
        shards[f"shard-{number:03d}"] = {"state": state, "replicas": replicas}
    for shard in shards.values():  # an active group must hold quorum before anything is drained
        voters = {r["node"] for r in shard["replicas"] if r["role"] == "voter"}
        if shard["state"] == "active" and 2 * len(voters - set(down)) <= len(voters):
            shard["state"] = "retired"
    return {"racks": racks, "down_nodes": down, "no_drain": pinned, "max_drain": 8, "max_per_rack": 2,
            "max_zones": 2, "shards": shards}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    (args.output_dir / "cluster.json").write_text(json.dumps(generate(args.seed), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
