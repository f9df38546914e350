"""Author's solution: newest stable (not pre-release, not yanked) version per package, compared numerically."""

from __future__ import annotations

from pathlib import Path


def solve(scratch_dir: Path) -> str:
    best: dict[str, tuple[int, int, int] | None] = {}
    for line in (scratch_dir / "releases.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split()
        name, version = parts[0], parts[1].removeprefix("v")
        best.setdefault(name, None)
        if "-" in version or parts[2:] == ["yanked"]:
            continue
        key = tuple(int(p) for p in version.split("."))
        if best[name] is None or key > best[name]:
            best[name] = key
    return "".join(f"{n}@{'.'.join(map(str, best[n])) if best[n] else 'none'}\n" for n in sorted(best))
