"""The six task-agnostic default mutations (spec 5.5.1).

Each is a pure str -> str function. A mutation that cannot apply to a given text (renamed_field on a
non-JSON artifact, off_by_one with no number, ...) returns its input unchanged; the negative gate then
reports the case SKIPPED with the reason from `why_unchanged`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from artifactbench.negative._case import NegativeCase

# Text read with surrogateescape carries undecodable bytes as lone surrogates; keep them byte-exact.
_ENCODING, _ERRORS = "utf-8", "surrogateescape"


def _mutate_empty(text: str) -> str:
    """Replace the artifact with the empty string."""
    del text
    return ""


def _mutate_truncate_half(text: str) -> str:
    """Keep the first 50% of the UTF-8 bytes, never splitting a multi-byte character.

    The cut is floor(len(bytes) / 2), moved back to the nearest character boundary.
    """
    data = text.encode(_ENCODING, _ERRORS)
    cut = len(data) // 2
    while 0 < cut < len(data) and (data[cut] & 0xC0) == 0x80:  # a continuation byte: cut earlier
        cut -= 1
    return data[:cut].decode(_ENCODING, _ERRORS)


def _mutate_reverse_lines(text: str) -> str:
    """Reverse the order of the non-empty lines; blank lines and line endings stay where they are."""
    lines = text.split("\n")
    slots = [i for i, line in enumerate(lines) if line.strip()]
    for slot, line in zip(slots, reversed([lines[i] for i in slots])):
        lines[slot] = line
    return "\n".join(lines)


def _first_object(value: object) -> dict | None:
    """Depth-first, the first JSON object that has at least one key."""
    if isinstance(value, dict):
        if value:
            return value
        children = list(value.values())
    elif isinstance(value, list):
        children = value
    else:
        return None
    for child in children:
        found = _first_object(child)
        if found is not None:
            return found
    return None


def _rename_first_key(obj: dict) -> None:
    """Rename obj's first key in place (same position) to a name no grader can expect."""
    old = next(iter(obj))
    new = f"{old}__renamed_by_negative_check"
    while new in obj:
        new += "_"
    items = [(new if k == old else k, v) for k, v in obj.items()]
    obj.clear()
    obj.update(items)


def _mutate_rename_one_field(text: str) -> str:
    """Rename the first key of the first JSON object (whole-text JSON, else JSONL line by line).

    Only the changed JSONL line is re-serialized; a non-JSON text (or one nested too deep to walk) is
    returned unchanged.
    """
    try:
        return _rename_one_field(text)
    except RecursionError:
        return text


def _rename_one_field(text: str) -> str:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
        doc = None
    else:
        target = _first_object(doc)
        if target is None:
            return text
        _rename_first_key(target)
        indent = 2 if "\n" in text.strip() else None
        trailing = "\n" if text.endswith("\n") else ""
        return json.dumps(doc, indent=indent, ensure_ascii=False) + trailing
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except (ValueError, RecursionError):
            return text  # not JSONL either
        target = _first_object(value)
        if target is not None:
            _rename_first_key(target)
            lines[i] = json.dumps(value, ensure_ascii=False)
            return "\n".join(lines)
    return text


_NUMBER = r"(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w])"
_STRING_OR_NUMBER = re.compile(r'"(?:[^"\\]|\\.)*"|' + _NUMBER)
_NUMBER_ONLY = re.compile(_NUMBER)


def _is_json_like(text: str) -> bool:
    try:
        json.loads(text)
        return True
    except (ValueError, RecursionError):
        pass
    lines = [line for line in text.split("\n") if line.strip()]
    try:
        for line in lines:
            json.loads(line)
    except (ValueError, RecursionError):
        return False
    return bool(lines)


def _plus_one(literal: str) -> str:
    if re.fullmatch(r"-?\d+", literal):
        digits = len(literal.lstrip("-"))
        value = int(literal) + 1
        sign = "-" if value < 0 else ""
        return sign + str(abs(value)).zfill(digits if literal.lstrip("-").startswith("0") else 1)
    try:
        return str(Decimal(literal) + 1)
    except InvalidOperation:  # the regex only matches valid literals; stay safe anyway
        return literal


def _mutate_off_by_one(text: str) -> str:
    """Add 1 to the first numeric literal; in JSON/JSONL, numbers inside strings do not count.

    Integers keep their leading zeros ("007" -> "008"); decimals keep their precision ("2.50" -> "3.50").
    A text without a numeric literal is returned unchanged.
    """
    pattern = _STRING_OR_NUMBER if _is_json_like(text) else _NUMBER_ONLY
    for match in pattern.finditer(text):
        literal = match.group(0)
        if literal.startswith('"'):
            continue
        return text[: match.start()] + _plus_one(literal) + text[match.end():]
    return text


def _mutate_wrap_in_list(text: str) -> str:
    """Wrap the artifact in [ ... ]."""
    return f"[{text}]"


_DEFAULTS: tuple[tuple[str, Callable[[str], str], str], ...] = (
    ("empty", _mutate_empty, "the reference output is already empty"),
    ("truncated_half", _mutate_truncate_half, "the reference output is too short to truncate"),
    ("reversed_lines", _mutate_reverse_lines, "fewer than two distinct non-empty lines to reorder"),
    ("renamed_field", _mutate_rename_one_field, "the reference output is not JSON/JSONL with an object key"),
    ("off_by_one", _mutate_off_by_one, "the reference output has no numeric literal"),
    ("wrap_in_list", _mutate_wrap_in_list, "wrapping changed nothing"),
)
DEFAULT_MUTATIONS: frozenset[Callable[[str], str]] = frozenset(m for _, m, _ in _DEFAULTS)


def default_negative_cases() -> list[NegativeCase]:
    """A fresh list of the six default cases (callers may append their own)."""
    return [NegativeCase(name=name, mutate=mutate) for name, mutate, _ in _DEFAULTS]


def is_default_mutation(mutate: Callable[[str], str]) -> bool:
    """True for one of the six default mutation functions (identity, not name)."""
    try:
        return mutate in DEFAULT_MUTATIONS
    except TypeError:  # an unhashable callable is never a default
        return False


def why_unchanged(mutate: Callable[[str], str], text: str) -> str:
    """Why a default mutation left `text` unchanged (the SKIPPED reason)."""
    if text == "":
        return "the reference output is empty"
    for _, candidate, reason in _DEFAULTS:
        if candidate is mutate:
            return reason
    return "the mutation returned its input unchanged"
