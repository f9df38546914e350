"""Reference solution: latest quote per option by instant, mid price, zero-curve interpolation, escrowed
cash dividends, no-arbitrage screening, then bisection on vol in [1e-9, 10] to machine precision.

`solve(scratch_dir, skip=...)` leaves out the named rules; negative_cases.py uses that to build the answer of
a solver who missed exactly one rule.
"""

from __future__ import annotations

import csv
import datetime as dt
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


def _rate(curve: list[tuple[int, float]], days: int, skip: frozenset) -> float:
    if "flat_extrapolation" in skip and (days < curve[0][0] or days > curve[-1][0]):
        (d0, r0), (d1, r1) = (curve[0], curve[1]) if days < curve[0][0] else (curve[-2], curve[-1])
        return (r0 + (r1 - r0) * (days - d0) / (d1 - d0)) / 100
    if days <= curve[0][0]:
        return curve[0][1] / 100
    for (d0, r0), (d1, r1) in zip(curve, curve[1:]):
        if days <= d1:
            return (r0 + (r1 - r0) * (days - d0) / (d1 - d0)) / 100
    return curve[-1][1] / 100


def _implied(kind: str, s: float, k: float, t: float, r: float, q: float, price: float) -> float | None:
    fs, fk = s * math.exp(-q * t), k * math.exp(-r * t)
    low_bound, high_bound = (max(fs - fk, 0.0), fs) if kind == "C" else (max(fk - fs, 0.0), fk)
    if not low_bound < price < high_bound:
        return None
    low, high = 1e-9, 10.0
    for _ in range(200):
        mid = (low + high) / 2
        if _price(kind, s, k, t, r, q, mid) < price:
            low = mid
        else:
            high = mid
    return round((low + high) / 2, 12)


def _latest(rows: list[dict], skip: frozenset) -> dict[str, dict]:
    latest: dict[str, tuple] = {}
    for row in rows:
        if "instant_order" in skip:
            when = row["quote_ts"]
        else:
            when = dt.datetime.fromisoformat(row["quote_ts"]).astimezone(dt.timezone.utc)
        held = latest.get(row["option_id"])
        if "quote_validity" in skip and held is not None and _two_sided(held[1]) != _two_sided(row):
            if _two_sided(row):  # prefers a usable quote over a later unusable one: the rule forbids it
                latest[row["option_id"]] = (when, row)
            continue
        if held is None or when > held[0]:
            latest[row["option_id"]] = (when, row)
    return {option_id: row for option_id, (_, row) in latest.items()}


def _two_sided(row: dict) -> bool:
    return bool(row["bid"]) and bool(row["ask"]) and float(row["bid"]) <= float(row["ask"])


def _effective_dividends(rows: list[dict], skip: frozenset) -> list[dict]:
    """Per (underlier, ex_date) the row with the highest revision, unless that row is a cancellation."""
    if "dividend_revisions" in skip:  # every expected row counts, revisions and cancellations ignored
        return [row for row in rows if row["status"] == "expected"]
    latest: dict[tuple[str, str], dict] = {}
    for row in rows:
        key = (row["underlier"], row["ex_date"])
        if key not in latest or int(row["revision"]) > int(latest[key]["revision"]):
            latest[key] = row
    return [row for row in latest.values() if row["status"] == "expected"]


def _iv(row: dict, market: dict, dividends: list[dict], skip: frozenset) -> float | None:
    valuation = dt.date.fromisoformat(market["valuation_date"])
    curve = [(p["days"], p["rate_pct"]) for p in market["zero_curve"]]
    underlier = market["underliers"].get(row["underlier"])
    expiry = dt.date.fromisoformat(row["expiry"])
    days = (expiry - valuation).days
    if underlier is None or days <= 0 or not _two_sided(row):
        return None
    price = (float(row["bid"]) + float(row["ask"])) / 2
    t, r, q = days / 365, _rate(curve, days, skip), underlier["div_yield_pct"] / 100
    spot, pv = underlier["spot"], 0.0
    for div in dividends:
        ex = dt.date.fromisoformat(div["ex_date"])
        if div["underlier"] != row["underlier"]:
            continue
        inside = (valuation <= ex < expiry) if "ex_date_bounds" in skip else (valuation < ex <= expiry)
        if inside:
            ex_days = (ex - valuation).days
            pv += float(div["amount"]) * math.exp(-_rate(curve, ex_days, skip) * ex_days / 365)
    if "dividends" in skip:
        pv = 0.0
    return _implied(row["type"], spot - pv, float(row["strike"]), t, r, q, price)


def solve(scratch_dir: pathlib.Path, skip: frozenset = frozenset()) -> str:
    market = json.loads((scratch_dir / "market.json").read_text(encoding="utf-8"))
    with open(scratch_dir / "dividends.csv", encoding="utf-8", newline="") as fh:
        dividends = _effective_dividends(list(csv.DictReader(fh)), skip)
    with open(scratch_dir / "quotes.csv", encoding="utf-8", newline="") as fh:
        latest = _latest(list(csv.DictReader(fh)), skip)
    return "".join(json.dumps({"option_id": option_id, "iv": _iv(latest[option_id], market, dividends, skip)}) + "\n"
                   for option_id in sorted(latest))
