"""Structural check of output/audit.json (keys, types, one balance per account); not findings.

Usage: python verify.py output/audit.json
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

def verify(artifact_path: Path) -> None:
    """Raise AssertionError describing the first structural problem found."""
    try:
        doc = json.loads(Path(artifact_path).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise AssertionError(f"not valid JSON: {exc}") from None
    assert isinstance(doc, dict) and set(doc) == {"balances", "violations"}, "keys must be balances and violations"
    assert isinstance(doc["balances"], dict), "balances must be an object"
    assert all(type(v) is int for v in doc["balances"].values()), "balances must be integers (cents)"
    assert isinstance(doc["violations"], list), "violations must be a list"
    rows = []
    for n, item in enumerate(doc["violations"], 1):
        assert isinstance(item, dict) and set(item) == {"line", "rule", "txn_id"}, f"violation {n}: keys must be line, rule, txn_id"
        assert type(item["line"]) is int and item["line"] >= 1, f"violation {n}: line must be an integer >= 1"
        assert item["txn_id"] is None or isinstance(item["txn_id"], str), f"violation {n}: txn_id must be a string"
        rows.append((item["line"], item["rule"]))
    assert len(rows) == len(set(rows)), "a (line, rule) pair must appear once"
    chart = Path(artifact_path).resolve().parent.parent / "accounts.csv"
    if chart.is_file():
        with chart.open(encoding="utf-8", newline="") as handle:
            names = {row["account"] for row in csv.DictReader(handle)}
        assert set(doc["balances"]) == names, "balances must list every account of accounts.csv, and only those"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
