"""Record- and key-level Hypothesis strategies for tree documents: drop, duplicate, inject, reorder or
truncate records; drop or rename keys."""

from __future__ import annotations

import copy
import itertools
from typing import Any

from hypothesis import strategies as st

from artifactbench.gates.fuzz._formats import as_number
from artifactbench.gates.fuzz._mutation import MUTANT_STRING, Mutation, far_number, keep_kind
from artifactbench.gates.fuzz._tree_targets import Path, TreeTargets, get_at, where

__all__ = ["structure_strategy"]


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
            lambda d: _splice(d, c[0], c[1] + 1, 0, [copy.deepcopy(get_at(d, c[0])[c[1]])]), spine=c[0]))
    if kind == "inject_record":
        return st.sampled_from(items).flatmap(lambda c: st.integers(0, len(get_at(doc.data, c[0]))).map(
            lambda pos: _inject(t, c[0], c[1], pos))).filter(lambda m: m is not None)
    raise ValueError(kind)


def _key_of(path: Path) -> str | None:
    named = [s for s in path if isinstance(s, str)]
    return named[-1] if named else None


def _splice(data: Any, path: Path, at: int, remove: int, insert: list[Any]) -> Any:
    target = get_at(data, path)
    target[at:at + remove] = insert
    return data


def _swap(t: TreeTargets, c: tuple[Path, int, int]) -> Mutation:
    path, i, j = c

    def change(data: Any) -> Any:
        target = get_at(data, path)
        target[i], target[j] = target[j], target[i]
        return data
    return t.edit("swap_records", f"{where(t.doc, path + (i,))} <-> {where(t.doc, path + (j,))}",
                  f"order {i},{j}", f"order {j},{i}", change, spine=path)


def _key_edit(t: TreeTargets, kind: str, c: tuple[Path, str]) -> Mutation:
    path, key = c
    csv_column = t.doc.fmt == "csv"

    def change(data: Any) -> Any:
        for node in (data if csv_column else [get_at(data, path)]):
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
    record = get_at(t.doc.data, path)[src]
    fake = _scramble(record, t.doc.fmt == "csv")
    if fake == record:
        return None
    return t.edit("inject_record", f"{where(t.doc, path + (pos,))} (copy of record {src}, scrambled)",
                  "absent", fake, lambda d: _splice(d, path, pos, 0, [fake]), spine=path)
