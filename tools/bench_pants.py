"""Measure the Pants plugin on N synthetic tasks in a scratch git repository.

    python3 tools/bench_pants.py --tasks 10 100 [--keep]

tools/bench_pants_scale.py measures the real repository: layers (a bench-only edit) and a remote cache.

For each N it builds a scratch repo (a stand-in checker that follows the CLI contract of
docs/adr/0001-cli-surface.md, N tasks, this repo's plugin on the pythonpath), then times, with
pantsd on: cold `pants test ::`, warm no-change, one task edited, checker (core) edited. It counts
the checks that really ran (not memoized or cached) in each step and prints a Markdown table.
The functions are also the harness of the end-to-end tests (marker e2e, tools/e2e_pants.sh).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PANTS = REPO / "pants"

_PANTS_TOML = """\
[GLOBAL]
pants_version = "2.17.1"
pantsd = true
backend_packages = ["pants.backend.python", "artifactbench_pants"]
pythonpath = ["{plugin_dir}"]
ignore_warnings = ["DEPRECATED: Running Pants in an external Python interpreter"]

[source]
root_patterns = ["/checker"]

[python]
interpreter_constraints = ["CPython==3.11.*"]

[subprocess-environment]
env_vars = ["PIP_CONFIG_FILE=/dev/null"]

[artifactbench]
checker = "checker:lib"
entry_point = "fake_checker:main"
"""

# A stand-in for the core CLI: same argv, exit codes and report.json shape (contract version 1).
_FAKE_CHECKER = '''\
"""Stand-in checker for plugin tests and benchmarks. Salt: {salt}"""
import json, pathlib, runpy, shutil, sys


def _report(path, task_dir, status, checks):
    code = {{"pass": 0, "fail": 1}}.get(status, 2)
    pathlib.Path(path).write_text(json.dumps({{
        "version": 1, "kind": "check-report", "harness_version": "0.0.0-standin",
        "status": status, "exit_code": code, "problems": [],
        "tasks": [{{"instance_id": pathlib.Path(task_dir).name, "task_dir": task_dir,
                    "status": status, "duration_s": 0.0, "checks": checks}}],
    }}))
    return code


def main():
    cmd, *rest = sys.argv[1:]
    task_dir = rest[-1] if cmd != "materialize" else rest[0]
    task = pathlib.Path(task_dir)
    if cmd == "materialize":
        shutil.copytree(task / "workspace", rest[1])
        return 0
    if not (task / "task.yaml").is_file():
        _report(rest[rest.index("--json-out") + 1], task_dir, "error", [])
        return 2
    checks = [{{"gate": "manifest", "status": "pass", "summary": "ok", "cases": []}}]
    if cmd == "check":
        ok = runpy.run_path(str(task / "grader" / "hidden.py"))["grade"](task / "workspace")
        checks.append({{"gate": "positive", "status": "pass" if ok else "fail",
                       "summary": "reference accepted" if ok else "grader rejected the reference",
                       "cases": [{{"name": "reference_output", "status": "PASS" if ok else "FAIL",
                                  "detail": "" if ok else "input.txt holds 'bad'"}}]}})
        pathlib.Path(rest[rest.index("--junit-xml") + 1]).write_text(
            '<testsuite name="%s" tests="1" failures="%d"/>' % (task.name, 0 if ok else 1))
    status = "pass" if all(c["status"] == "pass" for c in checks) else "fail"
    return _report(rest[rest.index("--json-out") + 1], task_dir, status, checks)


if __name__ == "__main__":
    sys.exit(main())
'''

_GRADER = "def grade(workspace):\n    return 'bad' not in (workspace / 'input.txt').read_text()\n"


def task_dir(i: int) -> str:
    return f"problems/artifact/synthetic/task_{i:03d}"


def write_task(root: Path, i: int, content: str = "good") -> None:
    d = root / task_dir(i)
    (d / "workspace").mkdir(parents=True, exist_ok=True)
    (d / "grader").mkdir(exist_ok=True)
    (d / "task.yaml").write_text(f"instance_id: synthetic__task_{i:03d}\n")
    (d / "prompt.md").write_text(f"Task {i}.\n")
    (d / "workspace" / "input.txt").write_text(f"{content}\n")
    (d / "grader" / "hidden.py").write_text(_GRADER)
    (d / "BUILD").write_text("artifact_task()\n")


def make_repo(root: Path, n: int, *, build_files: bool = True) -> Path:
    """A scratch git repo with the stand-in checker and n tasks (salted, so the first run is cold)."""
    (root / "checker").mkdir(parents=True)
    (root / "pants.toml").write_text(_PANTS_TOML.format(plugin_dir=REPO / "pants-plugins"))
    (root / "checker" / "fake_checker.py").write_text(_FAKE_CHECKER.format(salt=uuid.uuid4().hex))
    (root / "checker" / "BUILD").write_text("python_sources(name='lib')\n")
    for i in range(n):
        write_task(root, i)
        if not build_files:
            (root / task_dir(i) / "BUILD").unlink()
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "synthetic tasks")
    return root


def git(root: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "b@example.invalid",
           "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "b@example.invalid"}
    subprocess.run(["git", *args], cwd=root, check=True, env=env)


@dataclass(frozen=True)
class PantsRun:
    seconds: float
    returncode: int
    output: str

    @property
    def ran(self) -> int:
        """Checks that executed (neither memoized by pantsd nor served from a cache)."""
        return sum(1 for line in self._results() if "(memoized" not in line and "(cached" not in line)

    @property
    def results(self) -> int:
        return len(self._results())

    def _results(self) -> list:
        return [l for l in self.output.splitlines() if re.match(r"^[✓✕] \S+:task_\d+ ", l)]

    def task_results(self, prefix: str) -> list:
        """Result lines of targets under `prefix` (e.g. the real corpus, problems/)."""
        return [l for l in self.output.splitlines() if re.match(rf"^[✓✕] {re.escape(prefix)}\S* ", l)]

    def ran_under(self, prefix: str) -> int:
        return sum(1 for l in self.task_results(prefix) if "(memoized" not in l and "(cached" not in l)

    def listed_under(self, prefix: str) -> int:
        """Targets under `prefix` printed by `pants list` (one address per line)."""
        return sum(1 for l in self.output.splitlines() if l.startswith(prefix) and ":" in l)


_NATIVE: "list[tuple[str, dict]]" = []  # (client path, env) once --native-client set it up


def native_client() -> "tuple[str, dict]":
    """Pants 2.17's Rust client (ships in the wheel without its exec bit), with the launcher's env.

    It talks to a running pantsd in ~0.1 s instead of the Python client's ~2 s of startup; it exits
    75 when no pantsd runs, and then the launcher runs (and starts pantsd).
    """
    if not _NATIVE:
        home = Path(os.environ.get("ARTIFACTBENCH_PANTS_HOME", Path.home() / ".cache/artifactbench-pants")) / "2.17.1"
        env = dict(os.environ)
        for line in (home / "launcher.env").read_text().splitlines():
            key, _, value = line.removeprefix("export ").partition("=")
            env[key] = value.strip("'")
        env.setdefault("PANTS_CA_CERTS_PATH", env.get("SSL_CERT_FILE") or env.get("ARTIFACTBENCH_CA_BUNDLE", ""))
        src = next((home / "venv").glob("lib/python3.9/site-packages/pants/bin/native_client"))
        exe = Path(tempfile.mkdtemp(prefix="ab-native-client-")) / "native_client"
        shutil.copy(src, exe)
        exe.chmod(0o755)
        _NATIVE.append((str(exe), env))
    return _NATIVE[0]


def pants(root: Path, *args: str, timeout: float = 900, native: bool = False) -> PantsRun:
    start = time.monotonic()
    if native:
        exe, env = native_client()
        proc = subprocess.run([exe, *args], cwd=root, env=env, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 75:  # 75: no pantsd to talk to; fall back to the launcher
            return PantsRun(time.monotonic() - start, proc.returncode, proc.stdout + proc.stderr)
    proc = subprocess.run([str(PANTS), *args], cwd=root, capture_output=True, text=True, timeout=timeout)
    return PantsRun(time.monotonic() - start, proc.returncode, proc.stdout + proc.stderr)


def stop_pantsd(root: Path) -> None:
    # Each scratch repo has its own pantsd; stop only that one (its pid file is in the repo).
    for pid_file in root.glob(".pids/*/pantsd/pid"):
        try:
            os.kill(int(pid_file.read_text().strip()), 15)
        except (ProcessLookupError, ValueError):
            pass


def bench(n: int, keep: bool, native: bool = False) -> dict:
    root = Path(tempfile.mkdtemp(prefix=f"ab-pants-bench-{n}-"))
    try:
        make_repo(root, n)
        steps = {"cold": pants(root, "test", "::", native=native)}
        steps["warm no-change"] = pants(root, "test", "::", native=native)
        (root / task_dir(n // 2) / "prompt.md").write_text("Edited.\n")
        steps["one task edited"] = pants(root, "test", "::", native=native)
        with open(root / "checker" / "fake_checker.py", "a") as f:
            f.write("# core edited\n")
        steps["core edited"] = pants(root, "test", "::", native=native)
        for name, run in steps.items():
            if run.returncode != 0 or run.results != n:
                raise SystemExit(f"{name}: exit {run.returncode}, {run.results}/{n} results\n{run.output[-3000:]}")
        return {name: (run.seconds, run.ran) for name, run in steps.items()}
    finally:
        stop_pantsd(root)
        if not keep:
            shutil.rmtree(root, ignore_errors=True)


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, nargs="+", default=[10, 100])
    parser.add_argument("--keep", action="store_true", help="keep the scratch repos")
    parser.add_argument("--native-client", action="store_true", help="warm runs through Pants' Rust client")
    args = parser.parse_args(argv)
    rows = {n: bench(n, args.keep, args.native_client) for n in args.tasks}
    print("| tasks | " + " | ".join(next(iter(rows.values()))) + " |")
    print("|---" * (1 + len(next(iter(rows.values())))) + "|")
    for n, steps in rows.items():
        print(f"| {n} | " + " | ".join(f"{s:.1f} s ({ran} ran)" for s, ran in steps.values()) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
