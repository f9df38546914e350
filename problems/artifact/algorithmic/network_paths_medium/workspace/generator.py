"""Writes links.csv and queries.txt: a backbone of ~45 sites with parallel links, down links, an
unreachable island, and small integer latencies so that equal-latency routes are common.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path

CITIES = ("ams", "ath", "bcn", "ber", "bog", "bom", "bru", "cdg", "cph", "dub", "fra", "gru", "hel", "hkg", "iad",
          "icn", "ist", "jnb", "lax", "lim", "lis", "lhr", "mad", "mel", "mex", "mia", "mil", "nrt", "ord", "osl",
          "prg", "scl", "sea", "sin", "sto", "syd", "tlv", "vie", "waw", "yyz", "zrh")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sites = [f"{c}-{n}" for c in CITIES for n in (1,)] + ["lab-1", "lab-2", "lab-3"]
    core = sites[:-3]
    links = []
    for i, site in enumerate(core):  # a connected ring plus random chords
        links.append((site, core[(i + 1) % len(core)], rng.randint(1, 9)))
    for _ in range(70):
        a, b = rng.sample(core, 2)
        links.append((a, b, rng.randint(1, 12)))
    for _ in range(12):  # parallel links
        a, b, lat = rng.choice(links)
        links.append((a, b, max(1, lat + rng.choice((-2, -1, 0, 0, 1, 3)))))
    links += [("lab-1", "lab-2", 3), ("lab-2", "lab-3", 2)]  # an island
    rows = []
    for n, (a, b, lat) in enumerate(links, 1):
        if rng.random() < 0.5:
            a, b = b, a
        status = "down" if rng.random() < 0.1 else "up"
        rows.append([f"L{n:03d}", a, b, lat, status])
    rng.shuffle(rows)
    queries = []
    for _ in range(160):
        roll = rng.random()
        if roll < 0.04:
            a = rng.choice(core)
            queries.append((a, a))
        elif roll < 0.09:
            queries.append((rng.choice(core), rng.choice(("lab-1", "lab-3", "pop-99"))))
        else:
            queries.append(tuple(rng.sample(core, 2)))
    out = args.output_dir
    out.mkdir(parents=True, exist_ok=True)
    with (out / "links.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["link_id", "a", "b", "latency_ms", "status"])
        writer.writerows(rows)
    with (out / "queries.txt").open("w", encoding="utf-8", newline="\n") as handle:
        handle.write("".join(f"{a} {b}\n" for a, b in queries))


if __name__ == "__main__":
    main()
