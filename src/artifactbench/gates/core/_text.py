"""Small text helpers shared by the gates."""

from __future__ import annotations

import re


def one_line(text: object, limit: int = 300) -> str:
    """`text` collapsed to one line ("a | b" for several) and capped at `limit` characters."""
    parts = [p.strip() for p in str(text).splitlines() if p.strip()]
    line = " | ".join(parts)
    return line if len(line) <= limit else line[: limit - 3] + "..."


def outcome_reason(outcome) -> str:
    """The one-line reason of a failed grading.GradeOutcome (kind first: timeout, bad_shape, ...)."""
    kind = getattr(outcome, "error_kind", None) or "error"
    return one_line(f"grader {kind}: {outcome.error or 'no detail'}")


_MARKUP_NOISE = re.compile(r"<!--.*?-->|<\?.*?\?>|<!\w[^>]*>", re.DOTALL)
_TAG_NAME = re.compile(r"</?[A-Za-z_][\w:.-]*|/?>")
_ATTR_NAME = re.compile(r"(?<=\s)[A-Za-z_][\w:.-]*\s*=\s*(?=[\"'])")
MARKUP_SUFFIXES = frozenset((".xml", ".html", ".htm", ".xhtml", ".svg"))


def markup_content(text: str) -> str:
    """An XML or HTML answer's content: its text and attribute values, without the element and attribute
    names, comments, declarations or doctype (the format the prompt shows: `<step id=...>`)."""
    return _TAG_NAME.sub(" ", _ATTR_NAME.sub(" ", _MARKUP_NOISE.sub(" ", text)))


def whole_token(value: str) -> re.Pattern[str]:
    """A pattern matching `value` as a whole token: no word character, dot or hyphen glued to either end
    (`D4` is not in `D40` nor in `D4.1`; `12` is not in `1.12`)."""
    return re.compile(rf"(?<![\w.-]){re.escape(value)}(?![\w.-])")
