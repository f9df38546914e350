"""Author's solution: compare manifest.csv with the files under backup/."""

from __future__ import annotations

import csv
import hashlib
from pathlib import Path


def solve(scratch_dir: Path) -> str:
    root = scratch_dir / "backup"
    entries: dict[str, set[tuple[int, str]]] = {}
    with (scratch_dir / "manifest.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            path = row["path"][2:] if row["path"].startswith("./") else row["path"]
            entries.setdefault(path, set()).add((int(row["size"]), row["sha256"].lower()))
    disk = {p.relative_to(root).as_posix(): p for p in root.rglob("*") if p.is_file() and not p.is_symlink()}
    status = {}
    for path in set(entries) | set(disk):
        if path not in entries:
            status[path] = "extra"
        elif len(entries[path]) > 1:
            status[path] = "conflicting"
        elif path not in disk:
            status[path] = "missing"
        else:
            (size, digest), = entries[path]
            data = disk[path].read_bytes()
            if len(data) != size:
                status[path] = "size_mismatch"
            elif hashlib.sha256(data).hexdigest() != digest:
                status[path] = "hash_mismatch"
            else:
                status[path] = "ok"
    return "path,status\n" + "".join(f"{p},{status[p]}\n" for p in sorted(status))
