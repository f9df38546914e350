"""Author's solution: per order, the sequence check, then a replay of the lifecycle state machine."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

ALLOWED = {"create": {None}, "authorize": {"created"}, "cancel": {"created", "authorized"},
           "capture": {"authorized"}, "ship": {"captured"}, "deliver": {"shipped"},
           "refund": {"captured", "shipped", "delivered"}}
NEXT = {"create": "created", "authorize": "authorized", "cancel": "cancelled", "capture": "captured",
        "ship": "shipped", "deliver": "delivered"}


def _ts(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")


def _sequence_problem(events: list[dict]) -> int | None:
    by_seq: dict[int, set[str]] = {}
    for e in events:
        by_seq.setdefault(e["seq"], set()).add(json.dumps(e, sort_keys=True))
    top = max(by_seq)
    for k in range(1, top + 1):
        if k not in by_seq or len(by_seq[k]) > 1:
            return k
    return None


def _replay(events: list[dict]) -> tuple[str | None, str | None, int | None]:
    state, prev = None, None
    total = authorized = captured = refunded = 0
    auth_ts = deliver_ts = None
    for e in events:
        ts, kind, amount = _ts(e["ts"]), e["type"], e.get("amount")
        if prev is not None and ts < prev:
            return None, "time_order", e["seq"]
        prev = ts
        if state not in ALLOWED.get(kind, ()):
            return None, "invalid_transition", e["seq"]
        if (kind == "authorize" and amount != total) or (kind == "capture" and amount > authorized) or \
                (kind == "refund" and refunded + amount > captured):
            return None, "amount_mismatch", e["seq"]
        if kind == "capture" and (ts - auth_ts).total_seconds() > 604800:
            return None, "capture_expired", e["seq"]
        if kind == "refund" and deliver_ts is not None and (ts - deliver_ts).total_seconds() > 2592000:
            return None, "refund_window", e["seq"]
        if kind == "create":
            total = amount
        elif kind == "authorize":
            authorized, auth_ts = amount, ts
        elif kind == "capture":
            captured = amount
        elif kind == "deliver":
            deliver_ts = ts
        if kind == "refund":
            refunded += amount
            state = "refunded" if refunded == captured else state
        else:
            state = NEXT[kind]
    return state, None, None


def solve(scratch_dir: Path) -> str:
    orders: dict[str, list[dict]] = {}
    for line in (scratch_dir / "events.jsonl").read_text(encoding="utf-8").splitlines():
        e = json.loads(line)
        orders.setdefault(e["order"], []).append(e)
    out = []
    for order in sorted(orders):
        k = _sequence_problem(orders[order])
        if k is not None:
            out.append({"order": order, "valid": False, "state": None, "rule": "sequence", "seq": k})
            continue
        unique = {e["seq"]: e for e in orders[order]}
        state, rule, seq = _replay([unique[s] for s in sorted(unique)])
        out.append({"order": order, "valid": rule is None, "state": state, "rule": rule, "seq": seq})
    return "".join(json.dumps(r) + "\n" for r in out)
