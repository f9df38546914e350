"""Reference solution: backtracking over per-service node sets, pruned by capacity and pod slots."""

from __future__ import annotations

import itertools
import json
import pathlib


def _cpu_m(text: str) -> int:
    return int(text[:-1]) if text.endswith("m") else round(float(text) * 1000)


def _memory_mi(text: str) -> int:
    return int(text[:-2]) * 1024 if text.endswith("Gi") else int(text[:-2])


def _matches(expr: dict, labels: dict) -> bool:
    key, op = expr["key"], expr["operator"]
    if op == "In":
        return key in labels and labels[key] in expr["values"]
    if op == "NotIn":
        return key not in labels or labels[key] not in expr["values"]
    if op == "Exists":
        return key in labels
    return key not in labels  # DoesNotExist


def _tolerated(taint: dict, tolerations: list[dict]) -> bool:
    for t in tolerations:
        if t.get("effect") and t["effect"] != taint["effect"]:
            continue
        if t["operator"] == "Exists" and t.get("key") in (None, "", taint["key"]):
            return True
        if t["operator"] == "Equal" and t["key"] == taint["key"] and t["value"] == taint["value"]:
            return True
    return False


def _eligible(service: dict, node: dict) -> bool:
    if not node["ready"] or node["unschedulable"]:
        return False
    if not all(_matches(e, node["labels"]) for e in service["node_affinity"]):
        return False
    return all(_tolerated(t, service["tolerations"]) for t in node["taints"] if t["effect"] != "PreferNoSchedule")


def solve(scratch_dir: pathlib.Path) -> str:
    spec = json.loads((scratch_dir / "cluster.json").read_text(encoding="utf-8"))
    nodes = {n["name"]: n for n in spec["nodes"]}
    services = {s["name"]: s for s in spec["services"]}
    names = sorted(services)
    avoid = {frozenset((s["name"], o)) for s in spec["services"] for o in s["avoid"]}
    options = {}
    for name in names:
        service = services[name]
        ok = sorted(n for n in nodes if _eligible(service, nodes[n]))
        zones = sorted({nodes[n]["zone"] for n in ok})
        combos = []
        for combo in itertools.combinations(ok, service["replicas"]):
            if service["max_skew"] is not None:
                counts = [sum(nodes[n]["zone"] == z for n in combo) for z in zones]
                if max(counts) - min(counts) > service["max_skew"]:
                    continue
            combos.append(combo)
        options[name] = combos

    cpu = {n: _cpu_m(v["allocatable"]["cpu"]) - _cpu_m(v["reserved"]["cpu"]) for n, v in nodes.items()}
    mem = {n: _memory_mi(v["allocatable"]["memory"]) - _memory_mi(v["reserved"]["memory"]) for n, v in nodes.items()}
    pods = {n: v["max_pods"] - v["existing_pods"] for n, v in nodes.items()}
    need = {s: (_cpu_m(services[s]["requests"]["cpu"]), _memory_mi(services[s]["requests"]["memory"])) for s in names}
    results: list[tuple] = []
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
        c, m = need[name]
        for combo in options[name]:
            if any(frozenset((name, other)) in avoid and set(combo) & set(chosen[other]) for other in chosen):
                continue
            if any(cpu[n] < c or mem[n] < m or pods[n] < 1 for n in combo):
                continue
            for n in combo:
                cpu[n], mem[n], pods[n] = cpu[n] - c, mem[n] - m, pods[n] - 1
            chosen[name] = combo
            place(index + 1)
            del chosen[name]
            for n in combo:
                cpu[n], mem[n], pods[n] = cpu[n] + c, mem[n] + m, pods[n] + 1

    place(0)
    results.sort()
    lines = [json.dumps({n: list(p) for n, p in zip(names, placement)}, sort_keys=True) for placement in results]
    return "".join(line + "\n" for line in lines)
