"""Writes plan.csv: a ~120-task migration plan (a random DAG) with finish-to-start and start-to-start
dependencies, lags and leads, milestones, repeated predecessors and a few typo'd predecessor ids.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path

VERBS = ("Provision", "Migrate", "Validate", "Cut over", "Decommission", "Snapshot", "Replicate", "Rack",
         "Cable", "Burn-in", "Failover test", "Sign off")
OBJECTS = ("core switches", "storage array", "db cluster", "kafka", "auth service", "dns", "object store",
           "monitoring", "ci runners", "k8s control plane", "edge proxies", "backup vault")


def _item(rng: random.Random, pred: str) -> str:
    roll = rng.random()
    lag = rng.choice((0, 0, 0, 1, 2, 3, 5, -1, -2, -4))
    suffix = "" if lag == 0 else f"{lag:+d}"
    if roll < 0.22:
        return f"{pred}:SS{suffix}"
    return f"{pred}{suffix}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    ids = [f"{rng.choice(('NET', 'STO', 'APP', 'DB', 'OPS'))}{n:03d}" for n in rng.sample(range(1, 999), 120)]
    rows = []
    for i, task in enumerate(ids):
        milestone = rng.random() < 0.08
        duration = 0 if milestone else rng.choice((1, 1, 2, 3, 3, 5, 8, 10, 15))
        items, preds = [], []
        if i:
            preds = rng.sample(ids[max(0, i - 25):i], min(i, rng.choice((0, 1, 1, 2, 2, 3))))
            items = [_item(rng, pred) for pred in preds]
            if preds and rng.random() < 0.1:
                items.append(_item(rng, preds[0]))  # the same predecessor again, another constraint
        if rng.random() < 0.05:
            items.append(_item(rng, rng.choice(ids[:i] or ids) + rng.choice(("0", "1", "x"))))  # a typo'd id
        rng.shuffle(items)
        spaced = [f" {it}" if rng.random() < 0.2 else it for it in items]
        name = f"{rng.choice(VERBS)} {rng.choice(OBJECTS)}" + (" (milestone)" if milestone else "")
        rows.append([task, name, duration, ";".join(spaced)])
    for row in rows[1:12:4]:  # a lead on a task that starts at day 0: the early start stays at 0
        row[3] = f"{ids[0]}:SS-{rng.randint(1, 4)}"
    rng.shuffle(rows)
    out = args.output_dir / "plan.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["id", "name", "duration_days", "depends_on"])
        writer.writerows(rows)


if __name__ == "__main__":
    main()
