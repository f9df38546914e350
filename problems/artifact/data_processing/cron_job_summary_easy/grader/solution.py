"""Author's solution: per-job run counts and durations from runs.jsonl."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from pathlib import Path

HEADER = ["job", "runs", "succeeded", "failed", "running", "total_seconds", "max_seconds", "failure_rate"]


def _ts(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")


def solve(scratch_dir: Path) -> str:
    stats: dict[str, dict] = {}
    for line in (scratch_dir / "runs.jsonl").read_text(encoding="utf-8").splitlines():
        run = json.loads(line)
        s = stats.setdefault(run["job"], {"runs": 0, "ok": 0, "bad": 0, "running": 0, "durations": []})
        s["runs"] += 1
        if run["finished_at"] is None:
            s["running"] += 1
            continue
        s["ok" if run["exit_code"] == 0 else "bad"] += 1
        s["durations"].append(int((_ts(run["finished_at"]) - _ts(run["started_at"])).total_seconds()))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for job in sorted(stats):
        s = stats[job]
        rate = f"{s['bad'] / (s['ok'] + s['bad']):.4f}"
        writer.writerow([job, s["runs"], s["ok"], s["bad"], s["running"], sum(s["durations"]),
                         max(s["durations"]), rate])
    return out.getvalue()
