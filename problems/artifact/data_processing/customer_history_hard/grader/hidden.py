"""Grades output/customer_history.csv: exact header, the exact set of (id, version) rows sorted by id and
version, every field exact. Score = fraction of version rows that are entirely right."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/customer_history.csv"
SPEC = {"id": "int", "version": "int", "name": "str", "email": "str", "tier": "str", "country": "str", "valid_from": "str",
        "valid_to": "str", "is_current": "str"}


def _lib():
    from artifactbench.graderkit import records

    return records


def _rows(lib, text: str) -> list[dict]:
    return lib.convert_csv(lib.parse_csv(text, tuple(SPEC)), SPEC)


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = _rows(lib, lib.read_text(Path(scratch_dir) / ARTIFACT))
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = _rows(lib, Path(__file__).with_name("reference_output.csv").read_text(encoding="utf-8"))
    score, problems = lib.compare(got, want, ("id", "version"), None, "version row", ordered="id, version")
    if problems:
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} version rows correct")
