"""Writes events.jsonl: lifecycles of ~450 orders (happy paths, cancels, partial and full refunds) with
planted violations of every rule, boundary timings, identical redeliveries and file-order shuffling.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

T0 = datetime(2026, 1, 5, tzinfo=timezone.utc)
DAY = timedelta(days=1)


def _lifecycle(rng: random.Random) -> list[dict]:
    total = rng.choice((999, 2500, 4999, 12000, 35050, rng.randint(100, 90000)))
    t = T0 + timedelta(seconds=rng.randrange(40 * 86400))
    ev = [{"type": "create", "amount": total, "ts": t}]
    def step(kind, gap, amount=None):
        nonlocal t
        t = t + gap
        e = {"type": kind, "ts": t}
        if amount is not None:
            e["amount"] = amount
        ev.append(e)
    path = rng.random()
    step("authorize", timedelta(minutes=rng.randint(1, 90)), total)
    if path < 0.1:
        step("cancel", timedelta(hours=rng.randint(1, 48)))
        return ev
    capture_gap = rng.choice((timedelta(hours=2), timedelta(days=3), 7 * DAY, 7 * DAY + timedelta(seconds=1),
                              timedelta(hours=20)))
    captured = total if rng.random() < 0.85 else total - rng.randint(1, max(1, total // 3))
    step("capture", capture_gap, captured)
    if rng.random() < 0.9:
        step("ship", timedelta(hours=rng.randint(2, 72)))
        step("deliver", timedelta(days=rng.randint(1, 6)))
    roll = rng.random()
    if roll < 0.35:
        left = captured
        for _ in range(rng.randint(1, 3)):
            part = rng.choice((left, max(1, left // 2), rng.randint(1, max(1, left))))
            step("refund", rng.choice((timedelta(days=rng.randint(1, 20)), 30 * DAY, 30 * DAY + timedelta(seconds=1))),
                 part)
            left -= part
            if left <= 0:
                break
    return ev


def _break(rng: random.Random, ev: list[dict]) -> None:
    kind = rng.randrange(8)
    i = rng.randrange(1, len(ev))
    if kind == 0:
        ev[i]["ts"] = ev[i - 1]["ts"] - timedelta(seconds=rng.choice((1, 60, 3600)))
    elif kind == 1:
        ev.insert(i, dict(ev[i], type=rng.choice(("ship", "deliver", "authorize", "capture"))))
    elif kind == 2 and "amount" in ev[1]:
        ev[1]["amount"] += rng.choice((1, -1, 100))
    elif kind == 3:
        ev.append(dict(ev[-1], type="refund", amount=ev[0]["amount"] + 1, ts=ev[-1]["ts"] + DAY))
    elif kind == 4:
        ev.append(dict(ev[-1], type=rng.choice(("ship", "refund", "cancel")), amount=1, ts=ev[-1]["ts"] + DAY))
    elif kind == 5:
        ev.pop(i)  # a gap in seq, renumbered below
        ev.append(None)
    elif kind == 6:
        ev[0], ev[1] = ev[1], ev[0]  # a first event that is not create (timestamps swapped too)
        ev[0]["ts"], ev[1]["ts"] = ev[1]["ts"], ev[0]["ts"]
    else:
        ev.append("conflict")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = []
    for oid in rng.sample(range(10000, 99999), 450):
        ev = _lifecycle(rng)
        if rng.random() < 0.35:
            _break(rng, ev)
        records, conflict, gap = [], ev[-1] == "conflict", ev[-1] is None
        ev = [e for e in ev if isinstance(e, dict)]
        for seq, e in enumerate(ev, 1):
            if gap and seq == len(ev):
                seq += 1
            rec = {"order": f"ORD-{oid}", "seq": seq, "ts": e["ts"].strftime("%Y-%m-%dT%H:%M:%SZ"), "type": e["type"]}
            if "amount" in e:
                rec["amount"] = e["amount"]
            records.append(rec)
        if conflict:
            twin = dict(rng.choice(records))
            twin["ts"] = (datetime.strptime(twin["ts"], "%Y-%m-%dT%H:%M:%SZ") + timedelta(seconds=5)).strftime(
                "%Y-%m-%dT%H:%M:%SZ")
            records.append(twin)
        for rec in list(records):
            if rng.random() < 0.05:
                records.append(dict(rec))  # an identical redelivery
        lines += [json.dumps(r) for r in records]
    for i in range(len(lines)):  # consumers interleave: local shuffles
        j = min(len(lines) - 1, i + rng.randint(0, 30))
        lines[i], lines[j] = lines[j], lines[i]
    out = args.output_dir / "events.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
