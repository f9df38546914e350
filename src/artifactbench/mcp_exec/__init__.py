"""The `execute_code` tool: a code runner with a budget, and the `artifactbench mcp-exec` MCP server."""

from artifactbench.mcp_exec._runner import (LANGUAGES, BudgetExhausted, CodeRun, CodeRunner,
                                            read_code_runs)
from artifactbench.mcp_exec._server import TOOL_DESCRIPTION, TOOL_NAME, build_server, serve

__all__ = ["LANGUAGES", "TOOL_DESCRIPTION", "TOOL_NAME", "BudgetExhausted", "CodeRun", "CodeRunner",
           "build_server", "read_code_runs", "serve"]
