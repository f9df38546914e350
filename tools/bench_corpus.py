"""Benchmark: how long each corpus task's grader takes on its reference (the timings the tests do not assert).

For every task found under the given roots (default problems/): materialize it, place the reference as the
agent's artifact, and time grade() in a fresh process and a GraderSession's per-case run (median of
--repeat). Target per case in a session: under 1 s, or 5 s for a grader that runs the agent's Python module
in an interpreter of its own (an output artifact ending in .py). Exit status 1 when a task misses it.

    PYTHONPATH=src python3 tools/bench_corpus.py [ROOT ...] [--repeat 3]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from pathlib import Path

from artifactbench.grading import GraderSession, grade
from artifactbench.manifest import Task, discover
from artifactbench.workspace import materialize

REPO = Path(__file__).resolve().parent.parent


def target_s(task: Task) -> float:
    return 5.0 if task.output_artifact.suffix == ".py" else 1.0


def _timed(task: Task, repeat: int) -> tuple[float, float, bool]:
    """(fresh-process seconds, median session seconds per case, passed) on the reference."""
    scratch = materialize(task).scratch_dir
    try:
        out = scratch / task.output_artifact
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(task.reference_output, out)
        started = time.perf_counter()
        fresh = grade(task, scratch, timeout_s=120)
        fresh_s = time.perf_counter() - started
        cases = []
        with GraderSession(task, timeout_s=120) as session:
            session.grade(scratch)  # the first case also imports the grader
            for _ in range(repeat):
                started = time.perf_counter()
                outcome = session.grade(scratch)
                cases.append(time.perf_counter() - started)
        passed = bool(fresh.ok and fresh.result and fresh.result.passed and outcome.ok and outcome.result.passed)
        return fresh_s, statistics.median(cases), passed
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path, default=[REPO / "problems"])
    parser.add_argument("--repeat", type=int, default=3, help="session cases timed per task (median)")
    args = parser.parse_args(argv)
    missed = 0
    print(f"{'task':48} {'fresh s':>8} {'case s':>8} {'target':>7}  verdict")
    for task in discover(args.roots):
        fresh_s, case_s, passed = _timed(task, args.repeat)
        ok = passed and case_s < target_s(task)
        missed += not ok
        print(f"{task.instance_id:48} {fresh_s:8.3f} {case_s:8.3f} {target_s(task):7.1f}  "
              f"{'ok' if ok else 'MISSED' if passed else 'REFERENCE FAILS'}")
    print(f"{missed} task(s) missed the target")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
