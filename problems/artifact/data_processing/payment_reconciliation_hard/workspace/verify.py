"""Structural check of output/reconciliation.csv (header, field counts, formats, sort order); not values.

Usage: python verify.py output/reconciliation.csv
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HEADER = "order_id,currency,amount,paid,refunded,net,status"


def verify(artifact_path: Path) -> None:
    """Raise AssertionError describing the first structural problem found."""
    lines = Path(artifact_path).read_text(encoding="utf-8").splitlines()
    assert lines and lines[0] == HEADER, f"the first line must be exactly {HEADER!r}"
    ids = []
    orders = Path(artifact_path).resolve().parent.parent / "orders.csv"
    for n, line in enumerate(lines[1:], 2):
        fields = line.split(",")
        assert len(fields) == 7, f"line {n}: expected 7 fields, got {len(fields)}"
        for value in fields[2:6]:
            assert re.match(r"^-?[0-9]+(\.[0-9]{2})?$", value), f"line {n}: {value!r} is not a plain amount"
        ids.append(fields[0])
    assert ids == sorted(ids), "rows must be sorted by order_id"
    assert len(ids) == len(set(ids)), "duplicate order_id rows"
    if orders.is_file():
        count = len([x for x in orders.read_text(encoding="utf-8").splitlines()[1:] if x.strip()])
        assert len(ids) == count, f"expected one row per order ({count}), got {len(ids)}"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
