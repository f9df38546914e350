"""keep_total: two numbers of one record moved in opposite directions so that a third, which the reference
shows is their sum or difference (with up to four terms) or their product, stays as it was.

A grader that checks only a record's total (`total == boarding + late_fee + addons - discount`, the total
against the right one) accepts late fees booked as add-ons; one that checks `vmp * imp` against the right
power accepts a wrong maximum-power point (blind p38, p67). Single-number kinds cannot show it: a far
`late_fee` alone breaks the sum, which such a grader does check.

A relation is read off the reference: among the numbers of records of one shape (a tree's objects with the
same numeric keys, a text's table rows or lines with as many numbers, a config file's sections with the
same keys), a number equal to a signed sum of others, or to the product of two, in every record of that
shape (within the rounding of the numbers as written) and with every term non-zero in at least one.

Across records, too: one field of two sibling records (two objects of one list or mapping, two rows of one table)
moved in opposite directions, so that what they add up to stays. A grader that checks a card's days only against
the card's total, or a stock's lots only against the stock's sum, accepts money booked on the wrong day (blind p355:
a fare ledger's `charged_cents`, p343: lot quantities).

And a relation's move made in two sibling records in opposite directions, so that every column's sum stays too: a
grader that checks each record's relation (`difference = billed - expected`) and the total of a column against the
answer's own figures, never the figures against the right ones, accepts it (blind p375: `expected_gross` taken on
trust, the net over-billing line the sum of the answer's differences).

And one part of a record's total moved with it (`cancellation_fees` and `total_eur` both up by the fees): the total
still adds up, but the part is wrong. A grader that recomputes the other parts and takes this one on the answer's
word accepts any figure booked into both (blind p368: cancellation fees never recomputed). The total is a field named
so (total, sum, grand, overall, combined, gross), the part another of the record's numbers, written to as many
places, between zero and the total in every record of the shape and non-zero in one.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal, InvalidOperation, localcontext
from typing import Any

from artifactbench.gates.fuzz._draws import Draws, either, pick, scout_first
from artifactbench.gates.fuzz._formats import NUMBER_RE, TextDoc, TreeDoc
from artifactbench.gates.fuzz._mutation import Mutation, short
from artifactbench.gates.fuzz._near import RULE_ROW  # (matched on a stripped line: read once)
from artifactbench.gates.fuzz._tree_targets import _copy_spines, get_at, where

NAME = "keep_total"
SHIFTED = "(moved against each other: their sum kept)"  # how a mutant moving one field between two records says so
TOGETHER = "(moved together: a part and the total it is in)"  # a part and its record's total up by the same step
PAIRED = "(the same move, reversed, in the next record: column sums kept)"  # a relation's move in two records
MAX_PAIRED = 2  # record pairs a relation's move is made in, per relation and pair of members moved
MAX_SLOTS = 12  # numbers of one record a relation may use
MAX_TERMS = 4  # terms of a sum
MAX_RECORDS = 400  # records of one shape a relation is checked on
MAX_MUTANTS = 500
MAX_SHAPES = 12  # record shapes (the most populous) relations are looked for in
MAX_LINE = 10_000  # characters of a text line read for numbers
MAX_SHIFT_PAIRS = 2  # pairs of sibling records one field is moved between, per parent and field
MAX_SHIFTS = 200
MAX_TOGETHER = 2  # records a part is moved with its total in, per shape, part and total
_TOTAL_NAME = re.compile(r"(?:^|[_\W])(?:total|sum|grand|overall|combined|gross)(?:$|[_\W])|(?:total|sum)s?$", re.IGNORECASE)
SHIFT_OVER_BAND = 4  # a shift's step is more than this many times the band the prompt allows the number
_PLAIN = re.compile(r"[-+]?(\d+)(?:\.(\d+))?")  # a number as written, no exponent


@dataclass(frozen=True, slots=True)
class _Num:
    slot: Any  # what names it in every record of the shape: a key, a column, a position
    value: Decimal
    places: int  # decimals as written
    loc: Any  # a tree path, or (line index, start, end) in a text

    @property
    def half(self) -> Decimal:
        return Decimal(5).scaleb(-self.places - 1)


def _num(slot: Any, raw: Any, loc: Any) -> _Num | None:
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        return None
    text = raw if isinstance(raw, str) else repr(raw)
    found = _PLAIN.fullmatch(text.strip())
    if found is None or len(found.group(1)) + len(found.group(2) or "") > 20:
        return None  # (more digits than a measured value has: an id, or a hostile number)
    try:
        return _Num(slot, Decimal(text.strip()), len(found.group(2) or ""), loc)
    except InvalidOperation:
        return None


@dataclass(frozen=True, slots=True)
class _Relation:
    target: Any
    terms: tuple[tuple[Any, int], ...]  # (slot, sign) of a sum; two (slot, 1) of a product
    product: bool = False

    def holds(self, record: dict[Any, _Num]) -> bool:
        if self.target not in record or any(s not in record for s, _ in self.terms):
            return False
        t = record[self.target]
        nums = [record[s] for s, _ in self.terms]
        if self.product:
            a, b = nums
            slack = t.half + abs(a.value) * b.half + abs(b.value) * a.half + a.half * b.half
            return abs(t.value - a.value * b.value) <= slack * Decimal("1.01")
        total = sum((sign * n.value for n, (_, sign) in zip(nums, self.terms)), Decimal(0))
        return abs(t.value - total) <= (t.half + sum((n.half for n in nums), Decimal(0))) * Decimal("1.01")

    def describe(self, names: dict[Any, str]) -> str:
        if self.product:
            return f"{names[self.target]} = {names[self.terms[0][0]]} * {names[self.terms[1][0]]}"
        body = " ".join(("+ " if sign > 0 else "- ") + names[slot] for slot, sign in self.terms)
        return f"{names[self.target]} = {body.removeprefix('+ ')}"


def _relations(records: list[dict[Any, _Num]]) -> list[_Relation]:
    """Relations that hold in every record of one shape (the records given, two at least: one record's
    numbers meet some sum by chance), each found in a record where its terms are all non-zero: no `+ 0`
    term rides along, and a relation of one term is none. Candidates are tried in floats on the seed record
    first (a few thousand a target), and only a hit is checked exactly, in every record."""
    sample = records[:MAX_RECORDS]
    if len(sample) < 2:
        return []
    common = set(sample[0]).intersection(*sample[1:])
    if not 3 <= len(common) <= MAX_SLOTS:
        return []
    slots = [s for s in sample[0] if s in common]
    found: list[_Relation] = []
    # (found in the records with the most non-zero numbers: a row whose discount is 0 hides that term)
    seeds = sorted(sample, key=lambda r: -sum(1 for s in slots if r[s].value))[:3]
    used: set = set()
    # (the largest number first: a total, not one of its terms written as the total less the others)
    for target in sorted(slots, key=lambda s: -abs(seeds[0][s].value)):
        if target in used:
            continue
        for seed in seeds:
            hit = _search(seed, target, [s for s in slots if s != target and s not in used], sample)
            if hit is not None:
                found.append(hit)
                used.update((hit.target, *(s for s, _ in hit.terms)))
                break
    return found


def _search(seed: dict[Any, _Num], target: Any, others: list, sample: list[dict[Any, _Num]]) -> _Relation | None:
    t = seed[target]
    if not t.value:
        return None
    live = [s for s in others if seed[s].value and seed[s].value != t.value]
    value = {s: float(seed[s].value) for s in live}
    half = {s: float(seed[s].half) for s in live}
    tv, th = float(t.value), float(t.half)
    for size in range(2, MAX_TERMS + 1):
        for subset in itertools.combinations(live, size):
            slack = (th + sum(half[s] for s in subset)) * 1.01 + 1e-12
            first = value[subset[0]]
            for signs in itertools.product((1, -1), repeat=size - 1):
                if abs(tv - first - sum(sign * value[s] for sign, s in zip(signs, subset[1:]))) <= slack:
                    relation = _Relation(target, tuple(zip(subset, (1, *signs))))
                    if all(relation.holds(r) for r in sample):
                        return relation
    for a, b in itertools.combinations(live, 2):
        if abs(tv - value[a] * value[b]) <= (th + abs(value[a]) * half[b] + abs(value[b]) * half[a]) * 1.02 + 1e-12:
            relation = _Relation(target, ((a, 1), (b, 1)), True)
            if all(relation.holds(r) for r in sample):
                return relation
    return None


def _moved(a: _Num, ca: int, b: _Num, cb: int) -> tuple[Decimal, Decimal] | None:
    """New values of members a and b of a sum (coefficients ca, cb in `sum of c * x = 0`) that keep it: `a`
    one step up or down, `b` the step that balances it; the step half the smaller non-zero one of the two,
    on the coarser grid of the two, the direction the one in which neither crosses zero."""
    places = min(a.places, b.places)
    quantum = Decimal(1).scaleb(-places)
    sizes = [abs(n.value) for n in (a, b) if n.value]
    if not sizes:
        return None  # (two zeros: any step moves one of them below zero)
    step = max((min(sizes) / 2).quantize(quantum, rounding=ROUND_FLOOR), quantum)
    for d in (step, -step):
        new_a, new_b = a.value + d, b.value - ca * cb * d
        if (a.value >= 0) == (new_a >= 0) and (b.value >= 0) == (new_b >= 0) and (a.value, b.value) != (new_a, new_b):
            return new_a, new_b
    return None


def _written(value: Decimal, places: int) -> str:
    return f"{value.quantize(Decimal(1).scaleb(-places)):f}" if places else str(int(value))


def _changes(record: dict[Any, _Num], relation: _Relation, rel: float) -> list[tuple[_Num, str, _Num, str, Any]]:
    """(first number, its new text, second number, its new text, the member kept) of each pair of members
    moved together while a third stays as it was: the total, and each other member in turn (which of
    them a grader checks, the relation does not say: `boarding = discount + total` is `total = boarding -
    discount`). A product's first factor grows by 8x the relative tolerance the prompt states (at least 2%):
    far enough to be wrong, near enough to stay within the bounds a grader checks (`0 < vmp < voc`)."""
    out = []
    with localcontext() as ctx:
        ctx.prec = 60
        try:
            if relation.product:
                a, b = (record[s] for s, _ in relation.terms)
                if a.value <= 0 or b.value <= 0:
                    return []
                new_a = a.value * (1 + Decimal(str(max(0.02, min(8 * rel, 0.5)))))
                new_b = a.value * b.value / new_a
                return [(a, _written(new_a, a.places + 2), b, _written(new_b, max(b.places + 4, 6)), relation.target)]
            members = [(relation.target, -1), *relation.terms]
            for kept, _ in members:
                for (pa, ca), (pb, cb) in itertools.combinations([m for m in members if m[0] != kept], 2):
                    a, b = record[pa], record[pb]
                    moved = _moved(a, ca, b, cb)
                    if moved is not None:
                        out.append((a, _written(moved[0], a.places), b, _written(moved[1], b.places), kept))
        except (InvalidOperation, ArithmeticError):
            return []
    return out


Band = Callable[[Any, Decimal], float]  # (a number's slot, its value) -> how far the prompt lets it be


def _paired_first(parts: list[Draws], paired: list, both: Callable[[Any], Mutation]) -> Draws | None:
    """The kind's draws, whose seeded order starts with one paired move of each two members: a grader that checks only
    each record's relation and the column sums accepts those first, and it may be any two of three (`expected_gross`
    and `difference`, `billed_gross` kept)."""
    draws = either(parts) if len(parts) > 1 else parts[0] if parts else None
    if draws is None or not paired:
        return draws
    firsts = list({(c[0][0].slot, c[1][0].slot): c for c in reversed(paired)}.values())
    return scout_first(draws, pick(firsts).map(both))


def _paired(bucket: list[dict[Any, _Num]], relation: _Relation, band: Band | None) -> list[tuple[tuple[_Num, str], ...]]:
    """A sum relation's move (two members, the others kept) made in two neighbouring records of the shape, one step up
    in the first and down in the second: each record's relation holds and so does every column's sum. The step is half
    the smallest non-zero of the four numbers, on their coarsest grid, past four times the prompt's band; none where a
    number would cross zero."""
    if relation.product:
        return []
    out: list[tuple[tuple[_Num, str], ...]] = []
    members = [(relation.target, -1), *relation.terms]
    for (pa, ca), (pb, cb) in itertools.combinations(members, 2):
        made = 0
        for r1, r2 in zip(bucket, bucket[1:]):
            if made >= MAX_PAIRED:
                break
            nums = (r1[pa], r1[pb], r2[pa], r2[pb])
            sizes = [abs(n.value) for n in nums if n.value]
            if len(sizes) < 4:
                continue
            quantum = Decimal(1).scaleb(-min(n.places for n in nums))
            step = (min(sizes) / 2).quantize(quantum, rounding=ROUND_FLOOR)
            if step < quantum or (band is not None and any(step <= SHIFT_OVER_BAND * band(n.slot, n.value) for n in nums)):
                continue
            k = -ca * cb  # (b's step for a's: `sum of c * x = 0` kept)
            moved = ((nums[0], nums[0].value + step), (nums[1], nums[1].value + k * step),
                     (nums[2], nums[2].value - step), (nums[3], nums[3].value - k * step))
            if all((n.value >= 0) == (v >= 0) for n, v in moved):
                out.append(tuple((n, _written(v, n.places)) for n, v in moved))
                made += 1
    return out


def _shift(a: _Num, b: _Num, band: Band | None) -> tuple[str, str] | None:
    """New texts of two siblings' values of one field, `a` one step up and `b` one step down (their sum kept): the step
    half the smaller of the two, on the coarser grid of the two, and past the prompt's band for either; None where
    either is zero or they differ in sign (a step would cross zero), or where the move only exchanges them (a swap,
    swap_values' to judge)."""
    if not a.value or not b.value or (a.value > 0) != (b.value > 0):
        return None
    places = min(a.places, b.places)
    quantum = Decimal(1).scaleb(-places)
    step = (min(abs(a.value), abs(b.value)) / 2).quantize(quantum, rounding=ROUND_FLOOR)
    if step < quantum:
        return None
    if a.value < 0:
        step = -step
    if band is not None and any(abs(step) <= SHIFT_OVER_BAND * band(n.slot, n.value) for n in (a, b)):
        return None
    new_a, new_b = a.value + step, b.value - step
    if (new_a, new_b) == (b.value, a.value):
        return None
    return _written(new_a, a.places), _written(new_b, b.places)


def _sibling_pairs(nums: list[_Num], band: Band | None) -> list[tuple[_Num, str, _Num, str]]:
    """Up to MAX_SHIFT_PAIRS shifts between neighbours among one field's values in sibling records."""
    out = []
    for a, b in zip(nums, nums[1:]):
        moved = _shift(a, b, band)
        if moved is not None:
            out.append((a, moved[0], b, moved[1]))
            if len(out) >= MAX_SHIFT_PAIRS:
                break
    return out


def _together(bucket: list[dict[Any, _Num]], band: Band | None) -> list[tuple[_Num, str, _Num, str]]:
    """Of records of one shape: a part and the total it is in, each up by one step (the part's own value, or past four
    times the prompt's band for either where that is more), in up to MAX_TOGETHER records each (the largest parts):
    where a field's name says total and another field of as many places lies between zero and it in every record,
    non-zero in one and below it in one."""
    out: list[tuple[_Num, str, _Num, str]] = []
    slots = list(bucket[0]) if bucket else []
    for total in [s for s in slots if _TOTAL_NAME.search(str(s))]:
        for part in [s for s in slots if s != total and not _TOTAL_NAME.search(str(s))]:
            pairs = [(r[part], r[total]) for r in bucket]
            if any(p.places != t.places or not 0 <= p.value <= t.value for p, t in pairs) \
                    or not any(p.value for p, _ in pairs) or all(p.value == t.value for p, t in pairs):
                continue
            moved = 0
            for p, t in sorted(pairs, key=lambda pt: pt[0].value, reverse=True):
                if not p.value or moved >= MAX_TOGETHER:
                    break
                # (the part doubled, or more where that is within the total's band: 600.00 of 44316.20 under "within
                # 0.01", read loosely as 1 % too; up by a grid step at least)
                quantum = Decimal(1).scaleb(-p.places)
                step = max(p.value, Decimal(repr(5 * band(t.slot, t.value))).quantize(quantum) + quantum
                           if band is not None else p.value)
                if band is not None and any(step <= SHIFT_OVER_BAND * band(n.slot, n.value + step) for n in (p, t)):
                    continue
                out.append((p, _written(p.value + step, p.places), t, _written(t.value + step, t.places)))
                moved += 1
    return out


def _tree_shifts(data: Any, numeric_strings: bool, band: Band | None) -> list[tuple[_Num, str, _Num, str]]:
    """Shifts of one field between sibling objects (of one list, or the values of one mapping) that all hold it."""
    out: list[tuple[_Num, str, _Num, str]] = []
    stack: list[tuple[Any, tuple]] = [(data, ())]
    while stack and len(out) < MAX_SHIFTS:
        node, path = stack.pop()
        children = list(enumerate(node)) if isinstance(node, list) else list(node.items()) if isinstance(node, dict) else []
        records = [(k, c) for k, c in children[:MAX_RECORDS] if isinstance(c, dict)]
        if len(records) >= 2:
            shared = set(records[0][1]).intersection(*(c for _, c in records[1:]))
            for key in [k for k in records[0][1] if k in shared]:
                if any(isinstance(c[key], str) for _, c in records) and not numeric_strings:
                    continue
                nums = [_num(key, c[key], path + (k, key)) for k, c in records]
                if all(n is not None for n in nums):
                    out += _sibling_pairs(nums, band)
        stack += [(c, path + (k,)) for k, c in reversed(children[:MAX_RECORDS]) if isinstance(c, (dict, list))]
    return out[:MAX_SHIFTS]


def keep_total_tree(doc: TreeDoc, numeric_strings: bool, rel: float = 0.0, band: Band | None = None) -> Draws | None:
    """The kind for a JSON, JSONL, YAML or CSV answer: records are objects, a number's slot its key."""

    shapes: dict[frozenset, list[tuple[tuple, dict[Any, _Num]]]] = {}

    def walk(node: Any, path: tuple) -> None:
        if isinstance(node, dict):
            nums = {}
            for key, value in node.items():
                if isinstance(value, str) and not numeric_strings:
                    continue
                n = _num(key, value, path + (key,))
                if n is not None:
                    nums[key] = n
            if len(nums) >= 3:
                bucket = shapes.setdefault(frozenset(nums), [])
                if len(bucket) < MAX_RECORDS:
                    bucket.append((path, nums))
            for key, child in node.items():
                walk(child, path + (key,))
        elif isinstance(node, list):
            for i, child in enumerate(node):
                walk(child, path + (i,))

    walk(doc.data, ())
    pool = []
    together: list[tuple[_Num, str, _Num, str]] = []
    paired: list[tuple[tuple[_Num, str], ...]] = []
    for bucket in sorted(shapes.values(), key=len, reverse=True)[:MAX_SHAPES]:
        together += _together([nums for _, nums in bucket], band)
        relations = _relations([nums for _, nums in bucket])
        for relation in relations:
            paired += _paired([nums for _, nums in bucket], relation, band)
            for path, nums in bucket:
                pool += [(relation, *change) for change in _changes(nums, relation, rel)]
    pool = pool[:MAX_MUTANTS]

    def mutate(c: tuple) -> Mutation:
        relation, a, new_a, b, new_b, kept_slot = c
        data = _copy_spines(doc.data, (a.loc[:-1], b.loc[:-1]))
        for num, new in ((a, new_a), (b, new_b)):
            old = get_at(doc.data, num.loc)
            value: Any = new if isinstance(old, str) else (float(new) if "." in new else int(new))
            get_at(data, num.loc[:-1])[num.loc[-1]] = value
        held = relation.describe({s: str(s) for s in (relation.target, *(t for t, _ in relation.terms))})
        return Mutation(NAME, f"{where(doc, a.loc)} and field {b.slot!r} ({held} holds, {str(kept_slot)!r} kept)",
                        short(f"{get_at(doc.data, a.loc)}, {get_at(doc.data, b.loc)}"), short(f"{new_a}, {new_b}"),
                        doc.render(data))

    def shifted(c: tuple, said: str = SHIFTED) -> Mutation:
        a, new_a, b, new_b = c
        data = _copy_spines(doc.data, (a.loc[:-1], b.loc[:-1]))
        for num, new in ((a, new_a), (b, new_b)):
            old = get_at(doc.data, num.loc)
            get_at(data, num.loc[:-1])[num.loc[-1]] = new if isinstance(old, str) else (float(new) if "." in new else int(new))
        return Mutation(NAME, f"{where(doc, a.loc)} and {where(doc, b.loc)} {said}",
                        short(f"{get_at(doc.data, a.loc)}, {get_at(doc.data, b.loc)}"), short(f"{new_a}, {new_b}"),
                        doc.render(data))

    def both(c: tuple[tuple[_Num, str], ...]) -> Mutation:
        data = _copy_spines(doc.data, tuple(n.loc[:-1] for n, _ in c))
        for num, new in c:
            old = get_at(doc.data, num.loc)
            get_at(data, num.loc[:-1])[num.loc[-1]] = new if isinstance(old, str) else (float(new) if "." in new else int(new))
        return Mutation(NAME, f"{where(doc, c[0][0].loc)} and field {c[1][0].slot!r} {PAIRED}, at "
                              f"{where(doc, c[2][0].loc)}", short(", ".join(str(get_at(doc.data, n.loc)) for n, _ in c)),
                        short(", ".join(new for _, new in c)), doc.render(data))

    shifts = _tree_shifts(doc.data, numeric_strings, band)
    parts = ([pick(pool).map(mutate)] if pool else []) + ([pick(shifts).map(shifted)] if shifts else []) \
        + ([pick(together).map(lambda c: shifted(c, TOGETHER))] if together else []) \
        + ([pick(paired).map(both)] if paired else [])
    return _paired_first(parts, paired, both)


_SECTION_HEAD = re.compile(r"\s*\[[^\[\]\n]+\]\s*$")
_KEY_NUMBER = re.compile(r"\s*([\w.\"'-]+)\s*[=:]\s*(\S+)\s*(?:#.*)?$")


def _columns(lines: list[str]) -> dict[int, list[str]]:
    """The header cells of the Markdown table each table row is in, by line index."""
    out: dict[int, list[str]] = {}
    header: list[str] | None = None
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("|") or len(line) > MAX_LINE:
            header = None
        elif i + 1 < len(lines) and len(lines[i + 1]) <= MAX_LINE and RULE_ROW.fullmatch(lines[i + 1].strip()):
            header = [c.strip() for c in line.strip().strip("|").split("|")]
        elif header is not None and not RULE_ROW.fullmatch(line.strip()):
            out[i] = header
    return out


def _table_shifts(lines: list[str], columns: dict[int, list[str]], band: Band | None) -> list[tuple[_Num, str, _Num, str]]:
    """Shifts of one column between rows of one Markdown table (its rows whose cell there is a plain number)."""
    tables: list[list[int]] = []
    for i in sorted(columns):
        if tables and tables[-1][-1] == i - 1 and columns[tables[-1][-1]] is columns[i]:
            tables[-1].append(i)
        else:
            tables.append([i])
    out: list[tuple[_Num, str, _Num, str]] = []
    for rows in tables:
        header = columns[rows[0]]
        by_column: dict[int, list[_Num]] = {}
        for i in rows[:MAX_RECORDS]:
            line = lines[i]
            bars = [m.start() for m in re.finditer(r"\|", line)]
            lead = 1 if line.lstrip().startswith("|") else 0
            for cell, (start, end) in enumerate(zip([-1, *bars], [*bars, len(line)])):
                column = cell - lead
                if not 0 <= column < len(header):
                    continue
                raw = line[start + 1:end]
                found = _PLAIN.fullmatch(raw.strip())
                if found is None:
                    continue
                at = start + 1 + raw.index(raw.strip())
                n = _num(header[column], found.group(), (i, at, at + len(found.group())))
                if n is not None:
                    by_column.setdefault(column, []).append(n)
        for nums in by_column.values():
            if len(nums) >= max(2, len(rows) // 2):
                out += _sibling_pairs(nums, band)
        if len(out) >= MAX_SHIFTS:
            break
    return out[:MAX_SHIFTS]


def keep_total_text(doc: TextDoc, rel: float = 0.0, band: Band | None = None) -> Draws | None:
    """The kind for a text answer: a table row's or a line's numbers (slot: the column, else the position
    among a line's numbers; shape: the line's lead and separators), or a config section's `key = number`
    lines (slot: the key)."""
    lines = list(doc.lines)[:20_000]
    columns = _columns(lines)
    shapes: dict[Any, list[dict[Any, _Num]]] = {}
    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        tokens = list(NUMBER_RE.finditer(line))[:MAX_SLOTS + 1]
        if len(tokens) < 3 or len(tokens) > MAX_SLOTS:
            continue
        header = columns.get(i)
        nums = {}
        for k, m in enumerate(tokens):
            slot: Any = k
            if header is not None:
                cell = line[:m.start()].count("|") - (1 if line.lstrip().startswith("|") else 0)
                slot = header[cell] if 0 <= cell < len(header) else k
            n = _num(slot, m.group(), (i, m.start(), m.end()))
            if n is not None and slot not in nums:
                nums[slot] = n
        if len(nums) >= 3:
            shape = ("row", tuple(header), frozenset(nums)) if header else (
                "line", line.lstrip()[:1], line.count("|"), line.count(","), line.count("\t"), len(nums))
            bucket = shapes.setdefault(shape, [])
            if len(bucket) < MAX_RECORDS:
                bucket.append(nums)
    section: dict[Any, _Num] | None = None
    for i, line in enumerate(lines):
        if _SECTION_HEAD.match(line):
            section = {}
            if len(shapes.setdefault(("section",), [])) < MAX_RECORDS:
                shapes[("section",)].append(section)
            continue
        found = _KEY_NUMBER.match(line) if section is not None else None
        if found is not None and found.group(1) not in section:
            n = _num(found.group(1), found.group(2), (i, found.start(2), found.end(2)))
            if n is not None:
                section[found.group(1)] = n
    by_keys: dict[Any, list[dict[Any, _Num]]] = {}
    for record in shapes.pop(("section",), []):
        if len(record) >= 3:
            by_keys.setdefault(("section", frozenset(record)), []).append(record)
    shapes.update(by_keys)
    pool = []
    paired: list[tuple[tuple[_Num, str], ...]] = []
    for shape, bucket in sorted(shapes.items(), key=lambda kv: len(kv[1]), reverse=True)[:MAX_SHAPES]:
        for relation in _relations(bucket):
            paired += _paired(bucket, relation, band) if shape[0] != "section" else []
            for record in bucket:
                pool += [(shape[0], relation, *change) for change in _changes(record, relation, rel)]
    pool = pool[:MAX_MUTANTS]

    def mutate(c: tuple) -> Mutation:
        kind_of, relation, a, new_a, b, new_b, kept_slot = c
        changed = list(doc.lines)
        for num, new in sorted(((a, new_a), (b, new_b)), key=lambda x: -x[0].loc[1]):
            i, start, end = num.loc
            changed[i] = changed[i][:start] + new + changed[i][end:]
        names = {s: (str(s) if kind_of != "line" else f"number {s + 1}")
                 for s in (relation.target, *(t for t, _ in relation.terms))}
        label = {"row": "column", "section": "key"}.get(kind_of)
        fields = (f"{label} {str(a.slot)!r} and {label} {str(b.slot)!r}" if label
                  else f"numbers {a.slot + 1} and {b.slot + 1}")
        lines_at = sorted({a.loc[0] + 1, b.loc[0] + 1})
        at = f"line {lines_at[0]}" if len(lines_at) == 1 else f"lines {lines_at[0]}-{lines_at[-1]}"
        old = f"{lines[a.loc[0]][a.loc[1]:a.loc[2]]}, {lines[b.loc[0]][b.loc[1]:b.loc[2]]}"
        return Mutation(NAME, f"{at}, {fields} ({relation.describe(names)} holds, {names[kept_slot]!r} kept)", short(old),
                        short(f"{new_a}, {new_b}"), doc.render(changed))

    def shifted(c: tuple) -> Mutation:
        a, new_a, b, new_b = c
        changed = list(doc.lines)
        for num, new in ((a, new_a), (b, new_b)):
            i, start, end = num.loc
            changed[i] = changed[i][:start] + new + changed[i][end:]
        return Mutation(NAME, f"lines {a.loc[0] + 1} and {b.loc[0] + 1}, column {str(a.slot)!r} {SHIFTED}", short(f"{lines[a.loc[0]][a.loc[1]:a.loc[2]]}, "
                                                        f"{lines[b.loc[0]][b.loc[1]:b.loc[2]]}"),
                        short(f"{new_a}, {new_b}"), doc.render(changed))

    def both(c: tuple[tuple[_Num, str], ...]) -> Mutation:
        changed = list(doc.lines)
        for num, new in sorted(c, key=lambda x: (x[0].loc[0], -x[0].loc[1])):
            i, start, end = num.loc
            changed[i] = changed[i][:start] + new + changed[i][end:]
        label = "column" if isinstance(c[0][0].slot, str) else "number"
        name = (lambda s: repr(str(s))) if label == "column" else (lambda s: str(s + 1))
        return Mutation(NAME, f"line {c[0][0].loc[0] + 1}, {label}s {name(c[0][0].slot)} and {name(c[1][0].slot)} {PAIRED}, "
                              f"line {c[2][0].loc[0] + 1}",
                        short(", ".join(lines[n.loc[0]][n.loc[1]:n.loc[2]] for n, _ in c)),
                        short(", ".join(new for _, new in c)), doc.render(changed))

    shifts = _table_shifts(lines, columns, band)
    parts = ([pick(pool).map(mutate)] if pool else []) + ([pick(shifts).map(shifted)] if shifts else []) \
        + ([pick(paired).map(both)] if paired else [])
    return _paired_first(parts, paired, both)
