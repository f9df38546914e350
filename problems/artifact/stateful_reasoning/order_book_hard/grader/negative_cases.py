"""Wrong matching results the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _edit(change):
    def mutate(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data) + "\n"

    return mutate


def _trade_price_off(data: dict) -> None:
    data["trades"][len(data["trades"]) // 2]["price"] += 5


def _trade_split(data: dict) -> None:
    # One fill reported as two partial fills: same volume, wrong execution record.
    trades = data["trades"]
    i = next(i for i, t in enumerate(trades) if t["qty"] >= 2)
    half = dict(trades[i], qty=1)
    trades[i] = dict(trades[i], qty=trades[i]["qty"] - 1)
    trades.insert(i + 1, half)


def _trades_swapped(data: dict) -> None:
    trades = data["trades"]
    i = next(i for i in range(len(trades) - 1) if trades[i] != trades[i + 1])
    trades[i], trades[i + 1] = trades[i + 1], trades[i]


def _last_trade_dropped(data: dict) -> None:
    data["trades"].pop()


def _qty_as_string(data: dict) -> None:
    data["trades"][3]["qty"] = str(data["trades"][3]["qty"])


def _rejected_missing(data: dict) -> None:
    data["rejected_seqs"].pop(len(data["rejected_seqs"]) // 2)


def _rejected_desc(data: dict) -> None:
    data["rejected_seqs"].reverse()


def _rejected_dup(data: dict) -> None:
    data["rejected_seqs"].insert(1, data["rejected_seqs"][1])


def _bid_qty_off(data: dict) -> None:
    data["book"]["bids"][-1][1] += 1


def _asks_descending(data: dict) -> None:
    data["book"]["asks"].reverse()


def _empty_level(data: dict) -> None:
    data["book"]["asks"].append([data["book"]["asks"][-1][0] + 5, 0])


def _levels_not_aggregated(data: dict) -> None:
    price, qty = data["book"]["asks"][0]
    if qty < 2:
        data["book"]["asks"][0][1] += 1
        return
    data["book"]["asks"][0:1] = [[price, 1], [price, qty - 1]]


def _extra_key(data: dict) -> None:
    data["volume"] = sum(t["qty"] for t in data["trades"])


# reversed_lines reverses lines; this artifact is one JSON line, so it would be unchanged. trades_swapped
# and asks_descending cover order instead.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "reversed_lines"] + [
    NegativeCase(name="trade_price_off", mutate=_edit(_trade_price_off), expected_substring="trades: first difference"),
    NegativeCase(name="fill_split_in_two", mutate=_edit(_trade_split), expected_substring="trades: first difference"),
    NegativeCase(name="trades_swapped", mutate=_edit(_trades_swapped), expected_substring="trades: first difference"),
    NegativeCase(name="last_trade_missing", mutate=_edit(_last_trade_dropped), expected_substring="trades"),
    NegativeCase(name="qty_as_string", mutate=_edit(_qty_as_string), expected_substring="integer price and qty"),
    NegativeCase(name="rejection_missing", mutate=_edit(_rejected_missing), expected_substring="rejected_seqs: 1 missing"),
    NegativeCase(name="rejections_descending", mutate=_edit(_rejected_desc), expected_substring="ascending"),
    NegativeCase(name="rejection_duplicated", mutate=_edit(_rejected_dup), expected_substring="duplicate"),
    NegativeCase(name="bid_level_qty_off", mutate=_edit(_bid_qty_off), expected_substring="book: bids differ"),
    NegativeCase(name="asks_descending", mutate=_edit(_asks_descending), expected_substring="price order"),
    NegativeCase(name="empty_level_listed", mutate=_edit(_empty_level), expected_substring="book: asks differ"),
    NegativeCase(name="levels_not_aggregated", mutate=_edit(_levels_not_aggregated), expected_substring="book: asks"),
    NegativeCase(name="extra_top_level_key", mutate=_edit(_extra_key), expected_substring="keys"),
]
