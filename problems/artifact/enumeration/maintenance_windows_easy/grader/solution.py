"""Reference solution: try every start on the step grid of every day."""

from __future__ import annotations

import json
import pathlib

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def _minutes(text: str) -> int:
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def solve(scratch_dir: pathlib.Path) -> str:
    cal = json.loads((scratch_dir / "cluster_calendar.json").read_text(encoding="utf-8"))
    length, step = cal["window_minutes"], cal["start_step_minutes"]
    lines = []
    for day in DAYS:
        low, high = (_minutes(t) for t in cal["allowed_hours"][day])
        blocks = [(_minutes(b["start"]), _minutes(b["end"])) for b in cal["blackouts"] if b["day"] == day]
        for start in range(0, 24 * 60, step):
            end = start + length
            if start < low or end > high:
                continue
            if any(start < b_end and b_start < end for b_start, b_end in blocks):
                continue
            lines.append(f"{day} {_clock(start)}-{_clock(end)}")
    return "".join(line + "\n" for line in lines)
