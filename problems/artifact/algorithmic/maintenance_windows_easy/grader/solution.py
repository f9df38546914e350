"""Author's solution: merge overlapping or touching half-open windows per host."""

from __future__ import annotations

import csv
import json
from datetime import datetime
from pathlib import Path

FMT = "%Y-%m-%d %H:%M"


def solve(scratch_dir: Path) -> str:
    per_host: dict[str, list[tuple[datetime, datetime]]] = {}
    with (scratch_dir / "maintenance.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            begin, end = datetime.strptime(row["start"], FMT), datetime.strptime(row["end"], FMT)
            if end > begin:
                per_host.setdefault(row["host"], []).append((begin, end))
    hosts = []
    for host in sorted(per_host):
        merged: list[list[datetime]] = []
        for begin, end in sorted(per_host[host]):
            if merged and begin <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([begin, end])
        minutes = sum(int((e - b).total_seconds()) // 60 for b, e in merged)
        hosts.append({"host": host, "total_minutes": minutes,
                      "windows": [[b.strftime(FMT), e.strftime(FMT)] for b, e in merged]})
    return json.dumps({"hosts": hosts}, indent=1) + "\n"
