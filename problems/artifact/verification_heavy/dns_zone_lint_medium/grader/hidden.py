"""Grades output/zone_report.json: the record count exact and the exact set of (line, name, rule) findings,
sorted by line then rule, no repeats. Score = found expected findings / (expected + unexpected + repeated)."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/zone_report.json"
SPEC = {"line": "int", "name": "str", "rule": "str"}


def _lib():
    from artifactbench.graderkit import records

    return records


def _doc(lib, doc: object) -> dict:
    if not isinstance(doc, dict):
        raise lib.Bad("wrong shape: the top level must be a JSON object")
    for key in ("records", "violations"):
        if key not in doc:
            raise lib.Bad(f"wrong shape: missing key {key!r}")
    extra = sorted(str(k) for k in doc if k not in ("records", "violations"))
    if extra:
        raise lib.Bad(f"wrong shape: unexpected key {extra[0][:40]!r}")
    if type(doc["records"]) is not int:
        raise lib.Bad("wrong type: 'records' must be an integer")
    lib.check_fields(doc["violations"], SPEC, "violation")
    return doc


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = _doc(lib, lib.parse_json(lib.read_text(Path(scratch_dir) / ARTIFACT)))
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = lib.parse_json(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))
    score, problems = lib.compare(got["violations"], want["violations"], ("line", "rule", "name"), None, "violation",
                                  ordered="line, rule")
    if problems:
        missing = {w["rule"] for w in want["violations"]} - {g["rule"] for g in got["violations"]}
        if missing:
            problems.append(f"no finding at all for rule(s): {', '.join(sorted(missing))}")
    if got["records"] != want["records"]:
        problems.insert(0, "records count wrong")
        score = min(score, 0.99)
    if problems:
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"record count and all {len(want['violations'])} findings right")
