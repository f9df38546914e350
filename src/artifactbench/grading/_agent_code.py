"""run_agent_code: how a grader runs code the agent wrote (a module, a script) without trusting it.

The code runs in a nested sandbox that holds the system runtime, this Python, and the graded dir
read-only; not the grader's folder, not the harness, no network, no /proc, its own PID namespace
and a private /tmp as its working dir. It cannot read the reference, import hidden.py, or write
into what the grader reads afterwards.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from artifactbench._process import run_process, scrubbed_env
from artifactbench._sandbox import Bind, Limits, Sandbox, find_bwrap, runtime_binds
from artifactbench._tempdirs import run_temp_dir
from artifactbench.grading._confine import AGENT_CODE_ENV

__all__ = ["CodeRun", "run_agent_code"]

_TMP = "/tmp"


@dataclass(frozen=True, slots=True)
class CodeRun:
    """What the agent's code did. `sandboxed` is False only when the run is unsandboxed."""

    returncode: int
    stdout: bytes
    stderr: bytes
    timed_out: bool
    sandboxed: bool


def _sandboxed() -> bool:
    mode = os.environ.get(AGENT_CODE_ENV, "")
    if mode == "none":
        return False
    if mode == "bwrap" and find_bwrap() is None:
        raise RuntimeError(f"{AGENT_CODE_ENV}=bwrap but bubblewrap (bwrap) is not installed")
    return find_bwrap() is not None


def run_agent_code(
    argv: Sequence[str | os.PathLike[str]],
    scratch_dir: str | os.PathLike[str],
    *,
    timeout_s: float,
    input: bytes | None = None,  # noqa: A002 - mirrors subprocess.run
    env: Mapping[str, str] | None = None,
    memory_bytes: int = 4 << 30,
) -> CodeRun:
    """Run `argv` (e.g. `[sys.executable, "-I", "-c", code, str(module_path)]`) on `scratch_dir`.

    `scratch_dir` (the dir grade() was given) is visible read-only at its own path, so paths into it
    need no translation; the working dir is an empty private /tmp. The environment is PATH and
    PYTHONDONTWRITEBYTECODE plus `env`. Never raises for the code's own failures; read the result
    from stdout (tag it with a nonce sent on stdin: the code can print anything) and check
    `returncode`/`timed_out`. Without a sandbox (`--sandbox none`) the code runs as a plain child
    process with an empty temporary working dir.
    """
    scratch = os.path.realpath(scratch_dir)
    full_env = scrubbed_env(**(env or {}))
    if not _sandboxed():
        import tempfile

        with tempfile.TemporaryDirectory(prefix="ab-agent-code-", dir=run_temp_dir()) as cwd:
            r = run_process(argv, cwd=cwd, env=full_env, timeout_s=timeout_s, input=input)
        return CodeRun(r.returncode, r.stdout, r.stderr, r.timed_out, False)
    binds = (*runtime_binds([sys.executable]), Bind(scratch))
    box = Sandbox(binds, limits=Limits(processes=64, memory_bytes=memory_bytes, scratch_bytes=0),
                  proc=False, bwrap=find_bwrap() or "bwrap")
    r = run_process(argv, cwd=_TMP if Path(_TMP).is_dir() else scratch, env=full_env,
                    timeout_s=timeout_s, input=input, sandbox=box)
    return CodeRun(r.returncode, r.stdout, r.stderr, r.timed_out, True)
