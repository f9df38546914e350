"""End to end: the consumer monorepo of examples/monorepo/ adopts artifactbench from its two wheels.

Builds both wheels (tools/build_wheels.sh), then in a git copy of the example: `pants test ::` checks
both teams' tasks with the checker the plugin installs from its own lockfile; an edit of one task
re-checks exactly it through `--changed-since`; tailor adds only an artifact_task for a new task; the
benchmark runs a team's set from the installed wheel. Opt-in (a few minutes, real Pants runs):
`python3 -m pytest -m e2e tests/e2e` (.ci/run does this; the marker keeps it out of the default run).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "monorepo"
SEARCH_TASK = "teams/search/benchmarks/retrieval/retrieval__hit_count_easy"
ML_TASK = "ml/evals/algorithmic/algorithmic__sum_easy"

pytestmark = pytest.mark.e2e


def _harness():
    path = REPO / "tools" / "bench_pants.py"
    spec = importlib.util.spec_from_file_location("bench_pants", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_pants"] = module  # dataclasses look their module up while the file executes
    spec.loader.exec_module(module)
    return module


def _address(task_dir: str) -> str:
    return f"{task_dir}:{task_dir.rsplit('/', 1)[1]}"


def _results(output: str) -> dict[str, str]:
    """address -> the rest of its result line (e.g. 'succeeded in 3.1s' or '... (memoized)')."""
    found = {}
    for line in output.splitlines():
        match = re.match(r"^[✓✕] (\S+) (succeeded|failed)(.*)$", line)
        if match:
            found[match.group(1)] = match.group(2) + match.group(3)
    return found


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    h = _harness()
    root = tmp_path_factory.mktemp("consumer") / "monorepo"
    shutil.copytree(EXAMPLE, root)
    # A store of its own: the "first check runs, not cached" assertions must hold on a machine whose own
    # Pants store already holds these checks (a second CI run, a developer's rerun), not only a fresh one.
    manifest = root / "pants.toml"
    store = root.parent / "pants-store"
    manifest.write_text(manifest.read_text().replace("[GLOBAL]\n", f'[GLOBAL]\nlocal_store_dir = "{store}"\n', 1))
    build = subprocess.run(["bash", str(REPO / "tools" / "build_wheels.sh"), str(root / "wheels")],
                           cwd=REPO, capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, (build.stdout + build.stderr)[-3000:]
    h.git(root, "init", "-q")
    h.git(root, "add", ".")
    h.git(root, "commit", "-qm", "consumer monorepo")
    yield h, root
    h.stop_pantsd(root)


def test_pants_test_checks_both_teams_tasks_with_the_installed_checker(example):
    h, root = example
    run = h.pants(root, "test", "::", timeout=1800)
    results = _results(run.output)
    assert run.returncode == 0, run.output[-4000:]
    for task in (SEARCH_TASK, ML_TASK):
        assert results.get(_address(task), "").startswith("succeeded"), run.output[-4000:]
    assert any(a.startswith("teams/search/ranking/ranking_test.py") for a in results), results


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_the_sandbox_option_checks_a_task_in_bubblewrap(example):
    h, root = example
    run = h.pants(root, "--artifactbench-sandbox=bwrap", "test", f"{SEARCH_TASK}:", timeout=1200)
    assert run.returncode == 0, run.output[-4000:]
    result = _results(run.output).get(_address(SEARCH_TASK), "")
    # A new argv (--sandbox bwrap), so a new cache key: the check really ran, in the sandbox.
    assert result.startswith("succeeded") and "cached" not in result and "memoized" not in result, run.output[-4000:]


def test_the_consumer_build_holds_no_artifactbench_code(example):
    h, root = example
    run = h.pants(root, "list", "::")
    assert run.returncode == 0, run.output[-2000:]
    targets = [line for line in run.output.splitlines() if ":" in line and not line.startswith(" ")]
    assert targets and not [t for t in targets if "artifactbench" in t.split(":")[0]], targets


def test_changed_since_rechecks_exactly_the_edited_task(example):
    h, root = example
    with open(root / ML_TASK / "prompt.md", "a", encoding="utf-8") as f:
        f.write("The numbers may be negative.\n")
    run = h.pants(root, "--changed-since=HEAD", "--changed-dependents=transitive", "test", timeout=1200)
    assert run.returncode == 0, run.output[-4000:]
    results = _results(run.output)
    assert list(results) == [_address(ML_TASK)], run.output[-4000:]
    assert "memoized" not in results[_address(ML_TASK)] and "cached" not in results[_address(ML_TASK)]


def test_benchmark_runs_a_team_set_from_the_installed_wheel(example, tmp_path):
    _, root = example
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    # The wheel is installed without its dependencies (no index here): they come from the environment
    # running the tests (CI installs them into a venv of its own, which system_site_packages does not
    # reach), after the venv's own site-packages so the wheel's artifactbench is the one imported.
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    (Path(purelib) / "_host_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    wheel = next((root / "wheels").glob("artifactbench-*.whl"))
    subprocess.run([python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
                   check=True, timeout=600, env={**os.environ, "PIP_CONFIG_FILE": "/dev/null"})
    run = subprocess.run([env_dir / "bin" / "artifactbench", "run", "--set", "search-smoke", "--run-id", "e2e"],
                         cwd=root / "ml", capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    assert re.search(r"^OVERALL +oracle +1 +0 +0 ", run.stdout, re.M), run.stdout[-2000:]
    assert (root / "bench-runs" / "e2e" / "results.jsonl").is_file()


def test_tailor_adds_only_an_artifact_task_and_only_under_the_roots(example):
    h, root = example
    new_task = root / "ml" / "evals" / "algorithmic" / "algorithmic__sum_again_easy"
    shutil.copytree(root / ML_TASK, new_task)
    (new_task / "BUILD").unlink()
    outside = root / "scratch" / "notes"
    shutil.copytree(root / ML_TASK, outside)
    (outside / "BUILD").unlink()
    run = h.pants(root, "tailor", "::")
    assert run.returncode == 0, run.output[-3000:]
    assert (new_task / "BUILD").read_text().strip() == "artifact_task()", run.output
    assert not (new_task / "grader" / "BUILD").exists() and not (new_task / "workspace" / "BUILD").exists()
    assert not (outside / "BUILD").exists(), run.output
