"""Writes catalog.json and events.jsonl: a day of warehouse events for a small e-commerce shop.

Standard library only; deterministic from --seed. Most events are plausible; a few oversell, ship twice,
cancel shipped orders, reference unknown SKUs or are corrupted lines, as real feeds do.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

WAREHOUSES = ["AMS", "BER", "MAD"]
N_SKUS = 14
N_EVENTS = 1400


def _sku_names(rng: random.Random) -> list[str]:
    numbers = rng.sample(range(1000, 9999), N_SKUS)
    return [f"SKU-{n}" for n in sorted(numbers)]


def _timestamp(minute: int) -> str:
    return f"2026-03-02T{6 + minute // 60:02d}:{minute % 60:02d}:00Z"


def _corrupt(rng: random.Random, event: dict) -> str:
    kind = rng.randrange(4)
    text = json.dumps(event, sort_keys=True)
    if kind == 0:
        return text[: len(text) // 2]
    if kind == 1:
        return json.dumps({**event, "type": "restock"}, sort_keys=True)
    if kind == 2:
        return json.dumps({**event, "qty": str(event.get("qty", 1))}, sort_keys=True)
    missing = dict(event)
    missing.pop("seq")
    return json.dumps(missing, sort_keys=True)


def generate(seed: int) -> tuple[dict, list[str]]:
    rng = random.Random(seed)
    skus = _sku_names(rng)
    orders: dict[str, tuple[str, str, int]] = {}
    lines: list[str] = []
    order_counter = 50000 + rng.randrange(1000)
    for seq in range(1, N_EVENTS + 1):
        minute = seq * 960 // N_EVENTS
        sku, wh = rng.choice(skus), rng.choice(WAREHOUSES)
        roll = rng.random()
        event: dict = {"seq": seq, "ts": _timestamp(minute)}
        if seq <= 60 or roll < 0.14:
            qty = rng.choice([12, 24, 36, 48, 60])
            event.update(type="receive", sku=sku, warehouse=wh, qty=qty)
        elif roll < 0.50:
            order_counter += rng.randrange(1, 4)
            order_id = f"SO-{order_counter}"
            if orders and rng.random() < 0.03:
                order_id = rng.choice(sorted(orders))
            qty = rng.choice([1, 1, 2, 2, 3, 5, 8, 13])
            event.update(type="reserve", sku=sku, warehouse=wh, qty=qty, order_id=order_id)
            orders.setdefault(order_id, (sku, wh, qty))
        elif roll < 0.76 and orders:
            event.update(type="ship", order_id=rng.choice(sorted(orders)[-40:]))
        elif roll < 0.84 and orders:
            event.update(type="cancel", order_id=rng.choice(sorted(orders)[-60:]))
        elif roll < 0.92:
            delta = rng.choice([-3, -2, -1, -1, 1, 2, -20])
            event.update(type="adjust", sku=sku, warehouse=wh, qty=delta, reason="cycle_count")
        else:
            dest = rng.choice([w for w in WAREHOUSES if w != wh] + ([wh] if rng.random() < 0.1 else []))
            event.update(type="transfer", sku=sku, **{"from": wh, "to": dest}, qty=rng.choice([5, 10, 20, 40]))
        if event.get("sku") and rng.random() < 0.015:
            event["sku"] = event["sku"].replace("SKU-", "SKU-0")
        if "type" not in event:
            event.update(type="receive", sku=sku, warehouse=wh, qty=12)
        lines.append(_corrupt(rng, event) if rng.random() < 0.012 else json.dumps(event, sort_keys=True))
    return {"skus": skus, "warehouses": WAREHOUSES}, lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    catalog, lines = generate(args.seed)
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "catalog.json", "w", encoding="utf-8", newline="\n") as fh:
        json.dump(catalog, fh, indent=2, sort_keys=True)
        fh.write("\n")
    with open(args.output_dir / "events.jsonl", "w", encoding="utf-8", newline="\n") as fh:
        fh.writelines(line + "\n" for line in lines)


if __name__ == "__main__":
    main()
