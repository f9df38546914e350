"""Author's solution: lexicographically smallest topological order, cyclic groups (SCCs) and blocked packages."""

from __future__ import annotations

import heapq
import tomllib
from pathlib import Path


def _graph(scratch_dir: Path) -> dict[str, set[str]]:
    data = tomllib.loads((scratch_dir / "packages.toml").read_text(encoding="utf-8"))
    names = {p["name"] for p in data["package"]}
    return {p["name"]: {d for d in p.get("depends", []) if d in names} for p in data["package"]}


def _components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                out.append(sorted(group))
    return out


def solve(scratch_dir: Path) -> str:
    graph = _graph(scratch_dir)
    groups = [g for g in _components(graph) if len(g) > 1 or g[0] in graph[g[0]]]
    cyclic = {name for g in groups for name in g}
    bad = set(cyclic)
    changed = True
    while changed:
        changed = False
        for name, deps in graph.items():
            if name not in bad and deps & bad:
                bad.add(name)
                changed = True
    blocked = sorted(bad - cyclic)
    buildable = {n: graph[n] for n in graph if n not in bad}
    waiting = {n: len(d) for n, d in buildable.items()}
    users: dict[str, list[str]] = {n: [] for n in buildable}
    for name, deps in buildable.items():
        for dep in deps:
            users[dep].append(name)
    ready = [n for n, count in waiting.items() if count == 0]
    heapq.heapify(ready)
    lines = []
    while ready:
        name = heapq.heappop(ready)
        lines.append(name)
        for user in users[name]:
            waiting[user] -= 1
            if waiting[user] == 0:
                heapq.heappush(ready, user)
    lines += ["cycle: " + " ".join(g) for g in sorted(groups)]
    lines += [f"blocked: {name}" for name in blocked]
    return "\n".join(lines) + "\n"
