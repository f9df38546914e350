"""Writes backup/ (~170 restored files) and manifest.csv, with missing, extra, truncated, silently
corrupted (same size) files, ./-prefixed and upper-case manifest lines, and repeated manifest entries.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import random
from pathlib import Path

DIRS = ("etc/app", "etc/nginx", "var/lib/pg", "var/log", "srv/media/2026", "home/deploy/.ssh", "opt/tools/bin")
ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 =:\n"
EXTS = (".conf", ".json", ".log", ".dat", ".pem", ".csv", "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    files: dict[str, bytes] = {}
    while len(files) < 170:
        name = f"{rng.choice(DIRS)}/{rng.choice(('', '.'))if rng.random() < 0.05 else ''}" \
               f"{rng.choice(('data', 'cfg', 'index', 'users', 'cert', 'dump', 'Report', 'report'))}{rng.randint(1, 60)}" \
               f"{rng.choice(EXTS)}"
        size = rng.choice((0, 7, 64, 300, 1200, 4096))
        files[name] = "".join(rng.choice(ALPHABET) for _ in range(size)).encode("ascii")
    manifest = [[p, len(b), hashlib.sha256(b).hexdigest()] for p, b in files.items()]
    disk = dict(files)
    for path in rng.sample(sorted(files), 40):
        roll = rng.random()
        data = disk[path]
        if roll < 0.2:
            del disk[path]  # missing
        elif roll < 0.35 and data:
            disk[path] = data[: len(data) // 2]  # truncated
        elif roll < 0.55 and data:
            i = rng.randrange(len(data))
            flipped = ALPHABET[(ALPHABET.index(chr(data[i])) + 1) % len(ALPHABET)].encode("ascii")
            disk[path] = data[:i] + flipped + data[i + 1:]  # same size, corrupted
        elif roll < 0.7:
            entry = next(e for e in manifest if e[0] == path)
            manifest.append([path, entry[1], entry[2].upper()])  # an agreeing repeat
        elif roll < 0.8:
            entry = next(e for e in manifest if e[0] == path)
            manifest.append([path, entry[1] + 1, entry[2]])  # a disagreeing repeat
        elif roll < 0.9:
            entry = next(e for e in manifest if e[0] == path)
            entry[2] = entry[2].upper()
        else:
            entry = next(e for e in manifest if e[0] == path)
            entry[0] = "./" + path
    for n in range(8):
        disk[f"{rng.choice(DIRS)}/{rng.choice(('core', '.DS_Store', 'tmp', 'lost+found/x'))}{n}"] = b"x" * n
    rng.shuffle(manifest)
    out = args.output_dir
    for path, data in disk.items():
        target = out / "backup" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    with (out / "manifest.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["path", "size", "sha256"])
        writer.writerows(manifest)


if __name__ == "__main__":
    main()
