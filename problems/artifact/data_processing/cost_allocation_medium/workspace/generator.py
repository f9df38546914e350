"""Writes billing.csv: a month of cloud cost line items for 9 teams plus untagged shared items and credits.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path

TEAMS = ("search", "checkout", "ingest", "ml-platform", "identity", "growth", "data-eng", "mobile", "sre")
SERVICES = ("compute", "block-storage", "object-storage", "managed-db", "load-balancer", "nat-gateway",
            "cdn", "logging", "kubernetes")


def _tags(rng: random.Random, team: str | None) -> str:
    pairs = [f"env={rng.choice(('prod', 'staging', 'dev'))}"]
    if team is not None:
        spelled = rng.choice((team, team, team, team.upper(), f" {team}", f"{team.capitalize()} "))
        pairs.append(f"team={spelled}")
    else:
        pairs.append(rng.choice(("team=", "team=  ", "owner=platform", f"Team={rng.choice(TEAMS)}",
                                 f"TEAM={rng.choice(TEAMS)}", "cost-center=shared", "")))
    if rng.random() < 0.3:
        pairs.append(f"app={rng.choice(('api', 'worker', 'cron', 'web'))}")
    rng.shuffle(pairs)
    return ";".join(p for p in pairs if p)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    weight = {t: rng.uniform(0.3, 3.0) for t in TEAMS}
    rows = []
    for n in range(3200):
        team = rng.choices(TEAMS, [weight[t] for t in TEAMS])[0] if rng.random() < 0.8 else None
        micro = int(rng.lognormvariate(15, 1.3))
        if rng.random() < 0.03:
            micro = -micro // 4  # a credit
        sign, micro = ("-" if micro < 0 else ""), abs(micro)
        cost = f"{sign}{micro // 1_000_000}.{micro % 1_000_000:06d}"
        if rng.random() < 0.5:
            cost = cost.rstrip("0").rstrip(".")
        rows.append([f"li-{n:05d}", f"acct-{rng.randint(1, 4)}", rng.choice(SERVICES),
                     f"res-{rng.randrange(16**6):06x}", f"2026-02-{rng.randint(1, 28):02d}", cost, _tags(rng, team)])
    out = args.output_dir / "billing.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["line_item_id", "account", "service", "resource_id", "usage_date", "cost", "tags"])
        writer.writerows(rows)


if __name__ == "__main__":
    main()
