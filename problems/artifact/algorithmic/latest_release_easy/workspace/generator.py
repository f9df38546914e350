"""Writes releases.txt: ~1,100 release lines of 60 packages with v-prefixes, pre-releases, yanked releases,
two-digit minors and comments, in publish order (not version order).

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

PARTS = ("auth", "billing", "cache", "config", "events", "feature-flags", "geo", "http", "ids", "jobs", "kv",
         "logging", "metrics", "notify", "orm", "payments", "queue", "retry", "search", "tracing")
KINDS = ("client", "proto", "sdk")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = ["# internal package index publish log", ""]
    events = []
    for part in PARTS:
        for kind in KINDS:
            name = f"{part}-{kind}"
            major, minor, patch = rng.randint(0, 3), rng.randint(0, 12), 0
            only_pre = rng.random() < 0.06
            for _ in range(rng.randint(2, 30)):
                roll = rng.random()
                if roll < 0.15:
                    major, minor, patch = major + 1, 0, 0
                elif roll < 0.5:
                    minor, patch = minor + 1, 0
                else:
                    patch += 1
                version = f"{major}.{minor}.{patch}"
                pre = only_pre or rng.random() < 0.15
                if pre:
                    version += rng.choice(("-rc.1", "-rc.2", "-beta", "-alpha.3", "-dev"))
                text = ("v" if rng.random() < 0.2 else "") + version
                yanked = rng.random() < 0.06
                events.append(f"{name} {text}" + (" yanked" if yanked else ""))
                if rng.random() < 0.1:  # an older line re-published later (a backport)
                    events.append(f"{name} {major}.{max(0, minor - 1)}.{patch + 7}")
    rng.shuffle(events)
    for n, event in enumerate(events):
        lines.append(event)
        if n % 97 == 40:
            lines += ["", f"# batch {n // 97}"]
    out = args.output_dir / "releases.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
