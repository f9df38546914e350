"""Reference solution: per-loan XIRR (Actual/365) by bracketing bisection to machine precision."""

from __future__ import annotations

import csv
import datetime as dt
import pathlib
from collections import defaultdict


def _npv(rate: float, flows: list[tuple[float, float]]) -> float:
    return sum(amount * (1.0 + rate) ** (-years) for years, amount in flows)


def _xirr(flows: list[tuple[float, float]]) -> float:
    low, high = -0.999999, 1.0
    while _npv(high, flows) > 0:
        high *= 2
    for _ in range(200):  # NPV decreases in the rate: bisection is safe and exact enough
        mid = (low + high) / 2
        if _npv(mid, flows) > 0:
            low = mid
        else:
            high = mid
        if high - low < 1e-15:
            break
    return (low + high) / 2


def solve(scratch_dir: pathlib.Path) -> str:
    loans: dict[str, list[tuple[dt.date, float]]] = defaultdict(list)
    with open(scratch_dir / "cashflows.csv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            loans[row["loan_id"]].append((dt.date.fromisoformat(row["date"]), float(row["amount"])))
    lines = ["loan_id,xirr"]
    for loan_id in sorted(loans):
        start = min(day for day, _ in loans[loan_id])
        flows = [((day - start).days / 365.0, amount) for day, amount in loans[loan_id]]
        lines.append(f"{loan_id},{_xirr(flows):.10f}")
    return "\n".join(lines) + "\n"
