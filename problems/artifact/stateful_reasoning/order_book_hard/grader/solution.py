"""Reference solution: a straightforward list-based limit order book with price-time priority and
cancel-resting self-trade prevention."""

from __future__ import annotations

import json
import pathlib


def solve(scratch_dir: pathlib.Path) -> str:
    lines = (scratch_dir / "orders.jsonl").read_text(encoding="utf-8").splitlines()
    messages = sorted((json.loads(line) for line in lines if line.strip()), key=lambda m: m["seq"])
    resting: dict[str, dict] = {}  # id -> {side, price, qty, account, seq}
    used: set[str] = set()
    trades, rejected = [], []
    for m in messages:
        if m["type"] == "cancel":
            if m["id"] in resting:
                del resting[m["id"]]
            else:
                rejected.append(m["seq"])
            continue
        if type(m["qty"]) is not int or m["qty"] <= 0 or m["id"] in used:
            rejected.append(m["seq"])
            continue
        used.add(m["id"])
        remaining = m["qty"]
        buy = m["side"] == "buy"
        while remaining > 0:
            book = [o for o in resting.values() if o["side"] != m["side"]]
            if m["type"] == "limit":
                book = [o for o in book if (o["price"] <= m["price"] if buy else o["price"] >= m["price"])]
            if not book:
                break
            best = min(book, key=lambda o: ((o["price"] if buy else -o["price"]), o["seq"]))
            if best["account"] == m["account"]:
                del resting[best["id"]]
                continue
            qty = min(remaining, best["qty"])
            trades.append({"buy_id": m["id"] if buy else best["id"], "sell_id": best["id"] if buy else m["id"],
                           "price": best["price"], "qty": qty})
            remaining -= qty
            best["qty"] -= qty
            if best["qty"] == 0:
                del resting[best["id"]]
        if remaining > 0 and m["type"] == "limit":
            resting[m["id"]] = {"id": m["id"], "side": m["side"], "price": m["price"], "qty": remaining,
                                "account": m["account"], "seq": m["seq"]}
    levels: dict[str, dict[int, int]] = {"buy": {}, "sell": {}}
    for o in resting.values():
        levels[o["side"]][o["price"]] = levels[o["side"]].get(o["price"], 0) + o["qty"]
    book = {"bids": [[p, q] for p, q in sorted(levels["buy"].items(), reverse=True)],
            "asks": [[p, q] for p, q in sorted(levels["sell"].items())]}
    return json.dumps({"trades": trades, "rejected_seqs": rejected, "book": book}) + "\n"
