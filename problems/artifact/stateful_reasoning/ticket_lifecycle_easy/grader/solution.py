"""Reference solution: a table-driven replay of the ticket workflow."""

from __future__ import annotations

import json
import pathlib

ALLOWED = {
    None: {"open": "new"},
    "new": {"assign": "assigned"},
    "assigned": {"start": "in_progress", "assign": "assigned"},
    "in_progress": {"resolve": "resolved", "assign": "assigned"},
    "resolved": {"close": "closed", "reopen": "assigned"},
    "closed": {},
}


def solve(scratch_dir: pathlib.Path) -> str:
    tickets: dict[str, dict] = {}
    lines = (scratch_dir / "ticket_events.jsonl").read_text(encoding="utf-8").splitlines()
    events = sorted((json.loads(line) for line in lines if line.strip()), key=lambda e: e["seq"])
    for event in events:
        t = tickets.setdefault(event["ticket"], {"state": None, "assignee": "", "reopens": 0, "ignored": 0})
        nxt = ALLOWED[t["state"]].get(event["event"])
        if nxt is None:
            t["ignored"] += 1
            continue
        t["state"] = nxt
        if event["event"] == "assign":
            t["assignee"] = event["agent"]
        if event["event"] == "reopen":
            t["reopens"] += 1
    out = ["ticket,state,assignee,reopens,ignored"]
    for ticket in sorted(tickets):
        t = tickets[ticket]
        out.append(f"{ticket},{t['state'] or 'unopened'},{t['assignee']},{t['reopens']},{t['ignored']}")
    return "\n".join(out) + "\n"
