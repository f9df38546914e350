"""Reference solution: yield to maturity by bisection to machine precision (price falls as yield rises)."""

from __future__ import annotations

import csv
import json
import pathlib


def _price(coupon_pct: float, m: int, n: int, y: float) -> float:
    v = 1 / (1 + y / m)
    return sum(coupon_pct / m * v ** k for k in range(1, n + 1)) + 100 * v ** n


def solve(scratch_dir: pathlib.Path) -> str:
    out = {}
    with open(scratch_dir / "bonds.csv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            coupon, m, n = float(row["coupon_pct"]), int(row["payments_per_year"]), int(row["periods_left"])
            price = float(row["price"])
            low, high = 1e-12, 1.0
            for _ in range(200):
                mid = (low + high) / 2
                if _price(coupon, m, n, mid) > price:
                    low = mid
                else:
                    high = mid
            out[row["bond_id"]] = round((low + high) / 2, 12)
    return json.dumps(dict(sorted(out.items())), indent=1) + "\n"
