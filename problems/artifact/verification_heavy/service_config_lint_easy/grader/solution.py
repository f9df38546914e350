"""Author's solution: lint services/*.json against the stated rules."""

from __future__ import annotations

import json
from pathlib import Path

REQUIRED = ("name", "owner", "image", "port", "replicas")
ALLOWED = set(REQUIRED) | {"env", "depends_on"}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pinned(image: object) -> bool:
    if not isinstance(image, str) or ":" not in image:
        return False
    repo, tag = image.rsplit(":", 1)
    return bool(repo) and "/" not in tag and tag not in ("", "latest")


def solve(scratch_dir: Path) -> str:
    files = sorted(p for p in (scratch_dir / "services").iterdir() if p.is_file() and p.suffix == ".json")
    found: list[tuple[str, str, str]] = []
    ports: dict[int, list[str]] = {}
    for path in files:
        rel = f"services/{path.name}"
        try:
            cfg = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            cfg = None
        if not isinstance(cfg, dict):
            found.append((rel, "invalid_json", ""))
            continue
        found += [(rel, "missing_key", k) for k in REQUIRED if k not in cfg]
        found += [(rel, "unknown_key", k) for k in cfg if k not in ALLOWED]
        if "name" in cfg and cfg["name"] != path.stem:
            found.append((rel, "name_mismatch", "name"))
        if "port" in cfg:
            if _is_int(cfg["port"]) and 1024 <= cfg["port"] <= 65535:
                ports.setdefault(cfg["port"], []).append(rel)
            else:
                found.append((rel, "port_range", "port"))
        if "replicas" in cfg and not (_is_int(cfg["replicas"]) and 1 <= cfg["replicas"] <= 20):
            found.append((rel, "replicas_range", "replicas"))
        if "image" in cfg and not _pinned(cfg["image"]):
            found.append((rel, "image_unpinned", "image"))
    found += [(rel, "port_conflict", "port") for rels in ports.values() if len(rels) > 1 for rel in rels]
    violations = [{"file": f, "key": k, "rule": r} for f, r, k in sorted(set(found))]
    return json.dumps({"files_checked": len(files), "violations": violations}, indent=2, sort_keys=True) + "\n"
