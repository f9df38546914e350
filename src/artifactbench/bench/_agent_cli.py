"""Running a CLI coding agent (Claude Code, Codex) whose stdout is a JSON event stream.

Shared by the `claude-code` and `codex` recipes: the scrubbed environment of the `command` agent plus
the recipe's own variables, the prompt on stdin, the stream kept as the job's transcript with secrets
redacted, and metrics parsed from the stream by the recipe's parser.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from artifactbench._process import run_process
from artifactbench.bench._agents import AgentRequest, AgentResult, Permissions
from artifactbench.bench._command import CommandAgent
from artifactbench.bench._transcript import Redactor, Transcript
from artifactbench.mcp_exec import read_code_runs

__all__ = ["StreamMetrics", "cli_permissions", "exec_server_command", "json_events", "run_cli"]

_TAIL = 4000
# The dir holding the artifactbench package (a checkout's src/, site-packages, a PEX's install dir).
PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])


@dataclass(slots=True)
class StreamMetrics:
    """What a parser found in an event stream; None where the stream did not say."""

    turns: int | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    cost: float | None = None
    code_runs: int | None = None
    tool_calls: Counter[str] = field(default_factory=Counter)


def json_events(lines: Iterable[str]) -> list[dict[str, object]]:
    """The JSON objects among `lines` (anything else, e.g. a warning, is skipped)."""
    out = []
    for line in lines:
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):  # (a line nested deeper than the parser goes: not an event)
            continue
        if isinstance(data, dict):
            out.append(data)
    return out


def _install_root(executable: str) -> str | None:
    """The outermost `node_modules` dir above the CLI's real path (an npm install also holds the
    platform package next to it, e.g. @openai/codex-linux-x64), or None for a CLI outside one."""
    found = shutil.which(executable) if os.sep not in executable else executable
    if not found:
        return None
    parts = Path(os.path.realpath(found)).parts
    if "node_modules" not in parts:
        return None
    return str(Path(*parts[:parts.index("node_modules") + 1]))


def cli_permissions(executable: str) -> Permissions:
    """What a CLI agent needs in the sandbox: the host network (its model API; a local endpoint is on
    the shared loopback), the CLI's and node's install prefixes, the npm tree it was installed in,
    and the dir holding the artifactbench package so `artifactbench mcp-exec` imports inside."""
    root = _install_root(executable)
    return Permissions(network="host", runtime=(executable, "node"),
                       mounts=(PACKAGE_ROOT, *((root,) if root else ())))


def exec_server_command(request: AgentRequest, timeout_s: float) -> tuple[list[str], dict[str, str]]:
    """argv and extra env that start `artifactbench mcp-exec` for this job (code_only arms).

    The server runs with this interpreter and its import path (a source checkout's src/, a PEX's
    dirs); the code it runs does not inherit that path. Its run count lands in the agent's home.
    """
    argv = [sys.executable, "-m", "artifactbench", "mcp-exec", "--cwd", str(request.scratch_dir),
            "--counter-file", str(counter_file(request)), "--timeout", f"{timeout_s:g}",
            "--max-code-runs", str(request.max_code_runs if request.enforce_budgets else 0)]
    # Absolute: a test runner's relative entries (Pants' "src") would not resolve from the scratch dir.
    # The package's own dir comes first: it is bound in the sandbox (see cli_permissions).
    entries = [PACKAGE_ROOT, *(os.path.abspath(p) for p in sys.path if p and os.path.exists(p))]
    return argv, {"PYTHONPATH": os.pathsep.join(dict.fromkeys(entries))}


def counter_file(request: AgentRequest) -> Path:
    return request.home_dir / "code_runs.json"


def run_cli(request: AgentRequest, argv: Sequence[str], extra_env: Mapping[str, str],
            pass_env: Sequence[str], secret_envs: Sequence[str],
            parse: Callable[[list[dict[str, object]]], StreamMetrics]) -> AgentResult:
    """Run the CLI with the prompt on stdin; its stdout stream becomes the transcript."""
    env = {**CommandAgent("cli", (), tuple(pass_env)).environment(request), **extra_env}
    redact = Redactor.from_env(env, secret_envs)
    proc = run_process(argv, cwd=request.scratch_dir, env=env, timeout_s=request.timeout_s,
                       input=request.prompt_text.encode("utf-8"), sandbox=request.sandbox)
    stdout = proc.stdout.decode("utf-8", "replace")
    stderr = redact(proc.stderr.decode("utf-8", "replace"))
    log = Transcript(request.transcript_file, redact)
    try:
        for line in stdout.splitlines():
            if line.strip():
                log.raw(line)
        if stderr.strip():
            log.event("stderr", text=stderr[-_TAIL:])
    finally:
        log.close()
    m = parse(json_events(stdout.splitlines()))
    runs = read_code_runs(counter_file(request)) if counter_file(request).exists() else m.code_runs
    tin, tout = m.input_tokens, m.output_tokens
    return AgentResult(
        exit_code=None if proc.timed_out else proc.returncode, wall_s=proc.duration_s,
        timed_out=proc.timed_out, stdout_tail=redact(stdout[-_TAIL:]), stderr_tail=stderr[-_TAIL:],
        turns=m.turns, tokens=None if tin is None or tout is None else tin + tout, cost=m.cost,
        code_runs=runs, input_tokens=tin, output_tokens=tout,
        tool_calls=tuple(sorted(m.tool_calls.items())))
