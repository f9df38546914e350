"""Reference solution: variable projection, a bounded 1-D search over k with (A, C) by linear least squares,
polished by scipy's least_squares from that point with tight tolerances."""

from __future__ import annotations

import csv
import json
import math
import pathlib
from collections import defaultdict

import numpy as np
from scipy.optimize import least_squares, minimize_scalar


def _linear(k: float, t: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float]:
    design = np.column_stack([np.exp(-k * t), np.ones_like(t)])
    coef, *_ = np.linalg.lstsq(design, y, rcond=None)
    return coef, float(np.sum((design @ coef - y) ** 2))


def _fit(t: np.ndarray, y: np.ndarray) -> tuple[float, float, float]:
    best = min(np.geomspace(1e-4, 1.0, 400), key=lambda k: _linear(k, t, y)[1])
    res = minimize_scalar(lambda lk: _linear(math.exp(lk), t, y)[1], method="bounded",
                          bounds=(math.log(best) - 0.05, math.log(best) + 0.05), options={"xatol": 1e-13})
    k = math.exp(res.x)
    (a, c), _ = _linear(k, t, y)
    fit = least_squares(lambda p: p[0] * np.exp(-p[1] * t) + p[2] - y, [a, k, c], xtol=1e-15, ftol=1e-15, gtol=1e-15)
    return tuple(float(v) for v in fit.x)


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
        t = np.array([p[0] for p in data[sensor]])
        y = np.array([p[1] for p in data[sensor]])
        a, k, c = _fit(t, y)
        lines.append(json.dumps({"sensor": sensor, "A": round(a, 10), "k": round(k, 12), "C": round(c, 10),
                                 "n": len(t)}))
    return "\n".join(lines) + "\n"
