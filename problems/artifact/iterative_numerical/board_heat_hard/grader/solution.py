"""Reference solution: assemble the stated heat balance (harmonic-mean links, surface and edge losses to
the air, thermal vias to the chassis, one unknown per heat pipe, chip power linear in the chip's mean
temperature) as one linear system and solve it directly.

`solve(scratch_dir, skip=...)` leaves out the named rules; negative_cases.py uses that to build the answer of
a solver who missed exactly one rule.
"""

from __future__ import annotations

import csv
import json
import pathlib

import numpy as np


def _read(scratch_dir: pathlib.Path):
    grid = [line for line in (scratch_dir / "board.txt").read_text(encoding="utf-8").split("\n") if line]
    constants = json.loads((scratch_dir / "board.json").read_text(encoding="utf-8"))
    with open(scratch_dir / "chips.csv", encoding="utf-8", newline="") as fh:
        chips = list(csv.DictReader(fh))
    with open(scratch_dir / "probes.csv", encoding="utf-8", newline="") as fh:
        probes = list(csv.DictReader(fh))
    return grid, constants, chips, probes


def _pipes(grid: list[str], skip: frozenset) -> dict[tuple[int, int], int]:
    """Heat-pipe number of every H cell: its 4-connected group (all H cells one group under a skip)."""
    height, width = len(grid), len(grid[0])
    group: dict[tuple[int, int], int] = {}
    for y in range(height):
        for x in range(width):
            if grid[y][x] != "H" or (x, y) in group:
                continue
            number = 0 if "pipes_merged" in skip else len(set(group.values()))
            group[(x, y)] = number
            stack = [(x, y)]
            while stack:
                cx, cy = stack.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < width and 0 <= ny < height and grid[ny][nx] == "H" and (nx, ny) not in group:
                        group[(nx, ny)] = number
                        stack.append((nx, ny))
    return group


def steady_state(scratch_dir: pathlib.Path, skip: frozenset = frozenset()) -> dict[tuple[int, int], float]:
    """Temperature of every non-void cell, keyed by (x, y)."""
    grid, constants, chips, _ = _read(scratch_dir)
    k, sink, ambient = constants["k"], constants["sink_temp_c"], constants["ambient_c"]
    height, width = len(grid), len(grid[0])
    pipes = {} if "pipe_cells_separate" in skip else _pipes(grid, skip)
    unknown: dict[tuple[int, int], int] = {}
    pipe_unknown: dict[int, int] = {}
    for y in range(height):
        for x in range(width):
            kind = grid[y][x]
            if kind in "S#":
                continue
            if (x, y) in pipes:
                if pipes[(x, y)] not in pipe_unknown:
                    pipe_unknown[pipes[(x, y)]] = len(unknown) + len(pipe_unknown)
                continue
            unknown[(x, y)] = len(unknown) + len(pipe_unknown)
    for cell, number in pipes.items():
        unknown[cell] = pipe_unknown[number]
    n = len(set(unknown.values()))
    matrix, rhs = np.zeros((n, n)), np.zeros(n)
    surface = 0.0 if "no_surface" in skip else constants["surface_g"]
    for (x, y), i in unknown.items():
        kind = grid[y][x]
        ki = k[kind]
        loss = surface
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            outside = not (0 <= nx < width and 0 <= ny < height)
            if outside or grid[ny][nx] == "#":
                if "no_edges" in skip or ("outer_edge_only" in skip and not outside):
                    continue
                loss += constants["edge_g"]
                continue
            kj = k[grid[ny][nx]]
            g = 2 * ki * kj / (ki + kj)
            if grid[ny][nx] == "S":
                matrix[i, i] += g
                rhs[i] += g * sink
            elif unknown[(nx, ny)] != i:  # a link inside one heat pipe carries nothing
                matrix[i, i] += g
                matrix[i, unknown[(nx, ny)]] -= g
        matrix[i, i] += loss
        rhs[i] += loss * ambient
        if kind == "v" and "no_vias" not in skip:
            matrix[i, i] += constants["via_g"]
            rhs[i] += constants["via_g"] * sink
    leak, ref = constants["leakage_per_c"], constants["leakage_ref_c"]
    first_guess = steady_state(scratch_dir, skip - {"leak_once"} | {"no_leakage"}) if "leak_once" in skip else None
    for chip in chips:
        x0, y0, x1, y1 = (int(chip[f]) for f in ("x0", "y0", "x1", "y1"))
        cells = [unknown[(x, y)] for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
        share = float(chip["watts"]) / len(cells)
        for i in cells:
            # q_i = share * (1 + leak * (mean(T over the chip) - ref))
            if "no_leakage" in skip:
                rhs[i] += share
                continue
            if first_guess is not None:  # one correction from the leakage-free temperatures, not solved
                covered = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
                mean = sum(first_guess[c] for c in covered) / len(covered)
                rhs[i] += share * (1 + leak * (mean - ref))
                continue
            rhs[i] += share * (1 - leak * ref)
            for j in cells:
                matrix[i, j] -= share * leak / len(cells)
    values = np.linalg.solve(matrix, rhs)
    temp = {cell: float(values[i]) for cell, i in unknown.items()}
    temp.update({(x, y): sink for y in range(height) for x in range(width) if grid[y][x] == "S"})
    return temp


def solve(scratch_dir: pathlib.Path, skip: frozenset = frozenset()) -> str:
    _, _, _, probes = _read(scratch_dir)
    temp = steady_state(scratch_dir, skip)
    lines = ["probe_id,temp_c"]
    for probe in sorted(probes, key=lambda p: p["probe_id"]):
        lines.append(f"{probe['probe_id']},{temp[(int(probe['x']), int(probe['y']))]:.6f}")
    return "\n".join(lines) + "\n"
