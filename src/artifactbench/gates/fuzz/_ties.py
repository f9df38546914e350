"""tie_order: a grader that breaks ties its prompt leaves open.

Where the prompt says tied records may come in either order ("customers whose net revenue is exactly
equal may be listed in either order"), two adjacent records of the reference that tie on every field
the list is sorted by are swapped (a rank-like field, 1, 2, 3..., keeps its place). The prompt calls
that answer right, so a grader that rejects it (a hidden tie-break by name) fails agents the prompt
calls right: a `warn`, confirmed in a forked child.

Records are not tied that differ in a field the prompt names as a further sort key or tie-break
("then `goal_diff` descending", "ties broken by `name`"): "either order" is then said of ties on all
of them, and a field sorted only within ties of the first is not monotone over the whole list. The
same for the field it says the list is sorted by ("sorted by `date`"; ties on a week number that
follows the date are not ties on the date).
"""

from __future__ import annotations

import re
from typing import Any

from artifactbench.gates.core import OK, WARNING, CaseResult, cap
from artifactbench.gates.fuzz._formats import TreeDoc, as_number
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.fuzz._within import refusals

NAME = "tie_order"
MAX_PROBES = 2
_TIES = re.compile(r"\b(ties?|tied|equal|identical|same)\b[^.;]{0,160}?\b(either|any)\s+(order|way)\b|"
                   r"\bties?\b[^.;]{0,60}?\b(broken|resolved|ordered)\s+(in\s+)?(any|either)\b", re.IGNORECASE)

# A field the prompt sorts by, first or after the first, or breaks ties by.
_THEN = re.compile(r"\b(?:then|followed\s+by|(?:sort(?:ed)?|order(?:ed)?)\s+(?:\w+\s+)?by|in\s+order\s+of|"
                   r"tie-?break(?:er|s)?(?::|\s+(?:is|on|by))?|"
                   r"ties?\s+(?:(?:are|is)\s+)?(?:(?:broken|resolved|decided|settled|ordered|sorted)\s+)?(?:by|on))\s+"
                   r"(?:(?:alphabetically|ascending|descending|lexicographically|numerically)\s+)?(?:by\s+|on\s+)?"
                   r"(?:the\s+|their\s+|its\s+)?[`\"'*]*(?P<key>[A-Za-z_][\w-]*)", re.IGNORECASE)

__all__ = ["NAME", "tie_case", "tie_probes"]


def tie_probes(fmt: str, reference: str, policy: FuzzPolicy, prompt: str) -> list[Mutation]:
    """Up to MAX_PROBES mutants, each two adjacent tied records swapped; [] where the prompt says
    nothing of ties or the reference has none."""
    if not _TIES.search(prompt):
        return []
    from artifactbench.gates.fuzz._strategies import _prepared

    try:
        doc = _prepared(fmt, reference, policy)[0]
    except ValueError:
        return []
    if not isinstance(doc, TreeDoc) or not isinstance(doc.data, list) or len(doc.data) < 2:
        return []
    records = doc.data
    if not all(isinstance(r, dict) for r in records):
        return []
    cells = doc.fmt == "csv"
    numeric = [k for k in records[0] if all(k in r and as_number(r[k], numeric_strings=cells) is not None
                                            for r in records)]
    ranks = [k for k in numeric if _rank_like([as_number(r[k], numeric_strings=cells) for r in records])]
    keys = [k for k in numeric if k not in ranks
            and _monotone([as_number(r[k], numeric_strings=cells) for r in records])]
    if not keys:
        return []
    named = {m.group("key").lower() for m in _THEN.finditer(prompt)}
    further = [k for k in records[0] if isinstance(k, str) and k.lower() in named and k not in ranks]
    probes = []
    for i in range(len(records) - 1):
        a, b = records[i], records[i + 1]
        if a == b or any(as_number(a[k], numeric_strings=cells) != as_number(b[k], numeric_strings=cells)
                         for k in keys) or any(a.get(k) != b.get(k) for k in further):
            continue
        swapped = list(records)
        swapped[i], swapped[i + 1] = _keep(b, a, ranks), _keep(a, b, ranks)
        line = f" (lines {i + 2}-{i + 3})" if fmt == "csv" else (f" (lines {i + 1}-{i + 2})" if fmt == "jsonl" else "")
        probes.append(Mutation(NAME, f"records {i} and {i + 1}{line}, tied on {', '.join(map(repr, keys))}",
                               f"order {i},{i + 1}", f"order {i + 1},{i}", doc.render(swapped)))
        if len(probes) >= MAX_PROBES:
            break
    return probes


def _keep(moved: dict, staying: dict, ranks: list[str]) -> dict:
    """`moved` in the place of `staying`, with the place's own rank."""
    return {k: (staying[k] if k in ranks else v) for k, v in moved.items()}


def _monotone(values: list[Any]) -> bool:
    pairs = list(zip(values, values[1:]))
    return all(x >= y for x, y in pairs) or all(x <= y for x, y in pairs)


def _rank_like(values: list[Any]) -> bool:
    """1, 2, 3, ... (or 0, 1, 2, ..., or with ties sharing a rank): a position, not a sort key."""
    if not all(float(v).is_integer() for v in values):
        return False
    return values[0] in (0, 1) and all(0 <= y - x <= 1 for x, y in zip(values, values[1:])) and values[-1] > values[0]


def tie_case(ctx, grade, probes: list[Mutation], sentence: str) -> CaseResult | None:
    """Grade each probe; a rejection confirmed in a forked child is a warning. None without probes."""
    if not probes:
        return None
    refused = refusals(ctx, grade, probes)
    if not refused:
        return CaseResult(NAME, OK, f"grader accepted {len(probes)} swap(s) of tied records")
    mutant, detail = refused[0]
    return CaseResult(NAME, WARNING, cap(
        f"grader rejected {len(refused)} of {len(probes)} swap(s) of records that tie where the prompt says "
        f"ties may come in either order ({sentence!r}), first: {mutant.describe()}; grader detail: {detail!r}; "
        "an agent answering so would fail", 700), "warn")


def tie_sentence(prompt: str) -> str:
    found = _TIES.search(prompt)
    if found is None:
        return ""
    start = max(prompt.rfind(".", 0, found.start()) + 1, prompt.rfind("\n", 0, found.start()) + 1)
    end = prompt.find(".", found.end())
    return " ".join(prompt[start:end if end >= 0 else len(prompt)].split())[:160]
