"""Hypothesis strategies that mutate JSONL, JSON, YAML and CSV artifacts (a `TreeDoc`)."""

from __future__ import annotations

import copy
import itertools
from typing import Any, Callable

from hypothesis import strategies as st

from artifactbench.assurance._formats import TreeDoc, as_number
from artifactbench.assurance._mutation import (
    MUTANT_STRING, Mutation, distinct_string, far_number, keep_kind, number_changes, other_types, short,
)
from artifactbench.assurance._policy import FuzzPolicy

Path = tuple[Any, ...]
LEAF_KINDS = ("number_far", "number_sign", "bool_flip", "string_change", "type_change", "later_record")


def _walk(value: Any, path: Path, out: list[tuple[Path, Any]]) -> None:
    out.append((path, value))
    if isinstance(value, dict):
        for key, child in value.items():
            _walk(child, path + (key,), out)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            _walk(child, path + (index,), out)


def _get(data: Any, path: Path) -> Any:
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
        self.bools = [(p, v) for p, v in self.leaves if isinstance(v, bool)]
        numeric = {p for p, _ in self.numbers}
        self.strings = [(p, v) for p, v in self.leaves if isinstance(v, str) and p not in numeric]
        self.keys = [(p, k) for p, v in nodes if isinstance(v, dict) and not _ignored(p, policy)
                     for k in v if k not in policy.ignore_fields]
        if cells:  # a CSV column is one key: rename or drop it once, in every row
            self.keys = list({((), k): None for _, k in self.keys})
        self.lists = [(p, v) for p, v in nodes if isinstance(v, list) and v and not _ignored(p, policy)]

    def edit(self, kind: str, where_: str, old: Any, new: Any, change: Callable[[Any], Any],
             spine: Path | None = None) -> Mutation:
        """Apply `change` to a copy of the data: only the containers along `spine` are copied (fast on
        big documents); None copies every container (for edits that touch many records)."""
        data = copy.deepcopy(self.doc.data) if spine is None else _copy_spine(self.doc.data, spine)
        data = change(data)
        return Mutation(kind, where_, short(old), short(new), self.doc.render(data))

    def set_leaf(self, kind: str, path: Path, old: Any, new: Any) -> Mutation:
        def change(data: Any) -> Any:
            _get(data, path[:-1])[path[-1]] = new
            return data
        return self.edit(kind, where(self.doc, path), old, new, change, spine=path[:-1])


def _copy_spine(data: Any, path: Path) -> Any:
    """A copy of `data` sharing everything except the containers from the root down to `path`."""
    top = copy.copy(data)
    node = top
    for step in path:
        node[step] = copy.copy(node[step])
        node = node[step]
    return top


def leaf_strategy(t: TreeTargets, kind: str) -> st.SearchStrategy[Mutation] | None:
    """Value changes of one leaf; None when the document has no leaf this kind applies to."""
    cells = t.doc.fmt == "csv"
    if kind in ("number_far", "number_sign"):
        pool = [(p, v, number_changes(kind, v, as_number(v, numeric_strings=cells), t.policy))
                for p, v in t.numbers]
        pool = [c for c in pool if c[2] is not None]
        return st.sampled_from(pool).map(lambda c: t.set_leaf(kind, c[0], c[1], c[2])) if pool else None
    if kind == "bool_flip":
        pool = t.bools
        return st.sampled_from(pool).map(lambda c: t.set_leaf(kind, c[0], c[1], not c[1])) if pool else None
    if kind == "string_change":
        return _strings(t, t.strings, kind)
    if kind == "type_change":
        if not t.leaves:
            return None
        return st.sampled_from(t.leaves).flatmap(lambda c: st.sampled_from(
            other_types(c[1], text_cells=cells)).map(lambda new: t.set_leaf(kind, c[0], c[1], new)))
    if kind == "later_record":
        return _later(t)
    raise ValueError(kind)


def _strings(t: TreeTargets, pool: list[tuple[Path, Any]], kind: str) -> st.SearchStrategy[Mutation] | None:
    if not pool:
        return None
    by_field: dict[Any, list[str]] = {}
    for p, v in t.strings:
        by_field.setdefault(p[-1] if not isinstance(p[-1], int) else None, []).append(v)

    def options(c: tuple[Path, str]) -> st.SearchStrategy[Mutation]:
        field = c[0][-1] if not isinstance(c[0][-1], int) else None
        return st.sampled_from(distinct_string(c[1], by_field.get(field, []))).map(
            lambda new: t.set_leaf(kind, c[0], c[1], new))
    return st.sampled_from(pool).flatmap(options)


def _later(t: TreeTargets) -> st.SearchStrategy[Mutation] | None:
    """A far number, flipped bool or changed string in a record other than the first (drawn lazily:
    a mutant is rendered only when drawn)."""
    if not (t.doc.root_is_records and len(t.doc.data) > 1):
        return None
    cells = t.doc.fmt == "csv"
    numbers = {p for p, _ in t.numbers}
    pool: list[tuple[Path, Any, Any]] = []
    for p, v in t.leaves:
        if not isinstance(p[0], int) or p[0] == 0:
            continue
        if p in numbers:
            new = number_changes("number_far", v, as_number(v, numeric_strings=cells), t.policy)
            if new is not None:
                pool.append((p, v, new))
        elif isinstance(v, bool):
            pool.append((p, v, not v))
    strings = [(p, v) for p, v in t.strings if isinstance(p[0], int) and p[0] > 0]
    parts = [st.sampled_from(pool).map(lambda c: t.set_leaf("later_record", *c))] if pool else []
    if strings:
        parts.append(_strings(t, strings, "later_record"))
    return st.one_of(parts) if parts else None


def structure_strategy(t: TreeTargets, kind: str) -> st.SearchStrategy[Mutation] | None:
    """Record and key changes; None when nothing in the document fits `kind`."""
    doc = t.doc
    if kind in ("drop_key", "rename_key"):
        return st.sampled_from(t.keys).map(lambda c: _key_edit(t, kind, c)) if t.keys else None
    lists = t.lists
    if kind == "truncate_records":
        lists = [(p, v) for p, v in lists if p == () and len(v) > 1]
        return st.sampled_from(lists).flatmap(lambda c: st.integers(0, len(c[1]) - 1).map(
            lambda k: t.edit(kind, f"keep {k} of {len(c[1])} records", len(c[1]), k,
                             lambda d: d[:k], spine=()))) if lists else None
    if kind == "swap_records":
        ordered = [(p, v) for p, v in lists if t.policy.order_matters(_key_of(p))]
        pairs = list(itertools.islice(((p, i, j) for p, v in ordered for i in range(len(v))
                                       for j in range(i + 1, len(v)) if v[i] != v[j]), 500))
        return st.sampled_from(pairs).map(lambda c: _swap(t, c)) if pairs else None
    items = [(p, i) for p, v in lists for i in range(len(v))]
    if not items:
        return None
    if kind == "drop_record":
        return st.sampled_from(items).map(lambda c: t.edit(
            kind, where(doc, c[0] + (c[1],)), "present", "dropped", lambda d: _splice(d, c[0], c[1], 1, []),
            spine=c[0]))
    if kind == "duplicate_record":
        return st.sampled_from(items).map(lambda c: t.edit(
            kind, where(doc, c[0] + (c[1],)), "once", "twice",
            lambda d: _splice(d, c[0], c[1] + 1, 0, [copy.deepcopy(_get(d, c[0])[c[1]])]), spine=c[0]))
    if kind == "inject_record":
        return st.sampled_from(items).flatmap(lambda c: st.integers(0, len(_get(doc.data, c[0]))).map(
            lambda pos: _inject(t, c[0], c[1], pos))).filter(lambda m: m is not None)
    raise ValueError(kind)


def _key_of(path: Path) -> str | None:
    named = [s for s in path if isinstance(s, str)]
    return named[-1] if named else None


def _splice(data: Any, path: Path, at: int, remove: int, insert: list[Any]) -> Any:
    target = _get(data, path)
    target[at:at + remove] = insert
    return data


def _swap(t: TreeTargets, c: tuple[Path, int, int]) -> Mutation:
    path, i, j = c

    def change(data: Any) -> Any:
        target = _get(data, path)
        target[i], target[j] = target[j], target[i]
        return data
    return t.edit("swap_records", f"{where(t.doc, path + (i,))} <-> {where(t.doc, path + (j,))}",
                  f"order {i},{j}", f"order {j},{i}", change, spine=path)


def _key_edit(t: TreeTargets, kind: str, c: tuple[Path, str]) -> Mutation:
    path, key = c
    csv_column = t.doc.fmt == "csv"

    def change(data: Any) -> Any:
        for node in (data if csv_column else [_get(data, path)]):
            if key in node:
                value = node.pop(key)
                if kind == "rename_key":
                    node[f"{key}_renamed"] = value
        return data
    new = "(absent)" if kind == "drop_key" else f"{key}_renamed"
    label = f"column {key!r}" if csv_column else f"{where(t.doc, path) if path else 'top level'}, key {key!r}"
    return t.edit(kind, label, key, new, change)


def _scramble(value: Any, cells: bool) -> Any:
    """A record of the same shape whose every number is far away and every string is replaced."""
    if isinstance(value, dict):
        return {k: _scramble(v, cells) for k, v in value.items()}
    if isinstance(value, list):
        return [_scramble(v, cells) for v in value]
    number = as_number(value, numeric_strings=cells)
    if number is not None:
        return keep_kind(value, far_number(number))
    return MUTANT_STRING if isinstance(value, str) else value


def _inject(t: TreeTargets, path: Path, src: int, pos: int) -> Mutation | None:
    record = _get(t.doc.data, path)[src]
    fake = _scramble(record, t.doc.fmt == "csv")
    if fake == record:
        return None
    return t.edit("inject_record", f"{where(t.doc, path + (pos,))} (copy of record {src}, scrambled)",
                  "absent", fake, lambda d: _splice(d, path, pos, 0, [fake]), spine=path)
