"""Writes interviews.csv: a week of ~380 interview slots with back-to-back slots, equal start times,
zero-gap reuse and cancelled rows, in booking order (not time order).

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri")
NAMES = ("Ada", "Bo", "Cyd", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Liv", "Max", "Ned", "Oz",
         "Pia", "Rex", "Sam", "Tia", "Uli", "Vic", "Wes", "Xia", "Yul", "Zoe")


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows = []
    for day in DAYS:
        for _ in range(rng.randint(14, 22)):  # one candidate's loop: consecutive interviews
            moment = rng.choice(range(8 * 60, 15 * 60, 15))
            candidate = f"{rng.choice(NAMES)} {rng.choice('ABCDEFGHJKLMNPRSTW')}."
            for _ in range(rng.randint(2, 6)):
                length = rng.choice((30, 45, 45, 60, 60, 90))
                status = rng.choices(("confirmed", "tentative", "cancelled"), (0.75, 0.15, 0.1))[0]
                rows.append([candidate, rng.choice(NAMES), day, _hhmm(moment), _hhmm(moment + length), status])
                moment += length + rng.choice((0, 0, 0, 15, 30))
    rng.shuffle(rows)
    ids = rng.sample(range(1000, 9999), len(rows))
    out = args.output_dir / "interviews.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["id", "candidate", "interviewer", "day", "start", "end", "status"])
        for row_id, row in zip(ids, rows):
            writer.writerow([row_id, *row])


if __name__ == "__main__":
    main()
