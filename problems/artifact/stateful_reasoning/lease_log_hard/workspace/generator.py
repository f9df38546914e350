"""Writes lease_events.jsonl: a lock-service audit feed as collected from several brokers.

Standard library only; deterministic from --seed. Clients acquire, renew, write under fencing tokens and
release leases; some act on expired leases (GC pauses), race for the same lock in the same millisecond or
send bad TTLs. Collection reorders lines by a few seconds, re-delivers some (a few with drifted content)
and adds a handful of mangled copies.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

LOCKS = ["billing/ledger-writer", "cron/leader", "search/reindex", "shard-03/primary", "shard-11/primary"]
CLIENTS = ["api-1", "api-2", "batch-7", "worker-a", "worker-b", "worker-c"]
BASE_TS = 1767261600000
N_STEPS = 1500


class _Sim:
    """The generator's own view of each lock, used only to make plausible traffic."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.state = {lock: {"holder": None, "token": 0, "expires": 0, "old": None} for lock in LOCKS}
        self.ids: set[str] = set()
        self.events: list[dict] = []

    def event_id(self) -> str:
        while True:
            candidate = f"ev-{self.rng.getrandbits(32):08x}"
            if candidate not in self.ids:
                self.ids.add(candidate)
                return candidate

    def emit(self, ts: int, lock: str, client: str, op: str, **extra: int) -> None:
        self.events.append({"event_id": self.event_id(), "ts": ts, "lock": lock, "client": client, "op": op, **extra})

    def ttl(self) -> int:
        if self.rng.random() < 0.02:
            return self.rng.choice([0, -500, 90000, 120000])
        return self.rng.choice([2000, 4000, 5000, 8000, 10000])

    def step(self, ts: int) -> None:
        rng = self.rng
        lock = rng.choice(LOCKS)
        st = self.state[lock]
        client = rng.choice(CLIENTS)
        held = st["holder"] is not None and ts < st["expires"]
        if not held:
            ttl = self.ttl()
            self.emit(ts, lock, client, "acquire", ttl_ms=ttl)
            if rng.random() < 0.08:  # a competitor in the same millisecond; the smaller event_id goes first
                rival, rival_ttl = rng.choice([c for c in CLIENTS if c != client]), self.ttl()
                self.emit(ts, lock, rival, "acquire", ttl_ms=rival_ttl)
                if self.events[-1]["event_id"] < self.events[-2]["event_id"] and 1 <= rival_ttl <= 60000:
                    client, ttl = rival, rival_ttl
                elif not 1 <= ttl <= 60000:
                    client, ttl = rival, rival_ttl
            if 1 <= ttl <= 60000:
                st["old"] = (st["holder"], st["token"]) if st["holder"] else st["old"]
                st.update(holder=client, token=st["token"] + 1, expires=ts + ttl)
            return
        holder = st["holder"]
        roll = rng.random()
        if roll < 0.45:
            token = st["token"] if rng.random() < 0.93 else st["token"] - 1
            self.emit(ts, lock, holder, "write", token=token)
        elif roll < 0.65:
            ttl = self.ttl()
            self.emit(ts, lock, holder, "renew", ttl_ms=ttl)
            if 1 <= ttl <= 60000:
                st["expires"] = ts + ttl
        elif roll < 0.75:
            self.emit(ts, lock, holder, "release")
            st.update(holder=None, old=(holder, st["token"]))
        elif roll < 0.87 and st["old"]:
            old_client, old_token = st["old"]  # a paused former holder wakes up
            self.emit(ts, lock, old_client, rng.choice(["write", "renew", "release"]),
                      **({"token": old_token} if rng.random() < 0.7 else {"ttl_ms": 5000}))
        else:
            other = rng.choice(CLIENTS)
            self.emit(ts, lock, other, rng.choice(["acquire", "release", "write"]),
                      **{"ttl_ms": 5000, "token": st["token"]})


def _fix_fields(event: dict) -> dict:
    """Keep only the field each op carries (the simulator sometimes offers both)."""
    keep = {"acquire": "ttl_ms", "renew": "ttl_ms", "write": "token", "release": None}[event["op"]]
    base = {k: event[k] for k in ("event_id", "ts", "lock", "client", "op")}
    if keep:
        base[keep] = event.get(keep, 5000 if keep == "ttl_ms" else 1)
    return base


def _corrupt(rng: random.Random, event: dict) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        text = json.dumps(event, sort_keys=True)
        return text[: len(text) * 2 // 3]
    broken = dict(event)
    if kind == 1:
        broken["op"] = "steal"
    elif kind == 2:
        broken["ts"] = str(broken["ts"])
    else:
        broken.pop("client")
    return json.dumps(broken, sort_keys=True)


def generate(seed: int) -> list[str]:
    rng = random.Random(seed)
    sim = _Sim(rng)
    ts = BASE_TS
    for _ in range(N_STEPS):
        ts += rng.choice([40, 150, 400, 900, 1500, 2500, 3500])
        sim.step(ts)
    events = [_fix_fields(e) for e in sim.events]
    # Brokers deliver with up to ~3 s of skew.
    keyed = sorted((e["ts"] + rng.randrange(0, 3000), i) for i, e in enumerate(events))
    lines = [json.dumps(events[i], sort_keys=True) for _, i in keyed]
    out: list[str] = []
    pending: list[tuple[int, str]] = []
    for index, line in enumerate(lines):
        out.append(line)
        if rng.random() < 0.012:  # a broker's mangled copy; the original still arrives
            out.append(_corrupt(rng, json.loads(line)))
        if rng.random() < 0.04:
            copy = json.loads(line)
            if rng.random() < 0.15:  # a re-delivery whose broker rewrote the timestamp
                copy["ts"] += rng.randrange(1, 5000)
            pending.append((index + rng.randrange(1, 40), json.dumps(copy, sort_keys=True)))
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
