"""Grades output/latest.txt: one `<package>@<version>` line per package, sorted; versions exact.
Score = fraction of packages whose line is right."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/latest.txt"


def _lib():
    from artifactbench.graderkit import records

    return records


def _rows(lib, text: str) -> list[dict]:
    rows = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        parts = line.split("@")
        if len(parts) != 2 or not all(parts) or parts != [p.strip() for p in parts]:
            raise lib.Bad(f"wrong shape: line {n} is not '<package>@<version>'")
        rows.append({"package": parts[0], "version": parts[1]})
    return rows


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = _rows(lib, lib.read_text(Path(scratch_dir) / ARTIFACT))
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = _rows(lib, Path(__file__).with_name("reference_output.txt").read_text(encoding="utf-8"))
    score, problems = lib.compare(got, want, ("package",), None, "package line", ordered="package name")
    if problems:
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} packages correct")
