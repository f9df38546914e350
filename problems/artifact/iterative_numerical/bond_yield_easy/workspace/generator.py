"""Writes bonds.csv: quotes of a treasury desk's bond inventory (coupon, frequency, periods left, price).

Standard library only; deterministic from --seed. Prices come from a yield curve plus a little noise, so
some bonds trade above par, some below, and a few zero-coupon bonds are in the list.
"""

from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path

N_BONDS = 90


def _price(coupon: float, freq: int, periods: int, y: float) -> float:
    c = 100 * coupon / 100 / freq
    v = 1 / (1 + y / freq)
    return sum(c * v ** k for k in range(1, periods + 1)) + 100 * v ** periods


def generate(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    rows = []
    for number in sorted(rng.sample(range(100, 999), N_BONDS)):
        freq = rng.choice((1, 2, 2, 4))
        years = rng.randint(1, 30)
        coupon = 0.0 if rng.random() < 0.08 else rng.choice((0.5, 1.25, 2.0, 2.75, 3.5, 4.25, 5.0, 6.5))
        y = max(0.001, 0.015 + 0.0012 * years + rng.gauss(0, 0.006))
        price = _price(coupon, freq, years * freq, y)
        rows.append([f"TB{number}", f"{coupon}", str(freq), str(years * freq), f"{price:.4f}"])
    rng.shuffle(rows)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "bonds.csv", "w", encoding="utf-8", newline="\n") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["bond_id", "coupon_pct", "payments_per_year", "periods_left", "price"])
        writer.writerows(generate(args.seed))


if __name__ == "__main__":
    main()
