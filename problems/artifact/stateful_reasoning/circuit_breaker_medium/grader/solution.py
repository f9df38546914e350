"""Reference solution: one breaker per target, replayed call by call in file order."""

from __future__ import annotations

import json
import pathlib

THRESHOLD, COOLDOWN, SLOW_MS = 5, 30000, 2000


def solve(scratch_dir: pathlib.Path) -> str:
    lines = (scratch_dir / "calls.jsonl").read_text(encoding="utf-8").splitlines()
    state: dict[str, dict] = {}
    transitions, rejected = [], {}
    for line in lines:
        if not line.strip():
            continue
        call = json.loads(line)
        target, ts = call["target"], call["ts_ms"]
        b = state.setdefault(target, {"state": "closed", "fails": 0, "opened": 0})
        rejected.setdefault(target, 0)
        failed = call["outcome"] != "ok" or call["latency_ms"] > SLOW_MS

        def move(to: str) -> None:
            transitions.append({"target": target, "ts_ms": ts, "from": b["state"], "to": to})
            b["state"] = to

        if b["state"] == "open":
            if ts < b["opened"] + COOLDOWN:
                rejected[target] += 1
                continue
            move("half_open")
        if b["state"] == "half_open":
            if failed:
                move("open")
                b["opened"] = ts
            else:
                move("closed")
                b["fails"] = 0
            continue
        b["fails"] = b["fails"] + 1 if failed else 0
        if b["fails"] >= THRESHOLD:
            move("open")
            b["opened"] = ts
            b["fails"] = 0
    return json.dumps({"transitions": transitions, "rejected": dict(sorted(rejected.items()))}, indent=1) + "\n"
