"""Structural check of answer/placements.jsonl: keys, types, sortedness and order; never correctness.

Usage: python verify.py answer/placements.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def verify(artifact_path: Path) -> None:
    """Raise AssertionError with a helpful message when the file is not shaped as the task asks."""
    services = ["api", "inference", "postgres", "queue", "redis", "web"]
    rows = []
    for number, line in enumerate(Path(artifact_path).read_text(encoding="utf-8").split("\n"), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except ValueError as exc:
            raise AssertionError(f"line {number}: not valid JSON ({exc.msg})") from None
        assert isinstance(value, dict), f"line {number}: must be a JSON object"
        assert sorted(value) == services, f"line {number}: keys must be exactly {services}"
        for name in services:
            nodes = value[name]
            assert isinstance(nodes, list) and all(isinstance(n, str) for n in nodes), (
                f"line {number}: {name!r} must be a list of node names")
            assert nodes == sorted(set(nodes)), f"line {number}: {name!r} must be sorted without repeats"
        rows.append(tuple(tuple(value[name]) for name in services))
    assert rows, "the file has no placement lines"
    assert len(set(rows)) == len(rows), "some placement appears on more than one line"
    assert rows == sorted(rows), "lines must ascend by the node lists in alphabetical service order"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
