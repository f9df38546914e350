"""The value a mutation strategy draws, and the per-leaf value changes shared by every format."""

from __future__ import annotations

import datetime
import re

import math
from dataclasses import dataclass
from typing import Any

from artifactbench.gates.core import ID_KEY as ID_LIKE  # (`AC1061`, `RG-08`, `SKU-4402`: an id)
from artifactbench.gates.fuzz._policy import FuzzPolicy

MUTANT_STRING = "mutant-value"


@dataclass(frozen=True, slots=True)
class Mutation:
    """One meaning-changing edit of the reference artifact.

    `kind` names the strategy, `where` the record and field in words, `old`/`new` the values (reprs,
    shortened), `text` the whole mutated artifact.
    """

    kind: str
    where: str
    old: str
    new: str
    text: str

    def describe(self) -> str:
        return f"{self.kind}: {self.where}: {self.old} -> {self.new}"


def short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def far_number(x: float) -> float:
    """Move x far away from itself: x*10 + 1000, pushed away from zero on the side of x's sign."""
    return x * 10 + (1000 if x >= 0 else -1000)


def keep_kind(old: Any, new: float) -> Any:
    """`new` in the representation of `old`: int stays int, float stays float, a numeric string stays
    a numeric string with the same decimals."""
    if isinstance(old, bool):
        raise TypeError("bools are not numbers here")
    if isinstance(old, int):
        return int(new)
    if isinstance(old, float):
        return float(new)
    text = str(old).strip()
    if "." in text and "e" not in text.lower():
        decimals = len(text.split(".", 1)[1])
        return f"{new:.{decimals}f}"
    return str(int(new)) if float(new).is_integer() and math.isfinite(new) else repr(new)


def number_changes(kind: str, old: Any, value: float, policy: FuzzPolicy) -> Any | None:
    """The new representation for numeric `kind` ('number_far', 'number_sign', 'number_nan'), or None when the
    change would stay inside the tolerance band (then it is not a different answer)."""
    if kind == "number_nan":  # not a number: `abs(got - want) > tol` is False, so a careless grader passes it
        return "nan" if isinstance(old, str) else float("nan")
    new = far_number(value) if kind == "number_far" else -value
    if kind == "number_sign" and value == 0:
        return None
    if not policy.significant(value, new):
        return None
    return keep_kind(old, new)


GAP_MOVED = "(an item moved inside its ascending list)"  # the end of a number_far `where` that gap_change made
DAY_MOVED = "(a date moved a day later)"  # the end of a string_change `where` that day_later made
# a calendar date alone, `2025-07-22`: not a time's, a version's or a longer number's part
ISO_DAY = re.compile(r"(?<![\w:.+-])\d{4}-\d{2}-\d{2}(?![\w:.+-]|\s\d{1,2}:\d{2})")


def day_later(value: str) -> str | None:
    """The date a day after `value`, a calendar date alone (`2025-07-22` -> `2025-07-23`), else None. A grader letting
    a day's slip through where the prompt asks for the exact day passes a `floor` for a `ceil` (blind p354's crossing
    dates, checked to one day either way; string changes of a date only ever broke its parse)."""
    if not ISO_DAY.fullmatch(value.strip()):
        return None
    try:
        return (datetime.date.fromisoformat(value.strip()) + datetime.timedelta(days=1)).isoformat()
    except (ValueError, OverflowError):
        return None


def gap_change(values: list[int], policy: FuzzPolicy) -> tuple[int, int] | None:
    """(index, new value) for a strictly ascending list of at least three whole numbers: an item moved to the
    whole number between its neighbours farthest from it, the list still ascending, as long and of whole
    numbers (middle items first); else its last item moved past the end by its last gap (and past the band).
    A grader checking such a list's type, order and length, never its items, passes it (blind p271, p278:
    `rejected_seqs` compared by count, where every far, negated or NaN item broke the order and was rejected).
    Moves of more than the policy's absolute band only: whether one is past a tolerance the prompt states is
    read where a grader accepts it (GAP_MOVED). None for any other list."""
    if len(values) < 3 or any(b <= a for a, b in zip(values, values[1:])):
        return None
    middle = len(values) // 2
    for k in sorted(range(1, len(values) - 1), key=lambda k: abs(k - middle))[:50]:
        low, high = values[k - 1] + 1, values[k + 1] - 1
        new = max((x for x in (low, high) if x != values[k]), key=lambda x: abs(x - values[k]), default=None)
        if new is not None and abs(new - values[k]) > policy.abs:
            return k, new
    new = values[-1] + max(values[-1] - values[-2], int(policy.abs) + 1)
    return len(values) - 1, new


def other_types(old: Any, *, text_cells: bool) -> list[Any]:
    """Values of a different type whose Python equality with `old` is impossible (no 1 == True)."""
    if text_cells:  # CSV cells and text tokens are strings: a blank or a word is the type change
        return ["n/a", ""] if str(old).strip() else ["12345"]
    if old is None:
        # (0 first: a grader reading null as 0 on both sides passes a 0 where the prompt says null; blind p72)
        return [0, 12345, "mutant-value"]
    if isinstance(old, bool):
        return [None, "maybe"]
    if isinstance(old, (int, float)):
        return [None, "not-a-number", [old]]
    if isinstance(old, str):
        return [None, 12345, [old]]
    return [None]


# a date with a time of day (`2024-03-05 14:22`, `2024-03-05T14:22:07Z`): its hour is a value of its own
_DATETIME = re.compile(r"(\d{4}-\d{2}-\d{2}[T ])(\d{2})(:\d{2})")


def distinct_string(old: str, pool: list[str]) -> list[str]:
    """Replacement strings that differ from `old` even after case-folding and stripping. A timestamp
    also gets itself at another hour of the same day (blind p22: a grader comparing only the date
    part of `last_disconnect` passes every wrong time of day)."""
    key = old.strip().casefold()
    out = [s for s in dict.fromkeys(pool) if s.strip().casefold() != key]
    stamp = _DATETIME.search(old) if len(old) <= 64 else None
    if stamp is not None:
        hour = (int(stamp.group(2)) + 11) % 24
        out.insert(0, old[:stamp.start(2)] + f"{hour:02d}" + old[stamp.end(2):])
    if MUTANT_STRING.casefold() != key:
        out.append(MUTANT_STRING)
    return out
