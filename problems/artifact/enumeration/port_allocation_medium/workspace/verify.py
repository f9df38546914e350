"""Structural check of answer/port_plans.txt: line format and service order only, never correctness.

Usage: python verify.py answer/port_plans.txt
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

SERVICES = ("api", "auth", "cache", "gateway", "metrics")
_TOKEN = re.compile(r"^([a-z]+)=([0-9]{1,5})$")


def verify(artifact_path: Path) -> None:
    """Raise AssertionError with a helpful message when the file is not shaped as the task asks."""
    text = Path(artifact_path).read_text(encoding="utf-8")
    lines = [(n, ln) for n, ln in enumerate(text.split("\n"), start=1) if ln.strip()]
    assert lines, "the file has no plan lines"
    for number, line in lines:
        tokens = line.split()
        matches = [_TOKEN.match(tok) for tok in tokens]
        assert all(matches), f"line {number}: every token must look like name=port"
        names = tuple(m.group(1) for m in matches)
        assert names == SERVICES, f"line {number}: services must be {' '.join(SERVICES)} in that order"
    ports = [tuple(int(tok.split("=")[1]) for tok in ln.split()) for _, ln in lines]
    assert len(set(ports)) == len(ports), "some plan appears on more than one line"
    for (number, _), prev, cur in zip(lines[1:], ports, ports[1:]):
        assert prev < cur, f"line {number}: lines must ascend by the numeric port tuple"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
