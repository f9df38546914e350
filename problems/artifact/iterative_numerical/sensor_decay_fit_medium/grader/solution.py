"""Reference solution: variable projection in pure Python, so the reference is the same bytes everywhere.

For a fixed k, A and C are the linear least-squares solution (2x2 normal equations). The profile SSE(k) is
scanned on a log grid, and the minimizer is the root of its derivative, which by the envelope theorem is
-2 * sum r_i * A * t_i * exp(-k t_i) at the optimal (A, C); bisection pins it to machine precision.
"""

from __future__ import annotations

import csv
import json
import math
import pathlib
from collections import defaultdict


def _linear(k: float, t: list[float], y: list[float]) -> tuple[float, float]:
    e = [math.exp(-k * ti) for ti in t]
    n, se, see = len(t), math.fsum(e), math.fsum(v * v for v in e)
    sy, sey = math.fsum(y), math.fsum(v * w for v, w in zip(e, y))
    det = see * n - se * se
    return (sey * n - se * sy) / det, (see * sy - se * sey) / det


def _sse(k: float, t: list[float], y: list[float]) -> float:
    a, c = _linear(k, t, y)
    return math.fsum((yi - a * math.exp(-k * ti) - c) ** 2 for ti, yi in zip(t, y))


def _slope(k: float, t: list[float], y: list[float]) -> float:
    """d SSE / dk up to the factor 2: sum r_i * A * t_i * exp(-k t_i)."""
    a, c = _linear(k, t, y)
    return math.fsum((yi - a * math.exp(-k * ti) - c) * a * ti * math.exp(-k * ti) for ti, yi in zip(t, y))


def _fit(t: list[float], y: list[float]) -> tuple[float, float, float]:
    grid = [10 ** (-4 + 4 * i / 400) for i in range(401)]
    best = min(range(1, 400), key=lambda i: _sse(grid[i], t, y))
    low, high = grid[best - 1], grid[best + 1]
    if _slope(low, t, y) * _slope(high, t, y) > 0:
        raise ValueError("no sign change of the slope around the grid minimum")
    for _ in range(200):
        mid = (low + high) / 2
        if mid in (low, high):
            break
        if (_slope(mid, t, y) > 0) == (_slope(low, t, y) > 0):
            low = mid
        else:
            high = mid
    k = (low + high) / 2
    a, c = _linear(k, t, y)
    return a, k, c


def solve(scratch_dir: pathlib.Path) -> str:
    data: dict[str, list[tuple[float, float]]] = defaultdict(list)
    with open(scratch_dir / "cooldown.csv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                value = float(row["temp_c"])
            except ValueError:
                continue
            if math.isfinite(value):
                data[row["sensor"]].append((float(row["t_seconds"]), value))
    lines = []
    for sensor in sorted(data):
        points = sorted(data[sensor])
        a, k, c = _fit([p[0] for p in points], [p[1] for p in points])
        lines.append(json.dumps({"sensor": sensor, "A": float(f"{a:.10g}"), "k": float(f"{k:.10g}"),
                                 "C": float(f"{c:.10g}"), "n": len(points)}))
    return "\n".join(lines) + "\n"
