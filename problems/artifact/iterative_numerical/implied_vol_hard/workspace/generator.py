"""Writes the end-of-day inputs of an equity-options book: market.json (valuation date, zero curve, spots
and dividend yields), dividends.csv (announced cash dividends) and quotes.csv (bid/ask quotes, several per
option as the feed re-sent them, timestamps in mixed UTC offsets).

Standard library only; deterministic from --seed. Prices come from Black-Scholes-Merton on an escrowed-
dividend spot at a smile of volatilities, then are widened to a cent-tick bid/ask; a few options are deep in
the wings (tiny vega), some expired, some have a crossed or one-sided latest quote, one underlier is missing
from the market data, and some stock dividends go ex on the valuation date or on an expiry date.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import math
import random
from pathlib import Path

VALUATION = dt.date(2026, 11, 20)
PILLARS = (7, 30, 91, 182, 365, 730)
N_OPTIONS = 230


def _cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def _rate(curve: list[tuple[int, float]], days: int) -> float:
    if days <= curve[0][0]:
        return curve[0][1] / 100
    for (d0, r0), (d1, r1) in zip(curve, curve[1:]):
        if days <= d1:
            return (r0 + (r1 - r0) * (days - d0) / (d1 - d0)) / 100
    return curve[-1][1] / 100


def _price(kind: str, s: float, k: float, t: float, r: float, q: float, vol: float) -> float:
    d1 = (math.log(s / k) + (r - q + vol * vol / 2) * t) / (vol * math.sqrt(t))
    d2 = d1 - vol * math.sqrt(t)
    if kind == "C":
        return s * math.exp(-q * t) * _cdf(d1) - k * math.exp(-r * t) * _cdf(d2)
    return k * math.exp(-r * t) * _cdf(-d2) - s * math.exp(-q * t) * _cdf(-d1)


def _root_ok(kind: str, s: float, k: float, t: float, r: float, q: float, price: float) -> bool:
    """True when the price has no volatility (outside the band) or its volatility lies in [0.005, 4.5]."""
    fs, fk = s * math.exp(-q * t), k * math.exp(-r * t)
    low, high = (max(fs - fk, 0.0), fs) if kind == "C" else (max(fk - fs, 0.0), fk)
    if not low < price < high:
        return True
    return _price(kind, s, k, t, r, q, 0.005) < price < _price(kind, s, k, t, r, q, 4.5)


def _stamp(rng: random.Random, instant: dt.datetime) -> str:
    hours = rng.choice((-5, -5, 0, 0, 1, -4, 9))
    local = instant.astimezone(dt.timezone(dt.timedelta(hours=hours)))
    return local.isoformat(timespec="seconds")


def generate(seed: int) -> dict[str, str]:
    rng = random.Random(seed)
    curve = [(d, round(3.9 + 0.5 * math.sin(d / 200) + rng.uniform(-0.15, 0.15), 3)) for d in PILLARS]
    underliers: dict[str, dict] = {}
    dividends: list[tuple[str, dt.date, float]] = []
    for name in ("SPXW", "NDXQ", "RUTX"):  # indices: continuous yield
        underliers[name] = {"spot": round(rng.uniform(1500, 6000), 2), "div_yield_pct": round(rng.uniform(0.8, 2.2), 2)}
    for number, name in enumerate(("ACME", "BOLT", "CRUX", "DYNA", "EPIC", "FLUX")):  # stocks: cash dividends
        underliers[name] = {"spot": round(rng.uniform(25, 400), 2), "div_yield_pct": 0.0}
        first = 0 if number < 2 else rng.randrange(1, 91)  # two stocks go ex on the valuation date itself
        amount = round(underliers[name]["spot"] * rng.uniform(0.004, 0.012), 2)
        for quarter in range(9):
            dividends.append((name, VALUATION + dt.timedelta(days=first + 91 * quarter), amount))
    div_rows = []  # (underlier, ex_date, amount, status, revision): revised and cancelled forecasts
    cancelled = set()
    for name, ex, amount in dividends:
        fate = rng.random()
        if fate < 0.2:  # revised: the highest revision holds (revisions are not always consecutive)
            first = rng.randrange(1, 3)
            div_rows.append((name, ex, round(amount * rng.uniform(0.7, 1.3), 2), "expected", first))
            div_rows.append((name, ex, amount, "expected", first + rng.randrange(1, 11)))
        elif fate < 0.3 and ex > VALUATION:  # cancelled by a later revision
            cancelled.add((name, ex))
            div_rows.append((name, ex, amount, "expected", 1))
            div_rows.append((name, ex, amount, "cancelled", 2))
        else:
            div_rows.append((name, ex, amount, "expected", 1))
    rng.shuffle(div_rows)
    dividends = [d for d in dividends if (d[0], d[1]) not in cancelled]
    names = list(underliers)
    options = []
    for number in sorted(rng.sample(range(10000, 99999), N_OPTIONS)):
        underlier = rng.choice(names)
        kind = rng.choice("CP")
        spot = underliers[underlier]["spot"]
        ex_dates = [d for n, d, _ in dividends if n == underlier and d > VALUATION]
        fate = rng.random()
        if ex_dates and fate < 0.18:  # expiry on an ex-dividend date
            expiry = rng.choice(ex_dates[:5])
        elif fate < 0.23:  # expired today or earlier (a stale listing)
            expiry = VALUATION - dt.timedelta(days=rng.choice((0, 0, 1, 3)))
        else:
            expiry = VALUATION + dt.timedelta(days=rng.choice((1, 3, 7, 12, 30, 45, 63, 91, 150, 182, 270, 365,
                                                               540, 730, 900)))
        moneyness = rng.choice((0.8, 0.9, 0.95, 1.0, 1.0, 1.05, 1.1, 1.25))
        if rng.random() < 0.08:
            moneyness = rng.choice((0.5, 0.6, 1.6, 1.8))  # deep wing: vega is tiny
        step = 5 if spot < 1000 else 25
        strike = max(step, round(spot * moneyness / step) * step)
        vol = 0.12 + 0.3 * abs(math.log(strike / spot)) + rng.uniform(0.0, 0.4)
        days = (expiry - VALUATION).days
        if days > 0:
            t = days / 365
            r = _rate(curve, days)
            pv = sum(a * math.exp(-_rate(curve, (d - VALUATION).days) * (d - VALUATION).days / 365)
                     for n, d, a in dividends if n == underlier and VALUATION < d <= expiry)
            fair = _price(kind, spot - pv, strike, t, r, underliers[underlier]["div_yield_pct"] / 100, vol)
        else:
            fair = max(0.0, spot - strike if kind == "C" else strike - spot)
        half = max(0.005, fair * rng.uniform(0.002, 0.02))
        bid, ask = math.floor((fair - half) * 100) / 100, math.ceil((fair + half) * 100) / 100
        bid = max(bid, 0.0)
        if rng.random() < 0.05:  # a stale quote below the discounted intrinsic value
            bid, ask = round(max(fair * 0.6, 0.0), 2), round(max(fair * 0.6, 0.0) + 0.02, 2)
        if days > 0 and not _root_ok(kind, spot - pv, strike, t, r, underliers[underlier]["div_yield_pct"] / 100,
                                     (bid + ask) / 2):
            continue  # the mid's volatility would lie outside the range the prompt promises
        options.append((f"OPT-{number}", underlier, kind, strike, expiry, bid, ask))
    gone = rng.sample(range(len(options)), 3)  # quotes on an underlier absent from market.json
    for index in gone:
        options[index] = (options[index][0], "GHST") + options[index][2:]
    rows = []
    close = dt.datetime(2026, 11, 20, 21, 0, tzinfo=dt.timezone.utc)
    for option_id, underlier, kind, strike, expiry, bid, ask in options:
        sends = rng.choice((1, 1, 2, 2, 3))
        instants = sorted(rng.sample(range(-1800, 900), sends))
        quotes = []
        for position, offset in enumerate(instants):
            last = position == sends - 1
            b, a = bid, ask
            if not last:  # earlier, superseded quotes: a different market
                shift = rng.uniform(0.9, 1.1)
                b, a = round(bid * shift, 2), round(ask * shift + 0.01, 2)
            else:
                fate = rng.random()
                if fate < 0.04:
                    b, a = a + 0.05, b  # crossed
                elif fate < 0.07:
                    b = None  # one-sided: no bid
                elif fate < 0.09:
                    a = None  # one-sided: no ask
            instant = close + dt.timedelta(seconds=offset)
            quotes.append([option_id, underlier, kind, f"{strike:.2f}", expiry.isoformat(),
                           "" if b is None else f"{b:.2f}", "" if a is None else f"{a:.2f}", _stamp(rng, instant)])
        rows.extend(quotes)
    rng.shuffle(rows)
    market = {"valuation_date": VALUATION.isoformat(),
              "zero_curve": [{"days": d, "rate_pct": r} for d, r in curve],
              "underliers": underliers}
    return {
        "market.json": json.dumps(market, indent=2) + "\n",
        "dividends.csv": "underlier,ex_date,revision,status,amount\n" + "".join(
            f"{n},{d.isoformat()},{rev},{st},{a:.2f}\n" for n, d, a, st, rev in div_rows),
        "quotes.csv": "option_id,underlier,type,strike,expiry,bid,ask,quote_ts\n"
        + "".join(",".join(r) + "\n" for r in rows),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    for name, text in generate(args.seed).items():
        with open(args.output_dir / name, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
