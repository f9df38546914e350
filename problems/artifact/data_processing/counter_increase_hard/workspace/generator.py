"""Writes samples.jsonl and clock_corrections.json: 12 hours of counter samples for 18 series from two
collectors, with restarts (some only visible through the process start time), collector outages, a
collector whose clock drifted in a few windows, label sets written in different orders, conflicting
duplicates, out-of-order merging and a few malformed lines.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

METRICS = ("http_requests_total", "jobs_done_total", "bytes_sent_total")
HOSTS = (("api-1", "api"), ("api-2", "api"), ("api-3", "api"), ("worker-1", "batch"), ("worker-2", "batch"),
         ("edge-1", "edge"))
T0 = 1767225600 + 7 * 3600
END = T0 + 12 * 3600


def _series_samples(rng: random.Random) -> list[tuple[int, float, int]]:
    """(true ts, value, process start) per scrape of one target."""
    value = float(rng.randint(0, 50000))
    rate = rng.uniform(0.5, 40)
    start = T0 - rng.randint(3600, 5 * 86400)
    out = []
    ts = T0 + rng.randint(0, 59)
    while ts < END:
        roll = rng.random()
        if roll < 0.005:
            start, value = ts - rng.randint(1, 50), float(rng.randint(0, 30))  # restart: the value drops
        elif roll < 0.009:
            # A restart whose new counter is already above the old one: only the start time shows it.
            start, value = ts - rng.randint(1, 50), value + rng.randint(1, 80) / 4
        else:
            value += round(rate * rng.uniform(0, 2) * 4) / 4  # multiples of 0.25: exact in binary
        out.append((ts, value, start))
        r = rng.random()
        if r < 0.01:
            ts += rng.choice((300, 301, 420, 900, 1800))  # an outage: exactly 300 s still counts
        elif r < 0.02:
            ts += 0 if out[-1][0] % 3600 > 3590 else 3600 - ts % 3600  # land exactly on an hour
        else:
            ts += rng.randint(55, 65)
    return out


def _skew_windows(rng: random.Random) -> list[tuple[int, int, int]]:
    """Collector b's clock errors: (true from, true to, offset) -- b wrote ts - offset."""
    windows, t = [], T0 + rng.randint(600, 3600)
    while t < END - 3600:
        length = rng.randint(40, 120) * 60
        windows.append((t, t + length, rng.choice((-1, 1)) * rng.randint(15, 45)))
        t += length + rng.randint(3600, 3 * 3600)
    return windows


def _bad(rng: random.Random, record: dict) -> str:
    kind = rng.randrange(12)
    bad = dict(record)
    if kind == 0:
        bad["value"] = str(bad["value"])
    elif kind == 1:
        bad["value"] = -bad["value"] - 1
    elif kind == 2:
        bad["ts"] = bad["ts"] + 0.5
    elif kind == 3:
        return json.dumps(bad).replace(f'"ts": {bad["ts"]}', f'"ts": {bad["ts"]}.0')
    elif kind == 4:
        bad["value"] = True
    elif kind == 5:
        del bad["series"]
    elif kind == 6:
        bad["value"] = float("inf")  # json.dumps writes Infinity, which is not JSON
    elif kind == 7:
        bad["start"] = str(bad.get("start", bad["ts"] - 7200))
    elif kind == 8:
        bad["series"] = bad["series"].rstrip("}")
    elif kind == 9:
        bad["series"] = bad["series"].split("{")[0] + "{}"
    elif kind == 10:
        del bad["collector"]
    else:
        return json.dumps(bad)[: rng.randint(5, 30)]
    return json.dumps(bad)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    windows = _skew_windows(rng)
    corrections = []  # raw-clock windows of collector b, filled from the samples it wrote
    b_raw: list[tuple[int, bool, bool]] = []  # (raw ts, skewed, also seen by a) of every b scrape
    collectors: dict[str, list[str]] = {"a": [], "b": []}
    for metric in METRICS:
        for host, job in HOSTS:
            labels = {"host": host, "job": job, "env": "prod"}
            canonical = ",".join(f"{k}={labels[k]}" for k in sorted(labels))
            shuffled = ",".join(f"{k}={labels[k]}" for k in ("job", "host", "env"))
            b_order = shuffled if host in ("worker-2", "edge-1") or metric == "jobs_done_total" and host == "api-3" \
                else canonical
            for ts, value, start in _series_samples(rng):
                seen_by = [c for c in "ab" if rng.random() < 0.6] or [rng.choice("ab")]
                for c in seen_by:
                    rec: dict = {"series": f"{metric}{{{canonical if c == 'a' else b_order}}}", "ts": ts,
                                 "value": value if rng.random() < 0.7 or not value.is_integer() else int(value),
                                 "collector": c}
                    if c == "a" and rng.random() < 0.9 or c == "b" and rng.random() < 0.3:
                        rec["start"] = start
                    if c == "b":
                        offset = next((o for lo, hi, o in windows if lo <= ts < hi), 0)
                        rec["ts"] = ts - offset
                        b_raw.append((rec["ts"], offset != 0, len(seen_by) == 2))
                        if len(seen_by) == 2 and rng.random() < 0.2:
                            rec["value"] = value + 0.25  # a scrape a moment later: a conflicting duplicate
                    collectors[c].append(_bad(rng, rec) if rng.random() < 0.005 else json.dumps(rec))
    for lo, hi, offset in windows:
        inside = [(raw, dup) for raw, skewed, dup in b_raw if skewed and lo <= raw + offset < hi]
        last = max(raw for raw, _ in inside)
        after = [raw for raw, skewed, dup in b_raw if not skewed and dup and raw >= last]
        # Both edges sit exactly on a scrape that collector a also saw, so reading the half-open window any
        # other way (an inclusive `to`, or testing the corrected time) leaves b's copy beside a's as an extra
        # sample: the window starts at a skewed scrape and ends at the first correct one after the window.
        corrections.append({"collector": "b", "from": min(raw for raw, dup in inside if dup),
                            "to": min(after) if after else last + 1, "offset": offset})
    lines = []
    while collectors["a"] or collectors["b"]:  # interleave chunks of the two collectors' outputs
        c = rng.choice("ab") if collectors["a"] and collectors["b"] else ("a" if collectors["a"] else "b")
        k = rng.randint(1, 200)
        lines += collectors[c][:k]
        del collectors[c][:k]
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with (args.output_dir / "samples.jsonl").open("w", encoding="utf-8", newline="\n") as handle:
        handle.write("\n".join(lines) + "\n")
    with (args.output_dir / "clock_corrections.json").open("w", encoding="utf-8", newline="\n") as handle:
        handle.write(json.dumps(corrections, indent=2) + "\n")


if __name__ == "__main__":
    main()
