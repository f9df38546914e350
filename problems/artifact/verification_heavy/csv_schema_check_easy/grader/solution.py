"""Author's solution: check orders.csv row by row against schema.json."""

from __future__ import annotations

import csv
import json
import re
from datetime import date
from pathlib import Path

PATTERNS = {"integer": re.compile(r"-?[0-9]+\Z"), "decimal": re.compile(r"-?[0-9]+(\.[0-9]{1,2})?\Z"),
            "email": re.compile(r"[^@\s]+@[^@\s]*\.[^@\s]*\Z")}


def _is_date(text: str) -> bool:
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _cell_rule(col: dict, cell: str) -> str | None:
    if cell == "":
        return "required" if col["required"] else None
    kind = col["type"]
    if kind == "enum":
        return None if cell in col["values"] else "enum"
    if kind == "string":
        return "max_length" if "max_length" in col and len(cell) > col["max_length"] else None
    if kind == "date":
        return None if _is_date(cell) else "type"
    return None if PATTERNS[kind].match(cell) else "type"


def solve(scratch_dir: Path) -> str:
    columns = json.loads((scratch_dir / "schema.json").read_text(encoding="utf-8"))["columns"]
    found = set()
    seen: dict[str, set[str]] = {c["name"]: set() for c in columns}
    with (scratch_dir / "orders.csv").open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        next(reader)
        for line, cells in enumerate(reader, 2):
            if len(cells) != len(columns):
                found.add((line, "", "row_length"))
                continue
            for col, cell in zip(columns, cells):
                rule = _cell_rule(col, cell)
                if rule:
                    found.add((line, col["name"], rule))
                if col.get("unique") and cell != "":
                    if cell in seen[col["name"]]:
                        found.add((line, col["name"], "unique"))
                    seen[col["name"]].add(cell)
    return "".join(json.dumps({"row": r, "column": c, "rule": rule}) + "\n" for r, c, rule in sorted(found))
