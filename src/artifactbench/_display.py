"""Task text shown to people or written as JSON: task code and task files choose these strings.

A file name, a grader's detail or a verifier's stderr may hold a newline (which would split one
report line into two and let a task forge a line of its own), terminal escapes (which clear the
screen or retitle the window), NUL, or lone surrogates (undecodable bytes read with surrogateescape,
or a grader's own "\\ud800"). `shown` makes such text safe for a terminal; `valid_unicode` and
`json_text` make it valid for a strict JSON reader (jq refuses lone surrogate escapes).
"""

from __future__ import annotations

import json
import re

__all__ = ["bad_name_reason", "json_safe", "json_text", "short_repr", "shown", "valid_unicode"]

# C0 controls (tab, LF and CR too: a human line is one line), DEL, C1 controls, lone surrogates,
# the Unicode line and paragraph separators and the bidirectional overrides (they reorder a line), and U+FFFE and
# U+FFFF, which XML 1.0 forbids (a grader's detail holding them made --junit-xml unreadable; outside attack).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_SURROGATE = re.compile("[\ud800-\udfff]")


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte carried by surrogateescape: show the byte
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: object) -> str:
    """`text` for a terminal: every control character, lone surrogate and line separator escaped
    (`\\n`, `\\x1b`, `\\xff` for an undecodable byte, `\\u2028`), everything else unchanged."""
    value = str(text)
    return value if _UNSAFE.search(value) is None else _UNSAFE.sub(_escape, value)


def short_repr(value: object, limit: int = 80) -> str:
    """repr(value), cut to `limit` characters and "..." (a value read from a run record or an agent's file
    may be of any size)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def valid_unicode(text: str) -> str:
    """`text` with each lone surrogate replaced by U+FFFD, so it encodes as UTF-8 and any JSON reader
    accepts it. Text without one comes back as it is."""
    return text if _SURROGATE.search(text) is None else _SURROGATE.sub("\ufffd", text)


def json_safe(value: object) -> object:
    """A copy of a JSON-shaped value (dicts, lists, tuples, scalars) with every string, keys included,
    made valid Unicode (valid_unicode)."""
    if isinstance(value, str):
        return valid_unicode(value)
    if isinstance(value, dict):
        return {valid_unicode(k) if isinstance(k, str) else k: json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def json_text(value: object, **dumps_options: object) -> str:
    """json.dumps of `value` with every string made valid Unicode first (json_safe)."""
    return json.dumps(json_safe(value), **dumps_options)  # type: ignore[arg-type]


def bad_name_reason(name: str) -> str | None:
    """Why a file or folder name (as os.scandir gives it, undecodable bytes as surrogates) is refused,
    or None: it must be valid UTF-8 and hold no control character (tab and newline included)."""
    if _SURROGATE.search(name) is not None:
        return "its name is not valid UTF-8"
    bad = _CONTROL.search(name)
    if bad is not None:
        return f"its name holds the control character {bad.group()!r}"
    return None
