"""Reference solution: exact (tenths) arithmetic replay of the autoscaling policy."""

from __future__ import annotations

import csv
import json
import pathlib


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def solve(scratch_dir: pathlib.Path) -> str:
    policy = json.loads((scratch_dir / "policy.json").read_text(encoding="utf-8"))
    with open(scratch_dir / "cpu.csv", encoding="utf-8", newline="") as fh:
        rows = sorted(((int(r["minute"]), r["service"], r["cpu_pct"]) for r in csv.DictReader(fh)))
    state = {name: {"r": p["start"], "up": None, "any": None} for name, p in policy.items()}
    out = ["minute,service,from_replicas,to_replicas"]
    for minute, name, text in rows:
        p, s = policy[name], state[name]
        whole, _, frac = text.partition(".")
        tenths = int(whole) * 10 + int((frac + "0")[0])
        r = s["r"]
        desired = min(max(_ceil_div(r * tenths, p["target_pct"] * 10), p["min"]), p["max"])
        new = r
        if tenths > p["up_above_pct"] * 10 and desired > r and (s["up"] is None or minute - s["up"] >= p["up_cooldown_min"]):
            new = min(desired, 2 * r)
            s["up"] = minute
        elif tenths < p["down_below_pct"] * 10 and desired < r and (s["any"] is None or minute - s["any"] >= p["down_cooldown_min"]):
            new = max(desired, r - 2)
        if new != r:
            s["any"] = minute
            s["r"] = new
            out.append(f"{minute},{name},{r},{new}")
    return "\n".join(out) + "\n"
