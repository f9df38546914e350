"""Hypothesis strategies that mutate JSONL, JSON, YAML and CSV artifacts (a `TreeDoc`).

Field-level (leaf value) strategies live here; record/key-level ones in `_tree_records`, the shared
`TreeTargets` in `_tree_targets`. All three names stay importable from this module.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from typing import Any


from artifactbench.gates.fuzz._draws import Draws, either, pick, scout_first
from artifactbench.gates.fuzz._formats import as_number
from artifactbench.gates.fuzz._mutation import (
    DAY_MOVED, GAP_MOVED, Mutation, day_later, distinct_string, gap_change, number_changes, other_types,
)
from artifactbench.gates.fuzz._tree_records import structure_strategy
from artifactbench.gates.fuzz._tree_targets import Path, TreeTargets, get_at

__all__ = ["LEAF_KINDS", "TreeTargets", "leaf_strategy", "structure_strategy"]

LEAF_KINDS = ("number_far", "number_sign", "number_nan", "bool_flip", "string_change", "type_change", "later_record")


def leaf_strategy(t: TreeTargets, kind: str) -> Draws | None:
    """Value changes of one leaf; None when the document has no leaf this kind applies to."""
    cells = t.doc.fmt == "csv"
    if kind in ("number_far", "number_sign", "number_nan"):
        pool = [(p, v, number_changes(kind, v, as_number(v, numeric_strings=cells), t.policy))
                for p, v in t.numbers]
        pool = [c for c in pool if c[2] is not None]
        # (a field first, then one of its leaves: the scout's first few places are as many fields, not the leaves of
        # the most numerous one; blind p342's `exhausted` beside 20 tallies)
        by_field: dict[tuple, list] = {}
        for c in pool:
            by_field.setdefault(t.field(c[0]), []).append(c)
        groups = list(by_field.values())
        draws = (pick(pool) if len(groups) in (1, len(pool)) else pick(groups).flatmap(pick)).map(
            lambda c: t.set_leaf(kind, c[0], c[1], c[2])) if pool else None
        gaps = _ascending_gaps(t) if kind == "number_far" and not cells else []
        if not gaps:
            return draws
        # (scouted first: one item of an ascending list of whole numbers moved inside its gap, which a grader
        # comparing the list's length and order passes; blind p271's `rejected_seqs`)
        moved = pick(gaps).map(lambda c: _gap_marked(t.set_leaf(kind, c[0], c[1], c[2])))
        return scout_first(either([draws, moved]), moved) if draws is not None else moved
    if kind == "bool_flip":
        pool = t.bools
        return pick(pool).map(lambda c: t.set_leaf(kind, *c)) if pool else None
    if kind == "string_change":
        draws = _strings(t, t.strings, kind)
        # A scout first meets one null of each field that other records fill with strings, given one of them: a
        # grader comparing a field only where the right answer has a value accepts any there (blind p203: a MAC
        # where no client held the address, `if exp["mac"] and rec["mac"] != exp["mac"]`).
        filled = {}
        for p, v in t.strings:
            if not isinstance(p[-1], int):
                filled.setdefault(p[-1], v)
        nulls = list({_masked_path(p): (p, filled[p[-1]]) for p, v in reversed(t.leaves)
                      if v is None and not cells and p and p[-1] in filled}.values())
        scouts = [(p, None, v) for p, v in nulls[::-1]] + _minority_changes(t)
        if draws is not None and scouts:
            draws = scout_first(draws, pick(scouts).map(lambda c: t.set_leaf(kind, *c)))
        # (and first of all each date field a day later: blind p354; one place a field, whatever its records)
        days = [(p, v, later) for p, v in t.strings[:20_000] if isinstance(v, str) and (later := day_later(v))]
        if days:
            moved = pick(days).map(lambda c: dataclasses.replace(
                m := t.set_leaf(kind, *c), where=f"{m.where}, {DAY_MOVED}"))
            return scout_first(either([draws, moved]), moved) if draws is not None else moved
        return draws
    if kind == "type_change":
        if not t.leaves:
            return None
        draws = pick(t.leaves).flatmap(lambda c: pick(
            other_types(c[1], text_cells=cells)).map(lambda new: t.set_leaf(kind, c[0], c[1], new)))
        # A scout first meets one null of each field as the first other type makes it (0): a grader that skips
        # the records it finds null in its own answer accepts a number there (blind p139: 12 of 64 requests
        # null, never drawn among a random four of 200 leaves).
        nulls = list({_masked_path(p): (p, v) for p, v in reversed(t.leaves) if v is None and not cells}.values())
        if nulls:
            return scout_first(draws, pick(nulls[::-1]).map(
                lambda c: t.set_leaf(kind, c[0], c[1], other_types(None, text_cells=False)[0])))
        return draws
    if kind == "later_record":
        return _later(t)
    raise ValueError(kind)


MAX_GAP_LISTS = 200


def _ascending_gaps(t: TreeTargets) -> list[tuple[Path, int, int]]:
    """(path, old, new) of one item of each list of whole numbers in strictly ascending order (gap_change), the
    first MAX_GAP_LISTS such lists."""
    lists: dict[Path, list[tuple[int, Any]]] = {}
    for p, v in t.numbers:
        if p and isinstance(p[-1], int) and type(v) is int:
            lists.setdefault(p[:-1], []).append((p[-1], v))
    out = []
    for parent, items in lists.items():
        if len(out) >= MAX_GAP_LISTS:
            break
        items.sort()
        if [k for k, _ in items] != list(range(len(items))) or len(get_at(t.doc.data, parent)) != len(items):
            continue  # (every item a whole number: `[3, "x", 9]` is no such list)
        moved = gap_change([v for _, v in items], t.policy)
        if moved is not None:
            out.append(((*parent, moved[0]), items[moved[0]][1], moved[1]))
    return out


def _gap_marked(mutant: Mutation) -> Mutation:
    return dataclasses.replace(mutant, where=f"{mutant.where}, {GAP_MOVED}")  # (after a comma: the path reads as before)


MIN_CATEGORY_RECORDS, MAX_CATEGORIES = 6, 8
MAX_CATEGORY_SCOUTS = 3  # (the kind stops on four rejections: the scouts leave it a draw of its own)
_LABEL = re.compile(r"[A-Za-z][A-Za-z _/-]{0,23}")


def _minority_changes(t: TreeTargets) -> list[tuple[Path, str, str]]:
    """(path, value, another value) for the first record holding each value of a field of a few values other
    than its commonest, given the next such value: a grader telling only the commonest from the rest accepts
    it (blind p220: a `status` checked to be "not FIN" where it is DNF, DNS or DSQ, each confused for another)."""
    fields: dict[tuple, list[tuple[Path, str]]] = {}
    for p, v in t.strings:
        if any(isinstance(step, int) for step in p):
            fields.setdefault(_masked_path(p), []).append((p, v))
    out: list[tuple[Path, str, str]] = []
    for items in fields.values():
        counted = Counter(v for _, v in items)
        # (labels, `DNF`, `in_use`: no digits; a column of timestamps that are mostly one value is no category,
        # and its rarer stamps changed to one another are hours apart, which spent the kind's draws; p218)
        if len(items) < MIN_CATEGORY_RECORDS or not 3 <= len(counted) <= MAX_CATEGORIES \
                or not all(_LABEL.fullmatch(v) for v in counted):
            continue
        common = counted.most_common(1)[0][0]
        rest = [v for v in dict.fromkeys(v for _, v in items) if v != common]
        firsts = {v: p for p, v in reversed(items)}
        out += [(firsts[v], v, rest[(k + 1) % len(rest)]) for k, v in enumerate(rest)]
    return out[:MAX_CATEGORY_SCOUTS]


def _masked_path(path: Path) -> tuple:
    return tuple("#" if isinstance(step, int) else step for step in path)


def _field_of(path: Path) -> Any:
    """The field a string stands in: its key, or for an item of a list the list's key (`isolated` of
    `$.cuts[3].isolated[0]`: another cut's POP names are its plausible values, not every string of the document;
    blind p203); None for an item of a list at the top."""
    if not isinstance(path[-1], int):
        return path[-1]
    return next((("[]", step) for step in reversed(path) if not isinstance(step, int)), None)


def _strings(t: TreeTargets, pool: list[tuple[Path, Any]], kind: str) -> Draws | None:
    if not pool:
        return None
    by_field: dict[Any, list[str]] = {}
    for p, v in t.strings:
        by_field.setdefault(_field_of(p), []).append(v)

    def options(c: tuple[Path, str]) -> Draws:
        return pick(distinct_string(c[1], by_field.get(_field_of(c[0]), []))).map(
            lambda new: t.set_leaf(kind, c[0], c[1], new))
    return pick(pool).flatmap(options)


def _later(t: TreeTargets) -> Draws | None:
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
    parts = [pick(pool).map(lambda c: t.set_leaf("later_record", *c))] if pool else []
    if strings:
        parts.append(_strings(t, strings, "later_record"))
    return either(parts) if parts else None
