"""Author's solution: reconcile orders against a payment event log and capped refunds with exact decimal
conversion at corrected rates."""

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


def _instant(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(dt.timezone.utc)


class _Rates:
    def __init__(self, rows: list[dict[str, str]]) -> None:
        latest: dict[tuple[str, dt.date], Decimal] = {}
        for row in rows:  # a later row for the same date and currency is a correction: it wins
            latest[(row["currency"], dt.date.fromisoformat(row["date"]))] = Decimal(row["usd_per_unit"])
        self._days: dict[str, list[dt.date]] = {}
        self._values: dict[str, list[Decimal]] = {}
        for (cur, day), value in sorted(latest.items()):
            self._days.setdefault(cur, []).append(day)
            self._values.setdefault(cur, []).append(value)

    def on(self, cur: str, day: dt.date) -> Decimal:
        if cur == "USD":
            return Decimal(1)
        i = bisect.bisect_right(self._days[cur], day) - 1
        if i < 0:
            raise ValueError(f"no {cur} rate on or before {day}")
        return self._values[cur][i]


def _convert(rates: _Rates, amount: Decimal, cur: str, stamp: str, target: str) -> Decimal:
    if cur == target:
        return amount
    day = _instant(stamp).date()
    exact = Fraction(amount) * Fraction(rates.on(cur, day)) / Fraction(rates.on(target, day))
    rounded = round(exact, _DECIMALS[target])  # Fraction rounding is half-to-even
    return Decimal(rounded.numerator) / Decimal(rounded.denominator)


def _fmt(value: Decimal, cur: str) -> str:
    return str(value.quantize(Decimal(1).scaleb(-_DECIMALS[cur]), rounding=ROUND_HALF_EVEN))


def solve(scratch_dir: Path) -> str:
    orders = {o["order_id"]: o for o in _rows(scratch_dir / "orders.csv")}
    rates = _Rates(_rows(scratch_dir / "fx_rates.csv"))
    paid: dict[str, Decimal] = {oid: Decimal(0) for oid in orders}
    refunded: dict[str, Decimal] = {oid: Decimal(0) for oid in orders}
    deciding: dict[str, dict[str, str]] = {}
    for p in _rows(scratch_dir / "payments.csv"):
        best = deciding.get(p["payment_id"])
        if best is None or _instant(p["event_at"]) > _instant(best["event_at"]):
            deciding[p["payment_id"]] = p
    counted = {pid: p for pid, p in deciding.items() if p["status"] == "captured" and p["order_id"] in orders}
    for p in counted.values():
        target = orders[p["order_id"]]["currency"]
        paid[p["order_id"]] += _convert(rates, Decimal(p["amount"]), p["currency"], p["event_at"], target)
    refunds = {r["refund_id"]: r for r in _rows(scratch_dir / "refunds.csv") if r["payment_id"] in counted}
    used: dict[str, Decimal] = {}
    has_refund: set[str] = set()
    for r in sorted(refunds.values(), key=lambda r: (_instant(r["created_at"]), r["refund_id"])):
        p = counted[r["payment_id"]]
        total = used.get(p["payment_id"], Decimal(0)) + Decimal(r["amount"])
        if total > Decimal(p["amount"]):
            continue  # the processor rejects a refund beyond what the payment has left
        used[p["payment_id"]] = total
        target = orders[p["order_id"]]["currency"]
        refunded[p["order_id"]] += _convert(rates, Decimal(r["amount"]), p["currency"], r["created_at"], target)
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
