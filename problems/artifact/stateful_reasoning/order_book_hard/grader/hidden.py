"""Grader for stateful_reasoning__order_book_hard.

answer/matching_result.json: an object with exactly `trades`, `rejected_seqs`, `self_trade_cancels` and
`book`. Each is compared exactly with the replay (trades in execution order with integer price/qty; rejected
seqs ascending; self-trade cancels in removal order; book levels aggregated and ordered). Partial credit: one
quarter per key exactly right; passed only when all four are. Never raises on agent output; details name the
first differing position and counts only.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "matching_result.json"
KEYS = ("book", "rejected_seqs", "self_trade_cancels", "trades")
TRADE_KEYS = ["buy_id", "price", "qty", "sell_id"]


def _fail(detail: str, score: float = 0.0) -> GradeResult:
    return GradeResult(passed=False, score=score, detail=detail[:500])


def _ints(value: object) -> bool:
    return type(value) is int


def _trades(got: object, want: list) -> str | None:
    if not isinstance(got, list):
        return "type: trades must be a list"
    for n, t in enumerate(got, 1):
        if not isinstance(t, dict) or sorted(t) != TRADE_KEYS:
            return f"trades: trade {n} must have exactly the keys buy_id, price, qty, sell_id"
        if not (isinstance(t["buy_id"], str) and isinstance(t["sell_id"], str) and _ints(t["price"]) and _ints(t["qty"])):
            return f"type: trade {n} needs string ids and integer price and qty"
    if got != want:
        first = next((i for i, (a, b) in enumerate(zip(got, want), 1) if a != b), min(len(got), len(want)) + 1)
        return f"trades: first difference at trade {first} ({len(got)} listed vs a different count or content)"
    return None


def _rejected(got: object, want: list) -> str | None:
    if not isinstance(got, list) or not all(_ints(x) for x in got):
        return "type: rejected_seqs must be a list of integers"
    if len(set(got)) != len(got):
        return "rejected_seqs: duplicate entries"
    missing, extra = len(set(want) - set(got)), len(set(got) - set(want))
    if missing or extra:
        return f"rejected_seqs: {missing} missing, {extra} unexpected"
    if got != sorted(got):
        return "rejected_seqs: not in ascending order"
    return None


def _cancels(got: object, want: list) -> str | None:
    if not isinstance(got, list) or not all(isinstance(x, str) for x in got):
        return "type: self_trade_cancels must be a list of strings"
    if got != want:
        have, need = Counter(got), Counter(want)
        missing, extra = sum((need - have).values()), sum((have - need).values())
        if missing or extra:
            return f"self_trade_cancels: {missing} missing, {extra} unexpected"
        return "self_trade_cancels: not in the order the orders were removed"
    return None


def _book(got: object, want: dict) -> str | None:
    if not isinstance(got, dict) or sorted(got) != ["asks", "bids"]:
        return "book: must be an object with exactly the keys asks and bids"
    for side in ("bids", "asks"):
        levels = got[side]
        if not isinstance(levels, list) or not all(isinstance(lv, list) and len(lv) == 2 and all(_ints(x) for x in lv) for lv in levels):
            return f"type: book {side} must be a list of [price, qty] integer pairs"
        if levels != want[side]:
            prices = [lv[0] for lv in levels]
            if prices != sorted(prices, reverse=side == "bids"):
                return f"book: {side} not in the required price order"
            wrong = len({tuple(lv) for lv in levels} ^ {tuple(lv) for lv in want[side]})
            return f"book: {side} differ ({wrong} level(s) missing, extra or with a wrong quantity)"
    return None


def grade(scratch_dir: Path) -> GradeResult:
    path = Path(scratch_dir) / OUTPUT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not text.strip():
        return _fail("output artifact is empty")
    try:
        got = json.loads(text)
    except ValueError as exc:
        return _fail(f"output artifact failed to parse: {str(exc)[:80]}")
    except RecursionError:
        return _fail("output artifact failed to parse: nesting too deep")
    if not isinstance(got, dict):
        return _fail(f"shape: top level is a JSON {type(got).__name__}, not an object")
    if sorted(got) != list(KEYS):
        return _fail("keys: the top level must have exactly the keys book, rejected_seqs, self_trade_cancels and trades")
    want = json.loads(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))
    problems = [p for p in (_trades(got["trades"], want["trades"]), _rejected(got["rejected_seqs"], want["rejected_seqs"]),
                            _cancels(got["self_trade_cancels"], want["self_trade_cancels"]),
                            _book(got["book"], want["book"])) if p]
    if problems:
        return _fail("; ".join(problems), round((4 - len(problems)) / 4, 4))
    return GradeResult(passed=True, score=1.0,
                       detail=f"all {len(want['trades'])} trades, rejections, self-trade cancels and the closing book match")
