"""Writes network.json: a district water-distribution network (reservoirs, tanks, junctions, pipes, valves).

Standard library only; deterministic from --seed. Junctions sit on a jittered grid with a few long
cross-links; three reservoirs and two elevated tanks feed it; some pipes carry fittings (minor losses), some
are check valves (half of them set against the natural flow, so they shut), some are closed for maintenance,
which cuts a small pocket of junctions off from every source. Demands are base demands with a peak-hour
multiplier per consumer category.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

ROWS, COLS = 9, 13
CATEGORIES = ("residential", "residential", "commercial", "industrial")


def generate(seed: int) -> dict:
    rng = random.Random(seed)
    junctions = {}
    for r in range(ROWS):
        for c in range(COLS):
            junction = {"base_demand_lps": round(rng.choice((0.0, 0.0, rng.uniform(0.2, 3.5))), 3),
                        "elevation_m": round(rng.uniform(5, 30), 2)}
            if rng.random() < 0.85:
                junction["category"] = rng.choice(CATEGORIES)
            junctions[f"J{r:02d}{c:02d}"] = junction
    multipliers = {"residential": round(rng.uniform(1.6, 2.2), 2), "commercial": round(rng.uniform(1.1, 1.5), 2),
                   "industrial": 1.0, "other": round(rng.uniform(1.1, 1.3), 2)}
    reservoirs = {f"R{i}": {"head_m": round(rng.uniform(62, 95), 2)} for i in range(1, 4)}
    tanks = {f"T{i}": {"elevation_m": round(rng.uniform(45, 60), 2), "level_m": round(rng.uniform(12, 28), 2)}
             for i in range(1, 3)}
    pipes = []

    def add(a: str, b: str, status: str = "open") -> dict:
        pipe = {"from": a, "to": b, "length_m": round(rng.uniform(60, 480), 1),
                "diameter_mm": rng.choice((100, 150, 150, 200, 250, 300, 400)),
                "hw_c": rng.choice((90, 100, 110, 120, 130, 140)), "status": status}
        if rng.random() < 0.4:  # bends, tees and valves along the pipe
            pipe["minor_loss_k"] = round(rng.uniform(0.5, 12.0), 2)
        pipes.append(pipe)
        return pipe

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
    add("T1", f"J{ROWS // 2:02d}{COLS // 3:02d}")
    add(f"J{ROWS // 2 + 1:02d}{2 * COLS // 3:02d}", "T2")
    # a maintenance pocket: close every pipe around two neighbouring junctions near the far corner
    pocket = {f"J{ROWS - 1:02d}{COLS - 1:02d}", f"J{ROWS - 1:02d}{COLS - 2:02d}"}
    for pipe in pipes:
        touches = {pipe["from"], pipe["to"]} & pocket
        if touches and not {pipe["from"], pipe["to"]} <= pocket:
            pipe["status"] = "closed"
    for pipe in rng.sample(pipes, 6):
        if pipe["from"].startswith("J") and pipe["to"].startswith("J") and pipe["status"] == "open":
            pipe["status"] = "closed"
    # check valves on interior grid pipes, in both orientations (those set against the flow shut); each end
    # keeps at least two other open pipes, so no junction hangs on check valves alone
    interior = [p for p in pipes if p["status"] == "open" and p["from"].startswith("J") and p["to"].startswith("J")
                and 0 < int(p["from"][1:3]) < ROWS - 2 and 0 < int(p["from"][3:]) < COLS - 2]
    valves = 0
    for pipe in rng.sample(interior, len(interior)):
        ends = (pipe["from"], pipe["to"])
        plain = [sum(1 for p in pipes if p is not pipe and p["status"] == "open" and end in (p["from"], p["to"]))
                 for end in ends]
        if min(plain) >= 2 and valves < 8:
            pipe["status"] = "cv"
            valves += 1
            if rng.random() < 0.5:
                pipe["from"], pipe["to"] = pipe["to"], pipe["from"]
    rng.shuffle(pipes)
    for number, pipe in enumerate(pipes, start=1):
        pipe["id"] = f"P{number:03d}"
    return {"demand_multipliers": multipliers, "reservoirs": reservoirs, "tanks": tanks, "junctions": junctions,
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
