"""Structural check of output/build_order.txt (line formats, section order, no duplicates); not the order.

Usage: python verify.py output/build_order.txt
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

_NAME = r"[a-z0-9-]+"


def verify(artifact_path: Path) -> None:
    """Raise AssertionError describing the first structural problem found."""
    lines = [x.rstrip() for x in Path(artifact_path).read_text(encoding="utf-8").splitlines() if x.strip()]
    assert lines, "the file is empty"
    stage, seen = 0, set()
    for n, line in enumerate(lines, 1):
        if re.fullmatch(f"cycle: {_NAME}( {_NAME})*", line):
            now = 1
            names = line.split()[1:]
            assert names == sorted(names), f"line {n}: names in a cycle line must be sorted"
        elif re.fullmatch(f"blocked: {_NAME}", line):
            now, names = 2, [line.split()[1]]
        elif re.fullmatch(_NAME, line):
            now, names = 0, [line]
        else:
            raise AssertionError(f"line {n}: not a package name, 'cycle: ...' or 'blocked: ...' line: {line!r}")
        assert now >= stage, f"line {n}: sections must come in the order build, cycle, blocked"
        stage = now
        for name in names:
            assert name not in seen, f"line {n}: {name!r} appears more than once"
            seen.add(name)
    declared = Path(artifact_path).resolve().parent.parent / "packages.toml"
    if declared.is_file():
        count = declared.read_text(encoding="utf-8").count("[[package]]")
        assert len(seen) == count, f"every declared package must appear exactly once ({count}), got {len(seen)}"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
