"""Benchmark: a fresh grader process per case vs. a GraderSession (import once, fork per case).

Builds N synthetic tasks in a temp dir (every other one with a grader that imports numpy), grades M
scratch dirs per task both ways and prints per-case wall times. Target: a session's per-case cost is
under 20% of a fresh-process grader run. Exit status 1 when the target is missed.

    PYTHONPATH=src python3 tools/bench_grading.py --tasks 6 --cases 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path, PurePosixPath

from artifactbench.grading import GraderSession, grade
from artifactbench.manifest._task import ExecutionBudget, Task

TARGET = 0.20
_PLAIN = '''from pathlib import Path
from swebench.artifact_models import GradeResult
def grade(scratch_dir: Path) -> GradeResult:
    values = [int(x) for x in (scratch_dir / "output/answer.txt").read_text().split()]
    ok = sum(values) == 42
    return GradeResult(ok, float(ok), "sum checked")
'''
_NUMPY = '''from pathlib import Path
import numpy as np
from swebench.artifact_models import GradeResult
def grade(scratch_dir: Path) -> GradeResult:
    values = np.loadtxt(scratch_dir / "output/answer.txt", ndmin=1)
    ok = bool(values.sum() == 42)
    return GradeResult(ok, float(ok), "sum checked with numpy")
'''


def make_task(root: Path, index: int, uses_numpy: bool) -> Task:
    (root / "workspace").mkdir(parents=True)
    (root / "grader").mkdir()
    (root / "grader" / "hidden.py").write_text(_NUMPY if uses_numpy else _PLAIN)
    (root / "grader" / "reference_output.txt").write_text("42\n")
    (root / "prompt.md").write_text("Write numbers summing to 42.\n")
    return Task(
        root=root, manifest_path=root / "task.yaml", instance_id=f"algorithmic__bench_{index}",
        category="algorithmic", difficulty="easy", problem_statement=root / "prompt.md",
        workspace_dir=root / "workspace", output_artifact=PurePosixPath("output/answer.txt"),
        hidden_grader=root / "grader" / "hidden.py",
        reference_output=root / "grader" / "reference_output.txt",
        execution_budget=ExecutionBudget(0, 0),
    )  # fmt: skip


def make_scratch(root: Path, case: int) -> Path:
    (root / "output").mkdir(parents=True)
    (root / "output" / "answer.txt").write_text("40\n2\n" if case % 2 == 0 else "41\n")
    return root


def timed(func, *args):  # noqa: ANN001, ANN201
    start = time.perf_counter()
    value = func(*args)
    return value, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=6)
    parser.add_argument("--cases", type=int, default=5)
    args = parser.parse_args(argv)
    fresh_all, session_all = [], []
    print(f"{'task':<24}{'numpy':>6}{'fresh/case':>12}{'session/case':>14}{'startup':>10}{'ratio':>8}")
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as tmp:
        for index in range(args.tasks):
            uses_numpy = index % 2 == 1
            task = make_task(Path(tmp) / f"task{index}", index, uses_numpy)
            scratches = [make_scratch(Path(tmp) / f"s{index}_{c}", c) for c in range(args.cases)]
            fresh = []
            for scratch in scratches:
                outcome, seconds = timed(grade, task, scratch)
                assert outcome.ok, outcome
                fresh.append((outcome.result, seconds))
            served = []
            session, startup = timed(lambda: GraderSession(task).__enter__())
            try:
                for scratch in scratches:
                    outcome, seconds = timed(session.grade, scratch)
                    served.append((outcome.result, seconds))
            finally:
                session.close()
            assert [r for r, _ in fresh] == [r for r, _ in served], "session results differ from fresh ones"
            f = statistics.mean(s for _, s in fresh)
            s = statistics.mean(s for _, s in served)
            fresh_all += [s_ for _, s_ in fresh]
            session_all += [s_ for _, s_ in served]
            print(f"{task.instance_id:<24}{str(uses_numpy):>6}{f * 1000:>10.1f}ms{s * 1000:>12.1f}ms"
                  f"{startup * 1000:>8.0f}ms{s / f:>8.1%}")  # fmt: skip
    f, s = statistics.mean(fresh_all), statistics.mean(session_all)
    ratio = s / f
    print(f"\nall cases: fresh {f * 1000:.1f} ms/case, session {s * 1000:.1f} ms/case "
          f"(median {statistics.median(session_all) * 1000:.1f} ms), ratio {ratio:.1%} "
          f"(target < {TARGET:.0%}): {'met' if ratio < TARGET else 'MISSED'}")  # fmt: skip
    return 0 if ratio < TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
