#!/usr/bin/env python3
"""What the bubblewrap sandbox costs per job, beside the same job unsandboxed, on a set's tasks.

For each task (the oracle's artifact stands in for an agent's) and each mode it times the job's stages
that the sandbox touches, median of --repeat runs:
  true      a process that does nothing at all (/bin/true): bubblewrap's own start and teardown
  start     an agent process that does nothing (`python3 -c pass`), in the job's sandbox or not
  copy-in   the job's scratch dir: a copy of the pristine workspace (the sandbox binds it, no copy)
  copy-out  the snapshot: the scratch size check (sandbox only), then the artifact copy into the run dir
  grade     the task's grader, in its sandbox (nested sandbox for agent code) or not
and prints the sandbox's extra cost per job (start + copy-in + copy-out) and with grading.

Usage: python3 tools/bench_sandbox.py [--set seed-v1] [--repeat 5]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from artifactbench._process import run_process, scrubbed_env  # noqa: E402
from artifactbench.bench import OracleAgent, Permissions  # noqa: E402
from artifactbench.bench._grade import grade_snapshot, snapshot  # noqa: E402
from artifactbench.bench._isolate import job_sandbox, run_sandbox  # noqa: E402
from artifactbench.cli._select import select_tasks  # noqa: E402
from artifactbench.workspace import copy_tree, materialize, new_scratch_dir  # noqa: E402

STAGES = ("true", "start", "copy-in", "copy-out", "grade")


def _time(fn) -> float:  # noqa: ANN001
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def one_job(task, pristine: Path, mode: str, runs: Path) -> dict[str, float]:  # noqa: ANN001
    base = run_sandbox(mode)  # type: ignore[arg-type]
    scratch, home = new_scratch_dir("ab-scratch-"), new_scratch_dir("ab-agent-")
    (home / "prompt.md").write_text("x")
    out: dict[str, float] = {}
    try:
        out["copy-in"] = _time(lambda: copy_tree(pristine, scratch))
        box = job_sandbox(base, Permissions(), scratch, home, home / "prompt.md")
        out["true"] = _time(lambda: run_process(["/bin/true"], cwd=scratch, env=scrubbed_env(), timeout_s=30,
                                                sandbox=box))
        out["start"] = _time(lambda: run_process([sys.executable, "-c", "pass"], cwd=scratch,
                                                 env=scrubbed_env(HOME=str(home)), timeout_s=30, sandbox=box))
        dest = task.output_artifact
        (scratch / dest).parent.mkdir(parents=True, exist_ok=True)
        ref = task.reference_output
        if ref.is_dir():
            shutil.copytree(ref, scratch / dest, dirs_exist_ok=True)
        else:
            shutil.copyfile(ref, scratch / dest)
        art = runs / f"{task.instance_id}-{mode}"
        out["copy-out"] = _time(lambda: snapshot(task, scratch, art, runs, base))
        verdict = []
        out["grade"] = _time(lambda: verdict.append(grade_snapshot(task, pristine, art, 60.0, sandbox=mode)))
        assert verdict[0].verdict == "PASS", (task.instance_id, mode, verdict[0].detail)
        shutil.rmtree(art, ignore_errors=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(home, ignore_errors=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", default="seed-v1")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    tasks = select_tasks([str(ROOT / "problems")], args.set, str(ROOT / "sets")).tasks
    _ = OracleAgent  # the artifact is the oracle's: the reference output
    print(f"{len(tasks)} task(s) of {args.set}, median of {args.repeat} run(s) per stage, ms")
    print(f"{'task':44} {'mode':5} " + " ".join(f"{s:>8}" for s in STAGES))
    totals: dict[str, dict[str, list[float]]] = {m: {s: [] for s in STAGES} for m in ("none", "bwrap")}
    with tempfile.TemporaryDirectory(prefix="ab-bench-sandbox-") as tmp:
        runs = Path(tmp)
        for task in tasks:
            m = materialize(task)
            try:
                for mode in ("none", "bwrap"):
                    samples = [one_job(task, m.scratch_dir, mode, runs) for _ in range(args.repeat)]
                    med = {s: statistics.median(x[s] for x in samples) * 1000 for s in STAGES}
                    for s in STAGES:
                        totals[mode][s].append(med[s])
                    print(f"{task.instance_id:44} {mode:5} " + " ".join(f"{med[s]:8.1f}" for s in STAGES))
            finally:
                shutil.rmtree(m.scratch_dir, ignore_errors=True)
    mean = {m: {s: statistics.mean(v) for s, v in d.items()} for m, d in totals.items()}
    print()
    for mode in ("none", "bwrap"):
        print(f"{'mean per job':44} {mode:5} " + " ".join(f"{mean[mode][s]:8.1f}" for s in STAGES))
    extra = {s: mean["bwrap"][s] - mean["none"][s] for s in STAGES}
    job = extra["start"] + extra["copy-in"] + extra["copy-out"]
    print(f"{'sandbox extra':44} {'':5} " + " ".join(f"{extra[s]:+8.1f}" for s in STAGES))
    print(f"\nsandbox cost per job (start + copy-in + copy-out): {job:+.1f} ms (target < 100 ms); "
          f"with grading: {job + extra['grade']:+.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
