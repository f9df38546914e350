"""The tool surfaces of the built-in `openai` agent: code_only, bash_only and tool_rich.

Every tool works inside the job's scratch dir: a path that resolves outside it (`..`, an absolute
path, a symlink out) is refused. Code and shell runs go through the same CodeRunner as the
`mcp-exec` server, so they share its timeout, output cap and max_code_runs budget.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from artifactbench.mcp_exec import TOOL_DESCRIPTION, BudgetExhausted, CodeRunner

__all__ = ["SURFACES", "ToolBox", "tool_specs"]

SURFACES = ("code_only", "bash_only", "tool_rich")
_READ_CAP = 50_000


def _fn(name: str, description: str, props: dict[str, dict[str, object]], required: list[str]
        ) -> dict[str, object]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": props, "required": required, "additionalProperties": False}}}


_S = {"type": "string"}
_SPECS = {
    "execute_code": _fn("execute_code", TOOL_DESCRIPTION, {
        "language": {"type": "string", "enum": ["python", "bash"]}, "code": _S}, ["language", "code"]),
    "bash": _fn("bash", "Run a bash command in the task's working directory; returns its output "
                "and exit code.", {"command": _S}, ["command"]),
    "read_file": _fn("read_file", "Read a text file (path relative to the working directory).",
                     {"path": _S}, ["path"]),
    "write_file": _fn("write_file", "Create or overwrite a text file; parent folders are created.",
                      {"path": _S, "content": _S}, ["path", "content"]),
    "edit_file": _fn("edit_file", "Replace the one occurrence of old_text in a file with new_text.",
                     {"path": _S, "old_text": _S, "new_text": _S}, ["path", "old_text", "new_text"]),
    "list_dir": _fn("list_dir", "List a folder's entries (folders end with /).", {"path": _S}, ["path"]),
    "grep": _fn("grep", "Search files under a folder for a regular expression; returns "
                "path:line:text for each match.", {"pattern": _S, "path": _S}, ["pattern", "path"]),
}
_SURFACE_TOOLS = {
    "code_only": ("execute_code",),
    "bash_only": ("bash",),
    "tool_rich": ("read_file", "write_file", "edit_file", "list_dir", "grep", "bash"),
}


def tool_specs(surface: str) -> list[dict[str, object]]:
    """The chat-completions `tools` list offered for a surface."""
    return [_SPECS[name] for name in _SURFACE_TOOLS[surface]]


class ToolError(Exception):
    """A tool call the model got wrong; its message goes back to the model."""


@dataclass(frozen=True, slots=True)
class ToolBox:
    """Executes the tool calls of one job. `runner` counts code and shell runs against the budget."""

    surface: str
    root: Path
    runner: CodeRunner

    def _path(self, rel: str) -> Path:
        target = Path(os.path.realpath(self.root / rel))
        root = Path(os.path.realpath(self.root))
        if target != root and root not in target.parents:
            raise ToolError(f"path={rel!r}: outside the working directory")
        return target

    def call(self, name: str, arguments: str) -> str:
        """Run one tool call; any failure becomes text for the model (never an exception)."""
        if name not in _SURFACE_TOOLS[self.surface]:
            return f"error: no tool named {name!r}; available: {', '.join(_SURFACE_TOOLS[self.surface])}"
        try:
            args = json.loads(arguments or "{}")
            if not isinstance(args, dict):
                raise ToolError("arguments must be a JSON object")
            handler: Callable[..., str] = getattr(self, f"_t_{name}")
            return handler(**args)
        except (ToolError, BudgetExhausted, ValueError, TypeError, OSError, RecursionError) as exc:
            return f"error: {exc}"

    def _t_execute_code(self, language: str, code: str) -> str:
        return self.runner.run(language, code).text

    def _t_bash(self, command: str) -> str:
        return self.runner.run("bash", command).text

    def _t_read_file(self, path: str) -> str:
        text = self._path(path).read_text(encoding="utf-8", errors="replace")
        return text if len(text) <= _READ_CAP else text[:_READ_CAP] + "\n[truncated]"

    def _t_write_file(self, path: str, content: str) -> str:
        target = self._path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
        return f"wrote {len(content.encode())} bytes to {path}"

    def _t_edit_file(self, path: str, old_text: str, new_text: str) -> str:
        target = self._path(path)
        text = target.read_text(encoding="utf-8")
        if text.count(old_text) != 1:
            raise ToolError(f"old_text occurs {text.count(old_text)} times in {path}; it must occur once")
        target.write_text(text.replace(old_text, new_text), encoding="utf-8")
        return f"edited {path}"

    def _t_list_dir(self, path: str) -> str:
        folder = self._path(path)
        return "\n".join(sorted(e.name + ("/" if e.is_dir() else "") for e in folder.iterdir()))

    def _t_grep(self, pattern: str, path: str) -> str:
        rx, hits = re.compile(pattern), []
        for folder, _, files in os.walk(self._path(path)):
            for name in sorted(files):
                file = Path(folder) / name
                try:
                    lines = file.read_text(encoding="utf-8").splitlines()
                except (OSError, UnicodeDecodeError):
                    continue
                rel = os.path.relpath(file, os.path.realpath(self.root))
                hits += [f"{rel}:{i}:{ln}" for i, ln in enumerate(lines, 1) if rx.search(ln)]
        return "\n".join(hits[:500]) or "no match"
