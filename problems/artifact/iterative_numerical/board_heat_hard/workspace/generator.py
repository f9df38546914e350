"""Writes a thermal model of a controller board: board.txt (material map), board.json (constants),
chips.csv (heat sources) and probes.csv (thermocouple positions).

Standard library only; deterministic from --seed. The left edge is clamped to a cold plate and a heat-pipe
pad sits on the right edge; copper pours spread heat, mounting holes and slots block it.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

WIDTH, HEIGHT = 48, 32
N_PROBES = 40


def _connected(grid: list[list[str]]) -> bool:
    """Every non-void cell reaches a clamped cell (so the steady state is unique)."""
    start = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if grid[y][x] == "S"]
    seen = set(start)
    stack = list(start)
    while stack:
        x, y = stack.pop()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < WIDTH and 0 <= ny < HEIGHT and (nx, ny) not in seen and grid[ny][nx] != "#":
                seen.add((nx, ny))
                stack.append((nx, ny))
    return all(grid[y][x] == "#" or (x, y) in seen for y in range(HEIGHT) for x in range(WIDTH))


def _board(rng: random.Random) -> tuple[list[list[str]], list[tuple[str, int, int, int, int, float]]]:
    grid = [["." for _ in range(WIDTH)] for _ in range(HEIGHT)]
    for y in range(HEIGHT):
        grid[y][0] = "S"
    pad = rng.randrange(8, HEIGHT - 12)
    for y in range(pad, pad + 6):
        grid[y][WIDTH - 1] = "S"
    for _ in range(5):  # copper pours
        x0, y0 = rng.randrange(2, WIDTH - 12), rng.randrange(1, HEIGHT - 8)
        for y in range(y0, y0 + rng.randrange(3, 8)):
            for x in range(x0, x0 + rng.randrange(6, 12)):
                if grid[y][x] == ".":
                    grid[y][x] = "c"
    for x, y in ((3, 2), (WIDTH - 4, 2), (3, HEIGHT - 3), (WIDTH - 4, HEIGHT - 3)):  # mounting holes
        for dy in (0, 1):
            for dx in (0, 1):
                grid[y + dy][x + dx] = "#"
    slot_x = rng.randrange(14, WIDTH - 14)
    slot_y = rng.randrange(4, HEIGHT - 14)
    for y in range(slot_y, slot_y + 10):  # an isolation slot
        grid[y][slot_x] = "#"
    chips = []
    names = ["U1_mcu", "U2_pmic", "U3_phy", "U4_fpga", "Q1_mosfet", "Q2_mosfet"]
    for name in names:
        while True:
            w, h = rng.randrange(2, 6), rng.randrange(2, 5)
            x0, y0 = rng.randrange(4, WIDTH - w - 2), rng.randrange(1, HEIGHT - h - 1)
            cells = [(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)]
            apart = all(  # at least one cell of board between any two chips
                x0 > c[3] + 1 or c[1] > x0 + w or y0 > c[4] + 1 or c[2] > y0 + h for c in chips
            )
            if apart and all(grid[y][x] in ".c" for x, y in cells):
                break
        chips.append((name, x0, y0, x0 + w - 1, y0 + h - 1, round(rng.uniform(0.3, 1.8), 3)))
    return grid, chips


def generate(seed: int) -> dict[str, str]:
    rng = random.Random(seed)
    while True:
        grid, chips = _board(rng)
        if _connected(grid):
            break
    constants = {"sink_temp_c": 35.0, "k": {".": 0.025, "c": 0.4, "S": 0.4}}
    free = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if grid[y][x] in ".c"]
    probes = sorted(rng.sample(free, N_PROBES - 4)) + [(c[1], c[2]) for c in chips[:4]]
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
