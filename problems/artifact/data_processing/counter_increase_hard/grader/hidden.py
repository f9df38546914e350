"""Grades output/hourly_increase.jsonl: the exact set of (series, bucket) rows, sorted; increase within
1e-6, pairs and resets exact. Score = fraction of rows that are entirely right."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/hourly_increase.jsonl"
SPEC = {"series": "str", "bucket": "int", "increase": "num", "pairs": "int", "resets": "int"}


def _lib():
    from artifactbench.graderkit import records

    return records


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = lib.check_fields(lib.parse_jsonl(lib.read_text(Path(scratch_dir) / ARTIFACT)), SPEC, "row")
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = lib.parse_jsonl(Path(__file__).with_name("reference_output.jsonl").read_text(encoding="utf-8"))
    score, problems = lib.compare(got, want, ("series", "bucket"), {"increase": 1e-6}, "row",
                                  ordered="series, bucket")
    if problems:
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} hourly rows correct")
