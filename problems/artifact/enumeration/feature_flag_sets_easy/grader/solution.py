"""Reference solution: every subset of flags, kept when closed under requires and free of conflicts."""

from __future__ import annotations

import itertools
import json
import pathlib


def solve(scratch_dir: pathlib.Path) -> str:
    flags = json.loads((scratch_dir / "flags.json").read_text(encoding="utf-8"))["flags"]
    names = sorted(flags)
    conflicts = {frozenset((a, b)) for a, spec in flags.items() for b in spec["conflicts_with"]}
    out = []
    for size in range(len(names) + 1):
        for combo in itertools.combinations(names, size):
            chosen = set(combo)
            if any(r not in chosen for f in combo for r in flags[f]["requires"]):
                continue
            if any(frozenset(pair) in conflicts for pair in itertools.combinations(combo, 2)):
                continue
            out.append(json.dumps({"enabled": list(combo)}))
    return "".join(line + "\n" for line in out)
