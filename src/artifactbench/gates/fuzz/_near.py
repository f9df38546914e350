"""number_near: a number moved just beyond the accuracy the prompt demands of the answer.

The other number kinds move values far (10x + 1000), so a grader whose tolerance is a thousand times
looser than the prompt's "within 1e-8" passes them all. This kind moves one non-integer value of the
reference by FACTORS times the band the prompt states (StatedTolerance: abs + rel * |x|, a value the
prompt does not call absolute or relative counting as both, so the reading is the loosest one). A
grader that accepts the move accepts an answer the prompt calls wrong: at 100x a fail, at only 8x a
warning (a grader may keep some slack for the reference's own error). 8x, not 10x: a grader exactly 10x
looser than its prompt (0.5% stated, 5% checked) would accept or reject a move of exactly 10x by
rounding, field by field; at 8x it accepts every one.
"""

from __future__ import annotations

import math
import re
from typing import Any


from artifactbench.gates.fuzz._draws import Draws, pick
from artifactbench.gates.core import StatedTolerance
from artifactbench.gates.fuzz._formats import NUMBER_RE, TextDoc, as_number
from artifactbench.gates.fuzz._mutation import Mutation, short
from artifactbench.gates.fuzz._tree_targets import TreeTargets

FACTORS = (100, 8)  # shrinks towards the first: the report names the largest move accepted
WARN_FACTOR = 8
_FACTOR = re.compile(r", (\d+)x the prompt's tolerance$")


def factor_of(where: str) -> int | None:
    """The factor a number_near mutant's `where` names (None for other kinds)."""
    found = _FACTOR.search(where)
    return int(found.group(1)) if found else None


def near_strategy(t: TreeTargets, stated: StatedTolerance | None) -> Draws | None:
    """None when the prompt states no accuracy or the reference has no non-integer number."""
    if stated is None:
        return None
    cells = t.doc.fmt == "csv"
    pool = []
    for path, old in t.numbers:
        value = as_number(old, numeric_strings=cells)
        if value is None or isinstance(old, int) or (isinstance(old, str) and not re.search(r"[.eE]", old)):
            continue  # an integer (a count, an id) is exact, whatever tolerance numbers get
        if stated.band_at(_keys(path), value) > 0:
            pool.append((path, old, value))
    if not pool:
        return None

    def move(c: tuple, factor: int) -> Mutation:
        path, old, value = c
        step = factor * stated.band_at(_keys(path), value)
        new = value + step if value >= 0 else value - step
        mutant = t.set_leaf("number_near", path, old, _like(old, new, step))
        return Mutation(mutant.kind, f"{mutant.where}, {factor}x the prompt's tolerance", mutant.old,
                        mutant.new, mutant.text)
    # The factor first: a search shrinks to the largest move accepted, and a scout's first mutants try
    # each factor (a grader 10x too loose accepts every 8x move, at whichever field) before more fields.
    return pick(FACTORS).flatmap(lambda f: pick(pool).map(lambda c: move(c, f)))


# `key = value` or `key: value` with a non-integer number as the whole value (a trailing comment aside)
_KEY_NUMBER = re.compile(r"\s*([A-Za-z_][\w.-]*)\s*[=:]\s*([-+]?(?:\d+\.\d*|\.\d+|\d+(?:\.\d*)?[eE][-+]?\d+)"
                         r"(?:[eE][-+]?\d+)?)\s*(?:[#;].*)?")


def text_near_strategy(doc: TextDoc, stated: StatedTolerance | None) -> Draws | None:
    """number_near in a text answer: the numbers that are a `key = value` line's whole value (an INI
    or TOML answer read as lines; blind p40: a grader checking 1e-3 where the prompt says 0.01%). A
    number in prose or a table has no key the band could be scoped by: not drawn."""
    if stated is None:
        return None
    pool = []
    for i in doc.records:
        found = _KEY_NUMBER.fullmatch(doc.lines[i])
        if found is None or not NUMBER_RE.fullmatch(found.group(2)):
            continue
        value = float(found.group(2))
        if math.isfinite(value) and stated.band_at((found.group(1),), value) > 0:
            pool.append((i, found, value))
    if not pool:
        return None

    def move(c: tuple, factor: int) -> Mutation:
        i, found, value = c
        step = factor * stated.band_at((found.group(1),), value)
        new = _like(found.group(2), value + step if value >= 0 else value - step, step)
        lines = list(doc.lines)
        lines[i] = lines[i][:found.start(2)] + new + lines[i][found.end(2):]
        return Mutation("number_near", f"line {i + 1}, key '{found.group(1)}', {factor}x the prompt's tolerance",
                        short(found.group(2)), short(new), doc.render(lines))
    return pick(FACTORS).flatmap(lambda f: pick(pool).map(lambda c: move(c, f)))


def _keys(path: tuple) -> tuple[str, ...]:
    """The keys on a number's path, the innermost first (a band stated of `heads` is the band of J1)."""
    return tuple(step for step in reversed(path) if isinstance(step, str))


def _like(old: Any, new: float, step: float) -> Any:
    """`new` written as `old` is (a float, or a numeric string), with the digits that show the move."""
    if not isinstance(old, str):
        return float(new)
    text = old.strip()
    if "e" in text.lower() or not math.isfinite(new):
        return repr(new)
    shown = len(text.split(".", 1)[1]) if "." in text else 0
    needed = max(0, 3 - math.floor(math.log10(step))) if step > 0 else shown  # (rounding: < 0.5% of it)
    return f"{new:.{max(shown, needed)}f}"
