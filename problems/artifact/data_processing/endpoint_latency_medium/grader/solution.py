"""Author's solution: per-endpoint stats from access.log."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

_METHODS = {"GET", "POST", "PUT", "PATCH", "DELETE"}
_LATENCY = re.compile(r"^[0-9]+(\.[0-9]+)?ms$")
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def _route(target: str) -> str:
    path = target.split("?", 1)[0]
    if path.endswith("/") and len(path) > 1:
        path = path[:-1]
    segs = []
    for seg in path.split("/"):
        if seg and all(c in "0123456789" for c in seg):
            seg = "{id}"
        elif _UUID.match(seg):
            seg = "{uuid}"
        segs.append(seg)
    return "/".join(segs)


def solve(scratch_dir: Path) -> str:
    groups: dict[tuple[str, str], list[tuple[int, float]]] = {}
    for line in (scratch_dir / "access.log").read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if len(fields) != 6:
            continue
        _, _, method, target, status, latency = fields
        if method not in _METHODS or not target.startswith("/"):
            continue
        if not (len(status) == 3 and all(c in "0123456789" for c in status) and 100 <= int(status) <= 599):
            continue
        if not _LATENCY.match(latency):
            continue
        groups.setdefault((_route(target), method), []).append((int(status), float(latency[:-2])))
    out = []
    for (route, method), rows in sorted(groups.items()):
        lat = sorted(ms for _, ms in rows)
        errors = sum(1 for status, _ in rows if status >= 500)
        record = {
            "method": method,
            "route": route,
            "requests": len(rows),
            "errors": errors,
            "error_rate": round(errors / len(rows), 4),
            "p95_ms": lat[math.ceil(0.95 * len(lat)) - 1],
        }
        out.append(json.dumps(record, sort_keys=True))
    return "\n".join(out) + "\n"
