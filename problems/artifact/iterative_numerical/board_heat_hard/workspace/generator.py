"""Writes a thermal model of a controller board: board.txt (material map), board.json (constants),
chips.csv (heat sources) and probes.csv (thermocouple positions).

Standard library only; deterministic from --seed. The left edge is clamped to a cold plate and a pad on the
right edge to a heat-pipe saddle; copper pours spread heat, mounting holes and slots block it, thermal-via
arrays under some chips sink heat into the chassis, two heat pipes (one of them a dog-leg that only touches
the other corner to corner) each hold one temperature along their length, and every exposed surface and
edge loses heat to the air.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

WIDTH, HEIGHT = 56, 36
N_RANDOM_PROBES = 48


def _board(rng: random.Random) -> tuple[list[list[str]], list[tuple[str, int, int, int, int, float]]]:
    grid = [["." for _ in range(WIDTH)] for _ in range(HEIGHT)]
    for y in range(HEIGHT):
        grid[y][0] = "S"
    pad = rng.randrange(8, HEIGHT - 12)
    for y in range(pad, pad + 6):
        grid[y][WIDTH - 1] = "S"
    for _ in range(6):  # copper pours
        x0, y0 = rng.randrange(2, WIDTH - 12), rng.randrange(1, HEIGHT - 8)
        for y in range(y0, y0 + rng.randrange(3, 8)):
            for x in range(x0, x0 + rng.randrange(6, 12)):
                if grid[y][x] == ".":
                    grid[y][x] = "c"
    for x, y in ((3, 2), (WIDTH - 4, 2), (3, HEIGHT - 3), (WIDTH - 4, HEIGHT - 3)):  # mounting holes
        for dy in (0, 1):
            for dx in (0, 1):
                grid[y + dy][x + dx] = "#"
    slot_x = rng.randrange(16, WIDTH - 16)
    slot_y = rng.randrange(4, HEIGHT - 14)
    for y in range(slot_y, slot_y + 10):  # an isolation slot
        grid[y][slot_x] = "#"
    # two heat pipes: a straight one, and a dog-leg whose first cell touches the straight one's end only
    # corner to corner (4-neighbours only make a pipe, so they stay two pipes)
    row = rng.randrange(6, HEIGHT - 8)
    start = rng.randrange(6, 12)
    length = rng.randrange(14, 20)
    for x in range(start, start + length):
        grid[row][x] = "H"
    end = start + length - 1
    for x in range(end + 1, end + 8):
        grid[row + 1][x] = "H"
    for y in range(row + 2, row + 6):
        grid[y][end + 7] = "H"
    grid[row + 1][end] = "." if grid[row + 1][end] == "H" else grid[row + 1][end]
    grid[row][end + 1] = "." if grid[row][end + 1] == "H" else grid[row][end + 1]
    chips = []
    names = ["U1_mcu", "U2_pmic", "U3_phy", "U4_fpga", "Q1_mosfet", "Q2_mosfet", "U5_ddr"]
    for number, name in enumerate(names):
        while True:
            w, h = rng.randrange(3, 7), rng.randrange(3, 6)
            x0, y0 = rng.randrange(4, WIDTH - w - 2), rng.randrange(1, HEIGHT - h - 1)
            cells = [(x, y) for y in range(y0 - 1, y0 + h + 1) for x in range(x0 - 1, x0 + w + 1)]
            apart = all(  # at least one cell of board between any two chips
                x0 > c[3] + 1 or c[1] > x0 + w or y0 > c[4] + 1 or c[2] > y0 + h for c in chips
            )
            if apart and all(grid[y][x] in ".c" for x, y in cells):
                break
        if number < 4:  # a thermal-via array under the chip
            vx, vy = x0 + rng.randrange(0, w - 1), y0 + rng.randrange(0, h - 1)
            for y in range(vy, vy + 2):
                for x in range(vx, vx + 2):
                    grid[y][x] = "v"
        chips.append((name, x0, y0, x0 + w - 1, y0 + h - 1, round(rng.uniform(0.4, 2.2), 3)))
    return grid, chips


def generate(seed: int) -> dict[str, str]:
    rng = random.Random(seed)
    grid, chips = _board(rng)
    constants = {
        "sink_temp_c": 35.0,
        "ambient_c": round(rng.uniform(40.0, 48.0), 1),
        "k": {".": 0.025, "c": 0.4, "v": 0.3, "H": 0.4, "S": 0.4},
        "surface_g": 0.0012,
        "edge_g": 0.004,
        "via_g": 0.05,
        "leakage_per_c": round(rng.uniform(0.006, 0.012), 4),
        "leakage_ref_c": 25.0,
    }
    free = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if grid[y][x] in ".c"]
    special = {kind: [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if grid[y][x] == kind] for kind in "SHv"}
    picks = set(rng.sample(free, N_RANDOM_PROBES))
    picks |= set(rng.sample(special["S"], 2)) | set(rng.sample(special["v"], 3))
    pipe_cells = special["H"]
    picks |= {pipe_cells[0], pipe_cells[-1], rng.choice(pipe_cells)}
    picks |= {(c[1], c[2]) for c in chips[:4]} | {(c[3], c[4]) for c in chips[4:]}
    probes = sorted(picks, key=lambda p: (rng.random(), p))
    probe_rows = [f"TP-{i + 1:02d},{x},{y}" for i, (x, y) in enumerate(probes)]
    return {
        "board.txt": "".join("".join(row) + "\n" for row in grid),
        "board.json": json.dumps(constants, indent=2, sort_keys=True) + "\n",
        "chips.csv": "chip,x0,y0,x1,y1,watts\n" + "".join(",".join(map(str, c)) + "\n" for c in chips),
        "probes.csv": "probe_id,x,y\n" + "".join(row + "\n" for row in probe_rows),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    for name, text in generate(args.seed).items():
        with open(args.output_dir / name, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
