"""Reference solution: assemble the finite-volume balance and solve it by SOR to machine precision."""

from __future__ import annotations

import csv
import json
import pathlib


def _read(scratch_dir: pathlib.Path):
    grid = [line for line in (scratch_dir / "board.txt").read_text(encoding="utf-8").split("\n") if line]
    constants = json.loads((scratch_dir / "board.json").read_text(encoding="utf-8"))
    with open(scratch_dir / "chips.csv", encoding="utf-8", newline="") as fh:
        chips = list(csv.DictReader(fh))
    with open(scratch_dir / "probes.csv", encoding="utf-8", newline="") as fh:
        probes = list(csv.DictReader(fh))
    return grid, constants, chips, probes


def steady_state(scratch_dir: pathlib.Path) -> dict[tuple[int, int], float]:
    """Temperature of every non-void cell, keyed by (x, y)."""
    grid, constants, chips, _ = _read(scratch_dir)
    k = constants["k"]
    height, width = len(grid), len(grid[0])
    heat: dict[tuple[int, int], float] = {}
    for chip in chips:
        x0, y0, x1, y1 = (int(chip[f]) for f in ("x0", "y0", "x1", "y1"))
        cells = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
        for cell in cells:
            heat[cell] = heat.get(cell, 0.0) + float(chip["watts"]) / len(cells)
    temp = {}
    links = {}
    for y in range(height):
        for x in range(width):
            if grid[y][x] == "#":
                continue
            temp[(x, y)] = constants["sink_temp_c"]
            if grid[y][x] == "S":
                continue
            ki = k[grid[y][x]]
            nbrs = []
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < width and 0 <= ny < height and grid[ny][nx] != "#":
                    kj = k[grid[ny][nx]]
                    nbrs.append(((nx, ny), 2 * ki * kj / (ki + kj)))
            links[(x, y)] = (nbrs, sum(g for _, g in nbrs), heat.get((x, y), 0.0))
    return _solve_banded(temp, links)


def _solve_banded(temp: dict, links: dict) -> dict:
    """Exact solve of the (symmetric positive definite) balance by banded Gaussian elimination.

    Unknowns are numbered row by row, so a cell's neighbours sit within one board width of it.
    """
    cells = sorted(links, key=lambda c: (c[1], c[0]))
    index = {cell: i for i, cell in enumerate(cells)}
    bw = max(abs(index[n] - index[c]) for c in cells for n, _ in links[c][0] if n in index)
    n = len(cells)
    rows = [[0.0] * (2 * bw + 1) for _ in range(n)]  # rows[i][j - i + bw] = A[i][j]
    rhs = [0.0] * n
    for i, cell in enumerate(cells):
        nbrs, total, q = links[cell]
        rows[i][bw] = total
        rhs[i] = q
        for other, g in nbrs:
            if other in index:
                rows[i][index[other] - i + bw] -= g
            else:  # a clamped neighbour moves to the right-hand side
                rhs[i] += g * temp[other]
    for k in range(n):
        pivot_row = rows[k]
        pivot = pivot_row[bw]
        last = min(n - 1, k + bw)
        for i in range(k + 1, last + 1):
            row = rows[i]
            factor = row[k - i + bw] / pivot
            if factor == 0.0:
                continue
            lo, width = k - i + bw, last - k + 1
            row[lo:lo + width] = [a - factor * b for a, b in zip(row[lo:lo + width], pivot_row[bw:bw + width])]
            rhs[i] -= factor * rhs[k]
    values = [0.0] * n
    for i in range(n - 1, -1, -1):
        row = rows[i]
        acc = rhs[i] - sum(row[bw + d] * values[i + d] for d in range(1, min(bw, n - 1 - i) + 1))
        values[i] = acc / row[bw]
    for cell, value in zip(cells, values):
        temp[cell] = value
    return temp


def solve(scratch_dir: pathlib.Path) -> str:
    _, _, _, probes = _read(scratch_dir)
    temp = steady_state(scratch_dir)
    lines = ["probe_id,temp_c"]
    for probe in sorted(probes, key=lambda p: p["probe_id"]):
        lines.append(f"{probe['probe_id']},{temp[(int(probe['x']), int(probe['y']))]:.6f}")
    return "\n".join(lines) + "\n"
