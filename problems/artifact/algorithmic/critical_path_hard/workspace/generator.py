"""Writes plan.csv: a ~2,500-task data-center migration plan exported from the project tool.

Several workstreams (random DAGs, one with a chain deeper than 1,000 tasks) with finish-to-start,
start-to-start and finish-to-finish dependencies, lags and leads, milestones, start-no-earlier-than dates,
repeated predecessors, typo'd predecessor ids, cancelled and re-opened tasks, ids exported in several
revisions, and a few circular dependencies (one of them a task on itself, one broken by a cancellation).

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import csv
import io
import random
from pathlib import Path

VERBS = ("Provision", "Migrate", "Validate", "Cut over", "Decommission", "Snapshot", "Replicate", "Rack",
         "Cable", "Burn-in", "Failover test", "Sign off")
OBJECTS = ("core switches", "storage array", "db cluster", "kafka", "auth service", "dns", "object store",
           "monitoring", "ci runners", "k8s control plane", "edge proxies", "backup vault")
PREFIXES = ("NET", "STO", "APP", "DB", "OPS", "VND")
STREAMS = (1300, 420, 380, 300, 70)  # the last one is the vendor stream that holds the circular dependencies
LAGS = (0, 0, 0, 0, 1, 2, 3, 5, -1, -2, -4)


def _item(rng: random.Random, pred: str, kind: str | None = None) -> str:
    kind = kind or rng.choices(("", ":SS", ":FF", ":FS"), (60, 20, 17, 3))[0]
    lag = rng.choice(LAGS)
    return f"{pred}{kind}{'' if lag == 0 else f'{lag:+d}'}"


def _typo(rng: random.Random, pred: str, used: set[str]) -> str:
    while True:
        typo = _mistype(rng, pred)
        if typo not in used:
            return typo


def _mistype(rng: random.Random, pred: str) -> str:
    roll = rng.random()
    if roll < 0.3:
        return pred + rng.choice(("0", "1", "x"))
    if roll < 0.5:
        return pred.lower()
    if roll < 0.7:
        return pred[:-1] + str((int(pred[-1]) + 5) % 10)  # looks like a row id but is none
    return pred[: len(pred) // 2] + " " + pred[len(pred) // 2:]  # a space inside: not trimmed


class _Plan:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.ids: list[str] = []
        self.rows: dict[str, dict] = {}

    def new_id(self, prefix: str, used: set[str]) -> str:
        while True:
            task = f"{prefix}{self.rng.randint(0, 9999):04d}"
            if task not in used:
                used.add(task)
                return task

    def stream(self, size: int, prefix: str, used: set[str], chain: float) -> list[str]:
        rng = self.rng
        ids = [self.new_id(prefix, used) for _ in range(size)]
        for i, task in enumerate(ids):
            milestone = rng.random() < 0.07
            duration = 0 if milestone else rng.choice((1, 1, 2, 2, 3, 4, 4, 6, 8, 12))
            preds: list[str] = []
            if i:
                window = ids[max(0, i - 30):i]
                preds = rng.sample(window, min(len(window), rng.choice((0, 1, 1, 2, 2, 3, 4))))
                if rng.random() < chain and ids[i - 1] not in preds:
                    preds.append(ids[i - 1])
            items = [_item(rng, p) for p in preds]
            if preds and rng.random() < 0.08:
                items.append(_item(rng, preds[0]))  # the same predecessor again: another constraint
            if rng.random() < 0.03:
                items.append(_item(rng, _typo(rng, rng.choice(ids[:i] or ids), used)))
            not_before = str(rng.randint(1, 40 + 3 * i // 4)) if rng.random() < 0.05 else ""
            name = f"{rng.choice(VERBS)} {rng.choice(OBJECTS)}" + (" (milestone)" if milestone else "")
            self.rows[task] = {"id": task, "name": name, "duration": duration, "items": items,
                               "not_before": not_before, "status": "active"}
        return ids


def build(seed: int) -> str:
    rng = random.Random(seed)
    plan = _Plan(rng)
    used: set[str] = set()
    streams = []
    for n, size in enumerate(STREAMS):
        streams.append(plan.stream(size, PREFIXES[n], used, 0.9 if n == 0 else 0.35))
    rows = plan.rows
    big = [t for s in streams[:4] for t in s]

    # Leads on tasks that only start-to-start on a stream's first task: the early start stays at day 0.
    for s in streams[:4]:
        for task in s[2:40:9]:
            rows[task]["items"] = [f"{s[0]}:SS-{rng.randint(1, 4)}"]
    # Finish-to-finish with a short successor: EF(p) + lag - duration(t) can be below 0 or a later day.
    for s in streams[:4]:
        for task in s[5:60:11]:
            rows[task]["items"] = [f"{s[0]}:FF-{rng.randint(1, 3)}", f"{s[1]}:FF+{rng.randint(0, 3)}"]

    # Circular dependencies in the vendor stream: a task on itself, a 2-cycle and a 4-cycle; their
    # descendants are unschedulable as well.
    vendor = streams[4]
    rows[vendor[50]]["items"].append(_item(rng, vendor[50]))
    rows[vendor[20]]["items"] = [vendor[19]]
    rows[vendor[21]]["items"] = [vendor[20], vendor[3] + "x"]
    rows[vendor[20]]["items"].append(f"{vendor[21]}:SS+1")
    rows[vendor[30]]["items"] = [vendor[29] + "-2"]
    rows[vendor[31]]["items"] = [vendor[30]]
    rows[vendor[32]]["items"] = [f"{vendor[31]}:FF"]
    rows[vendor[33]]["items"] = [vendor[32]]
    rows[vendor[30]]["items"].append(vendor[33])
    # A self-dependency at the end of a big stream (its few descendants become unschedulable too).
    tail = streams[1][-4]
    rows[tail]["items"].append(f"{tail}:SS")
    # A cycle that a cancellation breaks: X -> Y -> Z -> X with Z cancelled is no cycle at all.
    x, y, z = streams[3][-12], streams[3][-11], streams[3][-10]
    rows[y]["items"] = [x]
    rows[z]["items"] = [y]
    rows[x]["items"].append(z)
    rows[z]["status"] = "cancelled"

    # Cancelled tasks (their dependents' items on them are dropped, not reported).
    for task in rng.sample(big, 70):
        rows[task]["status"] = "cancelled"

    # Several revisions of one id: the highest revision wins, whatever the order of the rows.
    out_rows = []
    for task, row in rows.items():
        out_rows.append((row, 1 + rng.randint(0, 3)))
    extra = []
    candidates = rng.sample(big, 220)
    for n, task in enumerate(candidates):
        row = rows[task]
        old = dict(row)
        kind = n % 6
        if kind == 0:  # re-opened: cancelled in an older revision, active now
            old["status"] = "cancelled"
        elif kind == 1:  # cancelled now, active in an older revision
            row["status"], old["status"] = "cancelled", "active"
        elif kind == 2:  # an older revision had a typo'd predecessor (never reported: the row is discarded)
            old["items"] = row["items"] + [_item(rng, _typo(rng, task, used))]
        elif kind == 3:  # an older revision had another duration
            old["duration"] = row["duration"] + rng.choice((3, 7, 20))
        elif kind == 4:  # an older revision depended on a later task: a cycle only in the stale row
            stream = next(s for s in streams if task in s)
            later = stream[min(len(stream) - 1, stream.index(task) + rng.randint(1, 5))]
            old["items"] = row["items"] + [later]
        else:  # an older revision had another start-no-earlier-than day
            old["not_before"] = str(rng.randint(100, 400))
        extra.append((old, rng.randint(1, 3)))
    revision = {}
    for row, rev in out_rows:
        revision[row["id"]] = rev + 3
    final = [(row, revision[row["id"]]) for row, _ in out_rows]
    final += [(row, revision[row["id"]] - rev) for row, rev in extra]

    lines = []
    for row, rev in final:
        items = [f" {it}" if rng.random() < 0.15 else f"{it} " if rng.random() < 0.05 else it
                 for it in rng.sample(row["items"], len(row["items"]))]
        lines.append([row["id"], row["name"], row["duration"], ";".join(items), row["not_before"],
                      row["status"], rev])
    rng.shuffle(lines)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "name", "duration_hours", "depends_on", "not_before", "status", "revision"])
    writer.writerows(lines)
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    out = args.output_dir / "plan.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(build(args.seed), encoding="utf-8", newline="")


if __name__ == "__main__":
    main()
