"""Writes orders.jsonl: the inbound order gateway log of one instrument for a trading session.

Standard library only; deterministic from --seed. Limit and market orders from a few accounts around a
drifting mid price, cancels (some of orders already filled, unknown or cancelled twice), reused order ids and
a few invalid quantities.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

N_EVENTS = 900
ACCOUNTS = ("acc-alpha", "acc-beta", "acc-gamma", "acc-delta", "acc-eps", "acc-zeta")


def generate(seed: int) -> list[dict]:
    rng = random.Random(seed)
    mid = 10000
    used: list[str] = []
    retry = None
    events = []
    for seq in range(1, N_EVENTS + 1):
        mid += rng.choice((-5, 0, 0, 5))
        r = rng.random()
        if r < 0.2 and used:
            events.append({"seq": seq, "type": "cancel", "id": rng.choice(used[-60:]) if rng.random() < 0.93 else f"O{rng.randrange(1, 99999):05d}"})
            continue
        order_id = f"O{seq:05d}" if rng.random() > 0.015 or not used else rng.choice(used)
        if retry is not None:  # the client resends a rejected order with the same id and a fixed quantity
            order_id, retry = retry, None
        side = rng.choice(("buy", "sell"))
        qty = rng.choice((1, 2, 5, 10, 10, 20, 50)) if rng.random() > 0.015 else rng.choice((0, -5))
        if qty <= 0 and rng.random() < 0.7:
            retry = order_id
        event = {"seq": seq, "type": "market" if r < 0.28 else "limit", "id": order_id, "account": rng.choice(ACCOUNTS),
                 "side": side, "qty": qty}
        if event["type"] == "limit":
            offset = rng.choice((5, 10, 15, 20, 30, 50)) * rng.choice((1, 1, 1, -1))
            event["price"] = mid - offset if side == "buy" else mid + offset
        events.append(event)
        used.append(order_id)
    return events


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
