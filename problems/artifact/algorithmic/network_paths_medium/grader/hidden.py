"""Grades output/routes.jsonl: one record per query in query order; latency and path exact.
Score = fraction of queries answered entirely right."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/routes.jsonl"
SPEC = {"query": "int", "from": "str", "to": "str", "latency_ms": "int?", "path": "list[str]?"}


def _lib():
    from artifactbench.graderkit import records

    return records


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = lib.check_fields(lib.parse_jsonl(lib.read_text(Path(scratch_dir) / ARTIFACT)), SPEC, "route")
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = lib.parse_jsonl(Path(__file__).with_name("reference_output.jsonl").read_text(encoding="utf-8"))
    score, problems = lib.compare(got, want, ("query",), None, "route", ordered="query")
    if problems:
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} routes correct")
