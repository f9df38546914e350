"""The agent plug-in interface and the built-in `oracle` and `noop` agents.

An agent is any object with a `name`, `permissions` (what it may do) and `run(request) -> AgentResult`.
The harness owns everything around the call: a fresh scratch dir, the prompt file outside it, the
sandbox, timeouts, snapshotting the output and grading. An agent only has to leave its artifact at
`request.output_path`, and run every process it starts with `sandbox=request.sandbox`.
"""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Protocol, runtime_checkable

from artifactbench._sandbox import Network, Sandbox

__all__ = ["Agent", "AgentRequest", "AgentResult", "NoopAgent", "OracleAgent", "Permissions"]


@dataclass(frozen=True, slots=True)
class Permissions:
    """What an agent may do, declared by the agent and enforced by the harness.

    `privileged`: it is handed the task's reference output (only the built-in oracle self-test).
    `needs_sandbox`: it runs code (a CLI, a model's tool calls), so its processes get the job's
    sandbox; False only for in-process built-ins that run nothing of their own.
    `network`: "host" for an agent that calls a model API; "none" cuts it off from every network.
    `runtime`: executables (names on PATH or paths) it runs that may live outside /usr, e.g. a CLI
    under ~/.nvm; their install prefixes are bound read-only into the sandbox.
    `mounts`: more files or dirs bound read-only at their own paths (e.g. the agent's own script).
    """

    privileged: bool = False
    needs_sandbox: bool = True
    network: Network = "none"
    runtime: tuple[str, ...] = ()
    mounts: tuple[str, ...] = ()


BUILTIN = Permissions(privileged=False, needs_sandbox=False)


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
    `sandbox` is what every process the agent starts must run in (`run_process(..., sandbox=...)`);
    None when the run is unsandboxed (`--sandbox none`) or the agent needs none. Its paths are the
    host paths above: the scratch dir (read-write), the prompt file (read-only), HOME (read-write).
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
    sandbox: Sandbox | None = None

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
    """A coding agent under test; `permissions` says what the harness lets it do."""

    name: str
    permissions: Permissions

    def run(self, request: AgentRequest) -> AgentResult: ...


@dataclass(frozen=True, slots=True)
class OracleAgent:
    """Copies the reference output to the output artifact: a self-test of the whole pipeline."""

    name: str = "oracle"
    permissions: Permissions = Permissions(privileged=True, needs_sandbox=False)

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
    permissions: Permissions = BUILTIN

    def run(self, request: AgentRequest) -> AgentResult:
        return AgentResult(0, 0.0)
