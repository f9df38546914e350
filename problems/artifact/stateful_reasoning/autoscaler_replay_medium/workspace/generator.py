"""Writes policy.json and cpu.csv: autoscaling policies and six hours of per-minute CPU of five services.

Standard library only; deterministic from --seed. Load follows a daily-ish curve with spikes; the metrics
pipeline drops some minutes.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
from pathlib import Path

SERVICES = ("checkout", "feed", "images", "search", "sessions")
MINUTES = 360


def generate(seed: int) -> tuple[dict, list[list[str]]]:
    rng = random.Random(seed)
    policy = {}
    for name in SERVICES:
        low = rng.choice((1, 2, 2, 3))
        policy[name] = {"min": low, "max": rng.choice((8, 10, 12, 16)), "start": low + rng.randrange(3),
                        "target_pct": rng.choice((50, 60, 60, 65)), "up_above_pct": rng.choice((70, 75, 80)),
                        "down_below_pct": rng.choice((30, 35, 40)), "up_cooldown_min": rng.choice((2, 3, 4)),
                        "down_cooldown_min": rng.choice((3, 4, 5, 6))}
    rows = []
    for name in SERVICES:
        base, amp, phase = rng.uniform(1.5, 4), rng.uniform(1, 5), rng.uniform(0, 6.28)
        replicas = policy[name]["start"]
        for minute in range(MINUTES):
            demand = base + amp * (1 + math.sin(minute / 50 + phase)) + (rng.uniform(3, 8) if rng.random() < 0.03 else 0)
            cpu = min(100.0, max(1.0, 60 * demand / max(replicas, 1) + rng.gauss(0, 14)))
            replicas = max(1, round(demand))  # a rough stand-in for the real fleet size
            if rng.random() < 0.05:
                continue
            rows.append([str(minute), name, f"{cpu:.1f}"])
    rows.sort(key=lambda r: (int(r[0]), rng.random()))
    return policy, rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    policy, rows = generate(args.seed)
    (args.output_dir / "policy.json").write_text(json.dumps(policy, indent=1) + "\n", encoding="utf-8")
    with open(args.output_dir / "cpu.csv", "w", encoding="utf-8", newline="\n") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["minute", "service", "cpu_pct"])
        writer.writerows(rows)


if __name__ == "__main__":
    main()
