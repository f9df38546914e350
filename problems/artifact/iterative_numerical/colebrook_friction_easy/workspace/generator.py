"""Writes pipes.csv: the pipe segments of a cooling-water loop survey (diameter, roughness, flow).

Standard library only; deterministic from --seed. A few segments run so slowly that the flow is laminar.
"""

from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path

N_PIPES = 160
DIAMETERS_MM = (25, 32, 40, 50, 65, 80, 100, 125, 150, 200, 250, 300)
ROUGHNESS_MM = (0.0015, 0.0015, 0.045, 0.045, 0.15, 0.26, 0.9)


def generate(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    ids = sorted(rng.sample(range(1000, 9999), N_PIPES))
    rows = []
    for number in ids:
        diameter = rng.choice(DIAMETERS_MM) / 1000
        area = 3.141592653589793 * diameter * diameter / 4
        velocity = rng.uniform(0.3, 3.5) if rng.random() > 0.06 else rng.uniform(0.004, 0.03)
        flow = area * velocity
        rows.append([f"SEG-{number}", f"{diameter:.3f}", f"{rng.choice(ROUGHNESS_MM)}", f"{flow:.7f}"])
    rng.shuffle(rows)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "pipes.csv", "w", encoding="utf-8", newline="\n") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["segment_id", "diameter_m", "roughness_mm", "flow_m3_per_s"])
        writer.writerows(generate(args.seed))


if __name__ == "__main__":
    main()
