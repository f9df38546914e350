"""Measure the Pants build of this repository at scale: layers and a shared remote cache.

    python3 tools/bench_pants_scale.py --layers    # bench-layer edit vs checker edit
    python3 tools/bench_pants_scale.py --remote    # two clean clones sharing a BuildGrid cache
    python3 tools/bench_pants_scale.py --layers --remote --full   # every gate instead of `manifest`

Each step works on a clean clone of HEAD with its own pantsd. "ran" counts task checks that really
executed (neither memoized by pantsd nor served by a cache). tools/bench_pants.py has the harness and
the synthetic local figures (cold / warm / one task / core edited).
"""
from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _harness():
    spec = importlib.util.spec_from_file_location("bench_pants", REPO / "tools" / "bench_pants.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_pants"] = module
    spec.loader.exec_module(module)
    return module


h = _harness()
pants, stop_pantsd = h.pants, h.stop_pantsd

# Fast checks by default: what counts is which checks re-run or come from the cache, not their length.
GATES = ["--artifactbench-check-args=['--gates', 'manifest']"]
BENCH_FILE = "src/artifactbench/bench/_summary.py"
CHECKER_FILE = "src/artifactbench/manifest/_load.py"


def clone_head(root: Path) -> Path:
    """A clean clone of this repository's HEAD (committed files only) at `root`."""
    head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(REPO), str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "checkout", "-q", head], check=True)
    return root


def layers(keep: bool) -> dict:
    """On a clone of this repo: a bench-layer edit re-runs no task check, a checker edit re-runs all."""
    root = clone_head(Path(tempfile.mkdtemp(prefix="ab-pants-layers-")) / "repo")
    changed = ("--changed-since=HEAD", "--changed-dependents=transitive", "list")
    try:
        cold = pants(root, *GATES, "test", "problems::", timeout=1800)
        n = len(cold.task_results("problems/"))
        if cold.returncode != 0 or not n:
            raise SystemExit(f"cold: exit {cold.returncode}\n{cold.output[-3000:]}")
        with open(root / BENCH_FILE, "a") as f:
            f.write("# bench layer edited\n")
        bench_run = pants(root, *GATES, "test", "problems::")
        bench_sel = pants(root, *changed)
        subprocess.run(["git", "-C", str(root), "checkout", "-q", "--", BENCH_FILE], check=True)
        with open(root / CHECKER_FILE, "a") as f:
            f.write("# checker layer edited\n")
        checker_run = pants(root, *GATES, "test", "problems::", timeout=1800)
        checker_sel = pants(root, *changed)
        return {
            "tasks": n,
            "cold": (cold.seconds, cold.ran_under("problems/")),
            "bench-layer edit": (bench_run.seconds, bench_run.ran_under("problems/")),
            "bench-layer edit, --changed-since selects": bench_sel.listed_under("problems/"),
            "checker edit": (checker_run.seconds, checker_run.ran_under("problems/")),
            "checker edit, --changed-since selects": checker_sel.listed_under("problems/"),
        }
    finally:
        stop_pantsd(root)
        if not keep:
            shutil.rmtree(root.parent, ignore_errors=True)


def print_layers(row: dict) -> None:
    n = row.pop("tasks")
    print(f"| step ({n} tasks of problems/{_gates_note()}) | wall | task checks re-run / selected |")
    print("|---|---|---|")
    for name, value in row.items():
        if isinstance(value, tuple):
            print(f"| {name} | {value[0]:.1f} s | {value[1]} ran |")
        else:
            print(f"| {name} | - | {value} of {n} tasks |")




def _gates_note() -> str:
    return ", --gates manifest" if GATES else ", every gate"


def remote(keep: bool, port: int) -> dict:
    """Clone A fills a BuildGrid cache; clone B (own local store, own pantsd) runs no check."""
    scratch = Path(tempfile.mkdtemp(prefix="ab-pants-remote-"))
    started = subprocess.run(["bash", str(REPO / "tools" / "buildgrid.sh"), "start", str(port)],
                             capture_output=True, text=True, check=True)
    flags = started.stdout.split()
    rows = {}
    try:
        for name in ("first clone (cold, fills the cache)", "second clone (fresh local store)"):
            root = clone_head(scratch / name.split()[0])
            store = scratch / f"{name.split()[0]}-store"
            try:
                # One run per clone: no daemon to start (its 60 s start timeout trips on a loaded machine).
                run = pants(root, "--no-pantsd", *flags, f"--local-store-dir={store}", *GATES, "test", "problems::",
                            timeout=1800)
            finally:
                stop_pantsd(root)
            lines = run.task_results("problems/")
            if run.returncode != 0 or not lines:
                raise SystemExit(f"{name}: exit {run.returncode}\n{run.output[-3000:]}")
            remote_hits = sum(1 for line in lines if "(cached remotely)" in line)
            for line in run.output.splitlines():  # why a check was not a hit, when Pants says so
                if "remote" in line.lower() and ("WARN" in line or "ERROR" in line):
                    print(f"{name}: {line[:300]}", file=sys.stderr)
            rows[name] = (run.seconds, run.ran_under("problems/"), remote_hits, len(lines))
        return rows
    finally:
        subprocess.run(["bash", str(REPO / "tools" / "buildgrid.sh"), "stop"], check=False)
        if not keep:
            shutil.rmtree(scratch, ignore_errors=True)


def print_remote(rows: dict) -> None:
    print(f"| `pants test problems::` through BuildGrid on 127.0.0.1{_gates_note()} | wall | ran | cached remotely |")
    print("|---|---|---|---|")
    for name, (seconds, ran, hits, n) in rows.items():
        print(f"| {name} | {seconds:.1f} s | {ran} of {n} | {hits} of {n} |")


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", action="store_true", help="bench-layer edit vs checker edit")
    parser.add_argument("--remote", action="store_true", help="two clean clones sharing a BuildGrid cache")
    parser.add_argument("--full", action="store_true", help="run every default gate, not only `manifest`")
    parser.add_argument("--port", type=int, default=50051, help="BuildGrid port on 127.0.0.1")
    parser.add_argument("--keep", action="store_true", help="keep the clones")
    args = parser.parse_args(argv)
    if args.full:
        GATES.clear()
    if not (args.layers or args.remote):
        parser.error("pass --layers and/or --remote")
    if args.layers:
        print_layers(layers(args.keep))
    if args.remote:
        print_remote(remote(args.keep, args.port))
    return 0


if __name__ == "__main__":
    sys.exit(main())
