"""Author's solution: direct costs per team, shared pool split by the largest remainder method."""

from __future__ import annotations

import csv
from decimal import ROUND_FLOOR, ROUND_HALF_EVEN, Decimal
from pathlib import Path

CENT = Decimal("0.01")


def _team(tags: str) -> str | None:
    for pair in tags.split(";"):
        key, _, value = pair.partition("=")
        if key == "team" and value.strip():
            return value.strip().lower()
    return None


def solve(scratch_dir: Path) -> str:
    direct: dict[str, Decimal] = {}
    pool = Decimal(0)
    with (scratch_dir / "billing.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            team = _team(row["tags"])
            if team is None:
                pool += Decimal(row["cost"])
            else:
                direct[team] = direct.get(team, Decimal(0)) + Decimal(row["cost"])
    pool_cents = int(pool.quantize(CENT, ROUND_HALF_EVEN) / CENT)
    total_direct = sum(direct.values())
    shares = {t: Decimal(pool_cents) * d / total_direct for t, d in direct.items()}
    cents = {t: int(s.to_integral_value(ROUND_FLOOR)) for t, s in shares.items()}
    missing = pool_cents - sum(cents.values())
    for team in sorted(shares, key=lambda t: (-(shares[t] - cents[t]), t))[:missing]:
        cents[team] += 1
    rows = []
    for team, d in direct.items():
        d_rounded = d.quantize(CENT, ROUND_HALF_EVEN)
        shared = Decimal(cents[team]) * CENT
        rows.append((team, d_rounded, shared, d_rounded + shared))
    rows.sort(key=lambda r: (-r[3], r[0]))
    return "team,direct,shared,total\n" + "".join(f"{t},{d},{s},{tot}\n" for t, d, s, tot in rows)
