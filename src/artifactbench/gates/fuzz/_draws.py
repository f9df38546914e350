"""Mutant generators that can be drawn two ways: as a Hypothesis strategy, or in a seeded random order.

The fuzz gate searches each mutation kind with Hypothesis, which shrinks an accepted mutant to a
minimal one; but most kinds end with every mutant rejected, and there Hypothesis' engine costs more
than a small grader does. A `Draws` is built from the few combinators the kinds use (pick from a pool,
an integer range, tuples, map, flatmap, filter, one of several) and gives either the Hypothesis
strategy they make (`strategy()`: the same strategy as before, so a seeded search draws the same
examples) or its values in a random order without repeats (`values()`): the gate's scout grades a
kind's first mutants that way and calls on Hypothesis only once one is accepted.

`values()` goes breadth first, as Hypothesis' generation does on a small space (it draws choices it
has not drawn before): the simplest value first (the first of each pool, the first alternative: where
Hypothesis starts too), then each pool shuffled, alternatives taking turns, and a flatmap taking one
value of each outer value before a second of any, so five values of "a field, then a new string for
it" are five fields, not five strings for one field. Only the very first value is the simplest: the
inner values of every later outer value start at random, as Hypothesis' do (an injected line is put
before line 1 once, not for every line copied: a grader that checks the first line but not for extra
ones accepts an injection anywhere else). A value that a filter refuses, or
whose map raises UnsatisfiedAssumption (`assume`), comes out as REFUSED, so a caller can bound how
many it reads even when most are refused.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import UnsatisfiedAssumption

__all__ = ["REFUSED", "Draws", "either", "ints", "pick", "scout", "scout_first", "tuples"]


class _Refused:
    def __repr__(self) -> str:
        return "REFUSED"


REFUSED = _Refused()  # a value refused by a filter or an `assume` (values())


class Draws:
    """A generator of values, drawn by Hypothesis (`strategy`) or in a seeded order (`values`)."""

    def strategy(self) -> st.SearchStrategy:
        raise NotImplementedError

    def values(self, rng: random.Random, simplest: bool = True) -> Iterator[Any]:
        """Every value once (as far as the caller reads), in a random breadth-first order, the simplest
        first with `simplest` (else from a random start); a value a filter refuses, or whose map raises
        UnsatisfiedAssumption, is REFUSED."""
        raise NotImplementedError

    def map(self, func: Callable[[Any], Any]) -> Draws:
        return _Mapped(self, func)

    def flatmap(self, expand: Callable[[Any], Draws]) -> Draws:
        return _Bound(self, expand)

    def filter(self, keep: Callable[[Any], bool]) -> Draws:
        return _Filtered(self, keep)


class _Pick(Draws):
    def __init__(self, pool: Sequence[Any]) -> None:
        self.pool = pool

    def strategy(self) -> st.SearchStrategy:
        return st.sampled_from(self.pool)

    def values(self, rng: random.Random, simplest: bool = True) -> Iterator[Any]:
        return (self.pool[i] for i in _indices(len(self.pool), rng, simplest))


class _Ints(Draws):
    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def strategy(self) -> st.SearchStrategy:
        return st.integers(self.low, self.high)

    def values(self, rng: random.Random, simplest: bool = True) -> Iterator[int]:
        return (self.low + i for i in _indices(self.high - self.low + 1, rng, simplest))


class _Tuples(Draws):
    def __init__(self, parts: tuple[Draws, ...]) -> None:
        self.parts = parts

    def strategy(self) -> st.SearchStrategy:
        return st.tuples(*(p.strategy() for p in self.parts))

    def values(self, rng: random.Random, simplest: bool = True) -> Iterator[tuple]:
        head, *rest = self.parts
        if not rest:
            return head.map(lambda value: (value,)).values(rng, simplest)
        tail = _Tuples(tuple(rest))
        return head.flatmap(lambda value: tail.map(lambda others: (value, *others))).values(rng, simplest)


class _Either(Draws):
    def __init__(self, parts: Sequence[Draws]) -> None:
        self.parts = list(parts)

    def strategy(self) -> st.SearchStrategy:
        return st.one_of([p.strategy() for p in self.parts])

    def values(self, rng: random.Random, simplest: bool = True) -> Iterator[Any]:
        rest = self.parts[1:] if simplest else list(self.parts)
        rng.shuffle(rest)
        first = [self.parts[0].values(rng, True)] if simplest else []
        return _take_turns(first + [p.values(rng, False) for p in rest])


class _Mapped(Draws):
    def __init__(self, inner: Draws, func: Callable[[Any], Any]) -> None:
        self.inner, self.func = inner, func

    def strategy(self) -> st.SearchStrategy:
        return self.inner.strategy().map(self.func)

    def values(self, rng: random.Random, simplest: bool = True) -> Iterator[Any]:
        for value in self.inner.values(rng, simplest):
            if value is REFUSED:
                yield value
                continue
            try:
                yield self.func(value)
            except UnsatisfiedAssumption:
                yield REFUSED


class _Bound(Draws):
    def __init__(self, inner: Draws, expand: Callable[[Any], Draws]) -> None:
        self.inner, self.expand = inner, expand

    def strategy(self) -> st.SearchStrategy:
        return self.inner.strategy().flatmap(lambda value: self.expand(value).strategy())

    def values(self, rng: random.Random, simplest: bool = True) -> Iterator[Any]:
        active: list[Iterator[Any]] = []
        for joined in self.inner.values(rng, simplest):  # one value of each outer value, in its order
            if joined is REFUSED:
                yield joined
                continue
            try:
                # (the simplest inner value only for the first outer value: the first of a pool was not
                # meant to be every outer value's first, or a flatmap never leaves inner position 0)
                inner = self.expand(joined).values(rng, simplest)
                simplest = False
            except UnsatisfiedAssumption:
                yield REFUSED
                continue
            value = next(inner, _END)
            if value is not _END:
                active.append(inner)
                yield value
        yield from _take_turns(active)  # then the second of each, and so on


class _Filtered(Draws):
    def __init__(self, inner: Draws, keep: Callable[[Any], bool]) -> None:
        self.inner, self.keep = inner, keep

    def strategy(self) -> st.SearchStrategy:
        return self.inner.strategy().filter(self.keep)

    def values(self, rng: random.Random, simplest: bool = True) -> Iterator[Any]:
        return (value if value is REFUSED or self.keep(value) else REFUSED
                for value in self.inner.values(rng, simplest))


class _ScoutFirst(Draws):
    def __init__(self, draws: Draws, first: Draws) -> None:
        self.draws, self.first = draws, first

    def strategy(self) -> st.SearchStrategy:
        return self.draws.strategy()

    def values(self, rng: random.Random, simplest: bool = True) -> Iterator[Any]:
        return itertools.chain(self.first.values(rng, simplest), self.draws.values(rng, simplest))


def scout_first(draws: Draws, first: Draws) -> Draws:
    """`draws` as Hypothesis searches and shrinks it, whose seeded order (`values`) starts with every value
    of `first` (values `draws` also gives, the ones a scout learns most from: number_near's smallest move
    at each field, which a grader too loose accepts before it accepts any larger one)."""
    return _ScoutFirst(draws, first)


def pick(pool: Sequence[Any]) -> Draws:
    """One element of a non-empty sequence (st.sampled_from)."""
    return _Pick(pool)


def ints(low: int, high: int) -> Draws:
    """An integer in [low, high] (st.integers)."""
    return _Ints(low, high)


def tuples(*parts: Draws) -> Draws:
    return _Tuples(parts)


def either(parts: Sequence[Draws]) -> Draws:
    """A value of one of `parts` (st.one_of)."""
    return _Either(parts)


_END = object()
_SHUFFLED = 256  # pools up to this size are shuffled; larger ones are sampled, skipping repeats


def _indices(n: int, rng: random.Random, simplest: bool = True) -> Iterator[int]:
    """0 first with `simplest` (Hypothesis too tries the simplest choice first: the first record, the
    first field, a cut at the start), then the rest of 0..n-1 in a random order, lazily (a cut position
    of a big file is one of millions)."""
    if n <= _SHUFFLED:
        order = list(range(1, n) if simplest else range(n))
        rng.shuffle(order)
        yield from ([0, *order] if simplest else order)[:n]
        return
    seen: set[int] = set()
    if simplest and n > 0:
        seen.add(0)
        yield 0
    while len(seen) < n:
        i = rng.randrange(n)
        if i not in seen:
            seen.add(i)
            yield i


def _take_turns(iterators: list[Iterator[Any]]) -> Iterator[Any]:
    """One value of each iterator in turn until all are spent."""
    while iterators:
        kept = []
        for it in iterators:
            value = next(it, _END)
            if value is not _END:
                kept.append(it)
                yield value
        iterators = kept


SCOUT_TRIES = 4  # values the scout reads per mutant it may grade (repeats and refusals are skipped)


def scout(draws: Draws, accepted: Callable[[Any], bool], examples: int, rng: random.Random,
          place_of: Callable[[Any], str], tick: Callable[[], object] = lambda: None,
          defer: Callable[[Any], bool] | None = None) -> bool:
    """Grade up to `examples` distinct mutants of a kind in a seeded breadth-first order (`values`),
    without Hypothesis' engine: most kinds end with every mutant rejected, and the engine cost more than
    a small grader. Mutants at a place not graded yet (`place_of(mutant)`: a field, whatever its record)
    come first: a grader that leaves one field unchecked accepts every change to it. True once one was
    accepted (the caller's Hypothesis search then finds it again, its verdict remembered, and shrinks
    it); False when none was. What `accepted` raises (the gate's "clearly rejected", "out of time") goes
    through this as through Hypothesis; a mutant it refuses to count (UnsatisfiedAssumption: one
    confined to free lines) is skipped as it is there. `tick` is called before each value is read (each
    is a whole mutated artifact, rendered as it is read): it raises as `accepted` does once the kind's
    time is up, so reading ahead for a new place never runs past the budget. Mutants `defer` picks
    (changes confined to lines the prompt frees: they can only be reported as allowed) are graded last,
    after every other mutant read: a slow grader's share of the budget goes to the lines it grades."""
    seen: set[str] = set()
    places: set[str] = set()
    later: list = []  # mutants at a place already graded, for when no new place is left
    deferred: list = []  # mutants `defer` picked, for the very end
    graded = misses = 0  # misses: values read in a row at places already graded

    def grade(mutant) -> bool | None:  # True accepted, False rejected, None not counted
        try:
            return bool(accepted(mutant))
        except UnsatisfiedAssumption:
            return None

    reading = itertools.islice(draws.values(rng), SCOUT_TRIES * examples)
    while graded < examples:
        tick()
        mutant = next(reading, _END)
        if mutant is _END:
            break
        if mutant is REFUSED or mutant.text in seen:
            continue
        seen.add(mutant.text)
        if defer is not None and defer(mutant):
            deferred.append(mutant)
            misses += 1
            if misses >= 2 * examples and graded + len(later) + len(deferred) >= examples:
                break
            continue
        place = place_of(mutant)
        if place in places:
            later.append((place, mutant))
            misses += 1
            # (enough put off to fill the budget, and no new place in a while: a kind of three fields
            # read 16 whole artifacts to grade 4, each rendered as it is read; "a while" is two budgets'
            # worth, so that two fields drawn alike are both reached: blind p25's unchecked second field
            # was never drawn behind four draws of the first)
            if misses >= 2 * examples and graded + len(later) >= examples:
                break
            continue
        misses = 0
        verdict = grade(mutant)
        if verdict:
            return True
        places.add(place)  # (a mutant not counted, one the prompt leaves open, still had its place's turn)
        if verdict is not None:
            graded += 1
    if graded >= examples:
        return False
    # (a second turn for each place in turn, not four more of the place drawn most: a column's one swap may have
    # met a value out of its row's range; blind p129)
    turns: dict[str, int] = {}
    ranked = sorted(((turns.setdefault(place, len(turns)), i, mutant) for i, (place, mutant) in enumerate(later)),
                    key=lambda t: t[1])
    by_place: dict[int, list] = {}
    for rank, _, mutant in ranked:
        by_place.setdefault(rank, []).append(mutant)
    queue = [m for round_ in itertools.zip_longest(*by_place.values()) for m in round_ if m is not None]
    for mutant in (queue + deferred)[: examples - graded]:
        if grade(mutant):
            return True
    return False
