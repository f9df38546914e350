"""Grades output/violations.jsonl: the exact set of (row, column, rule) findings, sorted, no repeats.
Score = found expected findings / (expected + unexpected + repeated)."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/violations.jsonl"
SPEC = {"row": "int", "column": "str", "rule": "str"}


def _lib():
    from artifactbench.graderkit import records

    return records


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = lib.check_fields(lib.parse_jsonl(lib.read_text(Path(scratch_dir) / ARTIFACT)), SPEC, "violation")
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = lib.parse_jsonl(Path(__file__).with_name("reference_output.jsonl").read_text(encoding="utf-8"))
    score, problems = lib.compare(got, want, ("row", "column", "rule"), None, "violation", ordered="row, column")
    if problems:
        missing_rules = sorted({w["rule"] for w in want} - {g["rule"] for g in got})
        if missing_rules:
            problems.append(f"no finding at all for rule(s): {', '.join(missing_rules)}")
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} violations found, none extra")
