"""Numbers of a detail that the grader computed from the graded artifact, not read from the reference.

The probe is graded again with the artifact changed; a variant on which the grader stops elsewhere (the
detail, digits masked, reads differently) decides nothing. A number was derived from the artifact when
- the artifact's own lists changed (`reshuffled`) and it moved to a number that is no reference value
  ("does not match the sum over your ids (329)" -> "(301)"), or
- the artifact lost its last record and, where the grader still stops there, gained one (`resized`), and it
  followed exactly (-1, +1): a count of the artifact's records ("expected 41 rows, found 13" -> "12",
  "14"), whatever reference value it happens to equal; or exactly against it (+1, -1): how many the
  artifact lacks ("991 expected rows missing" -> "992", "990"), at most the reference's record count. A
  reference value does not follow: it stays, or moves to the next reference value.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from artifactbench.gates.fuzz import NUMBER_RE
from artifactbench.gates.leaks._probes import reshuffled
from artifactbench.gates.leaks._sizes import resized, size_bound


def template(detail: str) -> str:
    return NUMBER_RE.sub("#", detail)


def _numbers(detail: str) -> list[tuple[str, float]]:
    return [(m.group(), float(m.group())) for m in NUMBER_RE.finditer(detail)]


def derived(fmt: str, text: str, detail: str, printed: dict[str, str], is_answer: Callable[[str], bool],
            detail_of: Callable[[str], str | None], total: int = 0) -> set[str]:
    """The values of `printed` (value -> the number the detail prints for it) derived from the artifact;
    `is_answer(token)`: the number is a value of the answer; `total`: the reference's record count."""
    before = _numbers(detail)
    places = {}
    for value, token in printed.items():
        if NUMBER_RE.fullmatch(token):
            at = [i for i, (_, n) in enumerate(before) if math.isclose(n, float(token), rel_tol=1e-9)]
            if at:
                places[value] = at
    found: set[str] = set()

    def regraded(variant: str) -> list[tuple[str, float]] | None:
        again = detail_of(variant)
        if again is None or template(again) != template(detail):
            return None  # the grader stopped elsewhere: this variant says nothing
        return _numbers(again)

    for variant in reshuffled(fmt, text) if places else []:
        after = regraded(variant)
        if after is None:
            continue
        for value, at in places.items():
            if all(not math.isclose(after[i][1], before[i][1], rel_tol=1e-9) and not is_answer(after[i][0])
                   for i in at):
                found.add(value)
        if len(found) == len(places):
            return found
    bound = max(size_bound(fmt, text), total)
    counts = {value: at for value, at in places.items() if value not in found
              and all(before[i][1].is_integer() and 0 <= before[i][1] <= bound for i in at)}
    # Per value, how it moved on each variant: with the artifact's size (+1), against it (-1), or not.
    votes: dict[str, list[int]] = {value: [] for value in counts}
    for variant, delta in resized(fmt, text) if counts else []:
        after = regraded(variant)
        if after is None:
            continue
        for value, at in counts.items():
            votes[value].append(next((sign for sign in (1, -1)
                                      if all(after[i][1] == before[i][1] + sign * delta for i in at)), 0))
    return found | {value for value, seen in votes.items() if seen and seen[0] != 0 and len(set(seen)) == 1}
