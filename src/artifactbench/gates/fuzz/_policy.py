"""Per-task fuzz policy: what the prompt leaves open, declared in grader/negative_cases.py.

The names are read as literals from the module's source (never executed), so declaring them needs no
import and cannot change task.yaml v1:

    FUZZ_UNORDERED = True                      # record order does not matter (or a list of keys whose
                                               # list values are unordered, e.g. ["items"])
    FUZZ_IGNORE_FIELDS = ["note"]              # fields whose value, presence and name are free
    FUZZ_TOLERANCE = {"rel": 0.05, "abs": 0.5} # numbers within this band are the same answer
    FUZZ_SKIP = ["swap_records"]               # mutation kinds that do not change the meaning here
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from artifactbench._pyast import parse as parse_python
from artifactbench.errors import ArtifactBenchError, Problem

# The default band is deliberately wide: a mutant counts only when a number moved by more than half
# its size AND by more than 1.0, so a sound grader's tolerance never turns into a false alarm.
DEFAULT_REL = 0.5
DEFAULT_ABS = 1.0
_NAMES = ("FUZZ_UNORDERED", "FUZZ_IGNORE_FIELDS", "FUZZ_TOLERANCE", "FUZZ_SKIP")


class FuzzPolicyError(ArtifactBenchError):
    """A FUZZ_* declaration in grader/negative_cases.py is not a literal of the documented shape."""


@dataclass(frozen=True, slots=True)
class FuzzPolicy:
    """What a mutation must change to count as a different answer."""

    unordered: bool = False
    unordered_keys: tuple[str, ...] = ()
    ignore_fields: tuple[str, ...] = ()
    rel: float = DEFAULT_REL
    abs: float = DEFAULT_ABS
    skip: tuple[str, ...] = ()

    def order_matters(self, key: str | None) -> bool:
        """Whether the list held under `key` (None: the root) is ordered."""
        return not (self.unordered or (key is not None and key in self.unordered_keys))

    def significant(self, old: float, new: float) -> bool:
        """A numeric change beyond any plausible tolerance: large both relatively and absolutely."""
        delta = abs(new - old)
        return delta > self.abs and delta > self.rel * abs(old)


def load_policy(grader_dir: Path) -> FuzzPolicy:
    """The policy declared in `grader_dir/negative_cases.py`, or the default when absent."""
    path = grader_dir / "negative_cases.py"
    if not path.is_file():
        return FuzzPolicy()
    values: dict[str, tuple[int, object]] = {}
    tree = parse_python(path.read_text(encoding="utf-8"), filename=str(path))
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id in _NAMES:
                try:
                    values[target.id] = (node.lineno, ast.literal_eval(node.value))
                except ValueError:
                    _fail(path, node.lineno, target.id, ast.unparse(node.value), "must be a literal")
    return _build(path, values)


def _fail(path: Path, line: int, field: str, value: object, message: str) -> None:
    hint = "see docs/assurance.md, 'Per-task fuzz policy'"
    raise FuzzPolicyError(str(Problem(str(path), line, field, value, message, hint)))


def _strings(path: Path, item: tuple[int, object], field: str) -> tuple[str, ...]:
    line, value = item
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        _fail(path, line, field, value, "must be a list of strings")
    return tuple(value)  # type: ignore[arg-type]


def _build(path: Path, values: dict[str, tuple[int, object]]) -> FuzzPolicy:
    unordered, unordered_keys = False, ()
    if "FUZZ_UNORDERED" in values:
        line, value = values["FUZZ_UNORDERED"]
        if isinstance(value, bool):
            unordered = value
        else:
            unordered_keys = _strings(path, values["FUZZ_UNORDERED"], "FUZZ_UNORDERED")
    rel, abs_ = DEFAULT_REL, DEFAULT_ABS
    if "FUZZ_TOLERANCE" in values:
        line, value = values["FUZZ_TOLERANCE"]
        ok = isinstance(value, dict) and set(value) <= {"rel", "abs"} and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in value.values())
        if not ok:
            _fail(path, line, "FUZZ_TOLERANCE", value, 'must be {"rel": float >= 0, "abs": float >= 0}')
        rel = float(value.get("rel", rel))  # type: ignore[union-attr]
        abs_ = float(value.get("abs", abs_))  # type: ignore[union-attr]
    ignore = _strings(path, values["FUZZ_IGNORE_FIELDS"], "FUZZ_IGNORE_FIELDS") \
        if "FUZZ_IGNORE_FIELDS" in values else ()
    skip = _strings(path, values["FUZZ_SKIP"], "FUZZ_SKIP") if "FUZZ_SKIP" in values else ()
    return FuzzPolicy(unordered, unordered_keys, ignore, rel, abs_, skip)
