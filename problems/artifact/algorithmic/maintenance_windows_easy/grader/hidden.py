"""Grades output/windows.json: one entry per host, sorted; merged windows and total minutes exact.
Score = fraction of hosts that are entirely right."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/windows.json"
SPEC = {"host": "str", "total_minutes": "int", "windows": "list[list[str]]"}


def _lib():
    from artifactbench.graderkit import records

    return records


def _hosts(lib, doc: object) -> list[dict]:
    if not isinstance(doc, dict):
        raise lib.Bad("wrong shape: the top level must be a JSON object")
    if set(doc) != {"hosts"}:
        raise lib.Bad("wrong shape: the object must have exactly the key 'hosts'")
    hosts = lib.check_fields(doc["hosts"], SPEC, "host entry")
    for n, entry in enumerate(hosts, 1):
        if any(len(w) != 2 for w in entry["windows"]):
            raise lib.Bad(f"wrong shape: host entry {n} has a window that is not a [start, end] pair")
    return hosts


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = _hosts(lib, lib.parse_json(lib.read_text(Path(scratch_dir) / ARTIFACT)))
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = lib.parse_json(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))["hosts"]
    score, problems = lib.compare(got, want, ("host",), None, "host", ordered="host")
    if problems:
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} hosts correct")
