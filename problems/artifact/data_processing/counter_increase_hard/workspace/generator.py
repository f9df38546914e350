"""Writes samples.jsonl: 12 hours of counter samples for 18 series from two collectors, with restarts,
collector outages, conflicting duplicates, out-of-order merging and a few malformed lines.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

METRICS = ("http_requests_total", "jobs_done_total", "bytes_sent_total")
HOSTS = ("api-1", "api-2", "api-3", "worker-1", "worker-2", "edge-1")
T0 = 1767225600 + 7 * 3600


def _series_samples(rng: random.Random, name: str) -> list[tuple[int, float]]:
    value = float(rng.randint(0, 50000))
    rate = rng.uniform(0.5, 40)
    out = []
    ts = T0 + rng.randint(0, 59)
    while ts < T0 + 12 * 3600:
        roll = rng.random()
        if roll < 0.006:
            value = float(rng.randint(0, 30))  # restart
        else:
            value += round(rate * rng.uniform(0, 2) * 4) / 4  # multiples of 0.25: exact in binary
        out.append((ts, value))
        r = rng.random()
        if r < 0.01:
            ts += rng.choice((300, 301, 420, 900, 1800))  # an outage: exactly 300 s still counts
        elif r < 0.02:
            ts += 0 if out[-1][0] % 3600 > 3590 else 3600 - ts % 3600  # land exactly on an hour
        else:
            ts += rng.randint(55, 65)
    return out


def _bad(rng: random.Random, record: dict) -> str:
    kind = rng.randrange(6)
    bad = dict(record)
    if kind == 0:
        bad["value"] = str(bad["value"])
    elif kind == 1:
        bad["value"] = -bad["value"] - 1
    elif kind == 2:
        bad["ts"] = bad["ts"] + 0.5
    elif kind == 3:
        bad["value"] = True
    elif kind == 4:
        del bad["series"]
    else:
        return json.dumps(bad)[: rng.randint(5, 30)]
    return json.dumps(bad)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    names = [f"{m}{{host={h}}}" for m in METRICS for h in HOSTS]
    collectors: list[list[str]] = [[], []]
    for name in names:
        for ts, value in _series_samples(rng, name):
            record = {"series": name, "ts": ts, "value": value if rng.random() < 0.7 else int(value) if value.is_integer() else value}
            seen_by = [c for c in (0, 1) if rng.random() < 0.55] or [rng.randrange(2)]
            for c in seen_by:
                rec = dict(record)
                if c == 1 and len(seen_by) == 2 and rng.random() < 0.2:
                    rec["value"] = value + 0.25  # a scrape a moment later: a conflicting duplicate
                collectors[c].append(_bad(rng, rec) if rng.random() < 0.004 else json.dumps(rec))
    lines = []
    while collectors[0] or collectors[1]:  # interleave chunks of the two collectors' outputs
        c = rng.randrange(2) if collectors[0] and collectors[1] else (0 if collectors[0] else 1)
        k = rng.randint(1, 200)
        lines += collectors[c][:k]
        del collectors[c][:k]
    out = args.output_dir / "samples.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="\n") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
