"""A mutant that rewrites a regular expression's character class as the same set of characters.

`[0-5]` with its 0 moved to 1000 reads `[1000-5]`: the characters 1, 0, 0 and 0-5, the same class. A
grader that accepts it accepts the same pattern, so the mutant shows no wrong answer (blind p15: a TOML
file of validation patterns, `25[0-5]` in an IPv4 pattern)."""

from __future__ import annotations

import re

from artifactbench.gates.core import common_ends

__all__ = ["same_class"]

MAX_CLASS = 200  # characters between the brackets read at most


def _members(body: str) -> tuple[bool, frozenset[str]] | None:
    """(negated, characters) of a class body without its brackets; None for what is not read here (an
    escape of a class such as \\d, a POSIX class, a body too long)."""
    if len(body) > MAX_CLASS or "[:" in body:
        return None
    negated = body.startswith("^")
    chars: list[str] = []
    i = 1 if negated else 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            if i + 1 >= len(body) or body[i + 1].isalnum():
                return None  # \d, \w, \s, \x41, \n ...: not expanded
            c, i = body[i + 1], i + 1
        if i + 2 < len(body) and body[i + 1] == "-" and body[i + 2] != "\\":
            lo, hi = ord(c), ord(body[i + 2])
            if lo > hi or hi - lo > 0x3000:
                return None  # an invalid range (the pattern would not compile) or a huge one
            chars.extend(chr(x) for x in range(lo, hi + 1))
            i += 3
            continue
        chars.append(c)
        i += 1
    return negated, frozenset(chars)


def same_class(reference: str, mutant: str) -> tuple[str, str] | None:
    """(old class, new class) when the mutant differs from the reference only inside one bracketed
    character class of one line and both classes hold the same characters; else None."""
    if mutant == reference or abs(len(mutant) - len(reference)) > MAX_CLASS:
        return None
    start, tail = common_ends(reference, mutant)
    opening = reference.rfind("[", 0, start + 1)
    if opening < 0 or "\n" in reference[opening:start] or "]" in reference[opening:start]:
        return None
    closing_ref = reference.find("]", max(opening + 1, len(reference) - tail))
    closing_mut = closing_ref + len(mutant) - len(reference)
    if closing_ref < 0 or closing_ref > len(reference) - tail + MAX_CLASS:
        return None
    old, new = reference[opening + 1:closing_ref], mutant[opening + 1:closing_mut]
    if not old or not new or "\n" in old or "\n" in new or "[" in old + new or "]" in old + new:
        return None
    if ", " in old or not re.search(r"\w-\w", old):
        return None  # a list literal (`[1, 2]`), not a class with a range
    if mutant[closing_mut:closing_mut + 1] != "]" or reference[closing_ref + 1:] != mutant[closing_mut + 1:]:
        return None
    # Only a class of a pattern: an operator or another class right after it, or a group or an
    # alternative right before it (`25[0-5]|`, `[0-9]{3}`, `([a-z]`): "[10-20]: 5" in a report is a range
    # of numbers, "[10-21]" another one.
    after, before = reference[closing_ref + 1:closing_ref + 2], reference[opening - 1:opening] if opening else ""
    if not (after and after in "*+?{(|[$") and not (before and before in "(|^]"):
        return None
    a, b = _members(old), _members(new)
    return (f"[{old}]", f"[{new}]") if a is not None and a == b else None
