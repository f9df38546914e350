"""Ranges in the agent's code files that pin an answer value: `(0.9575, 0.9612)` around the answer's 0.95934.

A public verifier may check bounds the task states ("a probability in (0, 1]", spec 4.1), and such bounds are
wide. A "plausible range" a few parts in a thousand wide around a value the task asks for is the value itself:
its midpoint passes the grader (blind p128: a verify.py whose guard rails sat 0.4% around the fitted `y0`).

Read from Python source only (a verify.py, a helper module), never from data files, whose neighbouring values
bracket any mean of them: a pair of number literals that is a range as code writes one (a two-number tuple or
list, a chained comparison `lo <= x <= hi`, `min(max(x, lo), hi)` aside) and holds a reference number of at least
three significant digits, no input file's, within PIN_SHARE of its size.
"""

from __future__ import annotations

import ast
import math

from artifactbench._pyast import parse as parse_python

__all__ = ["PIN_SHARE", "pinned"]

PIN_SHARE = 0.02  # a range at most this wide, relative to the value it holds, pins that value
MAX_RANGES = 2000  # ranges read at most in one file


def _number(node: ast.AST) -> float | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        value = float(node.value)
        return value if math.isfinite(value) else None
    return None


def _ranges(tree: ast.AST) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for node in ast.walk(tree):
        pair: list[float | None] = []
        if isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) == 2:
            pair = [_number(e) for e in node.elts]
        elif isinstance(node, ast.Compare) and len(node.ops) == 2 and len(node.comparators) == 2 \
                and all(isinstance(op, (ast.Lt, ast.LtE)) for op in node.ops):
            pair = [_number(node.left), _number(node.comparators[1])]
        if len(pair) == 2 and pair[0] is not None and pair[1] is not None and pair[0] < pair[1]:
            out.append((pair[0], pair[1]))
            if len(out) >= MAX_RANGES:
                break
    return out


def pinned(source: str, answer: dict[float, str]) -> list[tuple[str, float, float]]:
    """(the answer value's spelling, low, high) for each range in the Python `source` that holds one of the
    `answer` numbers (value -> spelling; non-integers of three or more significant digits) within PIN_SHARE
    of its size; one range per value."""
    if not answer:
        return []
    try:
        tree = parse_python(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    found: dict[str, tuple[str, float, float]] = {}
    values = sorted(answer)
    for low, high in _ranges(tree):
        for value in values:
            if value > high:
                break
            if value >= low and value != 0 and high - low <= PIN_SHARE * abs(value) and answer[value] not in found:
                found[answer[value]] = (answer[value], low, high)
    return list(found.values())
