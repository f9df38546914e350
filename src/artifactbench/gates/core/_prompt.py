"""What the prompt leaves open: read before calling an accepted wrong-looking answer a `fail`.

A grader that accepts a mutant the prompt allows (records in another order when "order does not
matter", a changed or missing field the prompt calls optional or informational, a number within the
tolerance it states) is right to accept it. The gates then report a `warn` (the finding depends on
what the prompt leaves open) instead of a `fail`. These are general reading rules, not per-task lists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ORDER_KINDS = frozenset({"swap_records", "reversed_lines"})
_ORDER_STATED = re.compile(r"\b(sorted|ascending|descending|in\s+(the\s+)?order|ordered\s+by|chronological(ly)?|"
                           r"ranked|by\s+rank|oldest\s+first|newest\s+first|earliest\s+first|latest\s+first)\b",
                           re.IGNORECASE)
_UNORDERED = re.compile(
    r"(order\s+(of\s+[\w\s-]{1,40}?\s+)?(does\s+not|doesn'?t|do\s+not|don'?t|is\s+not|isn'?t)\s+(matter|important|"
    r"significant|checked|graded)|in\s+any\s+order|any\s+order\s+is\s+(fine|accepted|ok)|order\s+is\s+(irrelevant|"
    r"ignored|arbitrary|unimportant)|unordered|regardless\s+of\s+(the\s+)?order|order-insensitive|"
    r"(sorted|compared)\s+as\s+a\s+set)", re.IGNORECASE)
_OPTIONAL_WORDS = (r"optional|informational|informative|free[- ]?(form|text)|not\s+graded|ignored|not\s+checked|"
                   r"may\s+be\s+omitted|can\s+be\s+omitted|for\s+humans|human-readable|re-?(evaluated|computed|"
                   r"calculated)\s+by\s+the\s+grader|not\s+part\s+of\s+the\s+(grade|score)")
_OPTIONAL = re.compile(_OPTIONAL_WORDS, re.IGNORECASE)
_FIELD = re.compile(r"[`\"']([A-Za-z_][\w.-]{0,60})[`\"']")
_TOLERANCE = re.compile(
    r"(?:within|tolerance\s+of|tolerance:?|±|\+/-|plus\s+or\s+minus|up\s+to)\s*(?P<value>\d+(?:\.\d+)?)\s*(?P<pct>%|percent)?",
    re.IGNORECASE)
_DECIMALS = re.compile(r"(?:rounded|round)\s+to\s+(?P<n>\d+|one|two|three|four)\s+decimal", re.IGNORECASE)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


@dataclass(frozen=True, slots=True)
class PromptAllows:
    """What the prompt states it does not grade."""

    unordered: bool = False
    ordered_by: tuple[str, ...] = ()  # sentences that state an order (their field names, or "*" for none)
    optional_fields: frozenset[str] = frozenset()
    abs_tolerance: float = 0.0
    rel_tolerance: float = 0.0

    def allows_kind(self, kind: str, where: str = "") -> bool:
        """An order change the prompt leaves open: it says order does not matter, or it states no order
        for that list (a nested list's order counts only when a sentence names its key with an order)."""
        if kind not in ORDER_KINDS:
            return False
        if self.unordered or not self.ordered_by:
            return True
        nested = re.findall(r"field '([^'.]+)", where)
        return bool(nested) and not any(n in self.ordered_by for n in nested)

    def allows_field(self, where: str) -> bool:
        """`where` names a field (as the fuzzer describes it) the prompt calls optional."""
        names = set(re.findall(r"(?:field|key) '([^']+)'", where)) | set(re.findall(r"\$[\w.\[\]]*?\.(\w+)$", where))
        return any(n in self.optional_fields or n.rsplit(".", 1)[-1] in self.optional_fields for n in names)

    def within_tolerance(self, old: float, new: float) -> bool:
        delta = abs(new - old)
        return delta <= self.abs_tolerance or delta <= self.rel_tolerance * abs(old)


def _sentences(text: str) -> list[str]:
    """Sentences, list items and table rows (a field called optional in one row says nothing of the others)."""
    return [s for s in re.split(r"(?<=[.!?])\s+|\n(?=\s*(?:[-*|]|\d+\.)\s)|\n{2,}", text) if s.strip()]


def read_prompt(text: str) -> PromptAllows:
    """Read the prompt's own words about order, optional fields and tolerances."""
    optional: set[str] = set()
    ordered: list[str] = []
    for sentence in _sentences(text):
        if _OPTIONAL.search(sentence):
            optional.update(_FIELD.findall(sentence))
        if _ORDER_STATED.search(sentence):
            ordered += _FIELD.findall(sentence) or ["*"]
    abs_tol = rel_tol = 0.0
    for match in _TOLERANCE.finditer(text):
        value = float(match.group("value"))
        if match.group("pct"):
            rel_tol = max(rel_tol, value / 100)
        else:
            abs_tol = max(abs_tol, value)
    for match in _DECIMALS.finditer(text):
        n = match.group("n")
        places = int(n) if n.isdigit() else _WORDS[n.lower()]
        abs_tol = max(abs_tol, 0.5 * 10 ** -places)
    return PromptAllows(bool(_UNORDERED.search(text)), tuple(ordered), frozenset(optional), abs_tol, rel_tol)
