"""Running a task's workspace generator exactly as spec 5.1 says, in a standard-library-only interpreter."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING

from artifactbench._lifetime import guarded_argv
from artifactbench._process import run_process, scrubbed_env
from artifactbench.errors import MaterializeError, WorkspaceLimitError
from artifactbench.workspace._tree import GENERATOR_MARKER, TreeLimits, over_limits

if TYPE_CHECKING:
    from artifactbench._sandbox import Sandbox
    from artifactbench.manifest import Task

__all__ = ["Confine", "generator_argv", "run_generator"]

# (argv, read=paths, write=paths) -> (argv to run, Sandbox or None): how a caller confines task code.
Confine = Callable[..., "tuple[list[str], Sandbox | None]"]

_STDERR_TAIL = 2000  # characters of the generator's stderr quoted in an error
_FIRST_LOOK_S = 0.1  # a generator that is done by then is never looked at while it runs
_LOOK_EVERY_S = 0.15  # between looks (or 4x what the last look cost, when more)


class _TreeWatch:
    """run_process's `watch`: looks at the scratch dir now and then; says why to stop when over a cap.

    A look stops as soon as a cap is crossed, so its cost is bounded by the caps, and the looks are
    spaced out to at least four times what the last one cost, so a big tree is not walked non-stop.
    """

    def __init__(self, root: Path, limits: TreeLimits) -> None:
        self.root, self.limits = root, limits
        self.due = time.monotonic() + _FIRST_LOOK_S
        self.over: tuple[str, str, int] | None = None  # the first cap crossed (see over_limits)

    def __call__(self) -> str | None:
        now = time.monotonic()
        if now < self.due:
            return None
        self.over = over_limits(self.root, self.limits)
        self.due = time.monotonic() + max(_LOOK_EVERY_S, 4 * (time.monotonic() - now))
        return None if self.over is None else _over_text(self.over, self.limits)


def _over_text(over: tuple[str, str, int], limits: TreeLimits) -> str:
    cap, rel, amount = getattr(limits, over[0]), over[1], over[2]
    if over[0] == "file_bytes":
        return f"{rel}: {amount} bytes is over the {cap}-byte limit per generated file (safety cap)"
    if over[0] == "total_bytes":
        return f"the workspace reaches {amount} bytes, over the {cap}-byte limit for the whole tree (safety cap)"
    return f"the workspace holds more than {cap} files and folders, over the limit of {cap} (safety cap)"


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


def run_generator(task: Task, scratch: Path, *, timeout_s: float, limits: TreeLimits | None = None,
                  confine: Confine | None = None) -> bool:
    """Run the generator into `scratch` unless its marker is there; True when it ran.

    Writes the marker on success; raises MaterializeError quoting the stderr tail on failure or timeout,
    and WorkspaceLimitError (the generator stopped at once) when its output crosses one of `limits`.
    `confine(argv, read=, write=)` -> (argv, sandbox or None) runs it sandboxed (the check's --sandbox
    bwrap: the generator's folder read-only, `scratch` read-write); None: the plain guarded argv.
    """
    marker = scratch / GENERATOR_MARKER
    if marker.is_file():  # spec 5.1: a repeat call on the same scratch dir is a no-op
        return False
    assert task.workspace_generator is not None
    shown = task.workspace_generator.relative_to(task.root).as_posix()
    watch = _TreeWatch(scratch, limits) if limits is not None else None
    if confine is None:
        argv, box = guarded_argv(generator_argv(task, scratch)), None
    else:
        argv, box = confine(generator_argv(task, scratch), read=(task.workspace_generator.parent,), write=(scratch,))
    result = run_process(argv, cwd=scratch, env=scrubbed_env(), timeout_s=timeout_s, watch=watch, sandbox=box)
    if result.stopped is not None and watch is not None and watch.over is not None:
        field, rel, size = watch.over
        raise WorkspaceLimitError(f"{task.manifest_path}: workspace_generator={shown!r}: stopped while it ran: "
                                  f"{result.stopped}", rel, size, unit="entries" if field == "entries" else "bytes",
                                  stopped=True)
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
