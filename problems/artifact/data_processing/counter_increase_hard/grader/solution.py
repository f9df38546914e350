"""Author's solution: per-series hourly counter increases with clock corrections, label-set identity,
first-valid-sample dedupe, start-time and value-drop resets, and stale-gap exclusion."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

_SERIES = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\{([A-Za-z_][A-Za-z0-9_]*=[^,{}=]+(?:,[A-Za-z_][A-Za-z0-9_]*=[^,{}=]+)*)\}$")


def _reject_constant(name: str) -> float:
    raise ValueError(name)


def _canonical(series: object) -> str | None:
    if not isinstance(series, str):
        return None
    m = _SERIES.match(series)
    if not m:
        return None
    pairs = [p.split("=", 1) for p in m.group(2).split(",")]
    if len({k for k, _ in pairs}) != len(pairs):
        return None
    return m.group(1) + "{" + ",".join(f"{k}={v}" for k, v in sorted(pairs)) + "}"


def _valid(r: object) -> bool:
    return (isinstance(r, dict) and _canonical(r.get("series")) is not None
            and type(r.get("ts")) is int and type(r.get("value")) in (int, float)
            and math.isfinite(r["value"]) and r["value"] >= 0
            and isinstance(r.get("collector"), str) and r["collector"] != ""
            and ("start" not in r or type(r["start"]) is int))


def solve(scratch_dir: Path) -> str:
    corrections = json.loads((scratch_dir / "clock_corrections.json").read_text(encoding="utf-8"))
    series: dict[str, dict[int, tuple[float, int | None]]] = {}
    for line in (scratch_dir / "samples.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            r = json.loads(line, parse_constant=_reject_constant)
        except ValueError:
            continue
        if not _valid(r):
            continue
        ts = r["ts"]
        for c in corrections:
            if c["collector"] == r["collector"] and c["from"] <= r["ts"] < c["to"]:
                ts = r["ts"] + c["offset"]
                break
        series.setdefault(_canonical(r["series"]), {}).setdefault(ts, (r["value"], r.get("start")))
    out = []
    for name in sorted(series):
        samples = sorted(series[name].items())
        buckets: dict[int, list] = {}
        for (pt, (pv, ps)), (ct, (cv, cs)) in zip(samples, samples[1:]):
            if ct - pt > 300:
                continue
            reset = cv < pv or (ps is not None and cs is not None and ps != cs)
            b = buckets.setdefault(ct - ct % 3600, [0.0, 0, 0])
            b[0] += cv if reset else cv - pv
            b[1] += 1
            b[2] += reset
        for bucket in sorted(buckets):
            inc, pairs, resets = buckets[bucket]
            out.append({"series": name, "bucket": bucket, "increase": inc, "pairs": pairs, "resets": resets})
    return "".join(json.dumps(r) + "\n" for r in out)
