"""Structural check of answer/inventory_state.json: keys, types and sortedness only; never values.

Usage: python verify.py answer/inventory_state.json  (run from the folder holding catalog.json)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def verify(artifact_path: Path, catalog_path: Path = Path("catalog.json")) -> None:
    """Raise AssertionError with a helpful message when the file is not shaped as the task asks."""
    try:
        state = json.loads(Path(artifact_path).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise AssertionError(f"not valid JSON: {exc}") from None
    assert isinstance(state, dict), "the top level must be a JSON object"
    keys = ["malformed_lines", "open_orders", "rejected_seqs", "stock"]
    assert sorted(state) == keys, f"top-level keys must be exactly {keys}"
    stock = state["stock"]
    assert isinstance(stock, dict), "stock must be an object"
    if Path(catalog_path).is_file():
        catalog = json.loads(Path(catalog_path).read_text(encoding="utf-8"))
        assert sorted(stock) == sorted(catalog["skus"]), "stock must have exactly one key per catalog SKU"
        for sku, row in stock.items():
            assert isinstance(row, dict) and sorted(row) == sorted(catalog["warehouses"]), (
                f"stock[{sku!r}] must have exactly one key per catalog warehouse")
    for sku, row in stock.items():
        for wh, cell in row.items():
            assert isinstance(cell, dict) and sorted(cell) == ["on_hand", "reserved"], (
                f"stock[{sku!r}][{wh!r}] must be {{'on_hand': int, 'reserved': int}}")
            assert all(type(v) is int for v in cell.values()), f"stock[{sku!r}][{wh!r}] values must be integers"
    orders, seqs = state["open_orders"], state["rejected_seqs"]
    assert isinstance(orders, list) and all(isinstance(o, str) for o in orders), "open_orders: list of strings"
    assert orders == sorted(set(orders)), "open_orders must be ascending without duplicates"
    assert isinstance(seqs, list) and all(type(s) is int for s in seqs), "rejected_seqs: list of integers"
    assert seqs == sorted(set(seqs)), "rejected_seqs must be ascending without duplicates"
    assert type(state["malformed_lines"]) is int, "malformed_lines must be an integer"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
