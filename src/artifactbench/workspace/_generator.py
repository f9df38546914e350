"""Running a task's workspace generator exactly as spec 5.1 says, in a standard-library-only interpreter."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from artifactbench._lifetime import guarded_argv
from artifactbench._process import run_process, scrubbed_env
from artifactbench.errors import MaterializeError
from artifactbench.workspace._tree import GENERATOR_MARKER

if TYPE_CHECKING:
    from artifactbench.manifest import Task

__all__ = ["generator_argv", "run_generator"]

_STDERR_TAIL = 2000  # characters of the generator's stderr quoted in an error


def generator_argv(task: Task, scratch: Path) -> list[str]:
    """[python, -I, -S, generator, --seed, S, --output-dir, scratch, --instance-id, id].

    -I ignores PYTHONPATH/PYTHON* variables and the user site and keeps the script's folder off sys.path;
    -S skips `site`, so no site-packages either: the generator really sees only the standard library,
    which is the contract of spec 5.1, whatever interpreter runs the harness.
    """
    assert task.workspace_generator is not None
    return [
        sys.executable, "-I", "-S", str(task.workspace_generator),
        "--seed", str(task.seed), "--output-dir", str(scratch), "--instance-id", task.instance_id,
    ]  # fmt: skip


def _tail(data: bytes) -> str:
    text = data.decode("utf-8", errors="replace").strip()
    return text if len(text) <= _STDERR_TAIL else "..." + text[-_STDERR_TAIL:]


def run_generator(task: Task, scratch: Path, *, timeout_s: float) -> bool:
    """Run the generator into `scratch` unless its marker is there; True when it ran.

    Writes the marker on success; raises MaterializeError quoting the stderr tail on failure or timeout.
    """
    marker = scratch / GENERATOR_MARKER
    if marker.is_file():  # spec 5.1: a repeat call on the same scratch dir is a no-op
        return False
    assert task.workspace_generator is not None
    shown = task.workspace_generator.relative_to(task.root).as_posix()
    result = run_process(
        guarded_argv(generator_argv(task, scratch)), cwd=scratch, env=scrubbed_env(), timeout_s=timeout_s
    )
    if result.timed_out:
        raise MaterializeError(
            f"{task.manifest_path}: workspace_generator={shown!r}: exceeded timeout_s={timeout_s}; "
            f"make it faster or raise the generator timeout. stderr tail:\n{_tail(result.stderr)}"
        )
    if result.returncode != 0:
        raise MaterializeError(
            f"{task.manifest_path}: workspace_generator={shown!r}: exited with status {result.returncode}; "
            f"generators may use only the standard library (spec 5.1). stderr tail:\n{_tail(result.stderr)}"
        )
    marker.write_bytes(b"")
    return True
