"""Author's solution: SCD2 versions from the CDC feed, one commit (same instant) at a time per customer,
with patch updates, upsert inserts, ignored updates of absent customers, normalized e-mails, truncated
millisecond timestamps and RFC 4180 quoting."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timezone
from itertools import groupby
from pathlib import Path

TRACKED = ("name", "email", "tier", "country")
HEADER = ("id", "version", *TRACKED, "valid_from", "valid_to", "is_current")


def _utc(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(timezone.utc)


def _fmt(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def _tracked(after: dict) -> dict:
    out = {k: after[k] for k in TRACKED if k in after}
    if isinstance(out.get("email"), str):
        out["email"] = out["email"].strip(" ").lower()
    return out


def solve(scratch_dir: Path) -> str:
    by_lsn = {}
    for line in (scratch_dir / "changes.jsonl").read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        by_lsn.setdefault(event["lsn"], event)
    per_id: dict[int, list[dict]] = {}
    for lsn in sorted(by_lsn):
        per_id.setdefault(by_lsn[lsn]["id"], []).append(by_lsn[lsn])
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(HEADER)
    for cid in sorted(per_id):
        versions: list[list] = []  # [values, valid_from, valid_to]
        state: dict | None = None
        for moment, commit in groupby(per_id[cid], key=lambda e: _utc(e["commit_ts"])):
            before = state
            for event in commit:
                if event["op"] == "insert":
                    state = _tracked(event["after"])
                elif event["op"] == "update" and state is not None:
                    state = {**state, **_tracked(event["after"])}
                elif event["op"] == "delete":
                    state = None
            if before is not None and state != before:
                versions[-1][2] = moment
            if state is not None and state != before:
                versions.append([state, moment, None])
        for n, (values, start, end) in enumerate(versions, 1):
            writer.writerow([cid, n, *("" if values[k] is None else values[k] for k in TRACKED), _fmt(start),
                             _fmt(end) if end else "", "true" if end is None else "false"])
    return buffer.getvalue()
