"""Reference solution: Colebrook-White by fixed-point iteration on x = 1/sqrt(f), laminar below Re 2300."""

from __future__ import annotations

import csv
import math
import pathlib

NU = 1.004e-6


def _friction(reynolds: float, eps: float, diameter: float) -> float:
    if reynolds < 2300:
        return 64.0 / reynolds
    x = 8.0
    for _ in range(200):
        new = -2.0 * math.log10(eps / (3.7 * diameter) + 2.51 * x / reynolds)
        if abs(new - x) < 1e-15:
            break
        x = new
    return 1.0 / (x * x)


def solve(scratch_dir: pathlib.Path) -> str:
    lines = ["segment_id,reynolds,friction_factor"]
    with open(scratch_dir / "pipes.csv", encoding="utf-8", newline="") as fh:
        rows = sorted(csv.DictReader(fh), key=lambda r: r["segment_id"])
    for row in rows:
        diameter = float(row["diameter_m"])
        velocity = float(row["flow_m3_per_s"]) / (math.pi * diameter ** 2 / 4)
        reynolds = velocity * diameter / NU
        f = _friction(reynolds, float(row["roughness_mm"]) / 1000, diameter)
        lines.append(f"{row['segment_id']},{reynolds:.6f},{f:.12f}")
    return "\n".join(lines) + "\n"
