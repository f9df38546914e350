"""Writes changes.jsonl: a month of CDC changes of ~160 customers, redelivered and out of order. Inserts
carry the whole row, updates only the changed columns (a column set to null is a change; an absent one is
not). The feed has untracked-only updates, e-mail changes that only differ in case or padding, names that
need CSV quoting, multi-change commits (some undone within the commit), deletes (some inserted again in
the same commit), late updates and deletes of deleted customers, inserts of customers that already exist,
and commit times written with varying UTC offsets and 0, 3 or 6 fractional digits.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

TIERS = ("free", "bronze", "silver", "gold", "platinum")
COUNTRIES = ("DE", "FR", "PT", "US", "JP", "BR", "IN", "NG", "SE", "PL")
FIRST = ("Ana", "Bo", "Chidi", "Dana", "Émile", "Fumiko", "Gus", "Hanna", "Ivo", "Jun")
LAST = ("Silva", "O'Brien", "Müller", "Nakamura", "Okafor", "Berg", "Kowalski", "Dupont")
OFFSETS = (0, 0, 60, 120, -300, 330, -180)
T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _stamp(moment: datetime, rng: random.Random) -> str:
    offset = timedelta(minutes=rng.choice(OFFSETS))
    local = (moment + offset).replace(tzinfo=None)
    text = local.strftime("%Y-%m-%dT%H:%M:%S")
    if local.microsecond % 1000:
        text += f".{local.microsecond:06d}"
    elif local.microsecond or rng.random() < 0.5:
        text += rng.choice((f".{local.microsecond // 1000:03d}", f".{local.microsecond:06d}"))
    if not offset:
        return text + rng.choice(("Z", "+00:00"))
    sign = "+" if offset > timedelta(0) else "-"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"{text}{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def _name(rng: random.Random) -> str:
    name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    roll = rng.random()
    if roll < 0.15:
        name = f"{rng.choice(LAST)}, {rng.choice(FIRST)}"  # a comma: the field must be quoted
    elif roll < 0.22:
        name = f'{rng.choice(FIRST)} "{rng.choice(("Bobby", "Kiki", "Lu"))}" {rng.choice(LAST)}'
    return name


def _email(cid: int, rng: random.Random, n: int = 0) -> str:
    return f"{'user' if n == 0 else f'u{n}.'}{cid}@{rng.choice(('example.org', 'example.com'))}"


def _noisy(email: str, rng: random.Random) -> str:
    """The same address as an application may write it: other case, padded with spaces."""
    roll = rng.random()
    if roll < 0.4:
        return email.upper()
    if roll < 0.7:
        return email.capitalize()
    return " " * rng.randint(1, 2) + email + " " * rng.randint(0, 2)


def _row(rng: random.Random, cid: int, login: datetime) -> dict:
    return {"name": _name(rng), "email": _email(cid, rng), "tier": rng.choice(TIERS),
            "country": rng.choice(COUNTRIES) if rng.random() < 0.9 else None,
            "last_login": login.strftime("%Y-%m-%dT%H:%M:%SZ")}


def _moment(rng: random.Random, moment: datetime) -> datetime:
    roll = rng.random()
    if roll < 0.35:
        return moment.replace(microsecond=rng.randrange(10**6))  # a sub-millisecond commit time
    if roll < 0.45:
        return moment.replace(microsecond=0)
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def _commits(rng: random.Random, cid: int) -> list[tuple[datetime, list[tuple[str, dict | None]]]]:
    moment = _moment(rng, T0 + timedelta(milliseconds=rng.randrange(5 * 86400 * 1000)))
    row = _row(rng, cid, moment)
    commits = [(moment, [("insert", dict(row))])]
    alive, renames = True, 0
    while True:
        moment = _moment(rng, moment + timedelta(milliseconds=rng.randrange(3600 * 1000, 4 * 86400 * 1000)))
        if moment > T0 + timedelta(days=31):
            return commits
        changes: list[tuple[str, dict | None]] = []
        before = dict(row)
        for _ in range(rng.choice((1, 1, 1, 1, 2, 3))):
            roll = rng.random()
            if not alive:
                if roll < 0.45:
                    row = _row(rng, cid, moment)
                    changes.append(("insert", dict(row)))
                    alive = True
                elif roll < 0.6:  # a late update of a deleted customer: ignored
                    changes.append(("update", {"tier": rng.choice(TIERS)}))
                break
            patch: dict = {}
            if roll < 0.25:
                patch["last_login"] = moment.strftime("%Y-%m-%dT%H:%M:%SZ")  # untracked only
            elif roll < 0.42:
                patch["tier"] = rng.choice(TIERS)  # may be the same tier again
            elif roll < 0.5:
                patch["country"] = rng.choice(COUNTRIES) if row["country"] is None or rng.random() < 0.7 else None
            elif roll < 0.58:
                patch["email"] = _noisy(row["email"].strip().lower(), rng)  # the same address, written otherwise
            elif roll < 0.64:
                renames += 1
                patch["email"] = _email(cid, rng, renames)
            elif roll < 0.7:
                patch["name"] = _name(rng)
            elif roll < 0.78 and changes:
                patch = {k: v for k, v in before.items() if v != row[k]}  # undo within the commit
            elif roll < 0.84:
                # An insert of an existing customer replaces the whole row (often with the same values).
                if rng.random() < 0.5:
                    row = {**row, "last_login": moment.strftime("%Y-%m-%dT%H:%M:%SZ")}
                else:
                    row = {**row, "tier": rng.choice(TIERS)}
                changes.append(("insert", dict(row)))
                continue
            elif roll < 0.9:
                changes.append(("delete", None))
                alive = False
                if rng.random() < 0.25:  # deleted and inserted again in the same commit
                    row = dict(row) if rng.random() < 0.5 else _row(rng, cid, moment)
                    changes.append(("insert", dict(row)))
                    alive = True
                break
            else:
                patch["tier"] = rng.choice(TIERS)
                patch["last_login"] = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
            row.update(patch)
            if patch:
                changes.append(("update", patch))
        if changes:
            commits.append((moment, changes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    commits = []  # (utc moment, id, [(op, after)])
    ids = rng.sample(range(7, 2500), 158)
    for cid in ids[:150]:
        commits += [(moment, cid, changes) for moment, changes in _commits(rng, cid)]
    for cid in ids[150:]:  # customers deleted before this month: only late updates and deletes arrive
        moment = T0 + timedelta(milliseconds=rng.randrange(30 * 86400 * 1000))
        for _ in range(rng.randint(1, 3)):
            moment = _moment(rng, moment + timedelta(minutes=rng.randrange(1, 600)))
            op = rng.choice(("update", "update", "delete"))
            commits.append((moment, cid, [(op, {"tier": rng.choice(TIERS)} if op == "update" else None)]))
    commits.sort(key=lambda c: (c[0], c[1]))
    events, lsn = [], 1000
    for moment, cid, changes in commits:
        stamp = _stamp(moment, rng)
        for op, after in changes:
            lsn += rng.randint(1, 3)
            if op == "insert" and after is not None and rng.random() < 0.3:
                after = {**after, "email": _noisy(after["email"].strip().lower(), rng)}
            events.append({"lsn": lsn, "op": op, "id": cid, "commit_ts": stamp if rng.random() < 0.8 else
                           _stamp(moment, rng), "after": after})
    delivered = []
    for event in events:
        delivered.append(event)
        if rng.random() < 0.06:
            delivered.insert(len(delivered) + rng.randint(-40, 0), event)  # redelivery
    for i in range(0, len(delivered) - 1, 1):  # local reordering from parallel consumers
        if rng.random() < 0.3:
            j = min(len(delivered) - 1, i + rng.randint(1, 25))
            delivered[i], delivered[j] = delivered[j], delivered[i]
    out = args.output_dir / "changes.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="\n") as handle:
        for event in delivered:
            handle.write(json.dumps(event, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
