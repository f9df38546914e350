"""Structural check of output/endpoints.jsonl (keys, types, sort order); says nothing about values.

Usage: python verify.py output/endpoints.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

KEYS = {"method": str, "route": str, "requests": int, "errors": int, "error_rate": (int, float), "p95_ms": (int, float)}


def verify(artifact_path: Path) -> None:
    """Raise AssertionError describing the first structural problem found."""
    text = Path(artifact_path).read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines, "the file is empty"
    seen = []
    for n, line in enumerate(lines, 1):
        try:
            rec = json.loads(line)
        except ValueError as exc:
            raise AssertionError(f"line {n}: not valid JSON ({exc})") from None
        assert isinstance(rec, dict), f"line {n}: expected a JSON object"
        assert set(rec) == set(KEYS), f"line {n}: keys must be exactly {sorted(KEYS)}, got {sorted(rec)}"
        for key, kind in KEYS.items():
            ok = isinstance(rec[key], kind) and not isinstance(rec[key], bool)
            assert ok, f"line {n}: {key!r} has the wrong type"
        assert 0 <= rec["errors"] <= rec["requests"], f"line {n}: errors must be between 0 and requests"
        assert 0 <= rec["error_rate"] <= 1, f"line {n}: error_rate must be within [0, 1]"
        seen.append((rec["route"], rec["method"]))
    assert len(set(seen)) == len(seen), "duplicate (method, route) pairs"
    assert seen == sorted(seen), "lines must be sorted by route, then method"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
