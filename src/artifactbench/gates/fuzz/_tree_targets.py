"""What a tree mutation may touch in a JSONL/JSON/YAML/CSV document (`TreeTargets`), and how it edits one."""

from __future__ import annotations

import copy
import re
from typing import Any, Callable

from artifactbench.gates.fuzz._formats import TreeDoc, as_number
from artifactbench.gates.fuzz._mutation import Mutation, short
from artifactbench.gates.fuzz._policy import FuzzPolicy

__all__ = ["Path", "TreeTargets", "get_at", "where"]

Path = tuple[Any, ...]


def _walk(value: Any, path: Path, out: list[tuple[Path, Any]]) -> None:
    out.append((path, value))
    if isinstance(value, dict):
        for key, child in value.items():
            _walk(child, path + (key,), out)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            _walk(child, path + (index,), out)


def get_at(data: Any, path: Path) -> Any:
    """The node at `path` (dict keys and list indices) below `data`."""
    for step in path:
        data = data[step]
    return data


def _ignored(path: Path, policy: FuzzPolicy) -> bool:
    return any(isinstance(step, str) and step in policy.ignore_fields for step in path)


def where(doc: TreeDoc, path: Path) -> str:
    """A record/field description: "record 2 (line 3), field 'stats.p95'" or "at $.a[1].b"."""
    steps = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in path)
    if doc.root_is_records and path and isinstance(path[0], int):
        line = path[0] + (2 if doc.fmt == "csv" else 1)
        head = f"record {path[0]}" + (f" (line {line})" if doc.fmt in ("jsonl", "csv") else "")
        rest = ".".join(str(s) for s in path[1:])
        return head + (f", field {rest!r}" if rest else "")
    return f"at ${steps}"


# Two values that write a yes/no answer (compared lower-cased): a field of a list's records holding
# both of one pair and nothing else is a flag, whatever its type (a CSV's cells are strings)
_FLAG_PAIRS = (frozenset({"0", "1"}), frozenset({"yes", "no"}), frozenset({"y", "n"}),
               frozenset({"true", "false"}), frozenset({"t", "f"}))
MAX_FLAG_RECORDS = 2000


def _flags(leaves: list[tuple[Path, Any]]) -> list[tuple[Path, Any, Any]]:
    """(path, value, the field's other value) for each leaf of a records' field written as a flag: at
    least three records, every value one of a pair, both present (blind p51: an `is_transfer` column of
    1 and 0 that the grader checks is 0 or 1, never which)."""
    fields: dict[Path, list[tuple[Path, Any]]] = {}
    for p, v in leaves:
        if isinstance(v, bool) or not isinstance(v, (int, str)) or not any(isinstance(step, int) for step in p):
            continue
        items = fields.setdefault(tuple(None if isinstance(step, int) else step for step in p), [])
        if len(items) < MAX_FLAG_RECORDS:  # (the first records of a large list say what the field is)
            items.append((p, v))
    found: list[tuple[Path, Any, Any]] = []
    for items in fields.values():
        values = {v for _, v in items}
        # (one type: `1` and `"0"` mixed would flip across types, which a type-strict grader rejects as such)
        if len(items) < 3 or len(values) != 2 or len({type(v) for v in values}) != 1 \
                or frozenset(str(v).lower() for v in values) not in _FLAG_PAIRS:
            continue
        a, b = values
        found += [(p, v, b if v == a else a) for p, v in items]
    return found


class TreeTargets:
    """Everything a strategy may touch in one document, computed once; lists are in document order so
    Hypothesis shrinks towards the first record and field."""

    def __init__(self, doc: TreeDoc, policy: FuzzPolicy) -> None:
        self.doc, self.policy = doc, policy
        nodes: list[tuple[Path, Any]] = []
        _walk(doc.data, (), nodes)
        cells = doc.fmt == "csv"
        self.leaves = [(p, v) for p, v in nodes
                       if not isinstance(v, (dict, list)) and p and not _ignored(p, policy)]
        self.numbers = [(p, v) for p, v in self.leaves if as_number(v, numeric_strings=cells) is not None]
        # (path, value, its flip): a bool, or a record field written as a flag (`is_transfer` of 1s and 0s)
        self.bools = [(p, v, not v) for p, v in self.leaves if isinstance(v, bool)] + _flags(self.leaves)
        numeric = {p for p, _ in self.numbers}
        self.strings = [(p, v) for p, v in self.leaves if isinstance(v, str) and p not in numeric]
        self.keys = [(p, k) for p, v in nodes if isinstance(v, dict) and not _ignored(p, policy)
                     for k in v if k not in policy.ignore_fields]
        if cells:  # a CSV column is one key: rename or drop it once, in every row
            self.keys = list({((), k): None for _, k in self.keys})
        self.lists = [(p, v) for p, v in nodes if isinstance(v, list) and v and not _ignored(p, policy)]
        self._maps = _data_maps(nodes)

    def field(self, path: Path) -> tuple:
        """The field a leaf stands in, as one name for all its records: list indices and the keys of maps keyed by
        data (a candidate's name in `tallies`, an id) masked, `rounds.#.tallies.*` for every round's every tally
        beside `rounds.#.exhausted` (blind p342: four random numbers of 30, 20 of them tallies, never reached the
        five `exhausted` the grader did not compare)."""
        if not self._maps:
            return tuple("#" if isinstance(step, int) else step for step in path)
        out: list = []
        for step in path:
            out.append("#" if isinstance(step, int) else "*" if tuple(out) in self._maps else step)
        return tuple(out)

    def edit(self, kind: str, where_: str, old: Any, new: Any, change: Callable[[Any], Any],
             spine: Path | None = None, spines: tuple[Path, ...] = ()) -> Mutation:
        """Apply `change` to a copy of the data: only the containers along `spine` (or each of `spines`)
        are copied (fast on big documents); neither copies every container (for edits that touch many
        records)."""
        if spine is not None:
            spines = (*spines, spine)
        data = _copy_spines(self.doc.data, spines) if spines else copy.deepcopy(self.doc.data)
        data = change(data)
        return Mutation(kind, where_, short(old), short(new), self.doc.render(data))

    def set_leaf(self, kind: str, path: Path, old: Any, new: Any) -> Mutation:
        def change(data: Any) -> Any:
            get_at(data, path[:-1])[path[-1]] = new
            return data
        return self.edit(kind, where(self.doc, path), old, new, change, spine=path[:-1])


MAP_KEYS = 4  # keys of an object, at least, for its keys to be data
_FIELD_NAME = re.compile(r"[a-z_][a-z0-9_]*")


def _data_maps(nodes: list[tuple[Path, Any]]) -> frozenset[tuple]:
    """The (masked) paths of the objects keyed by data, not by field names: four keys or more, every value a number,
    and keys that differ between the objects at that path (the candidates left in each round), or all of which hold a
    digit (`W01`, `S-17`) where one object stands there."""
    key_sets: dict[tuple, set[frozenset]] = {}
    for p, v in nodes:
        if isinstance(v, dict) and len(v) >= MAP_KEYS and all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in v.values()):
            masked = tuple("#" if isinstance(step, int) else step for step in p)
            sets = key_sets.setdefault(masked, set())
            if len(sets) < 3:
                sets.add(frozenset(v))
    out = set()
    for masked, sets in key_sets.items():
        # (a record's snake_case field names are no data, whatever fields some records leave out; review)
        if all(_FIELD_NAME.fullmatch(str(k)) for keys in sets for k in keys):
            continue
        if len(sets) > 1 or all(any(ch.isdigit() for ch in str(k)) for k in next(iter(sets))):
            # (masked as `field` masks it: its map steps are "*", not their own keys)
            out.add(masked)
    return frozenset(out)


def _copy_spines(data: Any, paths: tuple[Path, ...]) -> Any:
    """A copy of `data` sharing everything except the containers from the root down to each path."""
    top = copy.copy(data)
    made = {id(top)}
    for path in paths:
        node = top
        for step in path:
            child = node[step]
            if id(child) not in made:  # (two paths through one container copy it once)
                child = node[step] = copy.copy(child)
                made.add(id(child))
            node = child
    return top

