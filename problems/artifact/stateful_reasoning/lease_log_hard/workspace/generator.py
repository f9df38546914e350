"""Writes lease_events.jsonl: a lock-service audit feed as collected from several brokers.

Standard library only; deterministic from --seed. Clients acquire, renew, write under fencing tokens and
release leases; leader-style locks are renewed with long TTLs until they hit the lease cap; operators revoke
leases (sometimes of locks that already expired), and now and then someone who is not an operator tries.
Paused former holders wake up with stale tokens, rivals race for a lock in the same millisecond, and renewals
with a short TTL arrive while a longer lease is still running. Each broker writes timestamps in its own UTC
offset. Collection reorders lines by a few seconds, re-delivers some through another broker (same instant,
different offset), re-delivers a few with drifted content, and adds mangled copies and lines whose
timestamp is not in the agreed format.
"""

from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

LOCKS = ["billing/ledger-writer", "cron/leader", "search/reindex", "shard-03/primary", "shard-11/primary"]
LEADER_LOCKS = {"cron/leader", "shard-03/primary"}  # renewed with long TTLs, so leases reach the cap
CLIENTS = ["api-1", "api-2", "batch-7", "worker-a", "worker-b", "worker-c"]
OPERATORS = ["ops:alice", "ops:bob"]
BROKERS = {"b-utc": "Z", "b-lon": "+00:00", "b-nyc": "-05:00", "b-blr": "+05:30", "b-tyo": "+09:00",
           "b-nfl": "-03:30"}
BASE_TS = 1767254400000  # 2026-01-01T08:00:00Z
N_STEPS = 1800
MAX_TTL, LEASE_CAP = 60000, 120000
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _zone(suffix: str) -> timezone:
    if suffix == "Z":
        return timezone.utc
    sign = -1 if suffix[0] == "-" else 1
    return timezone(sign * timedelta(hours=int(suffix[1:3]), minutes=int(suffix[4:6])))


def render(ms: int, suffix: str) -> str:
    """Epoch milliseconds as YYYY-MM-DDTHH:MM:SS.mmm plus the broker's offset suffix."""
    local = (EPOCH + timedelta(milliseconds=ms)).astimezone(_zone(suffix))
    return local.strftime("%Y-%m-%dT%H:%M:%S") + f".{local.microsecond // 1000:03d}" + suffix


class _Sim:
    """The generator's own view of each lock, used only to make plausible traffic."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.state = {lock: {"holder": None, "token": 0, "expires": 0, "acquired": 0, "old": None} for lock in LOCKS}
        self.ids: set[str] = set()
        self.events: list[dict] = []

    def event_id(self) -> str:
        while True:
            candidate = f"ev-{self.rng.getrandbits(32):08x}"
            if candidate not in self.ids:
                self.ids.add(candidate)
                return candidate

    def emit(self, ts: int, lock: str, client: str, op: str, **extra: int) -> bool:
        """Record an event and decide now whether the feed will lose it (a bad timestamp on its only copy, or
        a conflicting re-delivery); returns whether it reaches the replay, so the simulator stays in step."""
        roll = self.rng.random()
        fate = "bad_ts" if roll < 0.01 else "conflict" if roll < 0.022 else "ok"
        self.events.append({"event_id": self.event_id(), "ts": ts, "lock": lock, "client": client, "op": op,
                            "fate": fate, **extra})
        return fate == "ok"

    def ttl(self, lock: str) -> int:
        if self.rng.random() < 0.02:
            return self.rng.choice([0, -500, 90000, 120000, 60001])
        if lock in LEADER_LOCKS:
            return self.rng.choice([15000, 30000, 45000, 60000, 60000])
        return self.rng.choice([2000, 4000, 5000, 8000, 10000])

    def _acquire(self, ts: int, lock: str, st: dict) -> None:
        rng = self.rng
        client, ttl = rng.choice(CLIENTS), self.ttl(lock)
        delivered = self.emit(ts, lock, client, "acquire", ttl_ms=ttl)
        if rng.random() < 0.1:  # a competitor in the same millisecond; the smaller event_id goes first
            rival, rival_ttl = rng.choice([c for c in CLIENTS if c != client]), self.ttl(lock)
            rival_delivered = self.emit(ts, lock, rival, "acquire", ttl_ms=rival_ttl)
            rival_first = self.events[-1]["event_id"] < self.events[-2]["event_id"]
            valid, rival_valid = delivered and 1 <= ttl <= MAX_TTL, rival_delivered and 1 <= rival_ttl <= MAX_TTL
            if rival_valid and (rival_first or not valid):
                client, ttl, delivered = rival, rival_ttl, True
        if delivered and 1 <= ttl <= MAX_TTL:
            st["old"] = (st["holder"], st["token"]) if st["holder"] else st["old"]
            st.update(holder=client, token=st["token"] + 1, expires=ts + ttl, acquired=ts)

    def step(self, ts: int, lock: str | None = None) -> None:
        rng = self.rng
        lock = lock or rng.choice(LOCKS)
        st = self.state[lock]
        held = st["holder"] is not None and ts < st["expires"]
        if not held:
            if st["holder"] is not None and rng.random() < 0.3:  # the holder did not notice its lease ended
                self.emit(ts, lock, st["holder"], rng.choice(["renew", "write"]),
                          **{"ttl_ms": self.ttl(lock), "token": st["token"]})
            elif rng.random() < 0.05:  # someone revokes a lease that already ended
                self.emit(ts, lock, rng.choice(OPERATORS) if rng.random() < 0.75 else rng.choice(CLIENTS), "revoke")
            else:
                self._acquire(ts, lock, st)
            return
        holder = st["holder"]
        roll = rng.random()
        leader = lock in LEADER_LOCKS  # leaders rarely let go, so their leases run into the cap
        renew_share = 0.45 if leader else 0.2
        if leader and roll >= 0.8 and rng.random() < 0.8:
            roll = rng.random() * 0.8
        if roll < 0.35:
            token = st["token"] if rng.random() < 0.93 else st["token"] - 1
            self.emit(ts, lock, holder, "write", token=token)
        elif roll < 0.35 + renew_share:
            ttl = self.ttl(lock) if rng.random() < 0.75 else rng.choice([1000, 1500, 2000])
            if self.emit(ts, lock, holder, "renew", ttl_ms=ttl) and 1 <= ttl <= MAX_TTL:
                st["expires"] = min(max(st["expires"], ts + ttl), st["acquired"] + LEASE_CAP)
        elif roll < 0.62 + renew_share / 2:
            if self.emit(ts, lock, holder, "release"):
                st.update(holder=None, old=(holder, st["token"]))
        elif roll < 0.68 + renew_share / 2:
            client = rng.choice(OPERATORS) if rng.random() < 0.8 else rng.choice(CLIENTS)
            if self.emit(ts, lock, client, "revoke") and client in OPERATORS:
                st.update(holder=None, token=st["token"] + 1, old=(holder, st["token"]))
        elif roll < 0.8 + renew_share / 2 and st["old"]:
            old_client, old_token = st["old"]  # a paused former holder wakes up
            self.emit(ts, lock, old_client, rng.choice(["write", "renew", "release"]),
                      **({"token": old_token} if rng.random() < 0.7 else {"ttl_ms": 5000}))
        else:
            other = rng.choice(CLIENTS)
            self.emit(ts, lock, other, rng.choice(["acquire", "release", "write"]),
                      **{"ttl_ms": 5000, "token": st["token"]})


def _fix_fields(event: dict) -> dict:
    """Keep only the field each op carries (the simulator sometimes offers both)."""
    keep = {"acquire": "ttl_ms", "renew": "ttl_ms", "write": "token", "release": None, "revoke": None}[event["op"]]
    base = {k: event[k] for k in ("event_id", "ts", "lock", "client", "op", "fate")}
    if keep:
        base[keep] = event.get(keep, 5000 if keep == "ttl_ms" else 1)
    return base


def _line(event: dict, broker: str, ts: str | None = None) -> str:
    fields = {k: v for k, v in event.items() if k != "fate"}
    return json.dumps({**fields, "ts": ts or render(event["ts"], BROKERS[broker]), "broker": broker}, sort_keys=True)


def _bad_ts(rng: random.Random, ms: int, suffix: str) -> str:
    """A timestamp outside the agreed format (that some parsers still accept)."""
    good = render(ms, suffix)
    kind = rng.randrange(5)
    if kind == 0:
        return good.replace("T", " ")
    if kind == 1:
        return good[:19] + good[23:]  # no milliseconds
    if kind == 2:
        return good[:23]  # no offset
    if kind == 3:
        return good[:20] + good[20:23] + "000" + good[23:]  # microseconds
    return good[:8] + "32" + good[10:]  # day 32


def _corrupt(rng: random.Random, event: dict, broker: str) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        text = _line(event, broker)
        return text[: len(text) * 2 // 3]
    broken = json.loads(_line(event, broker))
    if kind == 1:
        broken["op"] = "steal"
    elif kind == 2:
        broken["ts"] = event["ts"]  # epoch milliseconds as a number
    elif kind == 3:
        broken.pop("client")
    elif kind == 4 and "ttl_ms" in broken:
        broken["ttl_ms"] = float(broken["ttl_ms"])
    else:
        broken["lock"] = None
    return json.dumps(broken, sort_keys=True)


def _drift(rng: random.Random, event: dict) -> dict:
    """A re-delivery whose broker changed the content: a rewritten timestamp, TTL or token."""
    copy = dict(event)
    if "ttl_ms" in copy and rng.random() < 0.3:
        copy["ttl_ms"] += rng.choice([1000, -1000, 5000])
    elif "token" in copy and rng.random() < 0.3:
        copy["token"] += 1
    else:
        copy["ts"] += rng.randrange(1, 5000)
    return copy


def generate(seed: int) -> list[str]:
    rng = random.Random(seed)
    sim = _Sim(rng)
    ts = BASE_TS
    for _ in range(N_STEPS):
        ts += rng.choice([20, 60, 150, 400, 700, 1200])
        ending = [(st["expires"], lock) for lock, st in sim.state.items() if st["holder"] and st["expires"] > ts]
        if ending and rng.random() < 0.06:  # someone acts exactly when a lease ends
            ts, lock = min(ending)
            sim.step(ts, lock)
        else:
            sim.step(ts)
    # The feed ends exactly when one lease ends, with an event on another lock.
    ending = sorted((st["expires"], lock) for lock, st in sim.state.items() if st["holder"] and st["expires"] > ts)
    if ending:
        sim.step(ending[0][0], rng.choice([lock for lock in LOCKS if lock != ending[0][1]]))
    events = [_fix_fields(e) for e in sim.events]
    brokers = sorted(BROKERS)
    # Brokers deliver with up to ~3 s of skew.
    keyed = sorted((e["ts"] + rng.randrange(0, 3000), i) for i, e in enumerate(events))
    out: list[str] = []
    pending: list[tuple[int, str]] = []
    for index, (_, i) in enumerate(keyed):
        event, broker = events[i], rng.choice(brokers)
        if event["fate"] == "bad_ts":  # only ever delivered with a timestamp outside the format: the event is lost
            out.append(_line(event, broker, _bad_ts(rng, event["ts"], BROKERS[broker])))
            continue
        out.append(_line(event, broker))
        if rng.random() < 0.012:  # a broker's mangled copy; the original still arrives
            out.append(_corrupt(rng, event, rng.choice(brokers)))
        if event["fate"] == "conflict":
            pending.append((index + rng.randrange(1, 40), _line(_drift(rng, event), rng.choice(brokers))))
        elif rng.random() < 0.05:  # re-delivered, often by another broker in another offset
            pending.append((index + rng.randrange(1, 40), _line(event, rng.choice(brokers))))
        out.extend(text for at, text in pending if at == index)
        pending = [(at, text) for at, text in pending if at != index]
    out.extend(text for _, text in pending)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "lease_events.jsonl", "w", encoding="utf-8", newline="\n") as fh:
        fh.writelines(line + "\n" for line in generate(args.seed))


if __name__ == "__main__":
    main()
