"""Reference solution: enumerate every valid port plan by brute force over the candidate lists."""

from __future__ import annotations

import itertools
import json
import pathlib


def _valid(plan: dict[str, int], spec: dict) -> bool:
    reserved = set(spec["reserved_ports"])
    used = list(plan.values())
    if any(p in reserved for p in used) or len(set(used)) != len(used):
        return False
    for service, offset in spec["admin_listener_offset"].items():
        admin = plan[service] + offset
        if admin in reserved or admin in used:
            return False
    for group in spec["same_firewall_block"]:
        if len({plan[s] // 100 for s in group}) != 1:
            return False
    return True


def solve(scratch_dir: pathlib.Path) -> str:
    spec = json.loads((scratch_dir / "host_ports.json").read_text(encoding="utf-8"))
    names = sorted(spec["candidates"])
    lines = []
    for ports in itertools.product(*(spec["candidates"][n] for n in names)):
        plan = dict(zip(names, ports))
        if _valid(plan, spec):
            lines.append((ports, " ".join(f"{n}={p}" for n, p in plan.items())))
    lines.sort()
    return "".join(text + "\n" for _, text in lines)
