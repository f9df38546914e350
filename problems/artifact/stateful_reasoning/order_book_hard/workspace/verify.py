"""Structural check of answer/matching_result.json: keys and types only; never values.

Usage: python verify.py answer/matching_result.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

_KEYS = ["book", "rejected_seqs", "self_trade_cancels", "trades"]
_TRADE_KEYS = ["buy_id", "price", "qty", "sell_id"]


def verify(artifact_path: Path) -> None:
    """Raise AssertionError with a helpful message when the file is not shaped as the task asks."""
    try:
        result = json.loads(Path(artifact_path).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise AssertionError(f"not valid JSON: {exc}") from None
    assert isinstance(result, dict), "the top level must be a JSON object"
    assert sorted(result) == _KEYS, f"top-level keys must be exactly {', '.join(_KEYS)}"
    assert isinstance(result["trades"], list), "trades must be a list"
    for n, trade in enumerate(result["trades"]):
        assert isinstance(trade, dict) and sorted(trade) == _TRADE_KEYS, f"trades[{n}] keys must be {_TRADE_KEYS}"
        assert isinstance(trade["buy_id"], str) and isinstance(trade["sell_id"], str), f"trades[{n}]: ids are strings"
        assert type(trade["price"]) is int and type(trade["qty"]) is int, f"trades[{n}]: price and qty are integers"
    assert isinstance(result["rejected_seqs"], list) and all(type(s) is int for s in result["rejected_seqs"]), \
        "rejected_seqs must be a list of integers"
    assert isinstance(result["self_trade_cancels"], list) and all(
        isinstance(i, str) for i in result["self_trade_cancels"]), "self_trade_cancels must be a list of strings"
    book = result["book"]
    assert isinstance(book, dict) and sorted(book) == ["asks", "bids"], "book must have exactly asks and bids"
    for side in ("bids", "asks"):
        assert isinstance(book[side], list), f"book.{side} must be a list"
        for level in book[side]:
            assert isinstance(level, list) and len(level) == 2 and all(type(x) is int for x in level), \
                f"book.{side} entries must be [price, qty] integer pairs"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
