"""Measured difficulty: a markdown table of blind-solve attempts per task, and totals per difficulty.

Reads a JSONL log with one graded attempt per line (`solver`, `id`, `style`, `attempt`, `verdict`,
`score`) and the declared difficulty of each task from its task.yaml under the corpus roots. Prints one
row per task (id, declared difficulty, first-try verdict per solver, attempts used until a pass) and the
first-try pass rate per declared difficulty.

    python3 tools/difficulty_table.py docs/data/seed-v2-blind-solves.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

LADDER = ("easy", "medium", "hard")
DEFAULT_ROOT = Path(__file__).resolve().parent.parent / "problems"


def declared(root: Path) -> dict[str, str]:
    """instance_id -> difficulty, read from every task.yaml under root (two flat keys, no YAML parser)."""
    out = {}
    for path in root.rglob("task.yaml"):
        text = path.read_text(encoding="utf-8")
        iid = re.search(r"^instance_id:\s*(\S+)", text, re.M)
        level = re.search(r"^difficulty:\s*(\S+)", text, re.M)
        if iid and level:
            out[iid[1]] = level[1]
    return out


def load(log: Path) -> dict[str, dict[str, list[dict]]]:
    """id -> solver -> attempts sorted by attempt number."""
    tasks: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for line in log.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            tasks[row["id"]][f"{row['solver']} ({row['style']})"].append(row)
    for solvers in tasks.values():
        for attempts in solvers.values():
            attempts.sort(key=lambda r: r["attempt"])
    return tasks


def _used(attempts: list[dict]) -> str:
    for row in attempts:
        if row["verdict"] == "PASS":
            return str(row["attempt"])
    return f"{len(attempts)} (no pass)"


def render(tasks: dict[str, dict[str, list[dict]]], levels: dict[str, str]) -> str:
    order = {lvl: i for i, lvl in enumerate(LADDER)}
    ids = sorted(tasks, key=lambda i: (order.get(levels.get(i, "?"), 9), i))
    lines = ["| task | declared | first try (solver: verdict) | attempts used |", "|---|---|---|---|"]
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for iid in ids:
        level = levels.get(iid, "?")
        firsts, used = [], []
        for solver in sorted(tasks[iid]):
            first = tasks[iid][solver][0]
            firsts.append(f"{solver}: {first['verdict']}" + ("" if first["verdict"] == "PASS"
                                                              else f" ({first['score']:g})"))
            used.append(_used(tasks[iid][solver]))
            totals[level][0] += first["verdict"] == "PASS"
            totals[level][1] += 1
        lines.append(f"| {iid} | {level} | {'; '.join(firsts)} | {', '.join(used)} |")
    lines += ["", "| declared | tasks | first attempts | passed first try | first-try pass rate |",
              "|---|---|---|---|---|"]
    all_pass = all_n = 0
    for level in sorted(totals, key=lambda lvl: order.get(lvl, 9)):
        ok, n = totals[level]
        count = sum(1 for i in ids if levels.get(i, "?") == level)
        lines.append(f"| {level} | {count} | {n} | {ok} | {ok / n:.1%} |")
        all_pass, all_n = all_pass + ok, all_n + n
    lines.append(f"| all | {len(ids)} | {all_n} | {all_pass} | {all_pass / all_n:.1%} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log", type=Path, help="JSONL log of graded attempts")
    ap.add_argument("--problems", type=Path, default=DEFAULT_ROOT, help="where task.yaml files are found")
    args = ap.parse_args()
    print(render(load(args.log), declared(args.problems)))


if __name__ == "__main__":
    main()
