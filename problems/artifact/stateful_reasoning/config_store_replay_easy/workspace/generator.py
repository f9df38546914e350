"""Writes commands.log: the write-ahead log of a small configuration key-value store.

Standard library only; deterministic from --seed. Commands are SET, DEL, INCRBY, RENAME and APPEND; some
fail (INCRBY of a non-integer value, RENAME of a missing key).
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

N_COMMANDS = 900
KEYS = [f"{svc}.{opt}" for svc in ("api", "auth", "billing", "cdn", "search", "worker")
        for opt in ("replicas", "timeout_ms", "mode", "region", "max_conn", "tag")]
WORDS = ("blue", "green", "eu-west", "us-east", "canary", "stable", "v2", "off", "on")


def generate(seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(N_COMMANDS):
        key = rng.choice(KEYS)
        r = rng.random()
        if r < 0.35:
            value = str(rng.randint(-5, 500)) if rng.random() < 0.6 else rng.choice(WORDS)
            lines.append(f"SET {key} {value}")
        elif r < 0.45:
            lines.append(f"DEL {key}")
        elif r < 0.7:
            lines.append(f"INCRBY {key} {rng.randint(-20, 50)}")
        elif r < 0.82:
            lines.append(f"RENAME {key} {rng.choice(KEYS)}")
        else:
            lines.append(f"APPEND {key} -{rng.choice(WORDS)}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "commands.log", "w", encoding="utf-8", newline="\n") as fh:
        fh.write("".join(line + "\n" for line in generate(args.seed)))


if __name__ == "__main__":
    main()
