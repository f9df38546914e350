"""Writes cooldown.csv: temperature readings of server inlet sensors after a chiller restart.

Standard library only; deterministic from --seed. Each sensor follows an exponential approach to its
steady temperature plus noise; some readings are lost (`ERR`) or blank.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
from pathlib import Path

N_SENSORS = 36


def generate(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    rows = []
    ids = sorted(rng.sample(range(1, 400), N_SENSORS))
    for number in ids:
        sensor = f"rack{number // 20 + 1:02d}-inlet{number % 20:02d}"
        a, k, c = rng.uniform(3, 25), rng.uniform(0.003, 0.03), rng.uniform(18, 27)
        noise = rng.uniform(0.03, 0.25)
        step = rng.choice((5, 10, 15))
        for t in range(0, rng.choice((600, 900, 1200)) + 1, step):
            value = a * math.exp(-k * t) + c + rng.gauss(0, noise)
            r = rng.random()
            reading = "ERR" if r < 0.02 else "" if r < 0.035 else f"{value:.3f}"
            rows.append([sensor, str(t), reading])
    rng.shuffle(rows)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "cooldown.csv", "w", encoding="utf-8", newline="\n") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["sensor", "t_seconds", "temp_c"])
        writer.writerows(generate(args.seed))


if __name__ == "__main__":
    main()
