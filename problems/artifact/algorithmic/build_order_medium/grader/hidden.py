"""Grades output/build_order.txt: exact build order, cycle groups and blocked packages, section by section."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/build_order.txt"


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _sections(text: str) -> tuple[list[str], list[str], list[str], str | None]:
    """Split into (build, cycle, blocked) lines; the last item names a section-order problem, if any."""
    build: list[str] = []
    cycle: list[str] = []
    blocked: list[str] = []
    stage, problem = 0, None
    for n, line in enumerate((x.rstrip() for x in text.splitlines()), 1):
        if not line:
            continue
        now = 2 if line.startswith("blocked:") else 1 if line.startswith("cycle:") else 0
        if now < stage and problem is None:
            problem = f"sections: line {n} belongs to an earlier section (build, then cycle, then blocked)"
        stage = max(stage, now)
        (build, cycle, blocked)[now].append(line)
    return build, cycle, blocked, problem


def _compare_section(label: str, got: list[str], want: list[str]) -> list[str]:
    if got == want:
        return []
    problems = []
    if len(set(got)) != len(got):
        problems.append(f"{label}: duplicate line(s)")
    missing, unexpected = set(want) - set(got), set(got) - set(want)
    if missing:
        problems.append(f"{label}: missing {len(missing)} of {len(want)} line(s)")
    if unexpected:
        problems.append(f"{label}: {len(unexpected)} unexpected line(s)")
    if not problems:
        first = next(i for i, (a, b) in enumerate(zip(got, want)) if a != b)
        problems.append(f"{label}: order: entry {first + 1} of the section is out of order")
    return problems


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact; passes only when all three sections equal the expected plan."""
    path = Path(scratch_dir) / ARTIFACT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not text.strip():
        return _fail("output artifact is empty")
    got = _sections(text)
    want = _sections(Path(__file__).with_name("reference_output.txt").read_text(encoding="utf-8"))
    problems = [got[3]] if got[3] else []
    for label, mine, theirs in zip(("build order", "cycle", "blocked"), got[:3], want[:3]):
        problems += _compare_section(label, mine, theirs)
    if problems:
        return _fail("; ".join(problems))
    return GradeResult(passed=True, score=1.0, detail=f"build plan correct ({len(got[0])} packages in order)")
