"""The agent plug-in interface and the built-in `oracle` and `noop` agents.

An agent is any object with a `name` and `run(request) -> AgentResult`. The harness owns everything
around the call: a fresh scratch dir, the prompt file outside it, timeouts, snapshotting the output
and grading. An agent only has to leave its artifact at `request.output_path`.
"""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Protocol, runtime_checkable

__all__ = ["Agent", "AgentRequest", "AgentResult", "NoopAgent", "OracleAgent"]


@dataclass(frozen=True, slots=True)
class AgentRequest:
    """Everything an agent gets for one (task, arm, run) job.

    `prompt_file` and `metrics_file` live outside `scratch_dir`. `timeout_s` is the time the agent may
    take (the hard timeout, or the wall budget when budgets are enforced and it is shorter);
    `deadline` is the same limit as a `time.monotonic()` instant. `reference_output` is set only for
    privileged agents (the oracle self-test); a real agent never sees a grader path.
    `hidden_roots` (the repository, the task dir) must not leak into a child's environment.
    `transcript_file` (None when the caller keeps none) is where a built-in agent writes its JSONL
    transcript, secrets redacted; it is harness-side and never handed to the agent's process.
    """

    instance_id: str
    prompt_text: str
    prompt_file: Path
    scratch_dir: Path
    output_artifact: PurePosixPath
    max_code_runs: int
    max_wall_seconds: int
    enforce_budgets: bool
    timeout_s: float
    deadline: float
    metrics_file: Path
    home_dir: Path
    reference_output: Path | None = None
    hidden_roots: tuple[Path, ...] = ()
    transcript_file: Path | None = None  # where an agent may keep its transcript (in the run dir)

    @property
    def output_path(self) -> Path:
        """Where the agent must leave its artifact."""
        return self.scratch_dir / self.output_artifact


@dataclass(frozen=True, slots=True)
class AgentResult:
    """What happened when the agent ran. Metrics are None unless the agent reported them."""

    exit_code: int | None
    wall_s: float
    timed_out: bool = False
    stdout_tail: str = ""
    stderr_tail: str = ""
    turns: int | None = None
    tokens: int | None = None
    cost: float | None = None
    code_runs: int | None = None
    notes: tuple[str, ...] = field(default=())
    input_tokens: int | None = None
    output_tokens: int | None = None
    tool_calls: tuple[tuple[str, int], ...] = ()  # (tool name, calls), sorted by name


@runtime_checkable
class Agent(Protocol):
    """A coding agent under test. `privileged` agents are handed the task's reference output."""

    name: str

    def run(self, request: AgentRequest) -> AgentResult: ...


@dataclass(frozen=True, slots=True)
class OracleAgent:
    """Copies the reference output to the output artifact: a self-test of the whole pipeline."""

    name: str = "oracle"
    privileged: bool = True

    def run(self, request: AgentRequest) -> AgentResult:
        start = time.monotonic()
        if request.reference_output is None:
            return AgentResult(1, time.monotonic() - start, stderr_tail="oracle: no reference output")
        dest = request.output_path
        dest.parent.mkdir(parents=True, exist_ok=True)
        if request.reference_output.is_dir():
            shutil.copytree(request.reference_output, dest, symlinks=True)
        else:
            shutil.copyfile(request.reference_output, dest)
        return AgentResult(0, time.monotonic() - start)


@dataclass(frozen=True, slots=True)
class NoopAgent:
    """Writes nothing: every task should FAIL (a check that graders reject a missing artifact)."""

    name: str = "noop"
    privileged: bool = False

    def run(self, request: AgentRequest) -> AgentResult:
        return AgentResult(0, 0.0)
