"""ast.parse for a checker that parses in several threads at once (check -j N).

CPython 3.11 keeps the recursion depth of its C-AST -> Python conversion in per-interpreter state, so two
threads converting at the same time can make one of them fail with "SystemError: AST constructor
recursion depth mismatch" (the other thread may be ours, or Hypothesis and traceback, which parse too).
The failure is transient: parsing again gives the tree. Our own parses also take turns.
"""

from __future__ import annotations

import ast
import threading

__all__ = ["parse"]

_LOCK = threading.Lock()
_TRIES = 5


def parse(source: str | bytes, filename: str = "<unknown>", mode: str = "exec") -> ast.Module:
    """ast.parse(source, filename, mode), robust to the conversion race above (SyntaxError and the like
    raise); mode "eval" gives an ast.Expression."""
    for attempt in range(_TRIES):
        try:
            with _LOCK:
                return ast.parse(source, filename=filename, mode=mode)
        except SystemError as exc:
            if "recursion depth mismatch" not in str(exc) or attempt == _TRIES - 1:
                raise
    raise AssertionError("unreachable")
