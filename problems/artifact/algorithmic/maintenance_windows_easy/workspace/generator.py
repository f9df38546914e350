"""Writes maintenance.csv: ~330 maintenance bookings on 16 database hosts, with overlaps, touching windows,
nested windows and a few broken rows (end not after start).

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import csv
import random
from datetime import datetime, timedelta
from pathlib import Path

TEAMS = ("dba", "storage", "network", "security", "kernel")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hosts = [f"db-{region}-{n}" for region in ("eu", "us", "ap", "sa") for n in range(1, 5)]
    start0 = datetime(2026, 3, 1)
    rows = []
    for host in hosts:
        anchors = [start0 + timedelta(minutes=15 * rng.randrange(30 * 96)) for _ in range(rng.randint(5, 12))]
        for anchor in anchors:
            begin = anchor
            for _ in range(rng.choice((1, 1, 2, 3, 4))):
                length = timedelta(minutes=15 * rng.randint(1, 12))
                rows.append([host, begin, begin + length])
                roll = rng.random()
                if roll < 0.35:
                    begin = begin + length  # touching
                elif roll < 0.7:
                    begin = begin + length - timedelta(minutes=15 * rng.randint(1, 4))  # overlapping
                else:
                    begin = begin + length + timedelta(minutes=rng.choice((1, 15, 60)))  # a gap
        for _ in range(rng.randint(0, 2)):
            moment = start0 + timedelta(minutes=15 * rng.randrange(30 * 96))
            rows.append([host, moment, moment - timedelta(minutes=rng.choice((0, 30)))])
    rng.shuffle(rows)
    out = args.output_dir / "maintenance.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["ticket", "host", "start", "end", "team"])
        for n, (host, begin, end) in enumerate(rows, 1):
            writer.writerow([f"CHG-{4000 + n}", host, begin.strftime("%Y-%m-%d %H:%M"), end.strftime("%Y-%m-%d %H:%M"),
                             rng.choice(TEAMS)])


if __name__ == "__main__":
    main()
