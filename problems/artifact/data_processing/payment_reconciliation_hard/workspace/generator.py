"""Writes orders.csv, payments.csv, refunds.csv and fx_rates.csv for a two-month reconciliation.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path

_DECIMALS = {"USD": 2, "EUR": 2, "GBP": 2, "CHF": 2, "JPY": 0}
_START_RATE = {"EUR": Decimal("1.0850"), "GBP": Decimal("1.2650"), "CHF": Decimal("1.1320"), "JPY": Decimal("0.006710")}
_FIRST_DAY = dt.date(2025, 12, 29)
_OFFSETS = ("+02:00", "-05:00", "+09:00", "+05:30", "-08:00")


def _rates(rng: random.Random) -> dict[str, dict[dt.date, Decimal]]:
    table: dict[str, dict[dt.date, Decimal]] = {c: {} for c in _START_RATE}
    for cur, rate in _START_RATE.items():
        day = _FIRST_DAY
        while day <= dt.date(2026, 3, 6):
            if day.weekday() < 5:
                step = rate * Decimal(str(round(rng.gauss(0, 0.004), 5)))
                rate = (rate + step).quantize(Decimal("0.000001") if cur == "JPY" else Decimal("0.0001"))
                table[cur][day] = rate
            day += dt.timedelta(days=1)
    return table


def _rate(table, cur: str, day: dt.date) -> Decimal:
    if cur == "USD":
        return Decimal(1)
    return table[cur][max(d for d in table[cur] if d <= day)]


def _q(value: Decimal, cur: str) -> Decimal:
    return value.quantize(Decimal(1).scaleb(-_DECIMALS[cur]), rounding=ROUND_HALF_EVEN)


def _fmt(value: Decimal, cur: str) -> str:
    return str(_q(value, cur))


def _stamp(rng: random.Random, moment: dt.datetime) -> str:
    """Render a UTC moment, sometimes in a local offset (which may move the calendar date)."""
    if rng.random() < 0.2:
        text = rng.choice(_OFFSETS)
        sign = 1 if text[0] == "+" else -1
        delta = dt.timedelta(hours=int(text[1:3]), minutes=int(text[4:6])) * sign
        return (moment + delta).strftime("%Y-%m-%dT%H:%M:%S") + text
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _amount(rng: random.Random, cur: str) -> Decimal:
    if cur == "JPY":
        return Decimal(rng.randrange(500, 90000, 10))
    return Decimal(rng.randrange(500, 90000)) / 100


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    table = _rates(rng)
    pay_ids = iter("PAY-%07d" % n for n in rng.sample(range(10**6, 10**7), 2000))
    ref_ids = iter("REF-%06d" % n for n in rng.sample(range(10**5, 10**6), 200))
    orders, payments, refunds = [], [], []
    base = dt.datetime(2026, 1, 2, 8, 0)
    for n in range(1, 521):
        oid = "ORD-%06d" % (100000 + n * 7)
        cur = rng.choices(list(_DECIMALS), (40, 25, 15, 10, 10))[0]
        kind = rng.choices(("none", "one", "split", "cross", "tie", "partial", "double", "refund", "part_refund"),
                           (6, 52, 8, 10, 4, 6, 4, 7, 4))[0]
        if kind == "tie":
            cur = "USD"
        created = base + dt.timedelta(minutes=rng.randrange(0, 60 * 24 * 56))
        amount = _amount(rng, cur)
        orders.append((oid, "CUST-%05d" % rng.randrange(1, 4000), _stamp(rng, created), cur, _fmt(amount, cur)))
        when = created + dt.timedelta(minutes=rng.randrange(1, 3000))
        charges: list[tuple[str, Decimal, dt.datetime]] = []
        if kind in ("one", "double", "refund", "part_refund"):
            charges.append((cur, amount, when))
        if kind == "double":
            charges.append((cur, amount, when + dt.timedelta(seconds=rng.randrange(5, 400))))
        if kind == "split":
            first = _q(amount * Decimal(rng.randrange(20, 80)) / 100, cur)
            charges += [(cur, first, when), (cur, amount - first, when + dt.timedelta(hours=rng.randrange(1, 72)))]
        if kind == "partial":
            charges.append((cur, _q(amount * Decimal(rng.randrange(30, 95)) / 100, cur), when))
        if kind in ("cross", "tie"):
            pay_cur = rng.choice([c for c in _DECIMALS if c != cur])
            for tie_cur in ("EUR", "GBP", "CHF") if kind == "tie" else ():
                # A payment whose exact USD value ends in half a cent: the stated half-even rule decides it.
                r = int(_rate(table, tie_cur, when.date()) * 10000)
                if r % 2 and r % 5:
                    cents = (5000 * pow(r, -1, 10000)) % 10000 + 10000 * rng.randrange(1, 6)
                    charges.append((tie_cur, Decimal(cents) / 100, when))
                    break
            if not charges:
                quoted = created.date() if rng.random() < 0.7 else when.date()
                value = amount * _rate(table, cur, quoted) / _rate(table, pay_cur, quoted)
                charges.append((pay_cur, _q(value, pay_cur), when))
        for k, (pcur, pamount, pwhen) in enumerate(charges):
            if rng.random() < 0.12:
                payments.append([next(pay_ids), oid, _stamp(rng, pwhen - dt.timedelta(minutes=3)),
                                 pcur, _fmt(pamount, pcur), "failed"])
            pid = next(pay_ids)
            payments.append([pid, oid, _stamp(rng, pwhen), pcur, _fmt(pamount, pcur), "captured"])
            if k == 0 and kind in ("refund", "part_refund"):
                share = Decimal(1) if kind == "refund" else Decimal(rng.randrange(10, 60)) / 100
                rwhen = pwhen + dt.timedelta(hours=rng.randrange(2, 400))
                refunds.append([next(ref_ids), pid, _stamp(rng, rwhen), _fmt(pamount * share, pcur)])
        if kind == "none" and rng.random() < 0.5:
            payments.append([next(pay_ids), oid, _stamp(rng, when), cur, _fmt(amount, cur),
                             rng.choice(("failed", "pending"))])
    for _ in range(6):  # payments for orders outside this export, and refunds of unknown payments
        cur = rng.choice(list(_DECIMALS))
        moment = base + dt.timedelta(minutes=rng.randrange(0, 60 * 24 * 56))
        payments.append([next(pay_ids), "ORD-%06d" % rng.randrange(900000, 999999),
                         _stamp(rng, moment), cur, _fmt(_amount(rng, cur), cur), "captured"])
        refunds.append([next(ref_ids), next(pay_ids),
                        _stamp(rng, moment), "10.00"])
    failed = [p for p in payments if p[5] == "failed"][:4]
    for p in failed:  # refunds wrongly issued against failed payments are ignored
        refunds.append([next(ref_ids), p[0], p[2], p[4]])
    payments += [list(p) for p in rng.sample(payments, len(payments) // 20)]  # webhook replays
    refunds += [list(r) for r in rng.sample(refunds, 3)]
    rng.shuffle(orders)
    rng.shuffle(payments)
    rng.shuffle(refunds)
    files = {
        "orders.csv": ["order_id,customer_id,created_at,currency,amount"] + [",".join(o) for o in orders],
        "payments.csv": ["payment_id,order_id,captured_at,currency,amount,status"] + [",".join(p) for p in payments],
        "refunds.csv": ["refund_id,payment_id,created_at,amount"] + [",".join(r) for r in refunds],
        "fx_rates.csv": ["date,currency,usd_per_unit"] + [
            f"{day.isoformat()},{cur},{rate}" for cur in sorted(table) for day, rate in sorted(table[cur].items())],
    }
    args.output_dir.mkdir(parents=True, exist_ok=True)
    for name, lines in files.items():
        with (args.output_dir / name).open("w", encoding="utf-8", newline="\n") as handle:
            handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
