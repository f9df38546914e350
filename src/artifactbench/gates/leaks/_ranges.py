"""Ranges in the agent's code files that pin an answer value: `(0.9575, 0.9612)` around the answer's 0.95934.

A public verifier may check bounds the task states ("a probability in (0, 1]", spec 4.1), and such bounds are
wide. A "plausible range" a few parts in a thousand wide around a value the task asks for is the value itself:
its midpoint passes the grader (blind p128: a verify.py whose guard rails sat 0.4% around the fitted `y0`).

Read from Python source only (a verify.py, a helper module), never from data files, whose neighbouring values
bracket any mean of them: a pair of number literals that is a range as code writes one (see _ranges) and holds a
reference number of at least three significant digits, no input file's, at most PIN_SHARE of its size wide, with
its midpoint on the value (a pair of close data points, a reading beside its reference, brackets a value too).
"""

from __future__ import annotations

import ast
import bisect
import math
from collections.abc import Callable

from artifactbench._pyast import parse as parse_python

__all__ = ["PIN_SHARE", "pinned"]

PIN_SHARE = 0.02  # a range at most this wide, relative to the value it holds, pins that value
MID_SHARE = 0.0025  # ... when its midpoint is this close to it, relative (or within the prompt's band)
MAX_RANGES = 2000  # ranges read at most in one file


def _number(node: ast.AST) -> float | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        value = float(node.value)
        return value if math.isfinite(value) else None
    return None


_LOW_WORDS = ("min", "lo", "low", "lower", "floor", "from")
_HIGH_WORDS = ("max", "hi", "high", "upper", "ceiling", "ceil", "to")


def _bound_pairs(names: dict[str, float]) -> list[tuple[float, float]]:
    """(low, high) of names that differ only in a low/high word: `Y0_MIN`/`Y0_MAX`, `alpha_lo`/`alpha_hi`."""
    out = []
    for name, low in names.items():
        parts = name.lower().split("_")
        for i, part in enumerate(parts):
            if part in _LOW_WORDS:
                for word in _HIGH_WORDS[_LOW_WORDS.index(part):_LOW_WORDS.index(part) + 1]:
                    other = "_".join(parts[:i] + [word] + parts[i + 1:])
                    high = next((v for k, v in names.items() if k.lower() == other), None)
                    if high is not None:
                        out.append((low, high))
    return out


def _ranges(tree: ast.AST) -> list[tuple[float, float]]:
    """Every (low, high) pair the code writes as a range: a two-number tuple or list, a chained comparison
    (`lo <= x <= hi`, `hi >= x >= lo`), two comparisons of one value joined by `and`, `X_MIN`/`X_MAX` names
    bound to numbers, a mapping's `"lo"`/`"hi"` (`min`/`max`, ...) entries."""
    out: list[tuple[float, float]] = []
    names: dict[str, float] = {}
    for node in ast.walk(tree):
        pair: list[float | None] = []
        if isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) == 2:
            pair = [_number(e) for e in node.elts]
        elif isinstance(node, ast.Compare) and len(node.ops) == 2 and len(node.comparators) == 2:
            if all(isinstance(op, (ast.Lt, ast.LtE)) for op in node.ops):
                pair = [_number(node.left), _number(node.comparators[1])]
            elif all(isinstance(op, (ast.Gt, ast.GtE)) for op in node.ops):
                pair = [_number(node.comparators[1]), _number(node.left)]
        elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            lows: dict[str, float] = {}
            highs: dict[str, float] = {}
            for test in node.values:
                if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
                    continue
                left, op, right = test.left, test.ops[0], test.comparators[0]
                for side, number, low in ((left, _number(right), isinstance(op, (ast.Gt, ast.GtE))),
                                          (right, _number(left), isinstance(op, (ast.Lt, ast.LtE)))):
                    if number is not None and _number(side) is None and isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
                        (lows if low else highs)[ast.dump(side)] = number
            pair = next(([lows[k], highs[k]] for k in lows if k in highs), [])
        elif isinstance(node, ast.Dict):
            entries = {k.value.lower(): _number(v) for k, v in zip(node.keys, node.values)
                       if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            low = next((entries[w] for w in _LOW_WORDS if entries.get(w) is not None), None)
            high = next((entries[w] for w in _HIGH_WORDS if entries.get(w) is not None), None)
            pair = [low, high]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and (number := _number(node.value)) is not None:
            names[node.targets[0].id] = number
        if len(pair) == 2 and pair[0] is not None and pair[1] is not None and pair[0] < pair[1]:
            out.append((pair[0], pair[1]))
            if len(out) >= MAX_RANGES:
                return out
    out += [(low, high) for low, high in _bound_pairs(names) if low < high]
    return out[:MAX_RANGES]


def pinned(source: str, answer: dict[float, str],
           band: Callable[[float], float] = lambda value: 0.0) -> list[tuple[str, float, float]]:
    """(the answer value's spelling, low, high) for each range in the Python `source` that holds one of the
    `answer` numbers (value -> spelling; non-integers of three or more significant digits), at most PIN_SHARE
    of its size wide, whose midpoint is the value: within the band the prompt states (`band`) or MID_SHARE of
    it (a pair of close data, `(20.0, 20.31)` around 20.021, pins nothing; review); one range per value."""
    if not answer:
        return []
    try:
        tree = parse_python(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    found: dict[str, tuple[str, float, float]] = {}
    values = sorted(answer)
    for low, high in _ranges(tree):
        # (the values inside the range, found by bisection: a narrow range holds few of thousands)
        for value in values[bisect.bisect_left(values, low):bisect.bisect_right(values, high)][:50]:
            if value != 0 and high - low <= PIN_SHARE * abs(value) and answer[value] not in found \
                    and abs((low + high) / 2 - value) <= max(band(value), MID_SHARE * abs(value)):
                found[answer[value]] = (answer[value], low, high)
    return list(found.values())
