"""Writes cluster.json: racks, nodes and shard replica placement of a replicated key-value store.

Standard library only; deterministic from --seed. Shards have 3, 4 or 5 replicas; one node is already down;
the placement export repeats a node in a few replica lists.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path


def generate(seed: int) -> dict:
    rng = random.Random(seed)
    racks = {"rack-a": [], "rack-b": [], "rack-c": [], "rack-d": []}
    nodes = [f"kv{n:02d}" for n in range(1, 18)]
    for i, node in enumerate(nodes):
        racks[sorted(racks)[i % 4 if i < 16 else 3]].append(node)
    down = [rng.choice(nodes)]
    shards = {}
    for n in range(1, 25):
        size = rng.choice((3, 4, 5, 5))
        order = rng.sample(sorted(racks), 4)  # rack-aware placement: one replica per rack first
        replicas = [rng.choice(racks[r]) for r in order[:min(size, 4)]]
        while len(replicas) < size:
            extra = rng.choice(nodes)
            if extra not in replicas:
                replicas.append(extra)
        if rng.random() < 0.1:
            replicas.append(replicas[0])  # the export repeats a node now and then
        shards[f"shard-{n:03d}"] = replicas
    return {"racks": racks, "down_nodes": down, "max_drain": 4, "shards": shards}


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
