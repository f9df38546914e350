"""Grader for enumeration__release_orders_hard.

answer/release_orders.txt: one order per non-blank line, twelve step names joined by ` > `; no duplicates;
exactly the admissible orders; lexicographic by the name sequence. Binary.
Never raises on agent output; details give counts and line numbers, never expected lines.
"""

from __future__ import annotations

import re
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer/release_orders.txt")
LINE = re.compile(r"[a-z_]+( > [a-z_]+){11}")
NOUN = "order"


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _parse(text: str) -> tuple[list[str], str | None]:
    lines = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        line = line.rstrip("\r")
        if not LINE.fullmatch(line):
            return [], f"format: line {number} does not follow the required line format"
        lines.append(line)
    return lines, None


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
    lines, error = _parse(text)
    if error is not None:
        return _fail(f"output artifact failed to parse: {error}")
    want, _ = _parse(Path(__file__).with_name("reference_output.txt").read_text(encoding="utf-8"))
    if len(set(lines)) != len(lines):
        return _fail(f"duplicates: {len(lines) - len(set(lines))} {NOUN}(s) repeat an earlier line")
    invalid, missing = len(set(lines) - set(want)), len(set(want) - set(lines))
    if invalid or missing:
        return _fail(f"{NOUN}s: {invalid} listed {NOUN}(s) are not valid, {missing} valid {NOUN}(s) missing")
    if lines != want:
        first = next(i for i, (a, b) in enumerate(zip(lines, want)) if a != b)
        return _fail(f"order: line {first + 1} out of order (see the required ordering)")
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} {NOUN}s listed in order")
