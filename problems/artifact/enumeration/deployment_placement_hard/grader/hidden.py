"""Grader for enumeration__deployment_placement_hard.

One JSON object per non-blank line mapping each of the six services to its ascending list of node names;
the set of lines must equal the set of valid placements (no duplicates, none missing, none invalid) and
the lines must ascend by the per-service node lists taken in alphabetical service order. Never raises.
"""

from __future__ import annotations

import json
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "placements.jsonl"
SERVICES = ("api", "inference", "postgres", "queue", "redis", "web")
Placement = tuple[tuple[str, ...], ...]


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail)


def _record(line: str, number: int) -> tuple[Placement | None, str | None]:
    try:
        value = json.loads(line)
    except ValueError as exc:
        return None, f"output artifact failed to parse: line {number}: {exc.msg}"
    except RecursionError:  # absurdly deep nesting is malformed input, not a grader crash
        return None, f"output artifact failed to parse: line {number}: nesting too deep"
    if not isinstance(value, dict):
        return None, f"shape: line {number} is a JSON {type(value).__name__}, not an object"
    missing = [s for s in SERVICES if s not in value]
    extra = [k for k in value if k not in SERVICES]
    if missing or extra:
        return None, f"keys: line {number} has {len(missing)} missing and {len(extra)} unexpected service key(s)"
    lists = []
    for service in SERVICES:
        nodes = value[service]
        if not isinstance(nodes, list) or not all(isinstance(n, str) for n in nodes):
            return None, f"type: line {number} key {service!r} is not a list of node-name strings"
        if nodes != sorted(set(nodes)):
            return None, f"format: line {number} key {service!r} is not sorted ascending without repeats"
        lists.append(tuple(nodes))
    return tuple(lists), None


def _parse(text: str) -> tuple[list[Placement], str | None]:
    placements: list[Placement] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        placement, error = _record(line, number)
        if error is not None:
            return placements, error
        placements.append(placement)  # type: ignore[arg-type]
    return placements, None


def _expected() -> set[Placement]:
    text = Path(__file__).with_name("reference_output.jsonl").read_text(encoding="utf-8")
    placements, error = _parse(text)
    assert error is None, error
    return set(placements)


def grade(scratch_dir: Path) -> GradeResult:
    path = Path(scratch_dir) / OUTPUT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not text.strip():
        return _fail("output artifact is empty")
    placements, error = _parse(text)
    if error is not None:
        return _fail(error)
    seen: set[Placement] = set()
    duplicates = 0
    for placement in placements:
        duplicates += placement in seen
        seen.add(placement)
    if duplicates:
        return _fail(f"duplicates: {duplicates} line(s) repeat an earlier placement")
    expected = _expected()
    invalid, missing = len(seen - expected), len(expected - seen)
    if invalid or missing:
        return _fail(f"placements: {invalid} listed placement(s) violate a rule, {missing} valid placement(s) missing")
    for index in range(1, len(placements)):
        if placements[index] < placements[index - 1]:
            return _fail(f"order: placement {index + 1} out of order")
    return GradeResult(passed=True, score=1.0, detail=f"all {len(placements)} valid placements listed in order")
