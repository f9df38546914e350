"""Writes accounts.csv and ledger.jsonl: two months of a small company's journal with injected faults.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
from pathlib import Path

_ACCOUNTS = (
    ("assets:bank:operating", "asset", "2024-01-01", "", "no"),
    ("assets:bank:payroll", "asset", "2024-01-01", "", "no"),
    ("assets:bank:old-savings", "asset", "2024-01-01", "2026-02-01", "no"),
    ("assets:bank:new-savings", "asset", "2026-02-01", "", "no"),
    ("assets:cash:petty", "asset", "2024-03-15", "", "no"),
    ("equity:opening", "equity", "2024-01-01", "", "yes"),
    ("expenses:rent", "expense", "2024-01-01", "", "yes"),
    ("expenses:salaries", "expense", "2024-01-01", "", "yes"),
    ("expenses:software", "expense", "2024-01-01", "", "yes"),
    ("expenses:travel", "expense", "2024-01-01", "", "yes"),
    ("liabilities:card", "liability", "2024-01-01", "", "yes"),
    ("liabilities:vat", "liability", "2024-01-01", "", "yes"),
    ("revenue:sales", "revenue", "2024-01-01", "", "yes"),
    ("revenue:services", "revenue", "2024-01-01", "", "yes"),
)


def _txn(rng: random.Random, day: dt.date) -> tuple[str, list[tuple[str, int]]]:
    kind = rng.choices(("sale", "service", "software", "travel", "petty", "payroll", "salaries", "rent", "save", "card",
                        "refill"), (30, 12, 8, 8, 6, 4, 6, 2, 3, 5, 1))[0]
    cents = rng.randint(500, 250000)
    savings = "assets:bank:old-savings" if day < dt.date(2026, 2, 1) else "assets:bank:new-savings"
    if kind in ("sale", "service"):
        vat = cents * 19 // 100
        return f"invoice {rng.randint(100, 999)}", [("assets:bank:operating", cents + vat),
                                                     (f"revenue:{'sales' if kind == 'sale' else 'services'}", -cents),
                                                     ("liabilities:vat", -vat)]
    if kind in ("software", "travel"):
        source = rng.choice(("assets:bank:operating", "liabilities:card"))
        return f"{kind} purchase", [(f"expenses:{kind}", cents // 3), (source, -(cents // 3))]
    if kind == "petty":
        return "petty cash spend", [("expenses:travel", cents // 40), ("assets:cash:petty", -(cents // 40))]
    if kind == "refill":
        return "refill petty cash", [("assets:cash:petty", 25_000), ("assets:bank:operating", -25_000)]
    if kind == "payroll":
        return "fund payroll", [("assets:bank:payroll", cents * 2), ("assets:bank:operating", -cents * 2)]
    if kind == "salaries":
        return "salaries", [("expenses:salaries", cents), ("assets:bank:payroll", -cents)]
    if kind == "rent":
        return "office rent", [("expenses:rent", 480000), ("assets:bank:operating", -480000)]
    if kind == "save":
        return "sweep to savings", [(savings, cents), ("assets:bank:operating", -cents)]
    return "card settlement", [("liabilities:card", cents // 2), ("assets:bank:operating", -(cents // 2))]


def _fault(rng: random.Random, rec: dict, earlier: list[dict]) -> str | dict:
    kind = rng.randrange(10)
    if kind == 0:
        rec["postings"][0]["amount_cents"] += rng.choice((-100, -1, 1, 7, 1000))
    elif kind == 1 and earlier:
        rec["txn_id"] = rng.choice(earlier[-50:])["txn_id"]
    elif kind == 2:
        rec["postings"][-1]["account"] = rng.choice(("expenses:sofware", "assets:bank:operatng", "revenue:sale"))
    elif kind == 3:
        rec["postings"][0]["account"] = rng.choice(("assets:bank:old-savings", "assets:bank:new-savings"))
        rec["postings"][1]["account"] = "equity:opening"
        rec["postings"][1]["amount_cents"] = -rec["postings"][0]["amount_cents"]
        rec["postings"] = rec["postings"][:2]
    elif kind == 4:
        rec["date"] = (dt.date.fromisoformat(rec["date"]) - dt.timedelta(days=rng.randint(1, 9))).isoformat()
    elif kind == 5:
        return json.dumps(rec, sort_keys=True)[: rng.randint(20, 80)]
    elif kind == 6:
        rec["postings"][0]["amount_cents"] = rng.choice((str(rec["postings"][0]["amount_cents"]), 12.5, True))
    elif kind == 7:
        rec["postings"] = []
    elif kind == 8:
        rec["seq"] = str(rec["seq"])
    else:
        rec["date"] = rec["date"].replace("-", "/")
    return rec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    ids = iter("T-%06X" % n for n in rng.sample(range(0x100000, 0xFFFFFF), 3000))
    day, seq = dt.date(2026, 1, 2), 1000
    opening = {"seq": seq, "txn_id": next(ids), "date": day.isoformat(), "memo": "opening balances", "postings": [
        {"account": "assets:bank:operating", "amount_cents": 5_000_000},
        {"account": "assets:bank:payroll", "amount_cents": 800_000},
        {"account": "assets:bank:old-savings", "amount_cents": 2_000_000},
        {"account": "assets:cash:petty", "amount_cents": 20_000},
        {"account": "equity:opening", "amount_cents": -7_820_000}]}
    lines, earlier = [json.dumps(opening, sort_keys=True)], [opening]
    for _ in range(1400):
        day += dt.timedelta(days=1) if rng.random() < 0.04 else dt.timedelta(0)
        seq += 1 if rng.random() > 0.006 else rng.choice((0, 2, 3))
        memo, postings = _txn(rng, day)
        rec = {"seq": seq, "txn_id": next(ids), "date": day.isoformat(), "memo": memo,
               "postings": [{"account": a, "amount_cents": c} for a, c in postings]}
        if day.month == 2 and day.day == 1 and "savings" in memo and rng.random() < 0.5:
            rec["postings"][0]["account"] = "assets:bank:old-savings"  # moved on the closing day: not allowed
        out = _fault(rng, rec, earlier) if rng.random() < 0.035 else rec
        if isinstance(out, dict):
            earlier.append(out)
            out = json.dumps(out, sort_keys=True)
        lines.append(out)
        if rng.random() < 0.004:
            lines.append(lines[-1])  # an exported line written twice
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with (args.output_dir / "ledger.jsonl").open("w", encoding="utf-8", newline="\n") as handle:
        handle.write("\n".join(lines) + "\n")
    with (args.output_dir / "accounts.csv").open("w", encoding="utf-8", newline="\n") as handle:
        handle.write("account,kind,opened_on,closed_on,overdraft_allowed\n")
        handle.write("".join(",".join(row) + "\n" for row in _ACCOUNTS))


if __name__ == "__main__":
    main()
