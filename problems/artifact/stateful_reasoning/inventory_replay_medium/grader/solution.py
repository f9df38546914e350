"""Reference solution: replay events.jsonl in file order under the prompt's rules."""

from __future__ import annotations

import json
import pathlib

_FIELDS = {
    "receive": ("sku", "warehouse", "qty"),
    "reserve": ("sku", "warehouse", "qty", "order_id"),
    "ship": ("order_id",),
    "cancel": ("order_id",),
    "adjust": ("sku", "warehouse", "qty"),
    "transfer": ("sku", "from", "to", "qty"),
}


def _well_formed(event: object) -> bool:
    if not isinstance(event, dict):
        return False
    if type(event.get("seq")) is not int or event.get("type") not in _FIELDS:
        return False
    for field in _FIELDS[event["type"]]:
        wanted = int if field == "qty" else str
        if type(event.get(field)) is not wanted:
            return False
    return True


def solve(scratch_dir: pathlib.Path) -> str:
    catalog = json.loads((scratch_dir / "catalog.json").read_text(encoding="utf-8"))
    skus, warehouses = set(catalog["skus"]), set(catalog["warehouses"])
    on_hand = {(s, w): 0 for s in skus for w in warehouses}
    reserved = dict.fromkeys(on_hand, 0)
    used_orders: set[str] = set()
    open_orders: dict[str, tuple[tuple[str, str], int]] = {}
    rejected: list[int] = []
    malformed = 0

    def apply(e: dict) -> bool:
        kind = e["type"]
        if kind in ("ship", "cancel"):
            if e["order_id"] not in open_orders:
                return False
            key, qty = open_orders.pop(e["order_id"])
            reserved[key] -= qty
            if kind == "ship":
                on_hand[key] -= qty
            return True
        if e["sku"] not in skus:
            return False
        qty = e["qty"]
        if kind == "transfer":
            src, dst = (e["sku"], e["from"]), (e["sku"], e["to"])
            if src not in on_hand or dst not in on_hand or src == dst or qty <= 0:
                return False
            if on_hand[src] - reserved[src] < qty:
                return False
            on_hand[src] -= qty
            on_hand[dst] += qty
            return True
        key = (e["sku"], e["warehouse"])
        if key not in on_hand:
            return False
        if kind == "receive":
            if qty <= 0:
                return False
            on_hand[key] += qty
        elif kind == "adjust":
            if qty == 0 or on_hand[key] + qty < reserved[key]:
                return False
            on_hand[key] += qty
        else:  # reserve
            if qty <= 0 or e["order_id"] in used_orders or on_hand[key] - reserved[key] < qty:
                return False
            used_orders.add(e["order_id"])
            open_orders[e["order_id"]] = (key, qty)
            reserved[key] += qty
        return True

    for line in (scratch_dir / "events.jsonl").read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            event = None
        if not _well_formed(event):
            malformed += 1
        elif not apply(event):
            rejected.append(event["seq"])
    result = {
        "stock": {s: {w: {"on_hand": on_hand[(s, w)], "reserved": reserved[(s, w)]} for w in sorted(warehouses)}
                  for s in sorted(skus)},
        "open_orders": sorted(open_orders),
        "rejected_seqs": sorted(rejected),
        "malformed_lines": malformed,
    }
    return json.dumps(result, indent=2, sort_keys=True) + "\n"
