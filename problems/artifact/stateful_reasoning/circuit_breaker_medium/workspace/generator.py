"""Writes calls.jsonl: outbound calls of a checkout service to its dependencies, in the order they were made.

Standard library only; deterministic from --seed. Dependencies have healthy stretches and outages, so the
circuit breakers open, probe and close; some calls land exactly on the cool-down boundary.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

TARGETS = ("inventory", "payments", "pricing", "shipping", "tax")


def generate(seed: int) -> list[dict]:
    rng = random.Random(seed)
    calls = []
    for target in TARGETS:
        ts = rng.randrange(0, 5000)
        outage_until = -1
        last_burst = -10 ** 9
        for _ in range(rng.randint(260, 360)):
            if rng.random() < 0.02:
                outage_until = ts + rng.randint(20000, 90000)
            bad = ts < outage_until and rng.random() < 0.92
            r = rng.random()
            if bad:
                call = {"outcome": "error"} if r < 0.6 else {"outcome": "timeout"}
            elif r < 0.05:
                call = {"outcome": "error"}
            elif r < 0.09:
                call = {"outcome": "ok", "latency_ms": rng.randint(2001, 4000)}
            else:
                call = {"outcome": "ok", "latency_ms": rng.choice((2000, rng.randint(5, 400)))}
            if call["outcome"] == "timeout":
                call["latency_ms"] = 2500
            elif "latency_ms" not in call:
                call["latency_ms"] = rng.randint(1, 60)
            calls.append({"ts_ms": ts, "target": target, **call})
            step = rng.choice((50, 200, 1000, 3000, rng.randint(1, 8000)))
            if ts - last_burst > 40000 and rng.random() < 0.05:
                step = 30000  # exactly one cool-down later
                last_burst = ts
            ts += step
    calls.sort(key=lambda c: c["ts_ms"])
    return calls


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "calls.jsonl", "w", encoding="utf-8", newline="\n") as fh:
        for call in generate(args.seed):
            fh.write(json.dumps(call) + "\n")


if __name__ == "__main__":
    main()
