"""Grades output/tls_audit.json: one entry per endpoint sorted by (host, port), its problem list exact and
sorted. Score = fraction of endpoints judged exactly right; passed only when every endpoint is."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/tls_audit.json"
SPEC = {"host": "str", "port": "int", "problems": "list[str]"}


def _lib():
    from artifactbench.graderkit import records

    return records


def _endpoints(lib, doc: object) -> list[dict]:
    if not isinstance(doc, dict):
        raise lib.Bad("wrong shape: the top level must be a JSON object")
    if set(doc) != {"endpoints"}:
        raise lib.Bad("wrong shape: the object must have exactly the key 'endpoints'")
    return lib.check_fields(doc["endpoints"], SPEC, "endpoint")


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = _endpoints(lib, lib.parse_json(lib.read_text(Path(scratch_dir) / ARTIFACT)))
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = lib.parse_json(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))["endpoints"]
    score, problems = lib.compare(got, want, ("host", "port"), None, "endpoint", ordered="host, port")
    if problems:
        by_key = {(g["host"], g["port"]): set(g["problems"]) for g in got}
        missed, spurious = set(), set()
        for w in want:
            mine = by_key.get((w["host"], w["port"]))
            if mine is not None:
                missed |= set(w["problems"]) - mine
                spurious |= mine - set(w["problems"])
        if missed:
            problems.append(f"codes missed somewhere: {', '.join(sorted(missed))[:150]}")
        if spurious:
            problems.append(f"codes reported wrongly somewhere: {', '.join(sorted(spurious))[:150]}")
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} endpoints judged correctly")
