"""Author's solution: sessions per user from events.jsonl (30-minute inactivity rule, heartbeats ignored)."""

from __future__ import annotations

import json
from pathlib import Path

GAP = 1_800_000


def _valid(e: object) -> bool:
    return (isinstance(e, dict) and isinstance(e.get("user"), str) and e["user"] != ""
            and type(e.get("ts")) is int and isinstance(e.get("page"), str) and e["page"].startswith("/")
            and isinstance(e.get("event"), str))


def solve(scratch_dir: Path) -> str:
    per_user: dict[str, list[tuple[int, int, str]]] = {}
    for n, line in enumerate((scratch_dir / "events.jsonl").read_text(encoding="utf-8").splitlines()):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if _valid(e) and e["event"] != "heartbeat":
            per_user.setdefault(e["user"], []).append((e["ts"], n, e["page"]))
    out = []
    for user in sorted(per_user):
        sessions: list[list[tuple[int, int, str]]] = []
        for event in sorted(per_user[user]):
            if sessions and event[0] - sessions[-1][-1][0] <= GAP:
                sessions[-1].append(event)
            else:
                sessions.append([event])
        for number, s in enumerate(sessions, 1):
            out.append({"user": user, "session": number, "start": s[0][0], "end": s[-1][0], "events": len(s),
                        "landing_page": s[0][2], "exit_page": s[-1][2], "distinct_pages": len({e[2] for e in s})})
    return "".join(json.dumps(r) + "\n" for r in out)
