"""The built-in `codex` recipe: the Codex CLI's `codex exec --json` with its JSONL events.

Tool surfaces: `tool_rich` and `bash_only` (Codex's native surface, a shell tool; this CLI has no
separate file tools to take away), `code_only` (the shell tool disabled; `execute_code` from
`artifactbench mcp-exec` as a required MCP server). A custom endpoint is a model provider of the
job's own config (Responses API at `base_url`, key from `api_key_env`).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace

from artifactbench.bench._agent_cli import StreamMetrics, exec_server_command, run_cli
from artifactbench.bench._agents import AgentRequest, AgentResult

__all__ = ["CodexAgent", "parse_codex_stream"]

_TOOL_ITEMS = {"command_execution": "exec_command", "file_change": "apply_patch",
               "web_search": "web_search"}


def _toml(value: object) -> str:
    """A TOML value for `-c key=value` (JSON strings and arrays are valid TOML)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value)


def parse_codex_stream(events: list[dict[str, object]]) -> StreamMetrics:
    """Metrics of `codex exec --json`: usage summed over `turn.completed` events; tool calls from
    completed items. Turns are agent messages plus tool calls (the stream has no per-response
    event): equal to the model's responses when each response holds one message or one call."""
    m = StreamMetrics(turns=0)
    tin = tout = 0
    seen_usage = False
    for ev in events:
        item = ev.get("item")
        if ev.get("type") == "item.completed" and isinstance(item, dict):
            kind = str(item.get("type"))
            if kind == "mcp_tool_call":
                m.tool_calls[f"mcp__{item.get('server')}__{item.get('tool')}"] += 1
            elif kind in _TOOL_ITEMS:
                m.tool_calls[_TOOL_ITEMS[kind]] += 1
            if kind in ("agent_message", "mcp_tool_call", *_TOOL_ITEMS):
                m.turns = (m.turns or 0) + 1
        elif ev.get("type") == "turn.completed" and isinstance(ev.get("usage"), dict):
            usage = ev["usage"]
            tin += int(usage.get("input_tokens") or 0)  # type: ignore[union-attr]
            tout += int(usage.get("output_tokens") or 0)  # type: ignore[union-attr]
            seen_usage = True
    if seen_usage:
        m.input_tokens, m.output_tokens = tin, tout
    m.code_runs = m.tool_calls.get("exec_command", 0) + m.tool_calls.get("mcp__exec__execute_code", 0)
    return m


@dataclass(frozen=True, slots=True)
class CodexAgent:
    """Arm options: model, tools, bin, base_url, api_key_env, sandbox (Codex's own sandbox mode),
    price_input/price_output (USD per million tokens: the stream reports no cost), pass_env,
    exec_timeout (seconds per execute_code call)."""

    name: str
    model: str
    tools: str = "tool_rich"
    bin: str = "codex"
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    sandbox: str = "danger-full-access"
    price_input: float | None = None
    price_output: float | None = None
    pass_env: tuple[str, ...] = ()
    exec_timeout: float = 60.0
    privileged: bool = False

    def command(self, request: AgentRequest) -> tuple[list[str], dict[str, str]]:
        """argv and extra environment of one job; Codex keeps its state in the job's home."""
        home = request.home_dir / ".codex"
        home.mkdir(exist_ok=True)
        argv = [self.bin, "exec", "--json", "--skip-git-repo-check", "--ephemeral",
                "--sandbox", self.sandbox, "--model", self.model]
        extra = {"CODEX_HOME": str(home)}
        if self.base_url:
            provider = {"name": "artifactbench", "base_url": self.base_url,
                        "env_key": self.api_key_env, "wire_api": "responses"}
            argv += ["-c", 'model_provider="artifactbench"',
                     "-c", f"model_providers.artifactbench={_toml(provider)}"]
        if self.api_key_env in os.environ:
            extra[self.api_key_env] = os.environ[self.api_key_env]
        if self.tools == "code_only":
            server, env = exec_server_command(request, self.exec_timeout)
            entry = {"command": server[0], "args": server[1:], "env": env, "required": True,
                     "startup_timeout_sec": 60, "tool_timeout_sec": self.exec_timeout + 30}
            argv += ["--disable", "shell_tool", "-c", f"mcp_servers.exec={_toml(entry)}"]
        return argv + ["-"], extra

    def run(self, request: AgentRequest) -> AgentResult:
        argv, extra = self.command(request)
        result = run_cli(request, argv, extra, self.pass_env, [self.api_key_env], parse_codex_stream)
        if self.price_input is None or self.price_output is None or result.input_tokens is None:
            return result
        cost = (result.input_tokens * self.price_input
                + (result.output_tokens or 0) * self.price_output) / 1e6
        return replace(result, cost=cost)
