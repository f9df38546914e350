"""Writes events.jsonl: a day of clickstream events for ~180 users, shard-merged (out of order), with
heartbeats, same-millisecond events, gaps of exactly 30 minutes and ~1% malformed lines.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

PAGES = ("/", "/pricing", "/docs", "/docs/install", "/docs/api", "/blog", "/blog/launch", "/signup", "/login",
         "/dashboard", "/settings", "/billing", "/support", "/careers")
DAY0 = 1767225600000
GAP = 1_800_000


def _user_events(rng: random.Random, user: str) -> list[dict]:
    events = []
    ts = DAY0 + rng.randrange(20 * 3600 * 1000)
    for _ in range(rng.randint(1, 4)):  # visits
        page = rng.choice(PAGES)
        for _ in range(rng.randint(1, 12)):
            events.append({"user": user, "ts": ts, "page": page, "event": rng.choice(("view", "view", "click"))})
            if rng.random() < 0.3:
                events.append({"user": user, "ts": ts + rng.randint(1000, 60000), "page": page, "event": "heartbeat"})
            roll = rng.random()
            if roll < 0.08:
                step = 0  # same millisecond
            elif roll < 0.14:
                step = GAP  # exactly the limit: same session
            elif roll < 0.18:
                step = GAP + 1
            else:
                step = rng.randint(2000, 600000)
            ts += step
            page = rng.choice(PAGES) if rng.random() < 0.6 else page
        if rng.random() < 0.5:  # a heartbeat after the user left: must not bridge the gap
            events.append({"user": user, "ts": ts + GAP // 2, "page": page, "event": "heartbeat"})
        ts += rng.choice((GAP + 1, GAP * 2, GAP * 5, 3 * 3600 * 1000))
    return events


def _mangle(rng: random.Random, event: dict) -> str:
    kind = rng.randrange(6)
    bad = dict(event)
    if kind == 0:
        return json.dumps(event)[:-7]
    if kind == 1:
        bad["ts"] = str(bad["ts"])
    elif kind == 2:
        bad["ts"] = bad["ts"] / 1000
    elif kind == 3:
        bad["user"] = ""
    elif kind == 4:
        bad["page"] = "pricing"
    else:
        del bad["event"]
    return json.dumps(bad)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    events = []
    for n in rng.sample(range(1000, 9999), 180):
        events += _user_events(rng, f"u{n}")
    shards = [[] for _ in range(4)]
    for event in events:
        shards[rng.randrange(4)].append(event)
    lines = []
    for shard in shards:  # each shard is in time order; the merge is not
        shard.sort(key=lambda e: e["ts"])
        lines += [_mangle(rng, e) if rng.random() < 0.01 else json.dumps(e) for e in shard]
    lines += ["", "not json at all", "[]"]
    out = args.output_dir / "events.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="\n") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
