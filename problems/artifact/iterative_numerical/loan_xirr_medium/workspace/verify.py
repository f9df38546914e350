"""Structural check of answer/loan_xirr.csv: header, row shape, numeric values, order; never values' truth.

Usage: python verify.py answer/loan_xirr.csv  (run from the folder holding cashflows.csv)
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path


def verify(artifact_path: Path, ledger_path: Path = Path("cashflows.csv")) -> None:
    """Raise AssertionError with a helpful message when the file is not shaped as the task asks."""
    with open(artifact_path, encoding="utf-8", newline="") as fh:
        rows = [row for row in csv.reader(fh) if row]
    assert rows and rows[0] == ["loan_id", "xirr"], "the first row must be exactly loan_id,xirr"
    ids = []
    for number, row in enumerate(rows[1:], start=2):
        assert len(row) == 2, f"row {number}: expected 2 fields"
        try:
            value = float(row[1])
        except ValueError:
            raise AssertionError(f"row {number}: xirr is not a number") from None
        assert math.isfinite(value) and value > -1, f"row {number}: xirr must be a finite number above -1"
        ids.append(row[0])
    assert ids == sorted(set(ids)), "loan_id must be ascending with no repeats"
    if Path(ledger_path).is_file():
        with open(ledger_path, encoding="utf-8", newline="") as fh:
            loans = {row["loan_id"] for row in csv.DictReader(fh)}
        assert set(ids) == loans, f"expected one row per loan in the ledger ({len(loans)} loans)"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
