"""Author's solution: per-series hourly counter increases with reset handling and stale-gap exclusion."""

from __future__ import annotations

import json
import math
from pathlib import Path


def _valid(r: object) -> bool:
    return (isinstance(r, dict) and isinstance(r.get("series"), str) and r["series"] != ""
            and type(r.get("ts")) is int and type(r.get("value")) in (int, float)
            and math.isfinite(r["value"]) and r["value"] >= 0)


def solve(scratch_dir: Path) -> str:
    series: dict[str, dict[int, float]] = {}
    for line in (scratch_dir / "samples.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if _valid(r):
            series.setdefault(r["series"], {}).setdefault(r["ts"], r["value"])
    out = []
    for name in sorted(series):
        samples = sorted(series[name].items())
        buckets: dict[int, list] = {}
        for (pt, pv), (ct, cv) in zip(samples, samples[1:]):
            if ct - pt > 300:
                continue
            b = buckets.setdefault(ct - ct % 3600, [0.0, 0, 0])
            b[0] += cv - pv if cv >= pv else cv
            b[1] += 1
            b[2] += cv < pv
        for bucket in sorted(buckets):
            inc, pairs, resets = buckets[bucket]
            out.append({"series": name, "bucket": bucket, "increase": inc, "pairs": pairs, "resets": resets})
    return "".join(json.dumps(r) + "\n" for r in out)
