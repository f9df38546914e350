"""Reference solution: brute force over every assignment (6^6 rosters), checked rule by rule."""

from __future__ import annotations

import itertools
import json
import pathlib


def _valid(roster: tuple[str, ...], rules: dict) -> bool:
    shifts, people = rules["shifts"], rules["engineers"]
    for shift, name in zip(shifts, roster):
        if not set(shift["needs"]) <= set(people[name]["skills"]) or shift["id"] in people[name]["unavailable"]:
            return False
    for name in set(roster):
        slots = [i for i, n in enumerate(roster) if n == name]
        if len(slots) > rules["max_shifts_per_engineer"]:
            return False
        if any(b - a <= rules["min_rest_shifts"] for a, b in zip(slots, slots[1:])):
            return False
    trainees = set(rules["trainees"])
    for i, name in enumerate(roster):
        if name in trainees:
            if i in (0, len(roster) - 1):
                return False
            nxt = roster[i + 1]
            if nxt in trainees or not people[nxt]["skills"]:
                return False
    return all(not set(pair) <= set(roster) for pair in rules["never_together"])


def solve(scratch_dir: pathlib.Path) -> str:
    rules = json.loads((scratch_dir / "roster_rules.json").read_text(encoding="utf-8"))
    names = sorted(rules["engineers"])
    ids = [s["id"] for s in rules["shifts"]]
    lines = [" ".join(f"{s}={n}" for s, n in zip(ids, roster))
             for roster in itertools.product(names, repeat=len(ids)) if _valid(roster, rules)]
    return "".join(line + "\n" for line in lines)
