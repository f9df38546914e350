"""Running one piece of Python or bash for an agent: a per-call timeout, an output cap, a run budget.

The same runner serves the `artifactbench mcp-exec` MCP server (a child of a CLI agent) and the
built-in `openai` agent (in process). The count of code runs lives in a small JSON file outside the
scratch dir, so it survives a restart of the server and the harness can read it after the agent exits.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from artifactbench._process import run_process
from artifactbench._sandbox import Sandbox

__all__ = ["LANGUAGES", "BudgetExhausted", "CodeRun", "CodeRunner", "read_code_runs"]

LANGUAGES = ("python", "bash")
Language = Literal["python", "bash"]
# Variables of the server's own launch that the code it runs must not inherit.
_DROP_ENV = ("PYTHONPATH", "PEX", "PEX_ROOT", "PEX_MODULE", "PEX_PATH")
_LOCK = threading.Lock()  # one claim at a time: the counter file is read, then replaced


class BudgetExhausted(Exception):
    """The task's max_code_runs budget is used up; the code was not run."""


@dataclass(frozen=True, slots=True)
class CodeRun:
    """The outcome of one run: `text` is what the model reads (output, exit code, notes)."""

    exit_code: int | None
    timed_out: bool
    truncated: bool
    text: str


def read_code_runs(counter_file: Path) -> int:
    """Code runs counted so far in `counter_file` (0 when it is absent or unreadable)."""
    try:
        data = json.loads(counter_file.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return 0
    value = data.get("code_runs") if isinstance(data, dict) else None
    return value if isinstance(value, int) and value >= 0 else 0


def _write_count(counter_file: Path, count: int) -> None:
    tmp = counter_file.with_name(f".{counter_file.name}.tmp")
    tmp.write_text(json.dumps({"code_runs": count}), encoding="utf-8")
    os.replace(tmp, counter_file)


@dataclass(frozen=True, slots=True)
class CodeRunner:
    """Runs code with `cwd` as working dir. `max_code_runs` 0 means unlimited.

    A run counts when it starts (a timed-out run counts too); a refused run does not. `env` is the
    code's environment; None means this process's own, less its launch variables (PYTHONPATH, PEX).
    `sandbox` is where the code runs: the built-in openai agent's job sandbox; None for the mcp-exec
    server, which runs inside the sandboxed CLI already. The code file is written next to the counter
    file (the agent's HOME, which the sandbox binds), never to a /tmp the sandbox does not share.
    """

    cwd: Path
    counter_file: Path
    timeout_s: float = 60.0
    output_cap: int = 20_000
    max_code_runs: int = 0
    env: tuple[tuple[str, str], ...] | None = None
    sandbox: Sandbox | None = None

    def _claim(self) -> int:
        with _LOCK:
            count = read_code_runs(self.counter_file)
            if self.max_code_runs > 0 and count >= self.max_code_runs:
                raise BudgetExhausted(f"code-run budget exhausted: {count} of max_code_runs="
                                      f"{self.max_code_runs} used; no more code can be run")
            _write_count(self.counter_file, count + 1)
            return count + 1

    def run(self, language: str, code: str) -> CodeRun:
        """Run `code`; raises BudgetExhausted past the budget and ValueError for a bad language."""
        if language not in LANGUAGES:
            raise ValueError(f"language={language!r}: expected one of {', '.join(LANGUAGES)}")
        self._claim()
        suffix = ".py" if language == "python" else ".sh"
        fd, name = tempfile.mkstemp(prefix="ab-code-", suffix=suffix, dir=self.counter_file.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(code)
            env = dict(self.env) if self.env is not None else {
                k: v for k, v in os.environ.items() if k not in _DROP_ENV}
            # Looked up on the code's own PATH: a sandbox's PATH holds only what it binds.
            found = shutil.which("python3", path=env.get("PATH"))
            exe = (found or sys.executable) if language == "python" else "bash"
            proc = run_process([exe, name], cwd=self.cwd, env=env, timeout_s=self.timeout_s,
                               output_cap=self.output_cap, sandbox=self.sandbox)
        finally:
            os.unlink(name)
        return _outcome(proc.stdout, proc.stderr, proc.returncode, proc.timed_out, proc.truncated,
                        self.timeout_s, self.output_cap)


def _outcome(out: bytes, err: bytes, code: int, timed_out: bool, truncated: bool, timeout_s: float,
             cap: int) -> CodeRun:
    parts = []
    if out:
        parts.append(out.decode("utf-8", "replace"))
    if err:
        parts.append("[stderr]\n" + err.decode("utf-8", "replace"))
    if truncated:
        parts.append(f"[output truncated: only the last {cap} bytes of each stream are shown]")
    if timed_out:
        parts.append(f"[timed out after {timeout_s:g}s: the process group was killed]")
    else:
        parts.append(f"[exit code {code}]")
    return CodeRun(None if timed_out else code, timed_out, truncated, "\n".join(parts))
