"""The NegativeCase value (spec 5.5.2): one deliberately wrong mutation of the reference output."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class NegativeCase:
    """A named mutation the task's grader must reject.

    `mutate` takes the reference-output text and returns a deliberately wrong text (it must differ).
    `expected_substring` is matched case-insensitively against the grader's detail on rejection;
    "" accepts any rejection. `currently_caught=False` documents a known grader-vs-prompt misalignment
    and turns a miss into EXPECTED_MISS; `notes` must then cite the tracking issue (spec 5.5.3).
    """

    name: str
    mutate: Callable[[str], str]
    expected_substring: str = ""
    currently_caught: bool = True
    notes: str = ""
