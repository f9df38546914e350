"""Reference solution: validate lines, group copies by event_id (duplicates vs conflicts, compared by meaning),
replay in (instant, event_id) order with the lease rules, report the state at the last processed instant."""

from __future__ import annotations

import json
import pathlib
import re
from datetime import datetime, timedelta, timezone

_EXTRA = {"acquire": "ttl_ms", "renew": "ttl_ms", "write": "token", "release": None, "revoke": None}
_TS = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})\.([0-9]{3})"
                 r"(Z|[+-][0-9]{2}:[0-9]{2})")
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
MAX_TTL, LEASE_CAP = 60000, 120000


def _instant(text: str) -> int | None:
    """Epoch milliseconds of a timestamp in the stated format, or None when it is not one."""
    match = _TS.fullmatch(text)
    if not match:
        return None
    year, month, day, hour, minute, second, milli = (int(g) for g in match.groups()[:7])
    suffix = match.group(8)
    offset = timedelta(0)
    if suffix != "Z":
        hours, minutes = int(suffix[1:3]), int(suffix[4:6])
        if hours > 23 or minutes > 59:
            return None
        offset = (-1 if suffix[0] == "-" else 1) * timedelta(hours=hours, minutes=minutes)
    try:
        local = datetime(year, month, day, hour, minute, second, milli * 1000, tzinfo=timezone(offset))
    except ValueError:
        return None
    return (local - _EPOCH) // timedelta(milliseconds=1)


def _parse(line: str) -> dict | None:
    try:
        event = json.loads(line)
    except ValueError:
        return None
    if not isinstance(event, dict):
        return None
    for field in ("event_id", "ts", "lock", "client", "op"):
        if type(event.get(field)) is not str:
            return None
    if event["op"] not in _EXTRA:
        return None
    extra = _EXTRA[event["op"]]
    if extra is not None and type(event.get(extra)) is not int:
        return None
    instant = _instant(event["ts"])
    if instant is None:
        return None
    meaning = (instant, event["lock"], event["client"], event["op"], event[extra] if extra else None)
    return {"event_id": event["event_id"], "meaning": meaning}


def solve(scratch_dir: pathlib.Path) -> str:
    malformed = duplicates = 0
    copies: dict[str, list[tuple]] = {}
    for line in (scratch_dir / "lease_events.jsonl").read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            continue
        parsed = _parse(line)
        if parsed is None:
            malformed += 1
        else:
            copies.setdefault(parsed["event_id"], []).append(parsed["meaning"])
    events, conflicts = [], 0
    for event_id, meanings in copies.items():
        if len(set(meanings)) > 1:
            conflicts += 1
            continue
        duplicates += len(meanings) - 1
        ts, lock, client, op, extra = meanings[0]
        events.append({"event_id": event_id, "ts": ts, "lock": lock, "client": client, "op": op, "extra": extra})
    events.sort(key=lambda e: (e["ts"], e["event_id"]))

    locks: dict[str, dict] = {}
    rejected: list[dict] = []
    for e in events:
        st = locks.setdefault(e["lock"], {"holder": None, "token": 0, "expires_at": 0, "acquired_at": 0,
                                          "renewals": 0, "writes": 0})
        ts, client, op = e["ts"], e["client"], e["op"]
        live = st["holder"] is not None and ts < st["expires_at"]
        mine = live and st["holder"] == client
        reason = None
        if op in ("acquire", "renew") and not 1 <= e["extra"] <= MAX_TTL:
            reason = "bad_ttl"
        elif op == "revoke":
            if not client.startswith("ops:"):
                reason = "forbidden"
            elif not live:
                reason = "not_held"
            else:
                st.update(holder=None, token=st["token"] + 1)
        elif op == "acquire":
            if live:
                reason = "lock_held"
            else:
                st.update(holder=client, token=st["token"] + 1, expires_at=ts + e["extra"], acquired_at=ts)
        elif not mine:
            reason = "not_holder"
        elif op == "renew":
            st["expires_at"] = min(max(st["expires_at"], ts + e["extra"]), st["acquired_at"] + LEASE_CAP)
            st["renewals"] += 1
        elif op == "release":
            st["holder"] = None
        elif e["extra"] != st["token"]:
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
    result = {"locks": final, "rejected": rejected, "duplicates": duplicates, "conflicts": conflicts,
              "malformed": malformed}
    return json.dumps(result, indent=2, sort_keys=True) + "\n"
