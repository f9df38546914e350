"""Writes cashflows.csv: the ledger of a small consumer-loan book (disbursements and repayments).

Standard library only; deterministic from --seed. Loans amortize monthly; some borrowers pay late, some
prepay with a balloon, some default and the servicer recovers part of the balance.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import random
from pathlib import Path

N_LOANS = 120


def _add_months(day: dt.date, months: int) -> dt.date:
    year, month = divmod(day.month - 1 + months, 12)
    return dt.date(day.year + year, month + 1, min(day.day, 28))


def _loan(rng: random.Random, loan_id: str) -> list[tuple[str, dt.date, str]]:
    principal = rng.randrange(20, 500) * 100
    rate = rng.uniform(0.04, 0.24) / 12
    term = rng.choice([12, 18, 24, 36, 48])
    payment = principal * rate / (1 - (1 + rate) ** -term)
    start = dt.date(2021, 1, 1) + dt.timedelta(days=rng.randrange(0, 900))
    fee = round(principal * rng.choice([0.0, 0.0, 0.01, 0.02]), 2)  # origination fee withheld at payout
    flows = [(loan_id, start, f"{-(principal - fee):.2f}")]
    balance = principal
    fate = rng.random()
    stop = rng.randrange(3, term - 1) if fate < 0.25 else term
    for month in range(1, stop + 1):
        day = _add_months(start, month)
        if rng.random() < 0.12:
            day += dt.timedelta(days=rng.randrange(3, 25))
        interest = balance * rate
        amount = min(payment, balance + interest)
        if month == stop and fate < 0.12:  # default: the servicer recovers part of the balance later
            recovered = (balance + interest) * rng.uniform(0.1, 0.6)
            flows.append((loan_id, day + dt.timedelta(days=rng.randrange(60, 240)), f"{recovered:.2f}"))
            break
        if month == stop and fate < 0.25:  # prepayment: the rest in one balloon
            amount = balance + interest
        balance = balance + interest - amount
        flows.append((loan_id, day, f"{amount:.2f}"))
    return flows


def generate(seed: int) -> list[tuple[str, dt.date, str]]:
    rng = random.Random(seed)
    ids = sorted(rng.sample(range(10000, 99999), N_LOANS))
    rows = [row for number in ids for row in _loan(rng, f"LN-{number}")]
    rows.sort(key=lambda r: (r[1], r[0]))  # a ledger export: by booking date
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "cashflows.csv", "w", encoding="utf-8", newline="\n") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["loan_id", "date", "amount"])
        writer.writerows((loan, day.isoformat(), amount) for loan, day, amount in generate(args.seed))


if __name__ == "__main__":
    main()
