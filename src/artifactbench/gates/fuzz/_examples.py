"""The worked examples a prompt shows for the functions a Python artifact must define.

Forms read (a call's arguments and a result are Python literals; `ast.literal_eval` only, the prompt's
text is never executed):

    name(args) -> result        name(args) => result       name(args) → result
    name(args) == result        name(args)  # result       name(args)  # -> result / # returns result
    `name(args)` returns `result`                           `name(args)` must raise `ValueError`
    name(args)                  (then, on the next lines)  # result   (a result may run on over # lines)
    >>> name(args)              (then)                      result   (or a Traceback ending `ValueError: ...`)

A result that the prompt offers with an alternative (`[...] or [...]`), that is not a plain literal
(`2 ** 10`), or that is followed by more expression is not read. Work is bounded: MAX_CALLS candidate
calls, each call and result at most MAX_SPAN characters, MAX_EXAMPLES examples; every scan is a regex
anchored at one place or one pass over a bounded span, so a 100 000-character line costs linear time.
"""

from __future__ import annotations

import ast
import bisect
import builtins
import itertools
import re
from dataclasses import dataclass

from artifactbench._pyast import parse as parse_python

MAX_EXAMPLES = 50
MAX_CALLS = 400  # candidate `name(` occurrences looked at
MAX_SPAN = 2000  # characters of one call, or of one result
MAX_RESULT_LINES = 30  # lines a result written under its call may run on over
MAX_NAMES = 20

EXCEPTIONS = frozenset(n for n in dir(builtins) if isinstance(getattr(builtins, n), type)
                       and issubclass(getattr(builtins, n), BaseException))

# Strings, brackets, paragraph breaks, and runs of anything else; an unclosed quote is one character.
_TOKEN = re.compile(r"""[^()\[\]{}"'\n]+|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\n[ \t]*\n|.""", re.S)
_STRING = re.compile(r"""[bBrRuU]{0,2}(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")
_CLOSE = {"(": ")", "[": "]", "{": "}"}
_INTRO = re.compile(r"`?[ \t]*(?:->|=>|→|==|\#[ \t]*(?:->|=>|→|==|returns?\b:?|gives\b|is\b)?|"
                    r"(?:returns|gives|yields|evaluates[ \t]+to|equals|is|(?:should|must|will)[ \t]+"
                    r"(?:return|give|be))\b:?)[ \t]*")
_RAISE = re.compile(r"`?[ \t]*(?:\#[ \t]*)?(?:(?:must|should|will)[ \t]+)?raises?\b[ \t]*:?[ \t]*(?:an?[ \t]+)?`?"
                    r"(?P<exc>[A-Za-z_][\w.]*)")
_EXC_NAME = re.compile(r"`?(?P<exc>[A-Za-z_][\w.]*(?:Error|Exception))`?(?![\w(])")
_ATOM = re.compile(r"[-+]?(?:(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][-+]?\d+)?j?|0[xXoObB][\da-fA-F_]+)(?![\w.])|"
                   r"(?:True|False|None)(?!\w)")
_OR = re.compile(r"\b(?:or|either)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Example:
    """One worked example: sources of literals, read back with ast.literal_eval by whoever uses them."""

    function: str
    args: str  # a tuple literal of the positional arguments, "(1, 'a', )"
    kwargs: str  # a dict literal of the keyword arguments, "{'sep': '-'}"
    result: str  # the returned value's literal; "" when the call raises
    raises: str  # the exception class's name; "" when the call returns
    line: int  # 1-based prompt line of the call


def read_examples(prompt: str, functions: frozenset[str] | set[str],
                  exceptions: frozenset[str] = EXCEPTIONS) -> dict[str, tuple[Example, ...]]:
    """function -> its examples in the prompt, first shown first, each call once (a call the prompt shows
    with two different outcomes is dropped); `exceptions`: the names a `raises X` may name."""
    names = sorted((f for f in functions if f.isidentifier()), key=lambda n: (-len(n), n))[:MAX_NAMES]
    if not names:
        return {}
    calls = re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, names)) + r")\(")
    newlines = [m.start() for m in re.finditer("\n", prompt)]
    found: dict[tuple[str, str, str], Example | None] = {}
    for match in itertools.islice(calls.finditer(prompt), MAX_CALLS):
        name = match.group()[:-1]
        end = close(prompt, match.end() - 1)
        if end is None:
            continue
        call = _call(name, prompt[match.start():end])
        outcome = _outcome(prompt, match.start(), end, calls, exceptions) if call else None
        if outcome is None:
            continue
        key = (name, *call)
        example = Example(name, *call, *outcome, bisect.bisect_left(newlines, match.start()) + 1)
        if key in found and (found[key] is None or (found[key].result, found[key].raises) != outcome):
            found[key] = None  # shown with two outcomes: neither is read
        else:
            found.setdefault(key, example)
        if len(found) >= MAX_EXAMPLES:
            break
    out: dict[str, list[Example]] = {}
    for example in found.values():
        if example is not None:
            out.setdefault(example.function, []).append(example)
    return {name: tuple(examples) for name, examples in out.items()}


def close(text: str, start: int, limit: int = MAX_SPAN) -> int | None:
    """The index after the bracket that closes the one at `start` (strings skipped), or None: not closed
    within `limit` characters, a paragraph break or a mismatched bracket first."""
    stack: list[str] = []
    for token in _TOKEN.finditer(text, start, min(len(text), start + limit)):
        t = token.group()
        if t in _CLOSE:
            stack.append(_CLOSE[t])
        elif t in ")]}":
            if not stack or stack.pop() != t:
                return None
            if not stack:
                return token.end()
        elif t.startswith("\n") and len(t) > 1:
            return None
    return None


def literal(source: str):
    """ast.literal_eval(source), parsed under the checker's parse lock (ValueError when `source` is no
    literal); no `...` placeholder."""
    try:
        node = parse_python(source.lstrip(" \t"), mode="eval").body  # type: ignore[attr-defined]
        value = ast.literal_eval(node)
    except Exception as exc:  # noqa: BLE001 - SyntaxError, ValueError, RecursionError, MemoryError, ...
        raise ValueError(f"not a literal: {type(exc).__name__}") from None
    if any(isinstance(n, ast.Constant) and n.value is Ellipsis for n in ast.walk(node)):
        raise ValueError("a placeholder `...`")
    return value


def _literal(source: str) -> bool:
    try:
        literal(source)
    except ValueError:
        return False
    return True


def _call(name: str, source: str) -> tuple[str, str] | None:
    """(args, kwargs) literal sources of `name(...)`, or None when an argument is not a literal."""
    try:
        tree = parse_python(source)
    except Exception:  # noqa: BLE001
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr):
        return None
    node = tree.body[0].value
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.func.id != name:
        return None
    if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
        return None
    args = [ast.get_source_segment(source, a) or "" for a in node.args]
    kwargs = [(k.arg, ast.get_source_segment(source, k.value) or "") for k in node.keywords]
    if not all(_literal(s) for s in args + [v for _, v in kwargs]):
        return None
    return ("(" + "".join(f"{a}, " for a in args) + ")",
            "{" + ", ".join(f"{k!r}: {v}" for k, v in kwargs) + "}")


def _outcome(prompt: str, start: int, end: int, calls: re.Pattern, exceptions) -> tuple[str, str] | None:
    """(result, "") or ("", exception) of the call prompt[start:end], or None when the prompt shows none."""
    line_end = prompt.find("\n", end)
    line_end = len(prompt) if line_end < 0 else line_end
    tail = prompt[end:min(line_end, end + MAX_SPAN)]
    head = prompt[prompt.rfind("\n", 0, start) + 1:start].strip()
    if tail.strip(" \t`") == "" and head in ("", ">>>", "`"):
        return _below(prompt, line_end, head == ">>>", exceptions)
    return _after(tail, calls, exceptions)


def _after(text: str, calls: re.Pattern | None, exceptions) -> tuple[str, str] | None:
    """The outcome that `text` (what follows a call) states: `raises X`, or an intro then a literal."""
    intro = _INTRO.match(text)
    rest = text[intro.end():] if intro and intro.group().strip(" \t`") else None
    raised = _RAISE.match(text) or (_RAISE.match(rest) or _EXC_NAME.match(rest) if rest is not None else None)
    if raised:
        exc = raised.group("exc").rsplit(".", 1)[-1]
        after = raised.string[raised.end():].split("\n", 1)[0]
        return ("", exc) if exc in exceptions and not _OR.search(after) else None
    result = first_literal(rest, calls) if rest is not None else None
    return (result, "") if result is not None else None


def _below(prompt: str, line_end: int, doctest: bool, exceptions) -> tuple[str, str] | None:
    """The outcome written on the lines under a call that stands alone on its line."""
    lines = prompt[line_end + 1:line_end + 1 + MAX_SPAN * 2].split("\n")[:MAX_RESULT_LINES]
    if doctest:
        block = list(itertools.takewhile(lambda ln: ln.strip() and not ln.lstrip().startswith(
            (">>>", "```")), lines))
        if block and block[0].strip().startswith("Traceback"):
            last = re.match(r"\s*([A-Za-z_][\w.]*)(?::|\s*$)", block[-1])
            exc = last.group(1).rsplit(".", 1)[-1] if last else ""
            return ("", exc) if exc in exceptions else None
        text = "\n".join(block)
        result = first_literal(text, None)
        return (result, "") if result is not None and result.strip() == text.strip() else None
    if not lines or not lines[0].lstrip().startswith(("#", "->", "=>", "→")):
        return None
    body = [lines[0].lstrip()]
    outcome = _after(body[0], None, exceptions)
    for line in lines[1:]:  # a result written on over comment lines
        if outcome is not None or not line.lstrip().startswith("#"):
            break
        body.append(line.lstrip()[1:])
        outcome = _after("\n".join(body), None, exceptions)
    return outcome


def first_literal(text: str, calls: re.Pattern | None) -> str | None:
    """The source of the literal `text` starts with (after blanks; in backticks or not), when it is one
    whole answer: what follows it on its line ends a sentence or a clause, and offers no alternative."""
    body = text.lstrip(" \t")
    if body.startswith("`"):
        stop = body.find("`", 1)
        if stop < 0:
            return None
        source, rest = body[1:stop].strip(), body[stop + 1:]
    else:
        if not body:
            return None
        if body[0] in _CLOSE:
            stop = close(body, 0)
        else:
            token = _STRING.match(body) or _ATOM.match(body)
            stop = token.end() if token else None
        if stop is None:
            return None
        source, rest = body[:stop], body[stop:]
    line = rest.split("\n", 1)[0]
    if calls is not None:
        following = calls.search(line)
        line = line[:following.start()] if following else line
    after = line.strip()
    if after and not (after[0] in "#;`)" or after[0] in ".,:" and (len(after) == 1 or after[1].isspace())):
        return None
    if _OR.search(line) or not source or not _literal(source):
        return None
    return source
