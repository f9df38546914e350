#!/usr/bin/env python3
"""Benchmark of the check pipeline on synthetic tasks.

Builds N synthetic tasks in a temp dir (every other grader imports numpy), runs the check
(spec gates) on them and prints tasks/second, then the per-negative-case overhead beyond the grader's own time:
through the task's GraderSession (what the negative gate does) vs a fresh-process grading.grade().
Each synthetic grader measures its own time and reports it in `detail`, so the overhead excludes it.

With --corpus DIR it also times a real corpus twice: the spec's gates only (manifest, materialize, leaks,
verifier, positive, negative) and every default gate (the assurance gates included), and prints the ratio
of wall times and of CPU times (the checker's and its children's: other load on the machine moves it
less) and where the time of all gates goes, gate by gate. With --generated N it does the same on a generated
corpus of N tasks: copies of the foreign-style fixture tasks (tests/fixtures/foreign/, sound and flawed
twins written in another corpus's style), each under its own instance_id.

With --set NAME (or a set file) only the corpus tasks that set lists are timed.

Usage: python3 tools/bench_checks.py [--tasks N] [-j JOBS] [--cases K] [--corpus problems/ [--set seed-v1]]
       [--generated 100]
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from artifactbench.gates import SPEC_GATES, CheckOptions, TaskContext, resolve_gates, run_checks  # noqa: E402
from artifactbench.grading import grade  # noqa: E402
from artifactbench.manifest import discover, load_task  # noqa: E402

from artifactbench.workspace import copy_tree, new_scratch_dir  # noqa: E402

GRADER = '''\
import json, time
from dataclasses import dataclass
from pathlib import Path
{imports}

@dataclass(frozen=True)
class GradeResult:
    passed: bool
    score: float
    detail: str

EXPECTED = {expected!r}

def grade(scratch_dir):
    t0 = time.perf_counter()
    def done(ok, why):
        return GradeResult(ok, 1.0 if ok else 0.0, f"{{why}} own={{time.perf_counter() - t0:.6f}}")
    path = Path(scratch_dir) / "out.jsonl"
    if not path.is_file():
        return done(False, "output artifact not produced")
    try:
        rows = [json.loads(l) for l in path.read_text().splitlines() if l.strip()]
    except ValueError:
        return done(False, "output artifact failed to parse")
    if not rows:
        return done(False, "output artifact is empty")
{check}
    return done(rows == EXPECTED, "match" if rows == EXPECTED else "mismatch")
'''
NUMPY_CHECK = '''\
    values = numpy.array([r.get("v", 0) if isinstance(r, dict) else 0 for r in rows], dtype=float)
    if not numpy.isfinite(values).all():
        return done(False, "non-finite value")
'''


def build(root: Path, n: int) -> list[Path]:
    dirs = []
    for i in range(n):
        uses_numpy = i % 2 == 0
        d = root / f"t{i}"
        (d / "workspace").mkdir(parents=True)
        (d / "grader").mkdir()
        rows = [{"k": f"row{j}", "v": j * (i + 1)} for j in range(20)]
        iid = f"algorithmic__bench_{i}"
        (d / "task.yaml").write_text(
            f"instance_id: {iid}\ncategory: algorithmic\ndifficulty: easy\nproblem_statement: prompt.md\n"
            "workspace_dir: workspace/\noutput_artifact: out.jsonl\nhidden_grader: grader/hidden.py\n"
            "reference_output: grader/reference_output.jsonl\n"
            "execution_budget:\n  max_code_runs: 0\n  max_wall_seconds: 0\n")
        (d / "prompt.md").write_text("Write out.jsonl.\n")
        (d / "workspace" / "input.txt").write_text("\n".join(str(j) for j in range(200)) + "\n")
        (d / "grader" / "hidden.py").write_text(GRADER.format(
            imports="import numpy" if uses_numpy else "", expected=rows,
            check=NUMPY_CHECK if uses_numpy else ""))
        (d / "grader" / "reference_output.jsonl").write_text("".join(
            f'{{"k": "{r["k"]}", "v": {r["v"]}}}\n' for r in rows))
        dirs.append(d)
    return dirs


def own_time(detail: str) -> float:
    match = re.search(r"own=([0-9.]+)", detail)
    return float(match.group(1)) if match else 0.0


def overhead(task_dir: Path, cases: int) -> tuple[float, float]:
    """Median per-case overhead (s) beyond the grader's own time: session vs fresh process."""
    task = load_task(task_dir)
    ctx = TaskContext(task, CheckOptions())
    session, fresh = [], []
    try:
        with ctx.scratch() as warm:  # the first grade starts the session: a per-task, not per-case, cost
            ctx.place_reference(warm)
            ctx.grade(warm)
        for i in range(cases):
            t0 = time.perf_counter()
            with ctx.scratch() as scratch:
                ctx.place_reference(scratch, f'{{"k": "x", "v": {i}}}\n')
                outcome = ctx.grade(scratch)
            session.append(time.perf_counter() - t0 - own_time(outcome.result.detail))
        for i in range(cases):
            holder = new_scratch_dir("ab-bench-")
            t0 = time.perf_counter()
            scratch = holder / "s"
            copy_tree(ctx.pristine().scratch_dir, scratch)
            ctx.place_reference(scratch, f'{{"k": "x", "v": {i}}}\n')
            outcome = grade(task, scratch)
            fresh.append(time.perf_counter() - t0 - own_time(outcome.result.detail))
            shutil.rmtree(holder, ignore_errors=True)
    finally:
        ctx.close()
    return statistics.median(session), statistics.median(fresh)


FOREIGN = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "foreign"


def generated(dest: Path, count: int) -> Path:
    """`count` tasks copied round-robin from the foreign-style fixtures, each with its own instance_id."""
    templates = sorted(p for p in FOREIGN.iterdir() if (p / "task.yaml").is_file())
    for i in range(count):
        src = templates[i % len(templates)]
        dst = dest / f"{src.name}_{i:03d}"
        shutil.copytree(src, dst)
        manifest = dst / "task.yaml"
        text = manifest.read_text()
        manifest.write_text(re.sub(r"^(instance_id: \S+)$", rf"\g<1>_{i:03d}", text, count=1, flags=re.M))
    return dest


def corpus(root: Path, jobs: int, set_name: str | None = None) -> None:
    """Time the spec's gates and then every default gate on a corpus (the tasks `set_name` lists)."""
    tasks = list(discover([root]))
    if set_name:
        from artifactbench.sets import find_sets_dir, select

        tasks = list(select(tasks, set_name, find_sets_dir(root) or Path(__file__).resolve().parent.parent / "sets"))
    timings, cpu = {}, {}
    for label, gates in (("spec gates", SPEC_GATES), ("all gates", resolve_gates(None))):
        c0 = _cpu_seconds()
        t0 = time.perf_counter()
        report = run_checks(tasks, gates, jobs=jobs)
        timings[label] = time.perf_counter() - t0
        cpu[label] = _cpu_seconds() - c0
        bad = [t.instance_id for t in report.tasks if t.status != "pass"]
        per_task = 1000 * cpu[label] / max(1, len(tasks))
        print(f"corpus {root}: {label}: {len(tasks)} tasks in {timings[label]:.1f}s (-j {jobs}), "
              f"CPU {cpu[label]:.1f}s ({per_task:.0f} ms a task); non-passing: {len(bad)}"
              + (f" {bad[:6]}" if bad and len(bad) <= 6 else ""))
    per_gate: dict[str, float] = {}
    for task in report.tasks:
        for check in task.checks:
            per_gate[check.gate] = per_gate.get(check.gate, 0.0) + check.duration_s
    total = sum(per_gate.values()) or 1.0
    print(f"corpus {root}: all gates, time per gate: " + ", ".join(
        f"{g} {v:.0f}s ({100 * v / total:.0f}%)" for g, v in sorted(per_gate.items(), key=lambda kv: -kv[1])))
    print(f"corpus {root}: all gates / spec gates = {timings['all gates'] / timings['spec gates']:.1f}x wall, "
          f"{cpu['all gates'] / cpu['spec gates']:.1f}x CPU")


def _cpu_seconds() -> float:
    """User + system CPU of this process and of every child it waited for (grader servers, whose
    forked cases they waited for, generators, verifiers): the work done, whatever else loads the machine."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=8)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--cases", type=int, default=10)
    parser.add_argument("--corpus", type=Path, help="also time this corpus: spec gates vs every gate")
    parser.add_argument("--set", dest="set_name", help="with --corpus: only the tasks this set lists")
    parser.add_argument("--generated", type=int, metavar="N",
                        help="also time a generated corpus of N foreign-style tasks: spec gates vs every gate")
    parser.add_argument("--no-synthetic", action="store_true", help="skip the synthetic spec-gate benchmark")
    args = parser.parse_args()
    if args.corpus:
        corpus(args.corpus, args.jobs, args.set_name)
    if args.generated:
        with tempfile.TemporaryDirectory(prefix="ab-bench-corpus-") as tmp:
            corpus(generated(Path(tmp), args.generated), args.jobs)
    if args.no_synthetic or args.tasks < 1:
        return 0
    with tempfile.TemporaryDirectory(prefix="ab-bench-tasks-") as tmp:
        dirs = build(Path(tmp), args.tasks)
        tasks = [load_task(d) for d in dirs]
        t0 = time.perf_counter()
        # The synthetic graders are deliberately minimal (not fuzz-proof), so time the spec's gates here.
        report = run_checks(tasks, SPEC_GATES, jobs=args.jobs)
        elapsed = time.perf_counter() - t0
        bad = [t.instance_id for t in report.tasks if t.status != "pass"]
        print(f"spec-gate check: {len(tasks)} tasks in {elapsed:.2f}s = {len(tasks) / elapsed:.2f} tasks/s "
              f"(-j {args.jobs}); non-passing: {bad or 'none'}")
        for label, d in (("numpy grader", dirs[0]), ("stdlib grader", dirs[1 % len(dirs)])):
            via_session, via_fresh = overhead(d, args.cases)
            print(f"{label}: per-negative-case overhead beyond the grader's own time: "
                  f"session {via_session * 1000:.1f} ms, fresh process {via_fresh * 1000:.1f} ms "
                  f"({via_fresh / max(via_session, 1e-9):.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
