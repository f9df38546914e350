"""Writes changes.jsonl: a month of CDC changes of ~150 customers, redelivered and out of order, with
untracked-only updates, multi-change commits (some undone within the commit), deletes and re-inserts, and
commit times written with varying UTC offsets.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

TIERS = ("free", "bronze", "silver", "gold", "platinum")
COUNTRIES = ("DE", "FR", "PT", "US", "JP", "BR", "IN", "NG", "SE", "PL")
OFFSETS = (0, 0, 60, 120, -300, 330, -180)
T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _stamp(moment: datetime, rng: random.Random) -> str:
    offset = timedelta(minutes=rng.choice(OFFSETS))
    local = (moment + offset).replace(tzinfo=None)
    text = local.strftime("%Y-%m-%dT%H:%M:%S.") + f"{local.microsecond // 1000:03d}"
    if not offset:
        return text + rng.choice(("Z", "+00:00"))
    sign = "+" if offset > timedelta(0) else "-"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"{text}{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def _row(rng: random.Random, cid: int, login: datetime) -> dict:
    return {"email": f"user{cid}@{rng.choice(('example.org', 'example.com'))}", "tier": rng.choice(TIERS),
            "country": rng.choice(COUNTRIES), "last_login": login.strftime("%Y-%m-%dT%H:%M:%SZ")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    commits = []  # (utc moment, id, [(op, after)])
    for cid in rng.sample(range(100, 999), 150):
        moment = T0 + timedelta(milliseconds=rng.randrange(5 * 86400 * 1000))
        row = _row(rng, cid, moment)
        commits.append((moment, cid, [("insert", dict(row))]))
        alive = True
        while True:
            moment += timedelta(milliseconds=rng.randrange(3600 * 1000, 4 * 86400 * 1000))
            if moment > T0 + timedelta(days=31):
                break
            changes = []
            for _ in range(rng.choice((1, 1, 1, 1, 2, 3))):
                roll = rng.random()
                if not alive:
                    if roll < 0.5:
                        row = _row(rng, cid, moment)
                        changes.append(("insert", dict(row)))
                        alive = True
                    break
                if roll < 0.35:
                    row["last_login"] = moment.strftime("%Y-%m-%dT%H:%M:%SZ")  # untracked only
                elif roll < 0.6:
                    row["tier"] = rng.choice(TIERS)  # may be the same tier again
                elif roll < 0.72:
                    row["country"] = rng.choice(COUNTRIES)
                elif roll < 0.8:
                    row["email"] = row["email"].replace("user", "u", 1) if "user" in row["email"] else row["email"].upper()
                elif roll < 0.9 and changes:
                    row = dict(changes[0][1]) if changes[0][1] else row  # undo within the commit
                elif roll < 0.96:
                    changes.append(("delete", None))
                    alive = False
                    break
                else:
                    row["tier"] = rng.choice(TIERS)
                changes.append(("update", dict(row)))
            if changes:
                commits.append((moment, cid, changes))
    commits.sort(key=lambda c: (c[0], c[1]))
    events, lsn = [], 1000
    for moment, cid, changes in commits:
        stamp = _stamp(moment, rng)
        for op, after in changes:
            lsn += rng.randint(1, 3)
            events.append({"lsn": lsn, "op": op, "id": cid, "commit_ts": stamp if rng.random() < 0.8 else
                           _stamp(moment, rng), "after": after})
    delivered = []
    for event in events:
        delivered.append(event)
        if rng.random() < 0.06:
            delivered.insert(len(delivered) + rng.randint(-40, 0), event)  # redelivery
    for i in range(0, len(delivered) - 1, 1):  # local reordering from parallel consumers
        if rng.random() < 0.3:
            j = min(len(delivered) - 1, i + rng.randint(1, 25))
            delivered[i], delivered[j] = delivered[j], delivered[i]
    out = args.output_dir / "changes.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="\n") as handle:
        for event in delivered:
            handle.write(json.dumps(event) + "\n")


if __name__ == "__main__":
    main()
