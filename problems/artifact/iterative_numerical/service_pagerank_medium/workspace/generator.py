"""Writes calls.csv: a week of aggregated RPC call counts between the services of a platform.

Standard library only; deterministic from --seed. The export is per (caller, callee, day), so a pair
appears on several rows; some services call themselves (retries), some call nobody (leaf stores).
"""

from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path

N_SERVICES = 220
PREFIXES = ("api", "auth", "billing", "cart", "catalog", "search", "ledger", "notify", "media", "geo", "risk")
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def generate(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    names = sorted({f"{rng.choice(PREFIXES)}-{rng.randrange(100, 999)}" for _ in range(N_SERVICES * 2)})
    names = rng.sample(names, N_SERVICES)
    tiers = {name: rng.randrange(4) for name in names}
    rows = []
    for caller in names:
        if tiers[caller] == 3 and rng.random() < 0.7:
            continue  # a leaf store: calls nobody
        lower = [n for n in names if tiers[n] > tiers[caller]] or names
        for callee in rng.sample(lower, min(len(lower), rng.randint(1, 7))):
            for day in rng.sample(DAYS, rng.randint(1, 3)):
                rows.append([caller, callee, day, str(rng.choice((1, 3, 10, 40, 250)) * rng.randint(1, 9))])
        if rng.random() < 0.15:
            rows.append([caller, caller, rng.choice(DAYS), str(rng.randint(5, 900))])
    rng.shuffle(rows)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "calls.csv", "w", encoding="utf-8", newline="\n") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["caller", "callee", "day", "calls"])
        writer.writerows(generate(args.seed))


if __name__ == "__main__":
    main()
