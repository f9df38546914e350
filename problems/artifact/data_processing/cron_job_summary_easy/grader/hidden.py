"""Grades output/job_summary.csv: exact header, one row per job sorted by job, counts and seconds exact,
failure_rate within 1.5e-4 (either rounding of a half). Score = fraction of job rows that are entirely right."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/job_summary.csv"
SPEC = {"job": "str", "runs": "int", "succeeded": "int", "failed": "int", "running": "int",
        "total_seconds": "int", "max_seconds": "int", "failure_rate": "num"}
HEADER = tuple(SPEC)


def _lib():
    from artifactbench.graderkit import records

    return records


def _rows(lib, text: str) -> list[dict]:
    return lib.convert_csv(lib.parse_csv(text, HEADER), SPEC)


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = _rows(lib, lib.read_text(Path(scratch_dir) / ARTIFACT))
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = _rows(lib, Path(__file__).with_name("reference_output.csv").read_text(encoding="utf-8"))
    score, problems = lib.compare(got, want, ("job",), {"failure_rate": 1.5e-4}, "job row", ordered="job")
    if problems:
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} job rows correct")
