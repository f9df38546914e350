"""The numbers a grader's detail prints, matched against the reference's numbers (spec 3.3).

A detail prints a number as a whole token ("0.5952", "84", "-403", "1.2e-05"; never the digits of a date
or an id). A token matches a reference number in one of three ways, weighed by what the token says:
- exact: the same value ("812.50" for 812.5); distinctive when the token and the reference's spelling
  both have >= 3 significant digits ("13" says no more than 13 does, however the reference spells it);
- rounded: the reference number at the token's precision ("0.5952" for 0.595238, "27.40" for 27.403846),
  the token having >= 3 significant digits and few reference numbers near it (a coincidence at that
  precision is unlikely);
- small: a 2-significant-digit integer equal to a reference number ("expected 84"), when it is not one of
  the answer's own counts of records (its shape, which spec 4.1 lets even a public verifier check);
- finer: the unrounded value of a reference number ("77.0042194092827" where the reference reads 77.0): the
  token printed finer than the reference spells it and rounding to it at the reference's own precision.
Rounded, small and finer matches are weaker evidence than exact ones: they never count when the prompt, the
workspace or the graded artifact holds a number printed the same way, and the gate counts them only where
the detail presents them as the expected value.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable
from dataclasses import dataclass

from artifactbench.gates.fuzz import NUMBER_RE
from artifactbench.gates.leaks._values import TOKEN_SPLIT, number_token, significant_digits

MIN_DIGITS = 3  # significant digits of a distinctive number
SMALL_DIGITS = 2  # an integer this short is distinctive only when presented as the expected value
NEIGHBOURS = 5  # reference numbers within 10 steps of a rounded token beyond which it is no evidence
_REL = 1e-9


@dataclass(frozen=True, slots=True)
class Printed:
    """A number as a detail prints it: the token, its value, the unit of its last digit (None for an
    integer token) and its significant digits."""

    token: str
    value: float
    step: float | None
    digits: int


def printed_numbers(text: str) -> list[Printed]:
    """The whole-token numbers of `text`, each spelling once, in order of appearance."""
    out = []
    for token in dict.fromkeys(TOKEN_SPLIT.split(text)):
        token = number_token(token)
        if token is None:
            continue
        value = float(token)
        if math.isfinite(value):
            out.append(Printed(token, value, _step(token), significant_digits(token)))
    return out


def _step(token: str) -> float | None:
    mantissa, _, exponent = token.lower().partition("e")
    decimals = len(mantissa.partition(".")[2])
    if not exponent and not decimals:
        return None
    if len(exponent.lstrip("+-")) > 6:  # "0e<5000 digits>": int() refuses it, and no float holds its step
        return None
    try:
        return 10.0 ** (int(exponent or 0) - decimals)
    except OverflowError:  # "0e400" prints a finite zero whose last digit stands for 1e400
        return None


class NumberIndex:
    """Numbers sorted for lookups by value: equal ones, and those a printed token may be a rounding of."""

    __slots__ = ("_sorted",)

    def __init__(self, values: Iterable[float]) -> None:
        self._sorted = sorted({v for v in values if math.isfinite(v)})

    def near(self, value: float, half: float) -> list[float]:
        lo = bisect.bisect_left(self._sorted, value - half)
        hi = bisect.bisect_right(self._sorted, value + half)
        return self._sorted[lo:hi]

    def exact(self, value: float) -> float | None:
        for n in self.near(value, abs(value) * _REL):
            if math.isclose(n, value, rel_tol=_REL, abs_tol=0.0):
                return n
        return None

    def rounds_to(self, printed: Printed) -> list[float]:
        """The numbers that read as `printed` at its precision (itself included)."""
        if printed.step is None:
            found = self.exact(printed.value)
            return [] if found is None else [found]
        return self.near(printed.value, printed.step * 0.5 * (1 + _REL))


@dataclass(frozen=True, slots=True)
class Match:
    """A reference number that a detail prints: its value, its spelling in the reference (the value's
    identity from one grading to the next), the detail's token, and how it matched."""

    value: float
    spelling: str
    printed: str
    kind: str  # "exact", "rounded", "small" or "finer"


class ReferenceNumbers:
    """Every number of the reference, with what the agent sees (prompt and workspace) and the answer's
    own counts of records, ready to match the numbers of a detail."""

    def __init__(self, reference: dict[float, str], visible: Iterable[float], counts: Iterable[int]) -> None:
        self.spelling = reference
        self.index = NumberIndex(reference)
        self.visible = NumberIndex(visible)
        self.counts = frozenset(counts)

    def matches(self, detail: str, artifact: NumberIndex) -> list[Match]:
        """The reference numbers `detail` prints; weak (rounded, small) ones only when neither the agent's
        view nor the graded `artifact` holds a number that reads the same."""
        out = []
        for p in printed_numbers(detail):
            found = self.index.exact(p.value)
            if found is not None:
                if p.value.is_integer() and p.value in self.counts and p.value >= 2:
                    continue  # how many records the answer has: a total (spec 3.3's "3 of 12 endpoints")
                spelling = self.spelling[found]
                digits = min(p.digits, significant_digits(spelling))
                if digits >= MIN_DIGITS:
                    out.append(Match(found, spelling, p.token, "exact"))
                elif (digits == SMALL_DIGITS and p.value.is_integer() and p.value not in self.counts
                      and not self._seen(p, artifact)):
                    out.append(Match(found, spelling, p.token, "small"))
                continue
            if p.step is None or p.digits < MIN_DIGITS:
                continue
            near = self.index.rounds_to(p)
            if (near and len(self.index.near(p.value, p.step * 10.5)) <= NEIGHBOURS
                    and not self._seen(p, artifact)):
                nearest = min(near, key=lambda n: abs(n - p.value))
                out.append(Match(nearest, self.spelling[nearest], p.token, "rounded"))
                continue
            finer = self._unrounded(p)
            if finer is not None and not self._seen(p, artifact):
                out.append(Match(finer, self.spelling[finer], p.token, "finer"))
        return out

    def _unrounded(self, p: Printed) -> float | None:
        """The reference number that `p`, printed finer than the reference spells it, rounds to at the
        reference's own precision ("expected 77.0042194092827" where the answer reads 77.0; blind p119), when
        that spelling has >= 3 significant digits and few reference numbers lie near it: `p` rounded to each
        coarser number of decimals, looked up (a few lookups, whatever the reference's size; review)."""
        if p.step is None:
            return None
        decimals = max(0, round(-math.log10(p.step)))
        for places in range(min(decimals, 12) - 1, -1, -1):
            n = self.index.exact(round(p.value, places))
            if n is None:
                continue
            spelling = self.spelling[n]
            step = _step(spelling)
            if step is None or not math.isclose(step, 10.0 ** -places, rel_tol=1e-6) \
                    or significant_digits(spelling) < MIN_DIGITS:
                continue
            if len(self.index.near(n, step * 10.5)) <= NEIGHBOURS:
                return n
        return None

    def _seen(self, printed: Printed, artifact: NumberIndex) -> bool:
        return bool(self.visible.rounds_to(printed) or artifact.rounds_to(printed))

    def holds(self, token: str) -> bool:
        """`token` (a number) is a reference number, or one of them at the token's precision."""
        if not NUMBER_RE.fullmatch(token):
            return False
        value = float(token)
        return bool(math.isfinite(value) and self.index.rounds_to(Printed(token, value, _step(token), 0)))


def number_values(text: str) -> list[float]:
    """The values of the whole-token numbers of `text` (what the agent reads as numbers)."""
    return [p.value for p in printed_numbers(text)]

