"""Small text helpers shared by the gates."""

from __future__ import annotations


def one_line(text: object, limit: int = 300) -> str:
    """`text` collapsed to one line ("a | b" for several) and capped at `limit` characters."""
    parts = [p.strip() for p in str(text).splitlines() if p.strip()]
    line = " | ".join(parts)
    return line if len(line) <= limit else line[: limit - 3] + "..."


def outcome_reason(outcome) -> str:
    """The one-line reason of a failed grading.GradeOutcome (kind first: timeout, bad_shape, ...)."""
    kind = getattr(outcome, "error_kind", None) or "error"
    return one_line(f"grader {kind}: {outcome.error or 'no detail'}")
