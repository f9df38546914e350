"""Reference solution: a list-based limit order book with price-time priority, cancel-resting self-trade
prevention, time-in-force (GTC/IOC/FOK), post-only, amends and tick-size validation."""

from __future__ import annotations

import json
import pathlib

TICK = 5


def _pos_int(value: object) -> bool:
    return type(value) is int and value > 0


def _price_ok(value: object) -> bool:
    return _pos_int(value) and value % TICK == 0


class Engine:
    def __init__(self) -> None:
        self.resting: dict[str, dict] = {}  # id -> {id, side, price, qty, account, prio}
        self.used: set[str] = set()
        self.trades: list[dict] = []
        self.rejected: list[int] = []
        self.stp: list[str] = []

    def _acceptable(self, side: str, limit: int | None) -> list[dict]:
        """Resting orders an incoming `side` order may meet, best first."""
        buy = side == "buy"
        book = [o for o in self.resting.values() if o["side"] != side]
        if limit is not None:
            book = [o for o in book if (o["price"] <= limit if buy else o["price"] >= limit)]
        return sorted(book, key=lambda o: ((o["price"] if buy else -o["price"]), o["prio"]))

    def _match(self, order: dict, limit: int | None) -> int:
        remaining, buy = order["qty"], order["side"] == "buy"
        for best in self._acceptable(order["side"], limit):
            if remaining == 0:
                break
            if best["account"] == order["account"]:
                del self.resting[best["id"]]
                self.stp.append(best["id"])
                continue
            qty = min(remaining, best["qty"])
            self.trades.append({"buy_id": order["id"] if buy else best["id"],
                                "sell_id": best["id"] if buy else order["id"], "price": best["price"], "qty": qty})
            remaining -= qty
            best["qty"] -= qty
            if best["qty"] == 0:
                del self.resting[best["id"]]
        return remaining

    def _rest(self, order: dict, price: int, qty: int, prio: int) -> None:
        self.resting[order["id"]] = {"id": order["id"], "side": order["side"], "price": price, "qty": qty,
                                     "account": order["account"], "prio": prio}

    def new_order(self, m: dict) -> None:
        limit = m.get("price") if m["type"] == "limit" else None
        tif = m.get("tif", "GTC") if m["type"] == "limit" else "IOC"
        post_only = m.get("post_only", False) if m["type"] == "limit" else False
        valid = (_pos_int(m.get("qty")) and m.get("side") in ("buy", "sell") and isinstance(m.get("account"), str)
                 and (m["type"] == "market" or (_price_ok(limit) and tif in ("GTC", "IOC", "FOK")
                                               and type(post_only) is bool and not (post_only and tif != "GTC"))))
        if not valid or m["id"] in self.used:
            self.rejected.append(m["seq"])
            return
        if post_only and self._acceptable(m["side"], limit):
            self.rejected.append(m["seq"])
            return
        self.used.add(m["id"])
        if tif == "FOK":
            available = sum(o["qty"] for o in self._acceptable(m["side"], limit) if o["account"] != m["account"])
            if available < m["qty"]:
                return  # killed: nothing happens
        remaining = self._match(m, limit)
        if remaining and tif == "GTC":
            self._rest(m, limit, remaining, m["seq"])

    def cancel(self, m: dict) -> None:
        if m["id"] in self.resting:
            del self.resting[m["id"]]
        else:
            self.rejected.append(m["seq"])

    def amend(self, m: dict) -> None:
        order = self.resting.get(m["id"])
        has_qty, has_price = "qty" in m, "price" in m
        if (order is None or not (has_qty or has_price) or (has_qty and not _pos_int(m["qty"]))
                or (has_price and not _price_ok(m["price"]))):
            self.rejected.append(m["seq"])
            return
        qty = m["qty"] if has_qty else order["qty"]
        price = m["price"] if has_price else order["price"]
        if price == order["price"] and qty <= order["qty"]:
            order["qty"] = qty  # a reduction keeps its time priority
            return
        del self.resting[order["id"]]
        incoming = {"id": order["id"], "side": order["side"], "account": order["account"], "qty": qty}
        remaining = self._match(incoming, price)
        if remaining:
            self._rest(incoming, price, remaining, m["seq"])


def solve(scratch_dir: pathlib.Path) -> str:
    lines = (scratch_dir / "orders.jsonl").read_text(encoding="utf-8").splitlines()
    engine = Engine()
    for m in sorted((json.loads(line) for line in lines if line.strip()), key=lambda m: m["seq"]):
        {"limit": engine.new_order, "market": engine.new_order, "cancel": engine.cancel,
         "amend": engine.amend}[m["type"]](m)
    levels: dict[str, dict[int, int]] = {"buy": {}, "sell": {}}
    for o in engine.resting.values():
        levels[o["side"]][o["price"]] = levels[o["side"]].get(o["price"], 0) + o["qty"]
    book = {"bids": [[p, q] for p, q in sorted(levels["buy"].items(), reverse=True)],
            "asks": [[p, q] for p, q in sorted(levels["sell"].items())]}
    result = {"trades": engine.trades, "rejected_seqs": sorted(engine.rejected), "self_trade_cancels": engine.stp,
              "book": book}
    return json.dumps(result, indent=1) + "\n"
