"""Author's solution: CPM with FS/SS/FF dependencies, lags, start-no-earlier-than days, revisions,
cancellations and circular dependencies.

`solve(scratch_dir, skip=...)` can leave out one named rule; negative_cases.py uses that to prove that each
rule changes the graded result (the default, an empty `skip`, is the reference).
"""

from __future__ import annotations

import csv
import json
import re
from collections import deque
from pathlib import Path

ITEM = re.compile(r"(?P<pred>.+?)(?::(?P<kind>SS|FF|FS))?(?P<lag>[+-]\d+)?\Z", re.S)


def _rows(scratch_dir: Path, skip: frozenset) -> dict[str, dict]:
    latest: dict[str, dict] = {}
    with (scratch_dir / "plan.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            rev = int(row["revision"])
            if "revisions" in skip:  # the first row of an id wins
                rev = -len(latest)
            if row["id"] not in latest or rev > latest[row["id"]]["rev"]:
                latest[row["id"]] = {"rev": rev, **row}
    return latest


def solve(scratch_dir: Path, skip: frozenset = frozenset()) -> str:
    rows = _rows(Path(scratch_dir), skip)
    cancelled = {t for t, r in rows.items() if r["status"] == "cancelled" and "cancelled" not in skip}
    duration = {t: int(r["duration_hours"]) for t, r in rows.items() if t not in cancelled}
    not_before = {t: int(rows[t]["not_before"] or 0) for t in duration}
    if "not_before" in skip:
        not_before = dict.fromkeys(duration, 0)
    cons: dict[str, list[tuple[str, str, int]]] = {t: [] for t in duration}
    ignored = set()
    for task in duration:
        for item in rows[task]["depends_on"].split(";"):
            item = item.strip()
            if not item:
                continue
            m = ITEM.match(item)
            pred, kind, lag = m["pred"], m["kind"] or "FS", int(m["lag"] or 0)
            if "finish_to_finish" in skip and kind == "FF":
                kind = "FS"
            if pred in cancelled:
                if "cancelled_reported" in skip:
                    ignored.add((task, pred))
                continue
            if pred not in duration:
                ignored.add((task, pred))
                continue
            if "repeated_predecessor" in skip and any(c[0] == pred for c in cons[task]):
                continue  # only the first item on a predecessor
            cons[task].append((pred, kind, lag))

    order = _order(cons)
    unschedulable = sorted(set(duration) - set(order))
    if "downstream_of_cycle" in skip:  # only the tasks on a cycle are left out
        on_cycle = {t for t in unschedulable if _reaches(cons, t, t)}
        cons = {t: [c for c in items if c[0] not in on_cycle] for t, items in cons.items() if t not in on_cycle}
        order = _order(cons)
        unschedulable = sorted(on_cycle)

    es: dict[str, int] = {}
    ef: dict[str, int] = {}
    for t in order:
        start = max(0, not_before[t])
        for p, kind, lag in cons[t]:
            if kind == "FS":
                start = max(start, ef[p] + lag)
            elif kind == "SS":
                start = max(start, es[p] + lag)
            else:
                start = max(start, ef[p] + lag - duration[t])
        es[t], ef[t] = start, start + duration[t]
    project = max(ef.values())
    lf = dict.fromkeys(order, project)
    for s in reversed(order):
        ls_s = lf[s] - duration[s]
        for p, kind, lag in cons[s]:
            if kind == "FS":
                lf[p] = min(lf[p], ls_s - lag)
            elif kind == "SS":
                lf[p] = min(lf[p], ls_s - lag + duration[p])
            else:
                lf[p] = min(lf[p], lf[s] - lag)
    free = {t: project - ef[t] for t in order}
    for s in order:
        for p, kind, lag in cons[s]:
            gap = {"FS": es[s] - lag - ef[p], "SS": es[s] - lag - es[p], "FF": ef[s] - lag - ef[p]}[kind]
            free[p] = min(free[p], gap)
    tasks = []
    for t in sorted(order):
        ls = lf[t] - duration[t]
        tasks.append({"id": t, "es": es[t], "ef": ef[t], "ls": ls, "lf": lf[t], "slack": ls - es[t],
                      "free_slack": free[t], "critical": ls == es[t]})
    assert all(0 <= t["free_slack"] <= t["slack"] for t in tasks)
    doc = {"project_duration": project, "tasks": tasks, "unschedulable": unschedulable,
           "ignored_dependencies": [{"task": a, "predecessor": b} for a, b in sorted(ignored)]}
    return _dump(doc)


def _order(cons: dict[str, list[tuple[str, str, int]]]) -> list[str]:
    """Kahn's algorithm: whatever it cannot order is on a cycle or downstream of one."""
    succ: dict[str, list[str]] = {t: [] for t in cons}
    indeg = dict.fromkeys(cons, 0)
    for task, items in cons.items():
        for pred, _, _ in items:
            succ[pred].append(task)
            indeg[task] += 1
    queue = deque(sorted(t for t, n in indeg.items() if n == 0))
    order = []
    while queue:
        t = queue.popleft()
        order.append(t)
        for s in succ[t]:
            indeg[s] -= 1
            if indeg[s] == 0:
                queue.append(s)
    return order


def _reaches(cons: dict, start: str, goal: str) -> bool:
    seen, stack = set(), [p for p, _, _ in cons[start]]
    while stack:
        t = stack.pop()
        if t == goal:
            return True
        if t not in seen:
            seen.add(t)
            stack.extend(p for p, _, _ in cons[t])
    return False


def _dump(doc: dict) -> str:
    """One top-level key a line (the long task list last), so the file has lines but few of them."""
    keys = ("project_duration", "unschedulable", "ignored_dependencies", "tasks")
    order = [k for k in keys if k in doc] + [k for k in doc if k not in keys]
    body = ",\n".join(f"{json.dumps(k)}: {json.dumps(doc[k])}" for k in order)
    return "{" + body + "}\n"
