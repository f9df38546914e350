"""Writes orders.jsonl: the inbound order gateway log of one instrument for a trading session.

Standard library only; deterministic from --seed. Limit orders (good-till-cancelled, immediate-or-cancel,
fill-or-kill, post-only) and market orders from a few accounts around a drifting mid price, cancels (some of
orders already filled, unknown or cancelled twice), amends (size reductions, size increases, price moves,
some that cross the spread), reused order ids, invalid quantities, prices off the tick and invalid flag
combinations. Two gateways were merged, so lines are only roughly in seq order.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

N_EVENTS = 1400
ACCOUNTS = ("acc-alpha", "acc-beta", "acc-gamma", "acc-delta", "acc-eps", "acc-zeta")


def _qty(rng: random.Random) -> object:
    if rng.random() < 0.02:
        return rng.choice((0, -5, 2.0, "10", True))
    return rng.choice((1, 2, 5, 10, 10, 20, 50))


def _price(rng: random.Random, mid: int, side: str) -> object:
    offset = rng.choice((5, 10, 15, 20, 30, 50)) * rng.choice((1, 1, 1, -1))
    price = mid - offset if side == "buy" else mid + offset
    if rng.random() < 0.015:
        return price + rng.choice((1, 2, 3))  # off the 5-cent tick
    return price


def generate(seed: int) -> list[dict]:
    rng = random.Random(seed)
    mid = 10000
    used: list[str] = []
    retry = None
    events: list[dict] = []
    for seq in range(1, N_EVENTS + 1):
        mid += rng.choice((-5, 0, 0, 5))
        r = rng.random()
        if r < 0.13 and used:
            known = rng.choice(used[-60:]) if rng.random() < 0.93 else f"O{rng.randrange(1, 99999):05d}"
            events.append({"seq": seq, "type": "cancel", "id": known})
            continue
        if r < 0.25 and used:
            event = {"seq": seq, "type": "amend", "id": rng.choice(used[-40:])}
            kind = rng.random()
            if kind < 0.4:
                event["qty"] = rng.choice((1, 2, 3, 5, 8, 15, 30, 60))
            elif kind < 0.75:
                side_hint = rng.choice((-1, 1))
                event["price"] = mid + side_hint * rng.choice((5, 10, 20, 40))
            elif kind < 0.95:
                event["qty"] = rng.choice((2, 5, 10, 40))
                event["price"] = mid + rng.choice((-20, -10, 10, 20))
            if rng.random() < 0.03:
                event["qty"] = rng.choice((0, -1, 2.5))
            events.append(event)
            continue
        order_id = f"O{seq:05d}" if rng.random() > 0.015 or not used else rng.choice(used)
        if retry is not None:  # the client resends a rejected order with the same id and a fixed quantity
            order_id, retry = retry, None
        side = rng.choice(("buy", "sell"))
        qty = _qty(rng)
        if not (type(qty) is int and qty > 0) and rng.random() < 0.7:
            retry = order_id
        event = {"seq": seq, "type": "market" if r < 0.32 else "limit", "id": order_id,
                 "account": rng.choice(ACCOUNTS), "side": side, "qty": qty}
        if event["type"] == "limit":
            event["price"] = _price(rng, mid, side)
            flavour = rng.random()
            if flavour < 0.12:
                event["tif"] = "IOC"
                event["price"] = mid + (1 if side == "buy" else -1) * rng.choice((5, 10, 20))
            elif flavour < 0.26:
                event["tif"] = "FOK"
                event["price"] = mid + (1 if side == "buy" else -1) * rng.choice((10, 20, 40))
                event["qty"] = rng.choice((5, 10, 20, 30, 50, 80))
            elif flavour < 0.36:
                event["post_only"] = True
                if rng.random() < 0.1:
                    event["tif"] = rng.choice(("IOC", "FOK"))
            elif flavour < 0.42:
                event["tif"] = "GTC"
            elif flavour < 0.43:
                event["tif"] = rng.choice(("DAY", "gtc"))
        events.append(event)
        used.append(order_id)
    # Two gateways: each line lands up to a few positions away from its seq order.
    keyed = sorted((i + rng.uniform(0, 4), i) for i in range(len(events)))
    return [events[i] for _, i in keyed]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "orders.jsonl", "w", encoding="utf-8", newline="\n") as fh:
        for event in generate(args.seed):
            fh.write(json.dumps(event) + "\n")


if __name__ == "__main__":
    main()
