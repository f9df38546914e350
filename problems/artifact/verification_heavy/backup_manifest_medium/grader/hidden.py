"""Grades output/backup_check.csv: exact header, one row per path sorted by path, status exact.
Score = fraction of paths with the right status."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/backup_check.csv"
SPEC = {"path": "str", "status": "str"}


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
    score, problems = lib.compare(got, want, ("path",), None, "path", ordered="path")
    if problems:
        wrong = sorted({w["status"] for w in want} - {g["status"] for g in got})
        if wrong:
            problems.append(f"status never reported: {', '.join(wrong)}")
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} paths have the right status")
