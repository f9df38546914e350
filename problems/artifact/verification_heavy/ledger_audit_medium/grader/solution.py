"""Author's solution: audit ledger.jsonl against the stated invariants and compute final balances."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_BLOCKING = {"duplicate_txn_id", "unbalanced", "unknown_account", "account_closed"}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _well_formed(rec: object) -> bool:
    if not isinstance(rec, dict) or not _is_int(rec.get("seq")) or not isinstance(rec.get("txn_id"), str):
        return False
    if not isinstance(rec.get("date"), str) or not _DATE.match(rec["date"]):
        return False
    postings = rec.get("postings")
    return isinstance(postings, list) and bool(postings) and all(
        isinstance(p, dict) and isinstance(p.get("account"), str) and _is_int(p.get("amount_cents"))
        for p in postings)


def solve(scratch_dir: Path) -> str:
    with (scratch_dir / "accounts.csv").open(encoding="utf-8", newline="") as handle:
        accounts = {row["account"]: row for row in csv.DictReader(handle)}
    balances = {name: 0 for name in accounts}
    found: list[tuple[int, str, str | None]] = []
    seen: set[str] = set()
    prev = None
    lines = (scratch_dir / "ledger.jsonl").read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for n, line in enumerate(lines, 1):
        try:
            rec = json.loads(line)
        except ValueError:
            rec = None
        if not _well_formed(rec):
            found.append((n, "malformed", None))
            continue
        rules = set()
        if rec["txn_id"] in seen:
            rules.add("duplicate_txn_id")
        if prev is not None and rec["seq"] != prev["seq"] + 1:
            rules.add("sequence_gap")
        if prev is not None and rec["date"] < prev["date"]:
            rules.add("date_backwards")
        if sum(p["amount_cents"] for p in rec["postings"]) != 0:
            rules.add("unbalanced")
        for p in rec["postings"]:
            acct = accounts.get(p["account"])
            if acct is None:
                rules.add("unknown_account")
            elif rec["date"] < acct["opened_on"] or (acct["closed_on"] and rec["date"] >= acct["closed_on"]):
                rules.add("account_closed")
        if not rules & _BLOCKING:
            for p in rec["postings"]:
                balances[p["account"]] += p["amount_cents"]
            if any(accounts[p["account"]]["overdraft_allowed"] == "no" and balances[p["account"]] < 0
                   for p in rec["postings"]):
                rules.add("overdraft")
        found += [(n, rule, rec["txn_id"]) for rule in rules]
        seen.add(rec["txn_id"])
        prev = rec
    violations = [{"line": n, "rule": r, "txn_id": t} for n, r, t in sorted(found, key=lambda x: x[:2])]
    return json.dumps({"balances": balances, "violations": violations}, indent=1, sort_keys=True) + "\n"
