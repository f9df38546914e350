"""Writes events.jsonl and clock_corrections.json: lifecycles of ~480 orders (happy paths, cancels,
re-authorizations, partial captures, partial and full refunds) with planted violations of every rule,
boundary timings to the millisecond, lines written by consumers in different UTC offsets (some with a wrong
clock for a while), identical and re-serialized redeliveries, and file-order shuffling.

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
MS = timedelta(milliseconds=1)
SOURCES = {"eu-1": 60, "eu-2": 120, "us-1": -300, "us-2": -240, "ap-1": 330, "ap-2": 540, "core": 0}  # UTC offsets
# (source, from, to, correction): between from (inclusive) and to (exclusive) on the source's own clock, the
# true instant is the written one plus the correction
CORRECTIONS = (
    ("us-1", datetime(2026, 1, 20, tzinfo=timezone.utc), datetime(2026, 1, 30, tzinfo=timezone.utc), timedelta(seconds=-90)),
    ("ap-2", datetime(2026, 2, 3, 6, tzinfo=timezone.utc), datetime(2026, 2, 20, tzinfo=timezone.utc), timedelta(milliseconds=2500)),
    ("eu-2", datetime(2026, 2, 25, tzinfo=timezone.utc), datetime(2026, 3, 12, 18, tzinfo=timezone.utc), timedelta(hours=1)),
    ("us-1", datetime(2026, 3, 1, tzinfo=timezone.utc), datetime(2026, 3, 9, tzinfo=timezone.utc), timedelta(minutes=-7)),
)


def _fmt(t: datetime, offset: int, zulu: bool = True) -> str:
    local = t.astimezone(timezone(timedelta(minutes=offset)))
    text = local.strftime("%Y-%m-%dT%H:%M:%S")
    if local.microsecond:
        text += f".{local.microsecond // 1000:03d}"
    if offset == 0 and zulu:
        return text + "Z"
    sign = "+" if offset >= 0 else "-"
    return text + f"{sign}{abs(offset) // 60:02d}:{abs(offset) % 60:02d}"


def _written(source: str, t: datetime) -> datetime | None:
    """What the source's clock showed at true instant t; None when that reading would be ambiguous (a reading
    inside a correction window that needs no correction)."""
    for name, start, end, fix in CORRECTIONS:
        if name == source and start <= t - fix < end:
            return t - fix
    for name, start, end, _ in CORRECTIONS:
        if name == source and start <= t < end:
            return None
    return t


def _line(rng: random.Random, rec: dict, avoid: str | None = None) -> dict:
    while True:
        source = rng.choice([s for s in SOURCES if s != avoid])
        written = _written(source, rec["ts"])
        if written is not None:
            offset = SOURCES[source] if rng.random() < 0.85 else 0
            return dict(rec, ts=_fmt(written, offset, rng.random() < 0.8), source=source)


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

    step("authorize", timedelta(minutes=rng.randint(1, 90)), total)
    path = rng.random()
    if path < 0.08:
        step("cancel", timedelta(hours=rng.randint(1, 48)))
        return ev
    if path < 0.2:  # the authorization is renewed before it would lapse
        step("authorize", rng.choice((timedelta(days=5), timedelta(days=6, hours=23))), total)
        if rng.random() < 0.2:
            step("cancel", timedelta(hours=rng.randint(1, 48)))
            return ev
        capture_gap = rng.choice((timedelta(days=2), timedelta(days=6), 7 * DAY, 7 * DAY + 250 * MS))
    else:
        capture_gap = rng.choices((timedelta(hours=2), timedelta(days=3), timedelta(hours=20), 7 * DAY,
                                   7 * DAY + 500 * MS, 7 * DAY - 250 * MS, 7 * DAY + timedelta(seconds=1)),
                                  (4, 4, 4, 1, 1, 1, 1))[0]
    captured = total if rng.random() < 0.8 else total - rng.randint(1, max(1, total // 3))
    if rng.random() < 0.2 and captured > 1:  # split shipments: two partial captures
        first = rng.randint(1, captured - 1)
        step("capture", capture_gap, first)
        step("capture", rng.choice((timedelta(hours=5), timedelta(days=1))), captured - first)
    else:
        step("capture", capture_gap, captured)
    if rng.random() < 0.88:
        step("ship", timedelta(hours=rng.randint(2, 72), milliseconds=rng.randrange(1000)))
        step("deliver", timedelta(days=rng.randint(1, 6)))
    if rng.random() < 0.4:
        left = captured
        for _ in range(rng.randint(1, 3)):
            part = rng.choice((left, max(1, left // 2), rng.randint(1, max(1, left))))
            step("refund", rng.choice((timedelta(days=rng.randint(1, 20)), 30 * DAY, 30 * DAY + MS,
                                       30 * DAY - MS, 30 * DAY + timedelta(seconds=1))), part)
            left -= part
            if left <= 0:
                break
    return ev


def _break(rng: random.Random, ev: list[dict]) -> None:
    kind = rng.randrange(10)
    i = rng.randrange(1, len(ev))
    if kind == 0:  # a late event: earlier than the one before it, sometimes by one millisecond
        ev[i]["ts"] = ev[i - 1]["ts"] - rng.choice((MS, timedelta(seconds=1), timedelta(minutes=30),
                                                    timedelta(hours=3)))
    elif kind == 1:
        kind = rng.choice(("ship", "deliver", "authorize", "capture", "create"))
        extra = {"ts": ev[i]["ts"], "type": kind}
        if kind in ("authorize", "capture", "create"):
            extra["amount"] = ev[0]["amount"]
        ev.insert(i, extra)
    elif kind == 2:
        ev[1]["amount"] += rng.choice((1, -1, 100))
    elif kind == 3:
        caps = sum(e.get("amount", 0) for e in ev if e["type"] == "capture")
        ev.append(dict(ev[-1], type="refund", amount=caps + rng.choice((0, 1)), ts=ev[-1]["ts"] + DAY))
    elif kind == 4:
        kind = rng.choice(("ship", "refund", "cancel", "capture"))
        extra = {"type": kind, "ts": ev[-1]["ts"] + DAY}
        if kind in ("refund", "capture"):
            extra["amount"] = 1
        ev.append(extra)
    elif kind == 5:
        ev.pop(i)  # a gap in seq, renumbered below
        ev.append(None)
    elif kind == 6:
        ev[0], ev[1] = ev[1], ev[0]  # a first event that is not create (timestamps swapped too)
        ev[0]["ts"], ev[1]["ts"] = ev[1]["ts"], ev[0]["ts"]
    elif kind == 7:
        ev.append("conflict")
    elif kind == 8:  # a zero amount
        amounted = [e for e in ev[1:] if e["type"] in ("capture", "refund")]
        if amounted:
            rng.choice(amounted)["amount"] = 0
        else:
            ev.append(dict(ev[-1], type="refund", amount=0, ts=ev[-1]["ts"] + DAY))
    else:  # a second capture beyond the order total, while still allowed
        caps = [n for n, e in enumerate(ev) if e["type"] == "capture"]
        if caps:
            n = caps[-1]
            ev.insert(n + 1, {"type": "capture", "ts": ev[n]["ts"] + timedelta(hours=1),
                              "amount": ev[0]["amount"] - sum(ev[c]["amount"] for c in caps) + rng.choice((0, 1))})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = []
    for oid in rng.sample(range(10000, 99999), 480):
        ev = _lifecycle(rng)
        if rng.random() < 0.4:
            _break(rng, ev)
        conflict, gap = ev[-1] == "conflict", ev[-1] is None
        ev = [e for e in ev if isinstance(e, dict)]
        records = []
        for seq, e in enumerate(ev, 1):
            if gap and seq == len(ev):
                seq += 1
            rec = {"order": f"ORD-{oid}", "seq": seq, "ts": e["ts"], "type": e["type"]}
            if "amount" in e:
                rec["amount"] = e["amount"]
            records.append(rec)
        if conflict:
            twin = dict(rng.choice(records))
            if rng.random() < 0.5:
                twin["ts"] = twin["ts"] + timedelta(seconds=5)
            else:
                twin["type"] = "cancel" if twin["type"] != "cancel" else "ship"
                twin.pop("amount", None)
            records.append(twin)
        out = []
        for rec in records:
            out.append(_line(rng, rec))
            if rng.random() < 0.06:  # a redelivery: the same line again, or the event as another consumer wrote it
                out.append(dict(out[-1]) if rng.random() < 0.4 else _line(rng, rec, out[-1]["source"]))
        lines += [json.dumps(r) for r in out]
    for i in range(len(lines)):  # consumers interleave: local shuffles
        j = min(len(lines) - 1, i + rng.randint(0, 30))
        lines[i], lines[j] = lines[j], lines[i]
    path = args.output_dir / "events.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    fixes = [{"source": name, "from": _fmt(start, 0), "to": _fmt(end, 0),
              "correction_ms": int(fix / timedelta(milliseconds=1))} for name, start, end, fix in CORRECTIONS]
    (args.output_dir / "clock_corrections.json").write_text(json.dumps(fixes, indent=1) + "\n", encoding="utf-8",
                                                             newline="\n")


if __name__ == "__main__":
    main()
