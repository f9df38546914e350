"""Shared fixtures of the report tests: real runs of seed-v1, a real check, and a real headless Chromium.

Screenshots of the rendered reports are kept in ARTIFACTBENCH_TEST_ARTIFACTS (default: a folder under
pytest's base temp); the folder is printed at the end of the session.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
_SHOTS: list[Path] = []

# The scripted command agent of the mixed run: copies a prepared answer for the tasks it "knows",
# writes a wrong one otherwise, reports metrics and prints hostile markup on stdout.
SCRIPTED_AGENT = r'''
import json, os, pathlib, sys
plan = json.loads(pathlib.Path(sys.argv[1]).read_text())
iid, scratch, out, metrics = sys.argv[2:6]
arm = plan["arm"]
target = pathlib.Path(scratch) / out
target.parent.mkdir(parents=True, exist_ok=True)
if iid in plan["solve"]:
    target.write_bytes(pathlib.Path(plan["answers"], iid).read_bytes())
else:
    target.write_text("<script>alert('pwned')</script> not an answer\n")
print("<b>agent</b> says <script>document.title='pwned'</script> for", iid)
print("warning </pre><img src=x onerror=alert(1)>", file=sys.stderr)
pathlib.Path(metrics).write_text(json.dumps(
    {"turns": plan["turns"] + len(iid) % 3, "tokens": 1000 * plan["turns"], "cost": plan["cost"],
     "code_runs": 1}))
'''


def seed_tasks():
    from artifactbench.cli._select import select_tasks

    return select_tasks([str(REPO / "problems")], "seed-v1", str(REPO / "sets")).tasks


def _bench(args: list[str]) -> int:
    from artifactbench.cli._bench import bench_main

    return bench_main([str(REPO / "problems"), "--set", "seed-v1", "--sets-dir", str(REPO / "sets"),
                       "-j", "2", *args])


@pytest.fixture(scope="session")
def seed_runs(tmp_path_factory) -> dict[str, Path]:
    """Three real runs of seed-v1 (oracle, noop, a mixed two-arm scripted run); run id -> run dir."""
    if not (REPO / "sets" / "seed-v1.txt").is_file():
        pytest.skip("sets/seed-v1.txt is not in this checkout")
    base = tmp_path_factory.mktemp("seed-runs")
    runs = base / "runs"
    answers = base / "answers"
    answers.mkdir()
    tasks = seed_tasks()
    for t in tasks:  # the test (not the agent) holds the answers: the agent gets a copy outside the repo
        shutil.copyfile(t.reference_output, answers / t.instance_id)
    ids = [t.instance_id for t in tasks]
    (base / "agent.py").write_text(SCRIPTED_AGENT)
    arms = []
    for name, solve, turns, cost in (("scripted-a", ids[:9], 4, 0.02), ("scripted-b", ids[3:8], 9, 0.05)):
        plan = base / f"{name}.json"
        plan.write_text(json.dumps({"arm": name, "solve": solve, "answers": str(answers),
                                    "turns": turns, "cost": cost}))
        argv = [sys.executable, str(base / "agent.py"), str(plan), "{instance_id}", "{scratch_dir}",
                "{output_artifact}", "{metrics_file}"]
        arms.append({"name": name, "agent": "command", "options": {"argv": argv}})
    import yaml

    (base / "arms.yaml").write_text(yaml.safe_dump({"arms": arms}))
    assert _bench(["--runs-dir", str(runs), "--run-id", "oracle", "--agent", "oracle"]) == 0
    assert _bench(["--runs-dir", str(runs), "--run-id", "noop", "--agent", "noop"]) == 0
    # --sandbox none: the scripted agent plays known outcomes by copying reference outputs, which is
    # exactly what the sandbox exists to stop.
    assert _bench(["--runs-dir", str(runs), "--run-id", "mixed", "--sandbox", "none",
                   "--arms-file", str(base / "arms.yaml"), "--runs", "2"]) == 0
    return {rid: runs / rid for rid in ("oracle", "noop", "mixed")}


@pytest.fixture(scope="session")
def check_report(tmp_path_factory) -> Path:
    """A real check of seed-v1 plus two deliberately weak fixture tasks, written with --html."""
    from artifactbench.cli import main

    out = tmp_path_factory.mktemp("check")
    fixtures = REPO / "tests" / "fixtures" / "checks"
    paths = [str(t.root) for t in seed_tasks()] + [str(fixtures / "neg_miss"),
                                                   str(fixtures / "positive_rejects")]
    rc = main(["check", *paths, "--gates", "manifest,materialize,leaks,verifier,positive,negative",
               "-j", "2", "--quiet", "--html", str(out / "check.html"), "--json-out",
               str(out / "check.json")])
    assert rc == 1  # the weak fixtures fail
    return out / "check.html"


@pytest.fixture(scope="session")
def shots_dir(tmp_path_factory) -> Path:
    env = os.environ.get("ARTIFACTBENCH_TEST_ARTIFACTS")
    folder = Path(env) if env else tmp_path_factory.mktemp("report-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    _SHOTS.append(folder)
    return folder


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium through Playwright (never a downloaded browser)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is absent: install Debian's chromium (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright Python package is not installed")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


def pytest_terminal_summary(terminalreporter) -> None:
    for folder in _SHOTS:
        terminalreporter.write_line(f"report screenshots: {folder}")
