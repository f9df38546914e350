"""Reference solution: backtracking over per-service node sets with capacity pruning."""

from __future__ import annotations

import itertools
import json
import pathlib


def _eligible(service: dict, node: dict) -> bool:
    if any(node["labels"].get(k) != v for k, v in service["node_selector"].items()):
        return False
    return all(taint in service["tolerations"] for taint in node["taints"])


def _conflicts(services: dict[str, dict]) -> set[frozenset[str]]:
    pairs = set()
    for name, service in services.items():
        for other in service["avoid"]:
            pairs.add(frozenset((name, other)))
    return pairs


def solve(scratch_dir: pathlib.Path) -> str:
    spec = json.loads((scratch_dir / "cluster.json").read_text(encoding="utf-8"))
    nodes = {n["name"]: n for n in spec["nodes"]}
    services = {s["name"]: s for s in spec["services"]}
    names = sorted(services)
    avoid = _conflicts(services)
    options = {}
    for name in names:
        service = services[name]
        ok = sorted(n for n in nodes if _eligible(service, nodes[n]))
        combos = []
        for combo in itertools.combinations(ok, service["replicas"]):
            zones = [nodes[n]["zone"] for n in combo]
            if service["zone_spread"] and len(set(zones)) != len(zones):
                continue
            combos.append(combo)
        options[name] = combos

    results: list[tuple] = []
    cpu = {n: nodes[n]["cpu_m"] for n in nodes}
    mem = {n: nodes[n]["memory_mi"] for n in nodes}
    chosen: dict[str, tuple[str, ...]] = {}

    def place(index: int) -> None:
        if index == len(names):
            for name in names:
                target = services[name]["colocate_with"]
                if target and not set(chosen[name]) <= set(chosen[target]):
                    return
            results.append(tuple(chosen[n] for n in names))
            return
        name = names[index]
        service = services[name]
        for combo in options[name]:
            if any(frozenset((name, other)) in avoid and set(combo) & set(chosen[other]) for other in chosen):
                continue
            if any(cpu[n] < service["cpu_m"] or mem[n] < service["memory_mi"] for n in combo):
                continue
            for n in combo:
                cpu[n] -= service["cpu_m"]
                mem[n] -= service["memory_mi"]
            chosen[name] = combo
            place(index + 1)
            del chosen[name]
            for n in combo:
                cpu[n] += service["cpu_m"]
                mem[n] += service["memory_mi"]

    place(0)
    results.sort()
    lines = [json.dumps({n: list(p) for n, p in zip(names, placement)}, sort_keys=True) for placement in results]
    return "".join(line + "\n" for line in lines)
