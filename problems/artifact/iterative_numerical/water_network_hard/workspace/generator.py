"""Writes network.json: a district water-distribution network (reservoirs, junctions, pipes, valves).

Standard library only; deterministic from --seed. Junctions sit on a jittered grid with a few long
cross-links; three reservoirs feed it; some pipes are closed for maintenance, which cuts a small pocket of
junctions off from every reservoir.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

ROWS, COLS = 9, 13


def generate(seed: int) -> dict:
    rng = random.Random(seed)
    junctions = {}
    for r in range(ROWS):
        for c in range(COLS):
            junctions[f"J{r:02d}{c:02d}"] = {"demand_lps": round(rng.choice((0.0, 0.0, rng.uniform(0.2, 4.5))), 3),
                                             "elevation_m": round(rng.uniform(5, 30), 2)}
    reservoirs = {f"R{i}": {"head_m": round(rng.uniform(62, 95), 2)} for i in range(1, 4)}
    pipes = []

    def add(a: str, b: str, status: str = "open") -> None:
        pipes.append({"from": a, "to": b, "length_m": round(rng.uniform(60, 480), 1),
                      "diameter_mm": rng.choice((100, 150, 150, 200, 250, 300, 400)),
                      "hw_c": rng.choice((90, 100, 110, 120, 130, 140)), "status": status})

    for r in range(ROWS):
        for c in range(COLS):
            here = f"J{r:02d}{c:02d}"
            if c + 1 < COLS and rng.random() < 0.85:
                add(here, f"J{r:02d}{c + 1:02d}")
            if r + 1 < ROWS and (rng.random() < 0.8 or c == 0):
                add(here, f"J{r + 1:02d}{c:02d}")
    for _ in range(10):
        a = f"J{rng.randrange(ROWS):02d}{rng.randrange(COLS):02d}"
        b = f"J{rng.randrange(ROWS):02d}{rng.randrange(COLS):02d}"
        if a != b:
            add(a, b)
    add("R1", "J0000")
    add("R2", f"J00{COLS - 1:02d}")
    add("R3", f"J{ROWS - 1:02d}{COLS // 2:02d}")
    add("R1", "R2")  # a bypass main between two reservoirs
    # a maintenance pocket: close every pipe around two neighbouring junctions near the far corner
    pocket = {f"J{ROWS - 1:02d}{COLS - 1:02d}", f"J{ROWS - 1:02d}{COLS - 2:02d}"}
    for pipe in pipes:
        touches = {pipe["from"], pipe["to"]} & pocket
        if touches and not {pipe["from"], pipe["to"]} <= pocket:
            pipe["status"] = "closed"
    for pipe in rng.sample(pipes, 6):
        if pipe["from"].startswith("J") and pipe["to"].startswith("J"):
            pipe["status"] = "closed"
    rng.shuffle(pipes)
    for number, pipe in enumerate(pipes, start=1):
        pipe["id"] = f"P{number:03d}"
    return {"reservoirs": reservoirs, "junctions": junctions,
            "pipes": [{"id": p.pop("id"), **p} for p in pipes]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "network.json", "w", encoding="utf-8", newline="\n") as fh:
        json.dump(generate(args.seed), fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main()
