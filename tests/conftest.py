"""Fixtures and helpers shared by every test folder (owned by the `test_utils` target in tests/BUILD)."""

from __future__ import annotations

import signal
from pathlib import Path, PurePosixPath

import pytest
import yaml

from artifactbench.manifest import ExecutionBudget, Task

FIXTURES = Path(__file__).resolve().parent / "fixtures"
DEADLINE_S = 60


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a long test (a real corpus, many graders); deselect with -m 'not slow'")
    config.addinivalue_line("markers", "e2e: end-to-end runs of real tools (Pants, wheels, agent CLIs); select with -m e2e")


@pytest.fixture
def deadline():
    """Fail the test, instead of hanging the suite, when it blocks for DEADLINE_S (e.g. on a FIFO)."""

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"the test blocked for {DEADLINE_S}s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(DEADLINE_S)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def task_from_dir(root: Path) -> Task:
    """A Task built straight from a fixture's task.yaml, independent of the manifest loader under test."""
    raw = yaml.safe_load((root / "task.yaml").read_text())
    optional = {k: root / raw[k] for k in ("structural_verifier", "workspace_generator") if k in raw}
    return Task(
        root=root,
        manifest_path=root / "task.yaml",
        instance_id=raw["instance_id"],
        category=raw["category"],
        difficulty=raw["difficulty"],
        problem_statement=root / raw["problem_statement"],
        workspace_dir=root / raw["workspace_dir"],
        output_artifact=PurePosixPath(raw["output_artifact"]),
        hidden_grader=root / raw["hidden_grader"],
        reference_output=root / raw["reference_output"],
        execution_budget=ExecutionBudget(**raw["execution_budget"]),
        tags=tuple(raw.get("tags", ())),
        **optional,
    )


@pytest.fixture
def fixture_task(request: pytest.FixtureRequest):
    """fixture_task(name) -> Task of tests/fixtures/<the test's folder>/<name>."""
    folder = FIXTURES / Path(request.path).parent.name
    return lambda name: task_from_dir(folder / name)
