"""Structural check of output/violations.json (keys, types, sort order, no repeats); not the findings.

Usage: python verify.py output/violations.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

def verify(artifact_path: Path) -> None:
    """Raise AssertionError describing the first structural problem found."""
    try:
        doc = json.loads(Path(artifact_path).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise AssertionError(f"not valid JSON: {exc}") from None
    assert isinstance(doc, dict), "the top level must be an object"
    assert set(doc) == {"files_checked", "violations"}, f"keys must be files_checked and violations, got {sorted(doc)}"
    assert type(doc["files_checked"]) is int and doc["files_checked"] >= 0, "files_checked must be an integer >= 0"
    assert isinstance(doc["violations"], list), "violations must be a list"
    rows = []
    for n, item in enumerate(doc["violations"], 1):
        assert isinstance(item, dict) and set(item) == {"file", "key", "rule"}, f"violation {n}: keys must be file, key, rule"
        assert all(isinstance(v, str) for v in item.values()), f"violation {n}: values must be strings"
        rows.append((item["file"], item["rule"], item["key"]))
    assert rows == sorted(rows), "violations must be sorted by file, rule, key"
    assert len(rows) == len(set(rows)), "violations must not repeat"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
