"""Author's solution: per day, greedy lowest-numbered free room in (start, end, id) order."""

from __future__ import annotations

import csv
from pathlib import Path


def solve(scratch_dir: Path) -> str:
    per_day: dict[str, list[tuple[str, str, int]]] = {}
    with (scratch_dir / "interviews.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            if row["status"] != "cancelled":
                per_day.setdefault(row["day"], []).append((row["start"], row["end"], int(row["id"])))
    rooms: dict[int, tuple[str, int]] = {}
    for day, slots in per_day.items():
        busy_until: list[str] = []  # index r-1: end of room r's last interview
        for start, end, slot_id in sorted(slots):
            room = next((r for r, until in enumerate(busy_until, 1) if until <= start), None)
            if room is None:
                busy_until.append(end)
                room = len(busy_until)
            else:
                busy_until[room - 1] = end
            rooms[slot_id] = (day, room)
    return "id,day,room\n" + "".join(f"{i},{rooms[i][0]},{rooms[i][1]}\n" for i in sorted(rooms))
