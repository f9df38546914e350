from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class GradeResult:
    passed: bool
    score: float
    detail: str


def grade(scratch_dir: Path) -> GradeResult:
    out = Path(scratch_dir) / "output" / "sum.txt"
    if not out.is_file():
        return GradeResult(False, 0.0, "output artifact not produced")
    text = out.read_text(encoding="utf-8", errors="replace").strip()
    if not text:
        return GradeResult(False, 0.0, "output artifact is empty")
    try:
        value = int(text)
    except ValueError:
        return GradeResult(False, 0.0, "output artifact failed to parse: not an integer")
    expected = sum(int(x) for x in (Path(scratch_dir) / "numbers.txt").read_text().split())
    if value != expected:
        return GradeResult(False, 0.0, "sum is wrong")
    return GradeResult(True, 1.0, "sum is right")
