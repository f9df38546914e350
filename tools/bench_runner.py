"""Measure the benchmark runner: harness overhead per job (beyond the grader's own time) and -j speedup.

Builds 50 synthetic tasks in a temp dir, runs the oracle agent over them with -j 1 and -j 2 and prints:
the mean and p95 overhead per job (job wall time minus the grader's time; target < 50 ms) and how much
faster -j 2 is than -j 1 (target: at least 40%). Exit 0 when both targets are met, 1 otherwise.
The overhead is mostly file creation and removal (scratch copies), so it follows the latency of the
temp dir's filesystem: compare TMPDIR=/dev/shm with the default on a busy disk.

    PYTHONPATH=src python3 tools/bench_runner.py [--tasks 50]
"""

from __future__ import annotations

import argparse
import io
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from artifactbench.bench import Arm, BenchConfig, run_bench
from artifactbench.bench._progress import Progress
from artifactbench.manifest import discover

_GRADER = '''from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class GradeResult:
    passed: bool
    score: float
    detail: str


def grade(scratch_dir):
    out = Path(scratch_dir) / "output" / "answer.txt"
    if not out.is_file():
        return GradeResult(False, 0.0, "output artifact not produced")
    want = str(sum(int(x) for x in (Path(scratch_dir) / "data.txt").read_text().split()))
    ok = out.read_text().strip() == want
    return GradeResult(ok, 1.0 if ok else 0.0, "right" if ok else "wrong")
'''


def build_tasks(root: Path, n: int) -> None:
    """n small tasks: a workspace of a few files, a grader that recomputes the answer."""
    for i in range(n):
        iid = f"algorithmic__synthetic_{i:03d}"
        task = root / iid
        (task / "workspace" / "extra").mkdir(parents=True)
        (task / "grader").mkdir()
        numbers = [(i * 7 + k) % 101 for k in range(200)]
        (task / "workspace" / "data.txt").write_text("\n".join(map(str, numbers)) + "\n")
        for k in range(5):
            (task / "workspace" / "extra" / f"note{k}.txt").write_text(f"note {k} of task {i}\n" * 20)
        (task / "grader" / "hidden.py").write_text(_GRADER)
        (task / "grader" / "reference_output.txt").write_text(f"{sum(numbers)}\n")
        (task / "prompt.md").write_text("Write the sum of the integers in data.txt to output/answer.txt.\n")
        (task / "task.yaml").write_text(
            f"instance_id: {iid}\ncategory: algorithmic\ndifficulty: easy\nproblem_statement: prompt.md\n"
            "workspace_dir: workspace/\noutput_artifact: output/answer.txt\nhidden_grader: grader/hidden.py\n"
            "reference_output: grader/reference_output.txt\n"
            "execution_budget:\n  max_code_runs: 0\n  max_wall_seconds: 0\n")


def timed_run(tasks: tuple, runs_dir: Path, run_id: str, jobs: int) -> tuple[float, list]:
    cfg = BenchConfig(tasks=tasks, arms=(Arm("oracle", "oracle"),), runs_dir=runs_dir, run_id=run_id,
                      jobs=jobs)
    start = time.perf_counter()
    records = run_bench(cfg, Progress(io.StringIO()))
    return time.perf_counter() - start, records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=50)
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="ab-bench-runner-"))
    try:
        build_tasks(work / "tasks", args.tasks)
        tasks = discover([work / "tasks"])
        t1, recs = timed_run(tasks, work / "runs", "j1", 1)
        assert all(r.verdict == "PASS" for r in recs), [r.detail for r in recs if r.verdict != "PASS"]
        overhead = sorted(r.wall_s - r.grade_s for r in recs)
        grader = statistics.mean(r.grade_s for r in recs)
        per_job_total = t1 / len(recs) - grader  # includes the runner's own loop and record writes
        t2, _ = timed_run(tasks, work / "runs", "j2", 2)
        faster = 1 - t2 / t1
        mean_ms = statistics.mean(overhead) * 1000
        p95_ms = overhead[int(0.95 * (len(overhead) - 1))] * 1000
        print(f"tasks: {len(tasks)}  (oracle agent, one run each; scratch and runs under {work.parent},"
              " set TMPDIR to measure another filesystem)")
        print(f"grader time per job:           {grader * 1000:7.1f} ms (mean)")
        print(f"harness overhead per job:      {mean_ms:7.1f} ms mean, {p95_ms:.1f} ms p95 (target < 50 ms)")
        print(f"overhead incl. runner loop:    {per_job_total * 1000:7.1f} ms per job")
        print(f"wall -j 1: {t1:6.2f} s   -j 2: {t2:6.2f} s   -j 2 is {faster:.0%} faster (target >= 40%)")
        ok = mean_ms < 50 and faster >= 0.40
        print("targets met" if ok else "targets NOT met")
        return 0 if ok else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
