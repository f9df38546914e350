#!/usr/bin/env python3
"""Benchmark of the HTML reports at scale: render time, file size and load time in headless Chromium.

Synthesizes a run of T tasks x A arms x K runs (default 300 x 3 x 5 = 4,500 jobs) in a temp runs dir:
real seed-v1 task dirs (cycled, so prompts are real), records with full 1,000-character stdout/stderr
tails and 500-character grader details, an artifact file per job (1-16 KB) and, for one job in ten, a
transcript file (20-200 KB) that the report must link rather than inline. It writes summary.json with
the runner's own `summarize`, renders report.html, then opens it in Debian's chromium (Playwright) and
times: navigation to the load event, first contentful paint, a sort of the verdict matrix and a jump
to a job. The same is done for a synthetic check report of the tasks x every gate.

Usage: python3 tools/bench_report.py [--tasks 300] [--arms 3] [--runs 5] [--repeat 3] [--keep]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "src"))

from artifactbench.bench import RunRecord, summarize  # noqa: E402
from artifactbench.bench._store import ResultsWriter, write_json_atomic  # noqa: E402
from artifactbench.report import write_check_report  # noqa: E402
from artifactbench.report.run import write_run_report  # noqa: E402

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
WORDS = "grader artifact record field value mismatch expected got line row total sum ok fail".split()


def _text(rng: random.Random, n: int) -> str:
    out, size = [], 0
    while size < n:
        word = rng.choice(WORDS) + ("\n" if rng.random() < 0.1 else "")
        out.append(word)
        size += len(word) + 1
    return " ".join(out)[:n]


def synth_run(runs_dir: Path, tasks: int, arms: int, runs: int, seed: int = 0) -> Path:
    """A run dir shaped exactly like the runner's; returns it."""
    rng = random.Random(seed)
    seeds = [line.strip() for line in (REPO / "sets" / "seed-v1.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    dirs = {p.parent.name: p.parent for p in (REPO / "problems").rglob("task.yaml")}
    cats = ["data_processing", "algorithmic", "verification_heavy", "enumeration",
            "stateful_reasoning", "iterative_numerical"]
    arm_names = [f"arm-{chr(97 + i)}" for i in range(arms)]
    run_dir = runs_dir / "synthetic"
    (run_dir / "artifacts").mkdir(parents=True)
    task_rows = []
    for t in range(tasks):
        real = seeds[t % len(seeds)]
        task_dir = next((d for name, d in dirs.items() if real.endswith(name)), None)
        task_rows.append({"instance_id": f"{cats[t % 6]}__synthetic_{t:03d}", "category": cats[t % 6],
                          "difficulty": "medium", "task_dir": str(task_dir)})
    config = {"version": 1, "kind": "bench-run", "run_id": "synthetic", "harness_version": "bench",
              "selection": None, "arms": [{"name": a, "agent": "command", "options": {}} for a in arm_names],
              "runs": runs, "seed": 0, "enforce_budgets": False, "agent_timeout_s": 3600.0,
              "grade_timeout_s": 60.0, "hidden_roots": [], "tasks": task_rows}
    write_json_atomic(run_dir / "run.json", config)
    records = []
    with ResultsWriter(run_dir / "results.jsonl") as writer:
        for row in task_rows:
            for k in range(1, runs + 1):
                for a_i, arm in enumerate(arm_names):
                    records.append(_record(rng, run_dir, row, arm, a_i, k, writer))
    doc = summarize(records, arm_names, run_id="synthetic")
    write_json_atomic(run_dir / "summary.json", doc)
    return run_dir


def _record(rng: random.Random, run_dir: Path, row: dict, arm: str, a_i: int, k: int,
            writer: ResultsWriter) -> RunRecord:
    iid = row["instance_id"]
    rel = Path("artifacts") / iid / arm / str(k) / "output" / "result.jsonl"
    (run_dir / rel).parent.mkdir(parents=True, exist_ok=True)
    (run_dir / rel).write_text(_text(rng, rng.randint(1_000, 16_000)))
    roll = rng.random()
    verdict = "PASS" if roll < 0.3 + 0.2 * a_i else ("ERROR" if roll > 0.98 else "FAIL")
    rec = RunRecord(
        run_id="synthetic", instance_id=iid, category=row["category"], difficulty="medium", arm=arm,
        agent="command", run=k, started_at="2026-01-01T00:00:00Z", ended_at="2026-01-01T00:01:00Z",
        wall_s=rng.uniform(20, 300), agent_wall_s=rng.uniform(20, 290), grade_s=rng.uniform(0.1, 2),
        agent_exit=0, verdict=verdict, score=1.0 if verdict == "PASS" else 0.0,  # type: ignore[arg-type]
        detail=_text(rng, 500), error_reason="grader" if verdict == "ERROR" else None,
        max_code_runs=20, max_wall_seconds=600, budgets_enforced=False, turns=rng.randint(3, 40),
        tokens=rng.randint(5_000, 400_000), cost=round(rng.uniform(0.01, 2.0), 4), code_runs=rng.randint(0, 20),
        task_digest="sha256:0", workspace_digest="sha256:0", artifact=str(rel), harness_version="bench",
        stdout_tail=_text(rng, 1000), stderr_tail=_text(rng, 1000))
    line = rec.to_json()
    if rng.random() < 0.1:
        t_rel = Path("transcripts") / iid / arm / f"{k}.jsonl"
        (run_dir / t_rel).parent.mkdir(parents=True, exist_ok=True)
        (run_dir / t_rel).write_text(_text(rng, rng.randint(20_000, 200_000)))
        line["transcript"] = str(t_rel)
    writer._fh.write(json.dumps(line) + "\n")  # the raw line: records may carry newer keys
    return rec


def synth_check(tasks: int) -> dict:
    gates = ["manifest", "materialize", "leaks", "verifier", "positive", "negative", "contract", "fuzz",
             "detail_leaks", "verifier_consistency", "content_leaks", "reproducible"]
    rng = random.Random(1)
    out = []
    for t in range(tasks):
        checks = []
        for g in gates:
            status = rng.choices(["pass", "warn", "fail", "skip"], [85, 8, 5, 2])[0]
            cases = [{"name": f"case_{i}", "status": "PASS" if status == "pass" else "MISS",
                      "severity": {"pass": "info", "warn": "warn", "fail": "fail", "skip": "info"}[status],
                      "detail": _text(rng, 300)} for i in range(rng.randint(0, 6))]
            checks.append({"gate": g, "status": status, "summary": _text(rng, 80), "duration_s": 0.5,
                           "cases": cases})
        st = "fail" if any(c["status"] == "fail" for c in checks) else "pass"
        out.append({"instance_id": f"synthetic_{t:03d}", "task_dir": f"problems/x/{t}", "status": st,
                    "duration_s": 3.0, "checks": checks})
    return {"version": 2, "kind": "check-report", "harness_version": "bench", "status": "fail",
            "exit_code": 1, "problems": [], "tasks": out}


def time_in_browser(path: Path, repeat: int, sort_header: str) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    loads, parses, paints, sorts, jumps = [], [], [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for _ in range(repeat):
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            t0 = time.perf_counter()
            page.goto(path.as_uri(), wait_until="load")
            loads.append(time.perf_counter() - t0)
            parses.append(page.evaluate(
                "() => { const n = performance.getEntriesByType('navigation')[0];"
                " return (n.loadEventEnd - n.responseEnd) / 1000; }"))
            paints.append(page.evaluate(
                "() => (performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime") / 1000)
            t0 = time.perf_counter()
            page.locator("#matrix-table th", has_text=sort_header).first.click()
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")
            sorts.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            page.locator("#matrix-table tbody a[href^='#']").last.click()
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")
            jumps.append(time.perf_counter() - t0)
            assert not errors, errors
            page.close()
        browser.close()
    med = statistics.median
    # load_s: goto() to the load event, wall clock (file read included); parse_s: end of the file read
    # to the load event (parse, style, layout, script); fcp_s: first contentful paint.
    return {"load_s": med(loads), "load_max_s": max(loads), "parse_s": med(parses), "fcp_s": med(paints),
            "sort_s": med(sorts), "jump_s": med(jumps)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, default=300)
    ap.add_argument("--arms", type=int, default=3)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3, help="browser loads to time (median reported)")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir and print it")
    args = ap.parse_args(argv)
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPU(s)")
    tmp = Path(tempfile.mkdtemp(prefix="ab-bench-report-"))
    try:
        t0 = time.perf_counter()
        run_dir = synth_run(tmp / "runs", args.tasks, args.arms, args.runs)
        print(f"synthesized {args.tasks} x {args.arms} x {args.runs} = "
              f"{args.tasks * args.arms * args.runs} jobs in {time.perf_counter() - t0:.1f}s")
        t0 = time.perf_counter()
        report = write_run_report(tmp / "runs", "synthetic")
        render_s = time.perf_counter() - t0
        size = report.stat().st_size
        print(f"run report:   render {render_s:.2f}s, {size / 1e6:.2f} MB")
        got = time_in_browser(report, args.repeat, "arm-a")
        print("run report:   chromium " + ", ".join(f"{k} {v:.3f}" for k, v in got.items()))
        t0 = time.perf_counter()
        check = write_check_report(tmp / "check.html", synth_check(args.tasks))
        render_s = time.perf_counter() - t0
        print(f"check report: render {render_s:.2f}s, {check.stat().st_size / 1e6:.2f} MB")
        got = time_in_browser(check, args.repeat, "status")
        print("check report: chromium " + ", ".join(f"{k} {v:.3f}" for k, v in got.items()))
    finally:
        if args.keep:
            print(f"kept: {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
