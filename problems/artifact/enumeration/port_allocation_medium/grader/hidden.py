"""Grader for enumeration__port_allocation_medium.

Compares the agent's plan list with the reference list by the rules the prompt states: one plan per
non-blank line, `name=port` tokens for every service in alphabetical order, no duplicates, exactly the
valid plans, lines in ascending numeric order of the port tuple. Never raises on agent output.
"""

from __future__ import annotations

import re
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "port_plans.txt"
SERVICES = ("api", "auth", "cache", "gateway", "metrics")
_TOKEN = re.compile(r"^([a-z]+)=([0-9]{1,5})$")


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail)


def _parse(text: str) -> tuple[list[tuple[int, ...]], str | None]:
    """Plans as port tuples in service order, or an error naming the first bad line."""
    plans: list[tuple[int, ...]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        tokens = line.split()
        matches = [_TOKEN.match(tok) for tok in tokens]
        if not all(matches):
            return plans, f"format: line {number} is not whitespace-separated name=port tokens"
        names = tuple(m.group(1) for m in matches)  # type: ignore[union-attr]
        if names != SERVICES:
            return plans, f"format: line {number} does not list the five services once each in alphabetical order"
        plans.append(tuple(int(m.group(2)) for m in matches))  # type: ignore[union-attr]
    return plans, None


def _expected() -> list[tuple[int, ...]]:
    text = Path(__file__).with_name("reference_output.txt").read_text(encoding="utf-8")
    plans, error = _parse(text)
    assert error is None, error
    return plans


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
    plans, error = _parse(text)
    if error is not None:
        return _fail(f"output artifact failed to parse: {error}")
    seen: set[tuple[int, ...]] = set()
    duplicates = 0
    for plan in plans:
        duplicates += plan in seen
        seen.add(plan)
    if duplicates:
        return _fail(f"duplicates: {duplicates} plan line(s) repeat an earlier line")
    expected = set(_expected())
    invalid = len(seen - expected)
    missing = len(expected - seen)
    if invalid or missing:
        return _fail(f"plans: {invalid} listed plan(s) violate a rule, {missing} valid plan(s) missing")
    for index in range(1, len(plans)):
        if plans[index] < plans[index - 1]:
            return _fail(f"order: line {index + 1} out of order (ascending numeric port tuple)")
    return GradeResult(passed=True, score=1.0, detail=f"all {len(plans)} valid plans listed in order")
