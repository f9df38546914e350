"""Author's solution: Dijkstra on (latency, hops, path) keys, which orders routes exactly as stated."""

from __future__ import annotations

import csv
import heapq
import json
from pathlib import Path


def _route(graph: dict[str, dict[str, int]], src: str, dst: str) -> tuple[int, list[str]] | None:
    if src not in graph or dst not in graph:
        return None
    best: dict[str, tuple] = {src: (0, 0, [src])}
    heap = [(0, 0, [src])]
    done = set()
    while heap:
        lat, hops, path = heapq.heappop(heap)
        node = path[-1]
        if node in done:
            continue
        done.add(node)
        if node == dst:
            return lat, path
        for nxt, w in graph[node].items():
            key = (lat + w, hops + 1, path + [nxt])
            if nxt not in done and (nxt not in best or key < best[nxt]):
                best[nxt] = key
                heapq.heappush(heap, key)
    return None


def solve(scratch_dir: Path) -> str:
    graph: dict[str, dict[str, int]] = {}
    with (scratch_dir / "links.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            graph.setdefault(row["a"], {})
            graph.setdefault(row["b"], {})
            if row["status"] != "up":
                continue
            lat = int(row["latency_ms"])
            for x, y in ((row["a"], row["b"]), (row["b"], row["a"])):
                graph[x][y] = min(lat, graph[x].get(y, lat))
    out = []
    for n, line in enumerate((scratch_dir / "queries.txt").read_text(encoding="utf-8").splitlines(), 1):
        src, dst = line.split(" ")
        found = _route(graph, src, dst)
        out.append({"query": n, "from": src, "to": dst, "latency_ms": found[0] if found else None,
                    "path": found[1] if found else None})
    return "".join(json.dumps(r) + "\n" for r in out)
