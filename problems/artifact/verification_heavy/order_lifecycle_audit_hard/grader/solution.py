"""Author's solution: event instants (UTC offsets and clock corrections applied), per order the sequence
check (events compared by type, amount and instant), then a replay of the lifecycle state machine."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

ALLOWED = {"create": {None}, "authorize": {"created", "authorized"}, "cancel": {"created", "authorized"},
           "capture": {"authorized", "captured"}, "ship": {"captured"}, "deliver": {"shipped"},
           "refund": {"captured", "shipped", "delivered"}}
NEXT = {"create": "created", "authorize": "authorized", "cancel": "cancelled", "capture": "captured",
        "ship": "shipped", "deliver": "delivered"}
CAPTURE_S, REFUND_S = 7 * 86400, 30 * 86400


def _instant(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


class _Clock:
    def __init__(self, corrections: list[dict]) -> None:
        self.fixes = [(c["source"], _instant(c["from"]), _instant(c["to"]), timedelta(milliseconds=c["correction_ms"]))
                      for c in corrections]

    def at(self, event: dict) -> datetime:
        """The event's instant: its ts, corrected when its source's clock was wrong at that reading."""
        written = _instant(event["ts"])
        for source, start, end, fix in self.fixes:
            if source == event["source"] and start <= written < end:
                return written + fix
        return written


def _sequence_problem(events: list[dict], clock: _Clock) -> int | None:
    by_seq: dict[int, set] = {}
    for e in events:
        by_seq.setdefault(e["seq"], set()).add((e["type"], e.get("amount"), clock.at(e)))
    for k in range(1, max(by_seq) + 1):
        if k not in by_seq or len(by_seq[k]) > 1:
            return k
    return None


def _replay(events: list[dict], clock: _Clock) -> dict:
    state, prev = None, None
    total = captured = refunded = 0
    auth_at = deliver_at = None
    for e in events:
        at, kind, amount = clock.at(e), e["type"], e.get("amount")
        if prev is not None and at < prev:
            return {"rule": "time_order", "seq": e["seq"]}
        prev = at
        if state not in ALLOWED.get(kind, ()):
            return {"rule": "invalid_transition", "seq": e["seq"]}
        if (amount is not None and amount <= 0) or (kind == "authorize" and amount != total) or \
                (kind == "capture" and captured + amount > total) or \
                (kind == "refund" and refunded + amount > captured):
            return {"rule": "amount_mismatch", "seq": e["seq"]}
        if kind == "capture" and (at - auth_at).total_seconds() > CAPTURE_S:
            return {"rule": "capture_expired", "seq": e["seq"]}
        if kind == "refund" and deliver_at is not None and (at - deliver_at).total_seconds() > REFUND_S:
            return {"rule": "refund_window", "seq": e["seq"]}
        if kind == "create":
            total = amount
        elif kind == "authorize":
            auth_at = at
        elif kind == "capture":
            captured += amount
        elif kind == "deliver":
            deliver_at = at
        if kind == "refund":
            refunded += amount
            state = "refunded" if refunded == captured else state
        else:
            state = NEXT[kind]
    return {"state": state, "captured": captured, "refunded": refunded}


def solve(scratch_dir: Path) -> str:
    clock = _Clock(json.loads((scratch_dir / "clock_corrections.json").read_text(encoding="utf-8")))
    orders: dict[str, list[dict]] = {}
    for line in (scratch_dir / "events.jsonl").read_text(encoding="utf-8").splitlines():
        e = json.loads(line)
        orders.setdefault(e["order"], []).append(e)
    out = []
    for order in sorted(orders):
        k = _sequence_problem(orders[order], clock)
        if k is not None:
            verdict = {"rule": "sequence", "seq": k}
        else:
            unique = {e["seq"]: e for e in orders[order]}
            verdict = _replay([unique[s] for s in sorted(unique)], clock)
        out.append({"order": order, "valid": "rule" not in verdict, "state": verdict.get("state"),
                    "captured": verdict.get("captured"), "refunded": verdict.get("refunded"),
                    "rule": verdict.get("rule"), "seq": verdict.get("seq")})
    return "".join(json.dumps(r) + "\n" for r in out)
