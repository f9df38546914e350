"""`artifactbench mcp-exec`: a stdio MCP server (official `mcp` SDK) offering one tool, execute_code."""

from __future__ import annotations

import asyncio
from typing import Literal

try:  # mcp 2.x
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x (the lockfile's): the same server under its old name
    from mcp.server.fastmcp import FastMCP as MCPServer  # type: ignore[no-redef]
    from mcp.server.fastmcp.exceptions import ToolError  # type: ignore[no-redef]

from artifactbench.mcp_exec._runner import BudgetExhausted, CodeRunner

__all__ = ["TOOL_DESCRIPTION", "TOOL_NAME", "build_server", "serve"]

TOOL_NAME = "execute_code"
TOOL_DESCRIPTION = (
    "Run a complete Python 3 or bash program in the task's working directory and return its output "
    "(stdout, then stderr, then the exit code). Each call starts a fresh process: nothing is kept "
    "between calls except files. Files written relative to the working directory stay there.")


def build_server(runner: CodeRunner) -> MCPServer:
    """An MCP server whose only tool runs code through `runner`."""
    server: MCPServer = MCPServer(name="artifactbench-exec", log_level="WARNING")

    @server.tool(name=TOOL_NAME, description=TOOL_DESCRIPTION, structured_output=False)
    async def execute_code(language: Literal["python", "bash"], code: str) -> str:
        try:
            run = await asyncio.to_thread(runner.run, language, code)
        except BudgetExhausted as exc:
            raise ToolError(str(exc)) from None
        return run.text

    return server


def serve(runner: CodeRunner) -> None:
    """Serve on stdin/stdout until the client closes the connection."""
    build_server(runner).run("stdio")
