"""The `command` agent: runs any CLI coding agent from an argv template."""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from artifactbench._display import short_repr
from artifactbench._files import FileRefused, read_capped
from artifactbench._process import run_process, scrubbed_env
from artifactbench._sandbox import sandbox_path
from artifactbench.bench._agents import AgentRequest, AgentResult, Permissions

__all__ = ["METRICS_PREFIX", "PLACEHOLDERS", "CommandAgent", "read_metrics", "read_metrics_noted", "split_argv"]

PLACEHOLDERS = (
    "prompt_file",
    "prompt_text",
    "scratch_dir",
    "instance_id",
    "output_artifact",
    "max_wall_seconds",
    "max_code_runs",
    "metrics_file",
)
# A final stdout line `ARTIFACTBENCH_METRICS {"turns": 3, ...}` reports metrics without a file.
MAX_METRICS_BYTES = 65_536
MAX_METRIC = 1e15  # a metric over this (tokens, turns, dollars) is no count of one job: ignored
METRICS_PREFIX = "ARTIFACTBENCH_METRICS "
_TAIL = 4000


def _values(request: AgentRequest) -> dict[str, str]:
    return {
        "prompt_file": str(request.prompt_file),
        "prompt_text": request.prompt_text,
        "scratch_dir": str(request.scratch_dir),
        "instance_id": request.instance_id,
        "output_artifact": str(request.output_artifact),
        "max_wall_seconds": str(request.max_wall_seconds),
        "max_code_runs": str(request.max_code_runs),
        "metrics_file": str(request.metrics_file),
    }


def _inside(value: str, roots: Sequence[Path]) -> bool:
    """True when a value names a path in one of `roots` (PATH-style lists are split).

    Only absolute parts are judged: a relative PATH entry resolves in the scratch dir, and a value
    that is not a path at all (a token, a flag) must not be mistaken for one.
    """
    for part in value.split(os.pathsep):
        if not part:
            continue
        if not os.path.isabs(part):
            continue
        real = os.path.realpath(part)
        for root in roots:
            base = os.path.realpath(root)
            if real == base or real.startswith(base + os.sep):
                return True
    return False


def read_metrics(metrics_file: Path, stdout: str) -> dict[str, float | int | None]:
    """Metrics the agent reported: the JSON metrics file wins over a final stdout metrics line.

    Unknown keys are ignored; a malformed report is treated as no report (never an error).
    """
    return read_metrics_noted(metrics_file, stdout)[0]


def read_metrics_noted(metrics_file: Path, stdout: str) -> tuple[dict[str, float | int | None], tuple[str, ...]]:
    """read_metrics plus a note per value left out: negative, non-finite (NaN, inf) or not a number.

    A metric is bookkeeping: a bad one is dropped, it never turns a graded answer into a FAIL.
    """
    data: object = None
    try:
        # The agent owns this file: a FIFO, a link to /dev/zero or a huge file must not hang or fill the harness.
        # (and never a link: it led the harness, as root, to any file of the host; outside attack, session 17)
        data = json.loads(read_capped(metrics_file, MAX_METRICS_BYTES, follow_links=False).decode("utf-8"))
    except (OSError, ValueError, RecursionError, FileRefused):
        lines = [ln for ln in stdout.splitlines() if ln.strip()]
        if lines and lines[-1].startswith(METRICS_PREFIX):
            try:
                data = json.loads(lines[-1][len(METRICS_PREFIX):])
            except (ValueError, RecursionError):
                data = None
    if not isinstance(data, Mapping):
        return {}, ()
    out: dict[str, float | int | None] = {}
    notes: list[str] = []
    for key, kind in (("turns", int), ("tokens", int), ("code_runs", int), ("cost", float)):
        raw = data.get(key, data.get("cost_usd") if key == "cost" else None)
        if raw is None:
            continue
        # (at most MAX_METRIC: `1` and 400 zeros raised OverflowError out of isfinite, and 1.7e308 summed to
        # an Infinity no JSON reader takes)
        if isinstance(raw, (int, float)) and not isinstance(raw, bool) and 0 <= raw <= MAX_METRIC:
            out[key] = kind(raw)
        else:
            notes.append(f"metric {key}={short_repr(raw, 60)} is not a finite number from 0 to {MAX_METRIC:g}; ignored")
    return out, tuple(notes)


@dataclass(frozen=True, slots=True)
class CommandAgent:
    """Runs `argv` (placeholders filled) in the scratch dir with a scrubbed environment.

    The environment holds PATH (minus entries inside the repository or the task), HOME (a private
    dir outside the scratch dir unless passed through), the ARTIFACTBENCH_* values and the variables
    named in `pass_env`. With `stdin_prompt`, the prompt text is also written to the agent's stdin.
    In a sandbox, PATH keeps only the entries the sandbox holds (this Python's bin dir first).
    """

    name: str
    argv: tuple[str, ...]
    pass_env: tuple[str, ...] = ()
    stdin_prompt: bool = False
    permissions: Permissions = Permissions()

    def environment(self, request: AgentRequest) -> dict[str, str]:
        extra = {f"ARTIFACTBENCH_{k.upper()}": v for k, v in _values(request).items()
                 if k != "prompt_text"}
        extra["HOME"] = str(request.home_dir)
        for key in self.pass_env:
            if key in os.environ and not _inside(os.environ[key], request.hidden_roots):
                extra[key] = os.environ[key]
        env = scrubbed_env(**extra)
        path = [p for p in env.get("PATH", "").split(os.pathsep)
                if p and not _inside(p, request.hidden_roots)]
        env["PATH"] = os.pathsep.join(path)
        if request.sandbox is not None:
            env["PATH"] = sandbox_path(request.sandbox.binds, env["PATH"])
        return env

    def command(self, request: AgentRequest) -> list[str]:
        values = _values(request)
        out = []
        for arg in self.argv:
            for key, value in values.items():
                arg = arg.replace("{" + key + "}", value)
            out.append(arg)
        return out

    def run(self, request: AgentRequest) -> AgentResult:
        stdin = request.prompt_text.encode("utf-8") if self.stdin_prompt else None
        proc = run_process(
            self.command(request),
            cwd=request.scratch_dir,
            env=self.environment(request),
            timeout_s=request.timeout_s,
            input=stdin,
            sandbox=request.sandbox,
        )
        stdout = proc.stdout.decode("utf-8", "replace")
        stderr = proc.stderr.decode("utf-8", "replace")
        m, notes = read_metrics_noted(request.metrics_file, stdout)
        if notes:  # where a reader of the record looks for what went wrong with the agent's report
            stderr += "".join(f"\nartifactbench: note: {n}" for n in notes)
        return AgentResult(
            exit_code=None if proc.timed_out else proc.returncode,
            wall_s=proc.duration_s,
            timed_out=proc.timed_out,
            stdout_tail=stdout[-_TAIL:],
            stderr_tail=stderr[-_TAIL:],
            turns=m.get("turns"),  # type: ignore[arg-type]
            tokens=m.get("tokens"),  # type: ignore[arg-type]
            cost=m.get("cost"),
            code_runs=m.get("code_runs"),  # type: ignore[arg-type]
            notes=notes,
        )


def split_argv(value: str | Sequence[str]) -> tuple[str, ...]:
    """An argv template from a YAML list or a shell-like string."""
    return tuple(shlex.split(value)) if isinstance(value, str) else tuple(str(v) for v in value)
