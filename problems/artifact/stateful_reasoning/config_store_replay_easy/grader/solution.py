"""Reference solution: replay the log into a dict."""

from __future__ import annotations

import json
import pathlib
import re

_INT = re.compile(r"^-?[0-9]+$")


def solve(scratch_dir: pathlib.Path) -> str:
    store: dict[str, str] = {}
    failed = []
    lines = (scratch_dir / "commands.log").read_text(encoding="utf-8").split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        op, *args = line.split()
        if op == "SET":
            store[args[0]] = args[1]
        elif op == "DEL":
            store.pop(args[0], None)
        elif op == "INCRBY":
            current = store.get(args[0], "0")
            if not _INT.match(current):
                failed.append(number)
                continue
            store[args[0]] = str(int(current) + int(args[1]))
        elif op == "RENAME":
            if args[0] not in store:
                failed.append(number)
                continue
            store[args[1]] = store.pop(args[0])
        elif op == "APPEND":
            store[args[0]] = store.get(args[0], "") + args[1]
    return json.dumps({"store": dict(sorted(store.items())), "failed_lines": failed}, indent=1) + "\n"
