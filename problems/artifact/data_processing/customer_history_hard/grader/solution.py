"""Author's solution: SCD2 versions from the CDC feed, one commit (same instant) at a time per customer."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from itertools import groupby
from pathlib import Path

TRACKED = ("email", "tier", "country")


def _utc(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(timezone.utc)


def _fmt(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def solve(scratch_dir: Path) -> str:
    by_lsn = {}
    for line in (scratch_dir / "changes.jsonl").read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        by_lsn.setdefault(event["lsn"], event)
    per_id: dict[int, list[dict]] = {}
    for lsn in sorted(by_lsn):
        per_id.setdefault(by_lsn[lsn]["id"], []).append(by_lsn[lsn])
    rows = []
    for cid in sorted(per_id):
        versions: list[list] = []  # [values, valid_from, valid_to]
        state = None
        for moment, commit in groupby(per_id[cid], key=lambda e: _utc(e["commit_ts"])):
            last = list(commit)[-1]
            after = None if last["op"] == "delete" else tuple(last["after"][k] for k in TRACKED)
            if state is not None and after != state:
                versions[-1][2] = moment
            if after is not None and after != state:
                versions.append([after, moment, None])
            state = after
        for n, (values, start, end) in enumerate(versions, 1):
            rows.append([str(cid), str(n), *values, _fmt(start), _fmt(end) if end else "",
                         "true" if end is None else "false"])
    header = "id,version,email,tier,country,valid_from,valid_to,is_current\n"
    return header + "".join(",".join(r) + "\n" for r in rows)
