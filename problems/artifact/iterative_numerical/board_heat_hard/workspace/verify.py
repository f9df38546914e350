"""Structural check of answer/probe_temps.csv: header, row shape, numbers, ids and order; never values.

Usage: python verify.py answer/probe_temps.csv  (run from the folder holding probes.csv)
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path


def verify(artifact_path: Path, probes_path: Path = Path("probes.csv")) -> None:
    """Raise AssertionError with a helpful message when the file is not shaped as the task asks."""
    with open(artifact_path, encoding="utf-8", newline="") as fh:
        rows = [row for row in csv.reader(fh) if row]
    assert rows and rows[0] == ["probe_id", "temp_c"], "the first row must be exactly probe_id,temp_c"
    ids = []
    for number, row in enumerate(rows[1:], start=2):
        assert len(row) == 2, f"row {number}: expected 2 fields"
        try:
            value = float(row[1])
        except ValueError:
            raise AssertionError(f"row {number}: temp_c is not a number") from None
        assert math.isfinite(value), f"row {number}: temp_c must be finite"
        ids.append(row[0])
    assert ids == sorted(set(ids)), "probe_id must be ascending with no repeats"
    if Path(probes_path).is_file():
        with open(probes_path, encoding="utf-8", newline="") as fh:
            known = {row["probe_id"] for row in csv.DictReader(fh)}
        assert set(ids) <= known, "some probe_id is not in probes.csv"
        assert len(ids) == len(known), f"expected one row per probe ({len(known)} probes)"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
