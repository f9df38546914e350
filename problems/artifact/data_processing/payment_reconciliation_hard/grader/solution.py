"""Author's solution: reconcile orders against payments and refunds with exact decimal conversion."""

from __future__ import annotations

import bisect
import csv
import datetime as dt
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path

_DECIMALS = {"USD": 2, "EUR": 2, "GBP": 2, "CHF": 2, "JPY": 0}


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _utc_date(stamp: str) -> dt.date:
    return dt.datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(dt.timezone.utc).date()


class _Rates:
    def __init__(self, rows: list[dict[str, str]]) -> None:
        self._days: dict[str, list[dt.date]] = {}
        self._values: dict[str, list[Decimal]] = {}
        for row in sorted(rows, key=lambda r: (r["currency"], r["date"])):
            self._days.setdefault(row["currency"], []).append(dt.date.fromisoformat(row["date"]))
            self._values.setdefault(row["currency"], []).append(Decimal(row["usd_per_unit"]))

    def on(self, cur: str, day: dt.date) -> Decimal:
        if cur == "USD":
            return Decimal(1)
        i = bisect.bisect_right(self._days[cur], day) - 1
        if i < 0:
            raise ValueError(f"no {cur} rate on or before {day}")
        return self._values[cur][i]


def _convert(rates: _Rates, amount: str, cur: str, stamp: str, target: str) -> Decimal:
    if cur == target:
        return Decimal(amount)
    day = _utc_date(stamp)
    exact = Fraction(Decimal(amount)) * Fraction(rates.on(cur, day)) / Fraction(rates.on(target, day))
    rounded = round(exact, _DECIMALS[target])  # Fraction rounding is half-to-even
    return Decimal(rounded.numerator) / Decimal(rounded.denominator)


def _fmt(value: Decimal, cur: str) -> str:
    return str(value.quantize(Decimal(1).scaleb(-_DECIMALS[cur]), rounding=ROUND_HALF_EVEN))


def solve(scratch_dir: Path) -> str:
    orders = {o["order_id"]: o for o in _rows(scratch_dir / "orders.csv")}
    rates = _Rates(_rows(scratch_dir / "fx_rates.csv"))
    paid: dict[str, Decimal] = {oid: Decimal(0) for oid in orders}
    refunded: dict[str, Decimal] = {oid: Decimal(0) for oid in orders}
    counted: dict[str, dict[str, str]] = {}
    for p in _rows(scratch_dir / "payments.csv"):
        if p["status"] != "captured" or p["order_id"] not in orders or p["payment_id"] in counted:
            continue
        counted[p["payment_id"]] = p
        target = orders[p["order_id"]]["currency"]
        paid[p["order_id"]] += _convert(rates, p["amount"], p["currency"], p["captured_at"], target)
    has_refund: set[str] = set()
    seen: set[str] = set()
    for r in _rows(scratch_dir / "refunds.csv"):
        p = counted.get(r["payment_id"])
        if p is None or r["refund_id"] in seen:
            continue
        seen.add(r["refund_id"])
        target = orders[p["order_id"]]["currency"]
        refunded[p["order_id"]] += _convert(rates, r["amount"], p["currency"], r["created_at"], target)
        has_refund.add(p["order_id"])
    lines = ["order_id,currency,amount,paid,refunded,net,status"]
    payers = {p["order_id"] for p in counted.values()}
    for oid in sorted(orders):
        cur = orders[oid]["currency"]
        amount = Decimal(orders[oid]["amount"])
        net = paid[oid] - refunded[oid]
        tol = Decimal(1).scaleb(-_DECIMALS[cur])
        if oid not in payers:
            status = "unpaid"
        elif oid in has_refund and abs(net) <= tol:
            status = "refunded"
        elif abs(net - amount) <= tol:
            status = "settled"
        else:
            status = "underpaid" if net < amount else "overpaid"
        values = [_fmt(v, cur) for v in (amount, paid[oid], refunded[oid], net)]
        lines.append(",".join([oid, cur, *values, status]))
    return "\n".join(lines) + "\n"
