"""Reference solution: no-arbitrage screening, then bisection on vol in [1e-9, 10] to machine precision."""

from __future__ import annotations

import csv
import json
import math
import pathlib


def _cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def _price(kind: str, s: float, k: float, t: float, r: float, q: float, vol: float) -> float:
    d1 = (math.log(s / k) + (r - q + vol * vol / 2) * t) / (vol * math.sqrt(t))
    d2 = d1 - vol * math.sqrt(t)
    if kind == "C":
        return s * math.exp(-q * t) * _cdf(d1) - k * math.exp(-r * t) * _cdf(d2)
    return k * math.exp(-r * t) * _cdf(-d2) - s * math.exp(-q * t) * _cdf(-d1)


def _iv(row: dict) -> float | None:
    kind, s, k = row["type"], float(row["spot"]), float(row["strike"])
    days, price = int(row["days_to_expiry"]), float(row["price"])
    if days == 0:
        return None
    t, r, q = days / 365, float(row["rate_pct"]) / 100, float(row["div_yield_pct"]) / 100
    fs, fk = s * math.exp(-q * t), k * math.exp(-r * t)
    low_bound, high_bound = (max(fs - fk, 0.0), fs) if kind == "C" else (max(fk - fs, 0.0), fk)
    if not low_bound < price < high_bound:
        return None
    low, high = 1e-9, 10.0
    for _ in range(300):
        mid = (low + high) / 2
        if _price(kind, s, k, t, r, q, mid) < price:
            low = mid
        else:
            high = mid
    return round((low + high) / 2, 12)


def solve(scratch_dir: pathlib.Path) -> str:
    with open(scratch_dir / "quotes.csv", encoding="utf-8", newline="") as fh:
        rows = sorted(csv.DictReader(fh), key=lambda r: r["option_id"])
    return "".join(json.dumps({"option_id": row["option_id"], "iv": _iv(row)}) + "\n" for row in rows)
