"""The built-in `claude-code` recipe: Claude Code in print mode with its stream-json output.

Tool surfaces: `tool_rich` (its native file and shell tools), `bash_only` (only Bash), `code_only`
(no built-in tool; `execute_code` from `artifactbench mcp-exec` through an MCP config of the job).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

from artifactbench.bench._agent_cli import StreamMetrics, exec_server_command, run_cli
from artifactbench.bench._agents import AgentRequest, AgentResult

__all__ = ["ClaudeCodeAgent", "parse_claude_stream"]

RICH_TOOLS = "Bash Edit MultiEdit Read Write Glob Grep LS NotebookEdit TodoWrite"
EXEC_TOOL = "mcp__exec__execute_code"
# Keep the CLI on the endpoint it is given: no telemetry, update checks or other side traffic, and
# wait for the MCP server before the first request (print mode connects in the background).
QUIET_ENV = {
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1",
    "DISABLE_TELEMETRY": "1", "DISABLE_ERROR_REPORTING": "1", "DISABLE_BUG_COMMAND": "1",
    "MCP_CONNECTION_NONBLOCKING": "false", "MCP_CONNECT_TIMEOUT_MS": "60000", "MCP_TIMEOUT": "60000",
}


def _int(value: object) -> int:
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def parse_claude_stream(events: list[dict[str, object]]) -> StreamMetrics:
    """Metrics of a stream-json run: the `result` event's turns, usage and cost; tool calls from the
    assistant messages. Without a result event (a killed run) turns count distinct messages."""
    m = StreamMetrics()
    messages: set[str] = set()
    for ev in events:
        msg = ev.get("message")
        if ev.get("type") == "assistant" and isinstance(msg, dict):
            messages.add(str(msg.get("id")))
            for block in msg.get("content") or []:
                if isinstance(block, dict) and block.get("type") == "tool_use":
                    m.tool_calls[str(block.get("name"))] += 1
        elif ev.get("type") == "result":
            usage = ev.get("usage") if isinstance(ev.get("usage"), dict) else {}
            m.turns = _int(ev.get("num_turns"))
            m.input_tokens = sum(_int(usage.get(k)) for k in (  # type: ignore[union-attr]
                "input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))
            m.output_tokens = _int(usage.get("output_tokens"))  # type: ignore[union-attr]
            cost = ev.get("total_cost_usd")
            m.cost = float(cost) if isinstance(cost, (int, float)) else None
    if m.turns is None and messages:
        m.turns = len(messages)
    m.code_runs = m.tool_calls.get("Bash", 0) + m.tool_calls.get(EXEC_TOOL, 0)
    return m


@dataclass(frozen=True, slots=True)
class ClaudeCodeAgent:
    """Arm options: model, tools, max_turns, allowed_tools / disallowed_tools (space-separated),
    bin, base_url (ANTHROPIC_BASE_URL), api_key_env (its value becomes ANTHROPIC_API_KEY),
    pass_env, permission_mode, exec_timeout (seconds per execute_code call)."""

    name: str
    model: str
    tools: str = "tool_rich"
    max_turns: int = 50
    allowed_tools: str = ""
    disallowed_tools: str = ""
    bin: str = "claude"
    base_url: str | None = None
    api_key_env: str = "ANTHROPIC_API_KEY"
    pass_env: tuple[str, ...] = ()
    permission_mode: str = "dontAsk"
    exec_timeout: float = 60.0
    privileged: bool = False

    def command(self, request: AgentRequest) -> tuple[list[str], dict[str, str]]:
        """argv and extra environment of one job (the MCP config is written to its home dir)."""
        argv = [self.bin, "-p", "--output-format", "stream-json", "--verbose", "--model", self.model,
                "--max-turns", str(self.max_turns), "--permission-mode", self.permission_mode,
                "--strict-mcp-config", "--no-session-persistence"]
        allowed, denied = RICH_TOOLS.split(), ["WebFetch", "WebSearch"]
        if self.tools == "code_only":
            server, env = exec_server_command(request, self.exec_timeout)
            config = {"mcpServers": {"exec": {"type": "stdio", "command": server[0],
                                              "args": server[1:], "env": env}}}
            path = request.home_dir / "mcp.json"
            path.write_text(json.dumps(config), encoding="utf-8")
            argv += ["--tools", "", "--mcp-config", str(path)]
            allowed = [EXEC_TOOL]
        elif self.tools == "bash_only":
            argv += ["--tools", "Bash"]
            allowed = ["Bash"]
        allowed += self.allowed_tools.split()
        denied += self.disallowed_tools.split()
        argv += ["--allowedTools", ",".join(allowed), "--disallowedTools", ",".join(denied)]
        extra = dict(QUIET_ENV, MCP_TOOL_TIMEOUT=str(int((self.exec_timeout + 30) * 1000)))
        if self.api_key_env in os.environ:
            extra["ANTHROPIC_API_KEY"] = os.environ[self.api_key_env]
        if self.base_url:
            extra["ANTHROPIC_BASE_URL"] = self.base_url
        return argv, extra

    def run(self, request: AgentRequest) -> AgentResult:
        argv, extra = self.command(request)
        return run_cli(request, argv, extra, self.pass_env, [self.api_key_env, "ANTHROPIC_API_KEY"],
                       parse_claude_stream)
