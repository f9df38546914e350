"""The gate registry: named checks run on one task at a time."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from artifactbench.errors import SelectionError

if TYPE_CHECKING:
    from artifactbench.checks._context import TaskContext
    from artifactbench.checks._values import CheckResult

GateFunc = Callable[["TaskContext"], "CheckResult"]


@dataclass(frozen=True, slots=True)
class Gate:
    """A registered gate. `runs_grader`: it executes task code (the CLI's validate never runs those)."""

    name: str
    func: GateFunc
    default: bool
    runs_grader: bool
    order: int


_GATES: dict[str, Gate] = {}
_LOCK = threading.Lock()


def register_gate(name: str, func: GateFunc, *, default: bool = True, runs_grader: bool = False) -> None:
    """Register (or replace) a gate. Gates run in registration order."""
    with _LOCK:
        order = _GATES[name].order if name in _GATES else len(_GATES)
        _GATES[name] = Gate(name, func, default, runs_grader, order)


def registered_gates() -> tuple[Gate, ...]:
    """Every registered gate in run order."""
    with _LOCK:
        return tuple(sorted(_GATES.values(), key=lambda g: g.order))


def resolve_gates(names: Sequence[str] | None) -> tuple[Gate, ...]:
    """The default gates (None) or the named ones, in run order; unknown or no names -> SelectionError."""
    gates = registered_gates()
    if names is None:
        return tuple(g for g in gates if g.default)
    wanted = [n.strip() for n in names if n.strip()]
    known = {g.name for g in gates}
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise SelectionError(f"--gates: unknown gate(s) {', '.join(map(repr, unknown))}; "
                             f"known: {', '.join(g.name for g in gates)}")
    if not wanted:
        raise SelectionError("--gates: empty gate list; name at least one gate (see --list-gates)")
    return tuple(g for g in gates if g.name in wanted)
