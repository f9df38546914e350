"""bool_number: a JSON or YAML answer with its booleans written as numbers (`true` as `1`, `false` as `0`).

type_change never draws them: in Python `1 == True`, so a grader comparing with `==` accepts them, and
most graders do. Whether that is a flaw is the prompt's to say. One probe per task, every boolean the
prompt does not leave open rewritten at once, graded once (an acceptance confirmed in a forked child):
- accepted where the prompt writes the literals in its prose (`true` / `false` in backticks, "JSON
  booleans"): a `fail` (blind p48: "`T` / `F` are logicals → JSON `true` / `false`", a grader whose
  `got == exp` let `1` through);
- accepted where the prompt only speaks of booleans or true/false in passing: a `warn`;
- accepted where it says nothing of them: `info`.
"""

from __future__ import annotations

import re

from artifactbench.gates.core import FINDING, OK, SENTENCE, WARNING, CaseResult, cap, fenced_blocks
from artifactbench.gates.fuzz._formats import ParseError, TreeDoc
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.fuzz._strategies import _prepared
from artifactbench.gates.fuzz._tree_targets import _copy_spines, get_at, where

NAME = "bool_number"
MAX_BOOLS = 2000  # booleans rewritten in one probe

# The literals asked for in prose (not in a code block): `true` / `false` (alone or in a span such as
# `valid: true`), "JSON booleans", "a boolean (true/false)"
_LITERALS = re.compile(r"`[^`\n]{0,40}\b(?:true|false)\b[^`\n]{0,40}`|\bJSON\s+booleans?\b|"
                       r"\bbooleans?\s*\(\s*`?(?:true|false)`?", re.IGNORECASE)
# ... said of the answer's numbers too, as an acceptance: "(`1` and `0` are accepted too)", "1/0 both fine"
# (not "between 0 and 1", not "writing 1 or 0 is wrong")
_NUMBERS_OK = re.compile(r"(?<!between\s)(?<![\w.])`?[01]`?\s*(?:/|or|and)\s*`?[01]`?(?![\w.])[^.;]{0,40}?\b(?:accepted|"
                         r"acceptable|allowed|fine|ok(?:ay)?|also|too|works?)\b", re.IGNORECASE)
_NUMBERS_REFUSED = re.compile(r"\b(?:wrong|rejected|fails?|invalid|not\s+(?:accepted|allowed|ok))\b", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:not|never|no|don'?t|do\s+not|instead\s+of|rather\s+than)\b[^.;:\n]{0,24}$", re.IGNORECASE)
_INPUT = re.compile(r"\b(?:input|inputs|workspace|source)\b", re.IGNORECASE)
_WRITE = re.compile(r"\b(?:write|writes|output|report|set|emit|return|answer|give)\b", re.IGNORECASE)
_MENTIONED = re.compile(r"\bbool(?:ean)?s?\b|\btrue\s*(?:/|or)\s*false\b", re.IGNORECASE)

__all__ = ["NAME", "bool_number_case", "bool_number_probe"]


def bool_number_probe(fmt: str, reference: str, policy: FuzzPolicy, open_at=None) -> Mutation | None:  # noqa: ANN001
    """The reference with every boolean (at most MAX_BOOLS; none that `open_at(where)` says the prompt
    leaves open) written as 1 or 0; None when it has none, or is no JSON, JSONL or YAML document."""
    if fmt not in ("json", "jsonl", "yaml"):
        return None
    try:
        doc, targets, _, _ = _prepared(fmt, reference, policy)  # (the fuzz kinds' parse, made once)
    except (ParseError, ValueError):
        return None
    if not isinstance(doc, TreeDoc) or targets is None:
        return None
    found = [(p, v) for p, v, _ in targets.bools if isinstance(v, bool)]
    found = [(p, v) for p, v in found if open_at is None or open_at(where(doc, p)) is None][:MAX_BOOLS]
    if not found:
        return None
    # (only the containers on the way to each boolean are copied: the rest of a large document is shared)
    data = _copy_spines(doc.data, tuple(p[:-1] for p, _ in found))
    for path, value in found:
        get_at(data, path[:-1])[path[-1]] = int(value)
    first = where(doc, found[0][0])
    more = f" and {len(found) - 1} more" if len(found) > 1 else ""
    return Mutation(NAME, f"{first}{more}", "true/false", "1/0", doc.render(data))


def _severity(prompt: str) -> tuple[str, str]:
    """How an acceptance reads against the prompt: (fail|warn|info, why). Each literal is read with
    the 24 characters before it (a negation) and the 160 after (1/0 accepted too): linear in the prompt."""
    prose = fenced_blocks(prompt[:200_000])[1]  # (what a code block shows is a value, not a rule)
    for sentence in SENTENCE.findall(prose):
        for found in _LITERALS.finditer(sentence):
            before = sentence[max(0, found.start() - 24):found.start()]
            if _NEGATED.search(before) or (_INPUT.search(sentence) and not _WRITE.search(sentence)):
                continue  # ("0 or 1, not `true`/`false`"; a column of the input holding `true`)
            after = sentence[found.end():found.end() + 160]
            numbers = _NUMBERS_OK.search(after)
            if numbers and not _NUMBERS_REFUSED.search(after):
                return "info", f"the prompt accepts 1/0 too ({' '.join(sentence.split())[:80]!r})"
            return "fail", f"the prompt asks for the literals ({found.group(0)!r})"
    if _MENTIONED.search(prose):
        return "warn", "the prompt speaks of booleans without asking for the literals"
    return "info", "the prompt says nothing of how booleans are written"


def bool_number_case(ctx, probe: Mutation | None, prompt: str) -> CaseResult | None:  # noqa: ANN001
    """Grade the probe (an acceptance is confirmed in a forked child). None without a probe."""
    if probe is None:
        return None
    outcome = ctx.grade_text(probe.text, warm=True, label=f"{NAME}\t{probe.describe()}")
    if not outcome.ok:  # (a raise on another type is type_change's and the contract's to report)
        return CaseResult(NAME, OK, cap(f"grader did not grade booleans written as 1/0: {outcome.error}", 300))
    if not outcome.passed:
        return CaseResult(NAME, OK, "grader rejects booleans written as 1/0")
    severity, why = _severity(prompt)
    status = FINDING if severity == "fail" else WARNING
    return CaseResult(NAME, status, cap(
        f"grader ACCEPTED booleans written as numbers ({why}): {probe.describe()}; grader detail: "
        f"{outcome.result.detail!r}", 600), severity)
