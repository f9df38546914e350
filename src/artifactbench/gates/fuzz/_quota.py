"""A mutant's change made in more records: where the prompt passes an answer with a few wrong records
("at least 18 of the 20 orbits"), one wrong record accepted says nothing; the same change in one record
more than the quota allows must be rejected."""

from __future__ import annotations

import copy
from typing import Any

from artifactbench.gates.fuzz._formats import as_number, parse
from artifactbench.gates.fuzz._mutation import number_changes
from artifactbench.gates.fuzz._policy import FuzzPolicy

__all__ = ["widened"]

MAX_DEPTH = 64  # containers walked down to the change at most


def _divergence(a: Any, b: Any, path: tuple = ()) -> tuple | None:
    """The path where `b` first differs from `a` with one difference below it (None: equal)."""
    for _ in range(MAX_DEPTH):
        if type(a) is not type(b):
            return path
        if isinstance(a, dict):
            if a.keys() != b.keys():
                return path
            diffs = [k for k in a if a[k] != b[k]]
        elif isinstance(a, list):
            if len(a) != len(b):
                return path
            diffs = [i for i in range(len(a)) if a[i] != b[i]]
        else:
            return path if a != b else None
        if not diffs:
            return None
        if len(diffs) > 1:
            return path
        a, b, path = a[diffs[0]], b[diffs[0]], path + (diffs[0],)
    return None


def _at(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def _entries(container: Any) -> list:
    return list(container) if isinstance(container, dict) else list(range(len(container)))


def _shaped(value: Any, record: Any) -> bool:
    if isinstance(record, dict):
        return isinstance(value, dict) and value.keys() == record.keys()
    return isinstance(value, list) and len(value) == len(record)


def _apply(kind: str, sibling: Any, record: Any, changed: Any, rel: tuple, policy: FuzzPolicy,
           cells: bool) -> Any | None:
    """`sibling` changed as `record` was changed into `changed` (at `rel` inside it, or its keys)."""
    if not rel:  # keys dropped or renamed
        if not (isinstance(record, dict) and isinstance(changed, dict)):
            return None
        gone = [k for k in record if k not in changed]
        new = [k for k in changed if k not in record]
        out = {k: v for k, v in sibling.items() if k not in gone}
        for old_key, new_key in zip(gone, new):
            out[new_key] = sibling[old_key]
        return out if out != sibling else None
    try:
        old, new, mine = _at(record, rel), _at(changed, rel), _at(sibling, rel)
    except (KeyError, IndexError, TypeError):
        return None
    unchanged = object()
    value, before, after = (as_number(v, numeric_strings=cells) for v in (mine, old, new))
    if kind == "number_near" and None not in (value, before, after):
        replaced: Any = value + (after - before)
    elif kind in ("number_far", "number_sign", "number_nan") and value is not None:
        replaced = number_changes(kind, mine, value, policy)
        replaced = unchanged if replaced is None else replaced
    else:
        replaced = new  # (None too: a type_change's null)
    if replaced is unchanged or (type(replaced) is type(mine) and replaced == mine):
        return None
    out = copy.deepcopy(sibling)
    holder = _at(out, rel[:-1])
    holder[rel[-1]] = replaced
    return out


def widened(fmt: str, reference: str, kind: str, mutant: str, count: int, policy: FuzzPolicy,
            total: int | None = None) -> str | None:
    """The mutant's one-record change made in `count` records of the same shape (None when it changes
    more than one record, or too few records are like it). `total`: the records must be a list of that
    many (a quota's "of the 20 orbits"; "3 of the 4 seeds" says nothing of an answer of 20 records)."""
    if fmt not in ("json", "jsonl", "yaml", "csv") or count < 2:
        return None
    try:
        doc, changed = parse(fmt, reference), parse(fmt, mutant).data
    except ValueError:
        return None
    path = _divergence(doc.data, changed)
    if not path:
        return None
    for depth in range(len(path), 0, -1):
        container, entry = _at(doc.data, path[:depth - 1]), path[depth - 1]
        record = container[entry]
        if not isinstance(record, (dict, list)) or not isinstance(container, (dict, list)):
            continue
        if total is not None and len(_entries(container)) != total:
            continue
        others = [k for k in _entries(container) if k != entry and _shaped(container[k], record)]
        if len(others) < count - 1:
            continue
        data = copy.deepcopy(doc.data)
        target = _at(data, path[:depth - 1])
        target[entry] = copy.deepcopy(_at(changed, path[:depth]))
        for key in others[:count - 1]:
            moved = _apply(kind, container[key], record, _at(changed, path[:depth]), path[depth:], policy,
                           fmt == "csv")
            if moved is None:
                return None
            target[key] = moved
        return doc.render(data)
    return None
