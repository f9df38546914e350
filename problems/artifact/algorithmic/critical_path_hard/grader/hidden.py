"""Grades output/schedule.json: project_duration exact, the ignored dependency list exact and sorted, one
task entry per plan row sorted by id with every date, slack and flag exact. Score = fraction of task
entries that are entirely right (0 when the top-level shape is wrong)."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/schedule.json"
KEYS = ("project_duration", "tasks", "ignored_dependencies")
TASK = {"id": "str", "es": "int", "ef": "int", "ls": "int", "lf": "int", "slack": "int", "critical": "bool"}
IGNORED = {"task": "str", "predecessor": "str"}


def _lib():
    from artifactbench.graderkit import records

    return records


def _doc(lib, doc: object) -> dict:
    if not isinstance(doc, dict):
        raise lib.Bad("wrong shape: the top level must be a JSON object")
    missing = [k for k in KEYS if k not in doc]
    if missing:
        raise lib.Bad(f"wrong shape: missing key {missing[0]!r}")
    extra = sorted(str(k) for k in doc if k not in KEYS)
    if extra:
        raise lib.Bad(f"wrong shape: unexpected key {extra[0][:40]!r}")
    if type(doc["project_duration"]) is not int:
        raise lib.Bad("wrong type: 'project_duration' must be an integer")
    lib.check_fields(doc["tasks"], TASK, "task")
    lib.check_fields(doc["ignored_dependencies"], IGNORED, "ignored dependency")
    return doc


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = _doc(lib, lib.parse_json(lib.read_text(Path(scratch_dir) / ARTIFACT)))
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = lib.parse_json(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))
    score, problems = lib.compare(got["tasks"], want["tasks"], ("id",), None, "task", ordered="id")
    _, ignored = lib.compare(got["ignored_dependencies"], want["ignored_dependencies"], ("task", "predecessor"),
                             None, "ignored dependency", ordered="task, predecessor")
    problems = ignored + problems
    if got["project_duration"] != want["project_duration"]:
        problems.insert(0, "project_duration wrong")
    if problems:
        return GradeResult(passed=False, score=min(score, 0.99), detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"project duration and all {len(want['tasks'])} tasks correct")
