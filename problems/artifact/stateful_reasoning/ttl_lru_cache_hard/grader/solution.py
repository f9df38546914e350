"""Author's solution: the reference weighted TTL/LRU cache module (grader/reference_output.py) as text."""

from __future__ import annotations

from pathlib import Path


def solve(scratch_dir: Path) -> str:
    return Path(__file__).with_name("reference_output.py").read_text(encoding="utf-8")
