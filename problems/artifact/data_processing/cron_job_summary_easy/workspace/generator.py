"""Writes runs.jsonl: two weeks of scheduler run records for ~14 jobs, shuffled.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

JOBS = {  # name: (runs per day, typical seconds, failure probability)
    "nightly-backup": (1, 2400, 0.05), "rotate-logs": (4, 40, 0.01), "sync-crm": (24, 95, 0.08),
    "rebuild-search-index": (2, 1500, 0.1), "expire-sessions": (48, 12, 0.0), "send-digest-email": (1, 700, 0.04),
    "refresh-exchange-rates": (24, 8, 0.12), "compact-kafka-topics": (3, 420, 0.02), "billing-export": (1, 3300, 0.07),
    "prune-docker-images": (2, 260, 0.15), "warm-cache": (12, 55, 0.03), "gdpr-erasure": (1, 180, 0.2),
    "cert-expiry-check": (6, 4, 0.0), "reindex-analytics": (1, 5000, 0.25),
}
HOSTS = [f"worker-{n}" for n in range(1, 9)]
START = datetime(2026, 3, 2, tzinfo=timezone.utc)
END = START + timedelta(days=14)


def _fmt(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    runs = []
    for job, (per_day, typical, fail_p) in JOBS.items():
        step = timedelta(seconds=86400 // per_day)
        moment = START + timedelta(seconds=rng.randrange(int(step.total_seconds())))
        while moment < END:
            started = moment + timedelta(seconds=rng.randint(0, 9))
            seconds = max(1, int(rng.lognormvariate(0, 0.35) * typical))
            finished = started + timedelta(seconds=seconds)
            if started > END - timedelta(hours=3) and rng.random() < 0.6:
                record = {"finished_at": None, "exit_code": None}
            else:
                failed = rng.random() < fail_p
                code = rng.choice((1, 2, 137, 143, 255)) if failed else 0
                record = {"finished_at": _fmt(finished), "exit_code": code}
            runs.append({"run_id": "", "job": job, "host": rng.choice(HOSTS), "started_at": _fmt(started), **record})
            moment += step
    rng.shuffle(runs)
    for n, run in enumerate(runs, 1):
        run["run_id"] = f"r{n:06d}"
    out = args.output_dir / "runs.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="\n") as handle:
        for run in runs:
            handle.write(json.dumps(run) + "\n")


if __name__ == "__main__":
    main()
