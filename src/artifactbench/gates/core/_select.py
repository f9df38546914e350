"""Gates as values: a named check run on one task at a time, and choosing gates by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from artifactbench.errors import SelectionError

if TYPE_CHECKING:
    from artifactbench.gates.core._context import TaskContext
    from artifactbench.gates.core._values import CheckResult

GateFunc = Callable[["TaskContext"], "CheckResult"]


@dataclass(frozen=True, slots=True)
class Gate:
    """One gate. `default`: run when no gate is named; `runs_grader`: it executes task code (the CLI's
    validate never runs those); `prepare`: called with the task's context before any selected gate
    runs (e.g. to set the env the task's grader session starts with); `spec`: one of the spec's gates,
    which grade in full however long the task's gradings took (the others stop at the task's grading
    budget, gates.core._bounds.BUDGET_TIMEOUTS)."""

    name: str
    func: GateFunc
    default: bool = True
    runs_grader: bool = False
    prepare: Callable[["TaskContext"], None] | None = None
    spec: bool = False


def select_gates(available: Sequence[Gate], names: Sequence[str] | None) -> tuple[Gate, ...]:
    """The default gates of `available` (names None) or the named ones, in `available`'s order.

    Unknown names or an empty list -> SelectionError.
    """
    if names is None:
        return tuple(g for g in available if g.default)
    wanted = [n.strip() for n in names if n.strip()]
    known = {g.name for g in available}
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise SelectionError(f"--gates: unknown gate(s) {', '.join(map(repr, unknown))}; "
                             f"known: {', '.join(g.name for g in available)}")
    if not wanted:
        raise SelectionError("--gates: empty gate list; name at least one gate (see --list-gates)")
    return tuple(g for g in available if g.name in wanted)
