"""The mutation strategies: one Hypothesis strategy per (artifact format, mutation kind).

Every strategy draws a `Mutation` whose text means something different from the reference: numbers
move beyond the policy's tolerance band, strings change beyond case and spacing, records are dropped,
duplicated, injected or (where order matters) swapped, keys are dropped or renamed, values change type,
the artifact is truncated. A drawn text whose parsed meaning equals the reference's is rejected
(`assume`), so a sound grader never has to reject a mutant that is secretly the right answer.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from hypothesis.errors import UnsatisfiedAssumption
from hypothesis import strategies as st

from artifactbench.gates.fuzz._draws import Draws, ints
from artifactbench.gates.fuzz._formats import PyDoc, TextDoc, TreeDoc, normalize, parse, rerender
from artifactbench.gates.core import read_prompt
from artifactbench.gates.fuzz._formats import as_number
from artifactbench.gates.fuzz._mutation import Mutation, distinct_string, number_changes, other_types, short
from artifactbench.gates.fuzz._keep_total import keep_total_text, keep_total_tree
from artifactbench.gates.fuzz._py_near import py_near_strategy
from artifactbench.gates.fuzz._near import near_strategy, text_near_strategy
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.fuzz._text_strategies import collapse_strategy, python_strategy, states_layout, text_strategy
from artifactbench.gates.fuzz._tree_strategies import LEAF_KINDS, TreeTargets, leaf_strategy, structure_strategy

DATA_KINDS: tuple[str, ...] = (
    "number_far", "number_sign", "number_nan", "bool_flip", "string_change", "type_change", "later_record",
    "drop_key", "rename_key", "drop_record", "duplicate_record", "replace_record", "inject_record", "swap_records", "swap_values",
    "swap_cells", "truncate_records", "truncate_text", "number_near", "collapse_spaces", "keep_total",
)
PYTHON_KINDS: tuple[str, ...] = ("stub_function", "drop_definition", "drop_sort", "number_near", "truncate_text")
KINDS: tuple[str, ...] = DATA_KINDS + PYTHON_KINDS[:3]


def kinds_for(fmt: str) -> tuple[str, ...]:
    """The mutation kinds that apply to an artifact format."""
    return PYTHON_KINDS if fmt == "python" else DATA_KINDS


def mutation_strategy(fmt: str, text: str, policy: FuzzPolicy, kind: str,
                      prompt: str = "") -> st.SearchStrategy[Mutation] | None:
    """A strategy of meaning-changing mutants of `text` of this `kind`, or None when the artifact has
    nothing the kind applies to (e.g. no booleans). Raises ValueError (ParseError) when `text` does not
    parse, except for truncate_text: raw cuts need no parse (the fuzz gate's fallback for such a text)."""
    draws = mutation_draws(fmt, text, policy, kind, prompt)
    return None if draws is None else draws.strategy()


def mutation_draws(fmt: str, text: str, policy: FuzzPolicy, kind: str, prompt: str = "") -> Draws | None:
    """The mutants of mutation_strategy() as `Draws`: the same Hypothesis strategy (`strategy()`), or
    one mutant at a time from a seeded random (`draw()`)."""
    if kind not in kinds_for(fmt):
        raise ValueError(f"kind={kind!r} does not apply to {fmt} artifacts; use one of {kinds_for(fmt)}")
    if kind == "truncate_text":
        try:
            doc, targets, reference, baseline = _prepared(fmt, text, policy)
        except ValueError:
            doc, targets, reference, baseline = None, None, None, None
    else:
        doc, targets, reference, baseline = _prepared(fmt, text, policy)
    if kind == "truncate_text":
        inner = _truncate(text)
    elif kind == "number_near":  # (numbers of a parsed tree, or a text's `key = value` lines: others have no field)
        allows = read_prompt(prompt)
        stated = allows.stated or allows.implied  # (a precision the rounding implies: its finds are warnings)
        inner = near_strategy(targets, stated) if isinstance(doc, TreeDoc) else (
            text_near_strategy(doc, stated) if isinstance(doc, TextDoc) else
            py_near_strategy(doc, allows.stated, prompt) if isinstance(doc, PyDoc) else None)
    elif kind == "collapse_spaces":  # (a text's padding, where the prompt fixes its columns)
        inner = collapse_strategy(doc) if isinstance(doc, TextDoc) and states_layout(prompt) else None
    elif kind == "keep_total":  # (two numbers of a record moved so that their sum or product stays; or of two records)
        allows = read_prompt(prompt)
        rel, stated = allows.rel_tolerance, allows.stated or allows.implied

        def band(slot, value) -> float:  # noqa: ANN001  (how far the prompt lets the number at `slot` be)
            v = float(value)
            return max(allows.abs_tolerance, rel * abs(v), stated.band_at((str(slot),), v) if stated else 0.0)

        inner = keep_total_tree(doc, fmt == "csv", rel, band) if isinstance(doc, TreeDoc) else (
            keep_total_text(doc, rel, band) if isinstance(doc, TextDoc) else None)
    elif kind == "swap_cells":  # (two cells of one row of a long table exchanged)
        inner = structure_strategy(targets, kind) if isinstance(doc, TreeDoc) else None
    elif kind == "swap_values":  # (a field exchanged between records, or a cell between a Markdown table's rows)
        inner = structure_strategy(targets, kind) if isinstance(doc, TreeDoc) else (
            text_strategy(doc, policy, kind) if isinstance(doc, TextDoc) else None)
    elif isinstance(doc, PyDoc):
        inner = python_strategy(doc, kind, prompt)
    elif isinstance(doc, TextDoc):
        # (a list on one line is swapped inside only where a sentence orders it: any other swap there is info)
        inner = text_strategy(doc, policy, kind, read_prompt(prompt).list_order if kind == "swap_records" else None)
    else:
        assert isinstance(doc, TreeDoc)
        inner = leaf_strategy(targets, kind) if kind in LEAF_KINDS else structure_strategy(targets, kind)
    if inner is None:
        return None
    # Edits of a parsed tree change a value by construction (numbers beyond tolerance, strings beyond
    # case, records and keys): comparing texts suffices. Raw cuts and text/Python edits may still say
    # the same thing ("1.50" cut to "1.5"), so those are compared by meaning (slower on big files).
    # A reference that does not parse has no meaning to compare with: its cuts are compared as text.
    # (collapse_spaces changes only what the text's meaning ignores, its spacing: compared as text)
    by_meaning = (kind == "truncate_text" or not isinstance(doc, TreeDoc)) and reference is not None \
        and kind != "collapse_spaces"

    def different(mutant: Mutation) -> Mutation:
        # (as `assume` does, which warns outside Hypothesis' own test context: the scout draws there)
        if mutant.text == text or mutant.text == baseline:
            raise UnsatisfiedAssumption()
        if by_meaning and normalize(fmt, mutant.text) == reference:
            raise UnsatisfiedAssumption()
        return mutant
    return inner.map(different)


@lru_cache(maxsize=8)
def _prepared(fmt: str, text: str, policy: FuzzPolicy) -> tuple:
    """The parse, targets, meaning and re-rendering of one reference, made once for all its kinds
    (read-only afterwards: edits copy the data they change)."""
    doc = parse(fmt, text)
    targets = TreeTargets(doc, policy) if isinstance(doc, TreeDoc) else None
    return doc, targets, normalize(fmt, text), rerender(doc)


def _truncate(text: str) -> Draws | None:
    """Cut the text somewhere before its last non-blank character."""
    last = len(text.rstrip())
    if last < 1:
        return None
    return ints(0, last - 1).map(lambda cut: Mutation(
        "truncate_text", f"cut at character {cut} of {len(text)}", short(text[max(0, cut - 20):last][:40]),
        short(text[max(0, cut - 20):cut]), text[:cut]))


# Leaf kinds whose finding is followed by one mutant per other field (place_examples).
SWEPT_KINDS = ("number_far", "number_sign", "number_nan", "string_change", "type_change")


# a key that reads as data, not a field's name: an id with two digits or more (`P01`, `V21`, `W20-A1`), a date, a number
_DATA_KEY = re.compile(r"[A-Za-z]{0,8}[-_:./]?\d{2,}[\w:./-]*|\d[\w:./-]*")


MAP_KEYS = 6  # keys of an object, at least, every one reading as data, for its keys to be one field
_QUANTILE = re.compile(r"[pPqQ]\d{1,4}")  # `p50`, `p95`, `q3`: eight or fewer of them are quantiles, not ids (review)


def _field_of(targets: TreeTargets, path: tuple) -> tuple:
    """The field a node stands in (TreeTargets.field), the keys of an object keyed by data masked too (six keys or
    more, each an id or a date, not a quantile): `P01` ... `P47` of a map of pipes are one field, whose first 40 values would otherwise
    be the first 40 fields (blind p358); `p95` beside `endpoint` and `n` stays a field of its own."""
    out = list(targets.field(path))
    node = targets.doc.data
    for i, step in enumerate(path):
        if isinstance(node, dict) and isinstance(step, str) and len(node) >= MAP_KEYS \
                and all(isinstance(k, str) and _DATA_KEY.fullmatch(k) for k in itertools.islice(node, 200)) \
                and not (len(node) <= 8 and all(_QUANTILE.fullmatch(k) for k in node)):
            out[i] = "*"
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
    return tuple(out)


def object_examples(fmt: str, text: str, policy: FuzzPolicy) -> Iterator[Mutation]:
    """One mutant per field of a JSON or YAML document that holds an object (list indices and a map's data keys masked),
    the object written as a list of its values: `"V21": {"close": [...], ...}` as `"V21": [[...], 8]`. A grader reading
    it with `.get` or `["close"]` must fail the answer, not raise (blind p358: an `if_stuck` entry that is a list).
    Lazily, in document order; never the root."""
    try:
        doc, targets, _, _ = _prepared(fmt, text, policy)
    except ValueError:
        return
    if not isinstance(doc, TreeDoc) or doc.fmt not in ("json", "yaml"):
        return
    seen: set[tuple] = set()
    stack: list[tuple[tuple, Any]] = [((), doc.data)]
    while stack:
        path, node = stack.pop()
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) if isinstance(node, list) else []
        for key, child in reversed(children):
            stack.append(((*path, key), child))
        if path and isinstance(node, dict) and node:
            place = _field_of(targets, path)
            if place in seen:
                continue
            seen.add(place)
            yield targets.set_leaf("type_change", path, "{...}", list(node.values()))


def place_examples(fmt: str, text: str, policy: FuzzPolicy, kind: str) -> Iterator[Mutation]:
    """One mutant of `kind` per field of a tree document (at the field's first value), in document
    order: once a search found the grader accepting a change to one field, these say which other
    fields it leaves unchecked too (a search shrinks to the first, so the others stay hidden).
    Lazily: each mutant is a whole document, and a mapping of 20 000 keys has 20 000 fields, so a
    caller takes only as many as it grades."""
    if kind not in SWEPT_KINDS:
        return
    try:
        doc, targets, _, _ = _prepared(fmt, text, policy)
    except ValueError:
        return
    if not isinstance(doc, TreeDoc):
        return
    cells = doc.fmt == "csv"
    pool = {"string_change": targets.strings, "type_change": targets.leaves}.get(kind, targets.numbers)
    seen: set[tuple] = set()
    for path, old in pool:
        place = _field_of(targets, path)
        if place in seen:
            continue
        if kind == "type_change":  # (its new value may well be None)
            new = other_types(old, text_cells=cells)[0]
        elif kind in ("number_far", "number_sign", "number_nan"):
            new = number_changes(kind, old, as_number(old, numeric_strings=cells), policy)
            if new is None:
                continue
        else:
            new = distinct_string(old, [])[-1]
            if new is None:
                continue
        seen.add(place)
        yield targets.set_leaf(kind, path, old, new)
