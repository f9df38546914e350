"""Reference solution: dedupe by event_id in file order, replay in (ts, event_id) order, apply lease rules."""

from __future__ import annotations

import json
import pathlib

_EXTRA = {"acquire": "ttl_ms", "renew": "ttl_ms", "write": "token", "release": None}


def _well_formed(event: object) -> bool:
    if not isinstance(event, dict):
        return False
    for field in ("event_id", "lock", "client", "op"):
        if type(event.get(field)) is not str:
            return False
    if type(event.get("ts")) is not int or event["ts"] < 0 or event["op"] not in _EXTRA:
        return False
    extra = _EXTRA[event["op"]]
    return extra is None or type(event.get(extra)) is int


def solve(scratch_dir: pathlib.Path) -> str:
    seen: set[str] = set()
    events: list[dict] = []
    malformed = duplicates = 0
    for line in (scratch_dir / "lease_events.jsonl").read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            event = None
        if not _well_formed(event):
            malformed += 1
        elif event["event_id"] in seen:
            duplicates += 1
        else:
            seen.add(event["event_id"])
            events.append(event)
    events.sort(key=lambda e: (e["ts"], e["event_id"]))

    locks: dict[str, dict] = {}
    rejected: list[dict] = []
    for e in events:
        st = locks.setdefault(e["lock"], {"holder": None, "token": 0, "expires_at": 0, "renewals": 0, "writes": 0})
        ts, client, op = e["ts"], e["client"], e["op"]
        live = st["holder"] is not None and ts < st["expires_at"]
        mine = live and st["holder"] == client
        reason = None
        if op in ("acquire", "renew") and not 1 <= e["ttl_ms"] <= 60000:
            reason = "bad_ttl"
        elif op == "acquire":
            if live:
                reason = "lock_held"
            else:
                st.update(holder=client, token=st["token"] + 1, expires_at=ts + e["ttl_ms"])
        elif not mine:
            reason = "not_holder"
        elif op == "renew":
            st["expires_at"] = ts + e["ttl_ms"]
            st["renewals"] += 1
        elif op == "release":
            st["holder"] = None
        elif e["token"] != st["token"]:
            reason = "stale_token"
        else:
            st["writes"] += 1
        if reason:
            rejected.append({"event_id": e["event_id"], "reason": reason})

    end = events[-1]["ts"] if events else 0
    final = {}
    for name in sorted(locks):
        st = locks[name]
        live = st["holder"] is not None and end < st["expires_at"]
        final[name] = {
            "holder": st["holder"] if live else None,
            "expires_at": st["expires_at"] if live else None,
            "token": st["token"],
            "renewals": st["renewals"],
            "writes": st["writes"],
        }
    result = {"locks": final, "rejected": rejected, "duplicates": duplicates, "malformed": malformed}
    return json.dumps(result, indent=2, sort_keys=True) + "\n"
