"""Author's solution: dedupe contacts.csv by normalized email, earliest created_at (then smallest id) wins."""

from __future__ import annotations

import csv
import json
from pathlib import Path


def solve(scratch_dir: Path) -> str:
    groups: dict[str, list[tuple[str, int, str]]] = {}
    with (scratch_dir / "contacts.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            email = row["email"].strip().lower()
            if email:
                groups.setdefault(email, []).append((row["created_at"], int(row["id"]), row["name"]))
    lines = []
    for email in sorted(groups):
        rows = sorted(groups[email])
        _, kept, name = rows[0]
        merged = sorted(r[1] for r in rows[1:])
        lines.append(json.dumps({"email": email, "id": kept, "merged_ids": merged, "name": name}) + "\n")
    return "".join(lines)
