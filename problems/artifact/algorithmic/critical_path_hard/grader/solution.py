"""Author's solution: CPM forward and backward passes with FS/SS dependencies and lags."""

from __future__ import annotations

import csv
import json
import re
from graphlib import TopologicalSorter
from pathlib import Path

ITEM = re.compile(r"(?P<pred>.+?)(?P<ss>:SS)?(?P<lag>[+-]\d+)?\Z")


def solve(scratch_dir: Path) -> str:
    duration: dict[str, int] = {}
    raw: dict[str, list[str]] = {}
    with (scratch_dir / "plan.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            duration[row["id"]] = int(row["duration_days"])
            raw[row["id"]] = [i.strip() for i in row["depends_on"].split(";") if i.strip()]
    cons: dict[str, list[tuple[str, bool, int]]] = {t: [] for t in duration}
    ignored = set()
    for task, items in raw.items():
        for item in items:
            m = ITEM.match(item)
            pred, ss, lag = m["pred"], bool(m["ss"]), int(m["lag"] or 0)
            if pred not in duration:
                ignored.add((task, pred))
                continue
            cons[task].append((pred, ss, lag))
    order = list(TopologicalSorter({t: {p for p, _, _ in c} for t, c in cons.items()}).static_order())
    es: dict[str, int] = {}
    for t in order:
        es[t] = max([0] + [(es[p] if ss else es[p] + duration[p]) + lag for p, ss, lag in cons[t]])
    ef = {t: es[t] + duration[t] for t in order}
    project = max(ef.values())
    lf = {t: project for t in order}
    for s in reversed(order):
        ls_s = lf[s] - duration[s]
        for p, ss, lag in cons[s]:
            lf[p] = min(lf[p], ls_s - lag + duration[p] if ss else ls_s - lag)
    tasks = []
    for t in sorted(duration):
        ls = lf[t] - duration[t]
        tasks.append({"id": t, "es": es[t], "ef": ef[t], "ls": ls, "lf": lf[t], "slack": ls - es[t],
                      "critical": ls == es[t]})
    assert all(t["slack"] >= 0 for t in tasks)
    doc = {"project_duration": project, "tasks": tasks,
           "ignored_dependencies": [{"task": a, "predecessor": b} for a, b in sorted(ignored)]}
    return json.dumps(doc, indent=1) + "\n"
