"""number_within: a grader stricter than the accuracy its prompt states.

number_near moves a number beyond the stated band to catch a grader too loose. This probe looks the
other way: a few non-integer numbers of the reference, one per field, each moved by SHARE of the
strictest reading of that band (StatedTolerance.strict_band: "within 0.001" could mean absolute or
relative, so the smaller). Every reading of the prompt calls such an answer right, so a grader that
rejects it (say an absolute 1e-3 where the prompt promises a relative 0.1% on values near 300) fails
agents the prompt calls right: a `warn`, confirmed in a forked child.

No probe where the prompt states significant figures or asks for rounding ("to one decimal", "to the
nearest cent", "2 dp", "%.2f"): there a moved value is written with more digits than asked for, which a
sound grader may refuse. Nor of a whole number written as a float (a count, 3.0), nor of a field the
prompt wants exact in a clause of its own ("`unit_price` is copied exactly as given"): the band is
the prompt's for the numbers it computes, not for every number of the answer.
"""

from __future__ import annotations

import re

from artifactbench.gates.core import OK, WARNING, CaseResult, StatedTolerance, cap
from artifactbench.gates.fuzz._formats import TreeDoc, as_number
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._near import _like
from artifactbench.gates.fuzz._policy import FuzzPolicy

NAME = "number_within"
SHARE = 0.25  # of the strict band: room for the reference's own rounding error
MAX_PROBES = 3  # fields probed
ROUNDING = re.compile(r"\bround(ed|ing|s)?\b|\bdecimals?\b|\bsignificant\b|\bnearest\b|\b\d+\s*d\.?p\b|"
                       r"%\.\d+f|:\.\d+f|\btruncat\w*", re.IGNORECASE)
# A clause asking that a value be given exactly (without stating a band itself).
_EXACT = re.compile(r"\bexact(ly)?\b|\bverbatim\b|\bunchanged\b|\bas\s+(given|is|listed)\b|\bcop(y|ied|ies)\b",
                    re.IGNORECASE)

__all__ = ["NAME", "within_case", "within_probes"]


def within_probes(fmt: str, reference: str, policy: FuzzPolicy, stated: StatedTolerance | None,
                  prompt: str) -> list[Mutation]:
    """Up to MAX_PROBES mutants, each one non-integer number (of its own field) moved by SHARE of the
    strict band; [] where the probe does not apply."""
    if stated is None or not stated.readings or ROUNDING.search(prompt):
        return []
    from artifactbench.gates.fuzz._strategies import _prepared

    try:
        doc, targets, _, _ = _prepared(fmt, reference, policy)
    except ValueError:
        return []
    if not isinstance(doc, TreeDoc):
        return []
    cells = doc.fmt == "csv"
    exact = _exact_clauses(prompt)
    # A tolerance stated of named fields ("- `mean_cm`: the mean ..., within 0.01 cm") is theirs alone:
    # a sibling the sentence does not name (`max_cm`, "the highest level recorded") is not probed.
    fields = {step for path, _ in targets.numbers for step in path if isinstance(step, str)}
    scoped = {f for f in fields if _named_in(f, [stated.sentence])}
    probes: dict[tuple, Mutation] = {}
    wanted_exactly: dict[str, bool] = {}  # field name -> named in an exact clause (once per name)
    for path, old in targets.numbers:
        place = tuple(step for step in path if not isinstance(step, int))
        value = as_number(old, numeric_strings=cells)
        if place in probes or value is None or isinstance(old, int) or (
                isinstance(old, str) and not re.search(r"[.eE]", old)) or float(value).is_integer():
            continue  # an integer (a count, an id, 3.0) is exact, whatever tolerance numbers get
        field = place[-1] if place and isinstance(place[-1], str) else None
        if field is not None and field not in wanted_exactly:
            wanted_exactly[field] = _named_in(field, exact)
        if field is not None and (wanted_exactly[field] or (scoped and field not in scoped)):
            continue  # a value the prompt wants exactly, or one its tolerance does not speak of
        step = SHARE * stated.strict_band(value)
        new = value + step if value >= 0 else value - step
        if not step > 0 or new == value:
            continue
        mutant = targets.set_leaf(NAME, path, old, _like(old, new, step))
        probes[place] = Mutation(NAME, f"{mutant.where}, {SHARE:g}x the prompt's tolerance", mutant.old,
                                 mutant.new, mutant.text)
        if len(probes) >= MAX_PROBES:
            break
    return list(probes.values())


def _exact_clauses(prompt: str) -> list[str]:
    """The prompt's clauses (split at . ; and line ends) that ask for exact values and state no band."""
    from artifactbench.gates.core import stated_tolerance

    return [c for c in re.split(r"[;\n]|\.(?:\s|$)", prompt)
            if _EXACT.search(c) and stated_tolerance(c) is None]


def _named_in(field: str, clauses: list[str]) -> bool:
    name = re.compile(r"(?<![\w-])" + re.escape(field) + r"(?![\w-])", re.IGNORECASE)
    return any(name.search(c) for c in clauses)


def refusals(ctx, grade, probes: list[Mutation]) -> list[tuple[Mutation, str]]:
    """The probes (answers the prompt calls right) the grader rejects, each rejection confirmed in a
    forked child, with its detail. A crash is the contract's and fuzz's business; an acceptance is
    what is asked."""
    refused: list[tuple[Mutation, str]] = []
    for mutant in probes:
        outcome = grade(mutant.text, label=f"{mutant.kind}\t{mutant.describe()}")
        if not outcome.ok or outcome.passed:
            continue
        settled = ctx.settle(mutant.text)
        if settled.ok and not settled.passed:
            refused.append((mutant, cap(settled.result.detail, 200)))
    return refused


def within_case(ctx, grade, probes: list[Mutation], stated: StatedTolerance) -> CaseResult | None:
    """Grade each probe; a rejection confirmed in a forked child is a warning. None without probes."""
    if not probes:
        return None
    refused = refusals(ctx, grade, probes)
    if not refused:
        return CaseResult(NAME, OK, f"grader accepted {len(probes)} answer(s) with one number moved within the "
                                    f"tolerance the prompt states ({stated.sentence!r})")
    mutant, detail = refused[0]
    return CaseResult(NAME, WARNING, cap(
        f"grader rejected {len(refused)} of {len(probes)} answer(s) with one number moved by only {SHARE:g}x "
        f"the tolerance the prompt states ({stated.sentence!r}), first: {mutant.describe()}; grader detail: "
        f"{detail!r}; an agent answering so would fail", 700), "warn")

