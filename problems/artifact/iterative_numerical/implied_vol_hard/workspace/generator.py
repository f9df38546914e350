"""Writes quotes.csv: end-of-day option quotes of an equity-derivatives book (calls and puts).

Standard library only; deterministic from --seed. Most quotes come from Black-Scholes-Merton prices at a
smile of volatilities; a few are deep out of the money (tiny vega), a few expired today, and a few are
stale quotes outside the no-arbitrage bounds.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
from pathlib import Path

N_QUOTES = 160


def _cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def _price(kind: str, s: float, k: float, t: float, r: float, q: float, vol: float) -> float:
    d1 = (math.log(s / k) + (r - q + vol * vol / 2) * t) / (vol * math.sqrt(t))
    d2 = d1 - vol * math.sqrt(t)
    if kind == "C":
        return s * math.exp(-q * t) * _cdf(d1) - k * math.exp(-r * t) * _cdf(d2)
    return k * math.exp(-r * t) * _cdf(-d2) - s * math.exp(-q * t) * _cdf(-d1)


def generate(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    rows = []
    for number in sorted(rng.sample(range(10000, 99999), N_QUOTES)):
        kind = rng.choice("CP")
        spot = round(rng.uniform(20, 400), 2)
        days = rng.choice((7, 14, 30, 45, 60, 91, 182, 365, 730))
        moneyness = rng.choice((0.8, 0.9, 0.95, 1.0, 1.0, 1.05, 1.1, 1.25))
        if rng.random() < 0.06:
            moneyness = rng.choice((0.45, 1.9))  # deep wing: vega is tiny
        strike = round(spot * moneyness / 5) * 5 or 5
        rate, div = rng.choice((0.5, 1.25, 3.0, 4.5)), rng.choice((0.0, 0.0, 1.1, 2.4))
        vol = 0.12 + 0.35 * abs(math.log(strike / spot)) + rng.uniform(0.0, 0.35)
        fate = rng.random()
        if fate < 0.04:
            days, price = 0, max(0.0, (spot - strike) if kind == "C" else (strike - spot)) + 0.05
        else:
            t = days / 365
            price = _price(kind, spot, strike, t, rate / 100, div / 100, vol)
            if fate < 0.09:  # a stale quote below the discounted intrinsic value
                fwd = spot * math.exp(-div / 100 * t) - strike * math.exp(-rate / 100 * t)
                price = max(fwd if kind == "C" else -fwd, 0.0) * 0.97
                if price == 0:
                    price = 0.0
        if price < 5e-6 and days:
            continue
        rows.append([f"OPT-{number}", kind, f"{spot:.2f}", f"{strike:.2f}", str(days), f"{rate}", f"{div}",
                     f"{price:.6f}"])
    rng.shuffle(rows)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "quotes.csv", "w", encoding="utf-8", newline="\n") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["option_id", "type", "spot", "strike", "days_to_expiry", "rate_pct", "div_yield_pct", "price"])
        writer.writerows(generate(args.seed))


if __name__ == "__main__":
    main()
