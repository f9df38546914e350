"""Writes orders.csv and schema.json: ~900 partner order rows with planted problems of every rule.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
from datetime import date, timedelta
from pathlib import Path

SCHEMA = {"columns": [
    {"name": "order_id", "type": "integer", "required": True, "unique": True},
    {"name": "customer_email", "type": "email", "required": True},
    {"name": "order_date", "type": "date", "required": True},
    {"name": "ship_date", "type": "date", "required": False},
    {"name": "status", "type": "enum", "required": True, "values": ["new", "paid", "shipped", "returned"]},
    {"name": "amount", "type": "decimal", "required": True},
    {"name": "quantity", "type": "integer", "required": True},
    {"name": "coupon", "type": "string", "required": False, "max_length": 12},
    {"name": "tracking_no", "type": "string", "required": False, "unique": True, "max_length": 20},
]}
BREAKS = {
    "order_id": ("", "12a", "1.0", " 42"),
    "customer_email": ("", "no-at-sign.example.org", "a@b@example.org", "@example.org", "bob@localhost",
                       "bo b@example.org"),
    "order_date": ("", "2026-02-30", "2026/03/01", "2026-3-1", "2025-13-01"),
    "ship_date": ("2026-04-31", "tomorrow", "20260401"),
    "status": ("", "Paid", "cancelled", "shipped "),
    "amount": ("", "12.345", "1,200.00", "€12.00", "12.", ".5"),
    "quantity": ("", "2.0", "three", "+3"),
    "coupon": ("SPRINGSALE2026X", "WELCOME-BACK-2026"),
    "tracking_no": ("1Z999AA10123456784XYZ",),
}


def _good(rng: random.Random, n: int) -> dict:
    ordered = date(2026, 3, 1) + timedelta(days=rng.randrange(30))
    return {"order_id": str(100000 + n), "customer_email": f"buyer{rng.randrange(5000)}@shop{rng.randint(1, 9)}.example",
            "order_date": ordered.isoformat(),
            "ship_date": rng.choice(("", (ordered + timedelta(days=rng.randint(1, 6))).isoformat())),
            "status": rng.choice(SCHEMA["columns"][4]["values"]), "amount": rng.choice((
                f"{rng.randint(1, 900)}.{rng.randint(0, 99):02d}", str(rng.randint(1, 900)), f"{rng.randint(1, 99)}.5",
                f"-{rng.randint(1, 50)}.00")),
            "quantity": str(rng.randint(1, 12)), "coupon": rng.choice(("", "", "SPRING10", "VIP-2026", "a,b")),
            "tracking_no": rng.choice(("", f"TRK{rng.randrange(10**9):09d}"))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    names = [c["name"] for c in SCHEMA["columns"]]
    rows, ids, tracking = [], [], []
    for n in range(900):
        row = _good(rng, n)
        if rng.random() < 0.12:
            column = rng.choice(names)
            row[column] = rng.choice(BREAKS[column])
        if ids and rng.random() < 0.02:
            row["order_id"] = rng.choice(ids)  # a duplicate id
        if tracking and rng.random() < 0.02:
            row["tracking_no"] = rng.choice(tracking)
        ids.append(row["order_id"])
        if row["tracking_no"]:
            tracking.append(row["tracking_no"])
        cells = [row[c] for c in names]
        if rng.random() < 0.01:
            cells = cells[:-1] if rng.random() < 0.5 else cells + ["extra"]
        rows.append(cells)
    out = args.output_dir
    out.mkdir(parents=True, exist_ok=True)
    with (out / "orders.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(names)
        writer.writerows(rows)
    (out / "schema.json").write_text(json.dumps(SCHEMA, indent=2) + "\n", encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
