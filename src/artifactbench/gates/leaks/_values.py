"""Distinctive values of an artifact: the numbers and strings whose appearance elsewhere means a leak.

Distinctive means unlikely to occur by chance: numbers with at least 3 significant digits, strings of
at least 4 characters that are not keys, not numbers and not common words.
"""

from __future__ import annotations

import bisect
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from artifactbench._pyast import parse as parse_python
from artifactbench.gates.core import BLOCK_COMMENTS, line_marks
from artifactbench.gates.fuzz import NUMBER_RE, TreeDoc, parse

COMMON_WORDS = frozenset("""
true false null none nan yes no ok okay pass passed fail failed error errors warn warning info debug
total count value values name names type id ids key keys item items data result results output input
unknown other none default true false high low medium easy hard open closed done todo
""".split()) | frozenset(
    # The words of the stdlib parsers' error messages (json, tomllib, PyYAML, ElementTree), gathered by
    # parsing broken documents: "Expected '=' after a key in a key/value pair" names no answer value even
    # where the answer holds the word "after" (blind p15: a grader passing the parser's message on).
    # (only their function words: "string", "table" or "mapping" can be an answer's own value)
    """after allowed cannot could delimiter enclosed expected expecting formed found here illegal indentation
    invalid mismatched newline parsing scanning starting syntax that unacceptable unclosed unexpected
    unterminated while""".split())
# A whole token only: ".0.0" is no word of "2.0.0", nor ":00-08:00" of "07:00-08:00" (digits carved out of
# a version or a time). One starting with a digit is a word when it is no number ("07:00-08:00").
_WORD = re.compile(r"(?<![\w/.:-])[\w/.:-]{4,}")


def _words(text: str) -> list[str]:
    """The whole tokens of `text` that can be a distinctive string: no numbers (those are read as numbers)."""
    return [w for w in _WORD.findall(text) if not NUMBER_RE.fullmatch(w)]


_QUOTED = re.compile(r"'([^'\n]{0,4000})'|\"([^\"\n]{0,4000})\"")


def program_values(values: Distinctive, source: str, suffix: str = "") -> Distinctive:
    """Of a program read as text (SQL, a shell script), the distinctive strings but its plain words
    outside quotes: its commands and keywords (`exit`, `grep`, `SELECT`) are vocabulary, as a Python
    answer's identifiers are (blind p21: "case 0: exit status" quoted no answer of a linter script).
    Words inside quotes, and tokens with a digit, `-`, `.` or `_` (`X9-PLATINUM`, `readings_zq93`, a host
    name) stay values wherever they stand.
    Words only its comments hold (`-- one line per on-sale performance` of a `.sql` file), comments as its
    language (`suffix`) writes them, are the author's note, not the answer the program computes (blind p117)."""
    code = _uncommented(source, suffix.lower())
    quoted = {w for m in _QUOTED.finditer(code) for w in _words(m.group(1) or m.group(2) or "")}
    in_code = set(_words(code))
    return Distinctive(values.numbers, frozenset(s for s in values.strings
                                                 if s in quoted or (re.search(r"[\d._-]", s) and s in in_code)))


def _uncommented(source: str, suffix: str) -> str:
    """`source` with its comments blanked, as the language `suffix` names writes them (none for another):
    its line comments after a space or at a line's start (a quoted string, group 1, is kept whole, so `'a -- b'`
    is no comment) and its `/* ... */` blocks where it has them. Shell's ` -- ` ends options and its `dir/*.csv`
    is a glob: a `.sh` file's comments are `#` lines only (review)."""
    if suffix in BLOCK_COMMENTS:  # (one pass of str.find: an unclosed `/*` ends the search, never rescanned)
        parts, at = [], 0
        while (start := source.find("/*", at)) >= 0 and (end := source.find("*/", start + 2)) >= 0:
            parts += [source[at:start], " "]
            at = end + 2
        source = "".join(parts) + source[at:]
    marks = line_marks(suffix)
    if not marks:
        return source
    comment = re.compile(r"('(?:[^'\n]|'')*'|\"[^\"\n]*\")|(?:^|(?<=\s))(?:" + "|".join(map(re.escape, marks))
                         + r")(?=\s|$)[^\n]*", re.M)
    return comment.sub(lambda m: m.group(1) or " ", source)


def significant_digits(token: str) -> int:
    """Significant digits of a number as written ("812.5" -> 4, "0.030" -> 2, "1000" -> 1)."""
    mantissa = re.split(r"[eE]", token.strip().lstrip("+-"))[0]
    digits = mantissa.replace(".", "").lstrip("0")
    if "." not in mantissa:
        digits = digits.rstrip("0")
    return len(digits)


@dataclass(frozen=True, slots=True)
class Distinctive:
    """Distinctive numbers (as floats, with their spelling) and strings of one text."""

    numbers: dict[float, str]
    strings: frozenset[str]

    def minus(self, other: Distinctive) -> Distinctive:
        return Distinctive({k: v for k, v in self.numbers.items() if k not in other.numbers},
                           self.strings - other.strings)


def _leaves(value: Any, keys: set[str], out: list[Any]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            keys.add(str(k))
            _leaves(v, keys, out)
    elif isinstance(value, list):
        for v in value:
            _leaves(v, keys, out)
    else:
        out.append(value)


def _code_literals(text: str) -> tuple[list[str], list[str]]:
    import ast

    try:
        tree = parse_python(text)
    except (SyntaxError, ValueError, RecursionError):
        return [m.group() for m in NUMBER_RE.finditer(text)], []
    tokens, words = [], []
    # An exception's message ("unknown event") is how the reference complains, not what it answers: a
    # grader that checks the exception checks its type (a detail saying "did not raise" quotes no answer).
    messages = {id(n) for r in ast.walk(tree) if isinstance(r, ast.Raise) for n in ast.walk(r)}
    for node in ast.walk(tree):
        if id(node) in messages:
            continue
        if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
            if isinstance(node.value, (int, float)):
                tokens.append(repr(node.value))
            elif isinstance(node.value, str) and len(node.value) <= 80 and "\n" not in node.value:
                words.append(node.value)  # docstrings (multi-line, long) are prose, not values
    return tokens, words


@lru_cache(maxsize=1 << 16)
def _numeric(token: str) -> tuple[float, int, str] | None:
    """(value, significant digits, spelling) of a finite number token; None for anything else. Kept per
    token: the probes of one task repeat nearly all of the reference's numbers."""
    spelled = token.strip()
    if not NUMBER_RE.fullmatch(spelled):
        return None
    value = float(spelled)
    return (value, significant_digits(spelled), spelled) if math.isfinite(value) else None


def distinctive(fmt: str, text: str, *, min_digits: int = 3) -> Distinctive:
    """The distinctive values of `text`: parsed leaves for data formats, tokens for anything else
    (the last few texts' kept: a probe's text is read again after each grading of it)."""
    return _distinctive(fmt, text, min_digits)


@lru_cache(maxsize=16)
def _distinctive(fmt: str, text: str, min_digits: int) -> Distinctive:
    numbers: dict[float, str] = {}
    strings: set[str] = set()
    keys: set[str] = set()
    try:
        doc = parse(fmt, text)
    except Exception:  # noqa: BLE001 - unparsable text still has tokens
        doc = None
    if fmt == "python":
        # Code: its literals are the answer's values; identifiers and keywords are vocabulary.
        tokens, words = _code_literals(text)
    elif isinstance(doc, TreeDoc):
        leaves: list[Any] = []
        _leaves(doc.data, keys, leaves)
        tokens = [str(v) for v in leaves if v is not None and not isinstance(v, bool)]
        words = [v for v in leaves if isinstance(v, str) and not NUMBER_RE.fullmatch(v.strip())]
    else:
        tokens = NUMBER_RE.findall(text)  # (no groups: whole matches)
        words = _words(text)
    for token in dict.fromkeys(tokens):  # once per spelling: a big log repeats most of its numbers
        number = _numeric(token)
        if number is not None and number[1] >= min_digits:
            numbers[number[0]] = number[2]
    for word in dict.fromkeys(words):
        # (a label's colon or a sentence's stop is no part of the value: "R-02: ELM>ASH" names `R-02`, which
        # the agent's requests.csv holds; blind p139)
        word = word.strip() if isinstance(doc, TreeDoc) or fmt == "python" else word.strip().rstrip(":.")
        if len(word) >= 4 and word not in keys and word.casefold() not in COMMON_WORDS:
            strings.add(word)
    return Distinctive(numbers, frozenset(strings))


def shared_with(text: str, values: Distinctive) -> Distinctive:
    """The values of `values` that `distinctive("text", text)` holds too (the same values that
    `values.minus(values.minus(distinctive("text", text)))` keeps), without collecting every distinctive
    value of `text`: a big input file is read once for the few values asked about."""
    numbers: dict[float, str] = {}
    for token in set(NUMBER_RE.findall(text)):
        try:
            value = float(token)
        except ValueError:
            continue
        if (value in values.numbers and value not in numbers and NUMBER_RE.fullmatch(token.strip())
                and significant_digits(token) >= 3):
            numbers[value] = values.numbers[value]
    # (a YAML key `audit-sink:` or a label `auth.` is the value `audit-sink`, `auth`: blind p39)
    words = {v for w in set(_words(text)) for v in (w.strip(), w.strip().rstrip(":."))}
    strings = frozenset(w for w in values.strings & words if len(w) >= 4 and w.casefold() not in COMMON_WORDS)
    return Distinctive(numbers, strings)


# A whole token: what lies between spaces, quotes, brackets and separators. "2023-10-15", "ORD-4471",
# "v1.2.3" and "10:15" are one token each, so their digits are never read as a number of their own.
TOKEN_SPLIT = re.compile(r"[\s,;()\[\]{}<>\"'=|`]+")


# A unit glued to a number ("expected 135s via ...", "12.5%", "3.2kg"; blind p153): the number is still a
# whole token. A closed list: "5th", "E0128" or "2x4" are no number.
UNIT = (r"(?:%|s|secs?|ms|min|mins|h|hrs?|d|days?|m|km|cm|mm|kg|g|mg|t|l|ml|kb|mb|gb|kw|kwh|mw|mwh|w|v|hz|"
        r"pa|kpa|bar|psi|c|f|k|x|bpm|rpm|mph|kph|kts?|nm|usd|eur|gbp)")
_WITH_UNIT = re.compile(rf"(?P<number>[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?){UNIT}", re.IGNORECASE)


def number_token(token: str) -> str | None:
    """The number a whole token spells (a unit glued to it dropped), or None."""
    token = token.rstrip(".:!?").lstrip(":")
    if token and NUMBER_RE.fullmatch(token):
        return token
    unit = _WITH_UNIT.fullmatch(token)
    return unit.group("number") if unit is not None else None


def _number_tokens(text: str) -> list[float]:
    out = []
    for token in set(TOKEN_SPLIT.split(text)):  # distinct tokens: the caller sorts the values
        token = number_token(token)
        if token is not None:
            try:
                out.append(float(token))
            except ValueError:
                continue
    return out


def quoted_in(values: Distinctive, text: str) -> list[str]:
    """The values of `values` that `text` quotes as whole tokens: numbers compared by value (never
    digits carved out of a date, an id or a version), strings bounded by non-word characters."""
    numbers = sorted(_number_tokens(text))
    found = [spelling for number, spelling in values.numbers.items() if _near(numbers, number)]
    runs = set(_RUN.findall(text))
    found += sorted(s for s in values.strings if _bounded_in(s, text, runs))
    return found


def _bounded_in(s: str, text: str, runs: set[str]) -> bool:
    """`s` occurs in `text` bounded by characters that are neither word characters nor '-'. A string
    made only of those does exactly when it is one whole run of them in the text (`runs`, _RUN), so
    most strings need no regex of their own (one per string made a big workspace take minutes)."""
    if _RUN.fullmatch(s):
        return s in runs
    return s in text and re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text) is not None


RUN = _RUN = re.compile(r"[\w-]+")  # a run of word characters and "-" (RUN: for _content too)


def _near(ordered: list[float], number: float) -> bool:
    """math.isclose(n, number, rel_tol=1e-9) for some n of `ordered` (sorted): only neighbours can be."""
    at = bisect.bisect_left(ordered, number)
    return any(math.isclose(n, number, rel_tol=1e-9, abs_tol=0.0) for n in ordered[max(0, at - 2):at + 2])
