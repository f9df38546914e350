"""Writes orders.csv, payments.csv (a webhook event log), refunds.csv and fx_rates.csv for a two-month
reconciliation: payments that go pending -> captured, fail, stay pending or are voided after capture
(event times in local offsets, so text order is not time order), webhook replays, refunds that would
exceed their payment (some tied in time), rate corrections appended to the rate table, and cross-currency
payments whose exact converted value ends in half a minor unit.

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


def _stamp(rng: random.Random, moment: dt.datetime, offset: str | None = None) -> str:
    """Render a UTC moment, sometimes in a local offset (which may move the calendar date)."""
    if offset is None and rng.random() < 0.25:
        offset = rng.choice(_OFFSETS)
    if offset is not None and offset != "Z":
        sign = 1 if offset[0] == "+" else -1
        delta = dt.timedelta(hours=int(offset[1:3]), minutes=int(offset[4:6])) * sign
        return (moment + delta).strftime("%Y-%m-%dT%H:%M:%S") + offset
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _amount(rng: random.Random, cur: str) -> Decimal:
    if cur == "JPY":
        return Decimal(rng.randrange(500, 90000, 10))
    return Decimal(rng.randrange(500, 90000)) / 100


class _Feed:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pay_ids = iter("PAY-%07d" % n for n in rng.sample(range(10**6, 10**7), 3000))
        self.ref_ids = iter("REF-%06d" % n for n in rng.sample(range(10**5, 10**6), 400))
        self.payments: list[list[str]] = []
        self.refunds: list[list[str]] = []

    def payment(self, oid: str, cur: str, amount: Decimal, when: dt.datetime, fate: str) -> str:
        """Webhook rows of one payment; fate is captured, voided, failed or pending."""
        pid, rng = next(self.pay_ids), self.rng
        money = [oid, cur, _fmt(amount, cur)]
        if rng.random() < 0.5 or fate in ("failed", "pending"):
            self.payments.append([pid, *money, "pending", _stamp(rng, when - dt.timedelta(seconds=rng.randrange(5, 90)))])
        if fate == "failed":
            self.payments.append([pid, *money, "failed", _stamp(rng, when)])
        elif fate in ("captured", "voided"):
            if fate == "voided":
                # Voided within hours; written in a western offset the void sorts before the capture as text.
                self.payments.append([pid, *money, "captured", _stamp(rng, when, "Z")])
                later = when + dt.timedelta(minutes=rng.randrange(20, 240))
                self.payments.append([pid, *money, "voided", _stamp(rng, later, rng.choice(("-05:00", "-08:00")))])
            else:
                self.payments.append([pid, *money, "captured", _stamp(rng, when)])
        return pid

    def refund(self, pid: str, amount: Decimal, cur: str, when: dt.datetime, offset: str | None = None) -> str:
        rid = next(self.ref_ids)
        self.refunds.append([rid, pid, _stamp(self.rng, when, offset), _fmt(amount, cur)])
        return rid


def _order(rng: random.Random, table, feed: _Feed, n: int, base: dt.datetime) -> tuple[str, ...]:
    oid = "ORD-%06d" % (100000 + n * 7)
    cur = rng.choices(list(_DECIMALS), (40, 25, 15, 10, 10))[0]
    kind = rng.choices(("none", "one", "split", "cross", "tie", "partial", "double", "refund", "part_refund",
                        "over_refund", "voided", "voided_retry"), (5, 44, 7, 12, 4, 5, 4, 6, 4, 5, 2, 2))[0]
    if kind == "tie":
        cur = "USD"
    created = base + dt.timedelta(minutes=rng.randrange(0, 60 * 24 * 56))
    amount = _amount(rng, cur)
    order = (oid, "CUST-%05d" % rng.randrange(1, 4000), _stamp(rng, created), cur, _fmt(amount, cur))
    when = created + dt.timedelta(minutes=rng.randrange(1, 3000))
    charges: list[tuple[str, Decimal, dt.datetime]] = []
    if kind in ("one", "double", "refund", "part_refund", "over_refund", "voided", "voided_retry"):
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
        if rng.random() < 0.1:
            feed.payment(oid, pcur, pamount, pwhen - dt.timedelta(minutes=3), "failed")
        fate = "voided" if k == 0 and kind in ("voided", "voided_retry") else "captured"
        pid = feed.payment(oid, pcur, pamount, pwhen, fate)
        if kind == "voided_retry" and k == 0:
            feed.payment(oid, pcur, pamount, pwhen + dt.timedelta(hours=5), "captured")
        if k == 0 and kind in ("refund", "part_refund"):
            share = Decimal(1) if kind == "refund" else Decimal(rng.randrange(10, 60)) / 100
            rwhen = pwhen + dt.timedelta(hours=rng.randrange(2, 400))
            feed.refund(pid, pamount * share, pcur, rwhen)
        if k == 0 and kind == "over_refund":
            # Refunds that together exceed the payment: the one that would go over is rejected.
            rwhen = pwhen + dt.timedelta(hours=rng.randrange(2, 200))
            shares = rng.choice(((60, 60, 30), (100, 1), (70, 50), (40, 40, 40)))
            if len(shares) == 2 and rng.random() < 0.6:
                # Two refunds at the same instant, written in different offsets: refund_id order decides.
                ids = sorted(next(feed.ref_ids) for _ in range(2))
                for rid, share, offset in zip(ids if rng.random() < 0.5 else ids[::-1], shares, ("+09:00", "Z")):
                    feed.refunds.append([rid, pid, _stamp(rng, rwhen, offset), _fmt(pamount * share / 100, pcur)])
            else:
                for j, share in enumerate(shares):
                    feed.refund(pid, pamount * share / 100, pcur, rwhen + dt.timedelta(hours=j * rng.randrange(1, 30)))
    if kind == "none" and rng.random() < 0.6:
        feed.payment(oid, cur, amount, when, rng.choice(("failed", "pending")))
    return order


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    table = _rates(rng)
    feed = _Feed(rng)
    base = dt.datetime(2026, 1, 2, 8, 0)
    orders = [_order(rng, table, feed, n, base) for n in range(1, 521)]
    for _ in range(6):  # payments for orders outside this export, and refunds of unknown payments
        cur = rng.choice(list(_DECIMALS))
        moment = base + dt.timedelta(minutes=rng.randrange(0, 60 * 24 * 56))
        feed.payment("ORD-%06d" % rng.randrange(900000, 999999), cur, _amount(rng, cur), moment, "captured")
        feed.refund(next(feed.pay_ids), Decimal(10), "USD", moment)
    dead = [p for p in feed.payments if p[4] in ("failed", "voided")][:6]
    for p in dead:  # refunds wrongly issued against failed or voided payments are ignored
        feed.refunds.append([next(feed.ref_ids), p[0], p[5], p[3]])
    payments = feed.payments + [list(p) for p in rng.sample(feed.payments, len(feed.payments) // 20)]  # replays
    refunds = feed.refunds + [list(r) for r in rng.sample(feed.refunds, 4)]
    rng.shuffle(payments)
    rng.shuffle(refunds)
    rng.shuffle(orders)
    rate_rows = [f"{day.isoformat()},{cur},{rate}" for cur in sorted(table) for day, rate in sorted(table[cur].items())]
    for cur, day in rng.sample([(c, d) for c in sorted(table) for d in sorted(table[c])], 40):
        # A correction published later for an existing date: appended, the later row wins.
        fixed = (table[cur][day] * Decimal(1 + rng.choice((-1, 1)) * rng.randrange(20, 90) / 10000)).quantize(
            Decimal("0.000001") if cur == "JPY" else Decimal("0.0001"))
        rate_rows.append(f"{day.isoformat()},{cur},{fixed}")
    files = {
        "orders.csv": ["order_id,customer_id,created_at,currency,amount"] + [",".join(o) for o in orders],
        "payments.csv": ["payment_id,order_id,currency,amount,status,event_at"] + [",".join(p) for p in payments],
        "refunds.csv": ["refund_id,payment_id,created_at,amount"] + [",".join(r) for r in refunds],
        "fx_rates.csv": ["date,currency,usd_per_unit"] + rate_rows,
    }
    args.output_dir.mkdir(parents=True, exist_ok=True)
    for name, lines in files.items():
        with (args.output_dir / name).open("w", encoding="utf-8", newline="\n") as handle:
            handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
