"""number_near of a Python module: the module's own results moved just beyond the accuracy the prompt states.

A grader of a module calls its functions and compares their numbers with its own, to some tolerance. Where that
tolerance is looser than the prompt's (blind p378: `pick_day` "accepted within ±0.25 day", graded to about 1.5 days;
p351, p361, p363 alike), no value kind sees it: the numbers are the module's to compute. The probe is the reference
module with its public functions wrapped, each outermost call's result returned with every float in it (alone, or in
a list, tuple or mapping) moved away from zero by FACTORS times the band the prompt states of it (the band of the
function's name, of a mapping's key, else the prompt's general band; none where it states none): the same factors and
verdicts as number_near's (at 100x or 16x a fail, at only 8x a warning). Whole numbers, booleans, strings and None are
left as they are (a NamedTuple's and a dataclass's float fields move); a call from inside the module returns as it did
(the wrapped function calls the others unmoved). Only functions that return a number they compute are wrapped, and a
call whose result holds nothing to move raises: a probe that behaved as the reference would pass any grader (review).
"""

from __future__ import annotations

import ast
import re

from artifactbench._pyast import parse as parse_python
from artifactbench.gates.core import StatedTolerance
from artifactbench.gates.fuzz._draws import Draws, pick, scout_first
from artifactbench.gates.fuzz._formats import PyDoc
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._near import FACTORS, WARN_FACTOR

MAX_SOURCE_CHARS = 500_000
MAX_FUNCTIONS = 12
_NAME = re.compile(r"`([A-Za-z_][\w.-]{0,60})`")

# Put before the module's `__main__` block (or at its end): rebinds each public function to one that moves the floats of
# its outermost call's result. `bands` maps a name (the function's, a mapping key's, a field's) to (abs, rel); "" is the
# band of every number, if any. A call whose result holds no number to move raises (a None after a moved one aside).
_WRAPPER = '''

# --- artifactbench: number_near probe (the functions' results moved) ---
def _ab_probe():
    import functools as _ft
    import math as _m
    import dataclasses as _dc
    bands, factor, depth, moved_any, moved_ever = {bands!r}, {factor!r}, [0], [False], [False]

    def band(keys, x):
        for key in keys:
            if key in bands:
                a, r = bands[key]
                return a + r * abs(x)
        if "" in bands:
            a, r = bands[""]
            return a + r * abs(x)
        return 0.0

    def move(value, keys):
        if _dc.is_dataclass(value) and not isinstance(value, type):
            try:
                return _dc.replace(value, **{f.name: move(getattr(value, f.name), (f.name, *keys))
                                             for f in _dc.fields(value) if f.init})
            except Exception:
                return value
        if isinstance(value, bool) or not isinstance(value, (float, list, tuple, dict)):
            return value
        if isinstance(value, float):
            step = factor * band(keys, value)
            if not _m.isfinite(value) or not step:
                return value
            moved_any[0] = True
            return value + step if value >= 0 else value - step
        if isinstance(value, dict):
            return type(value)((k, move(v, (str(k), *keys))) for k, v in value.items()) if type(value) is dict else value
        if isinstance(value, tuple) and hasattr(value, "_make"):  # (a namedtuple, its fields by name)
            return value._make(move(v, (f, *keys)) for f, v in zip(value._fields, value))
        moved = [move(v, keys) for v in value]
        return moved if type(value) is list else tuple(moved) if type(value) is tuple else value

    def wrap(name, f):
        @_ft.wraps(f)
        def g(*args, **kwargs):
            depth[0] += 1
            try:
                result = f(*args, **kwargs)
            finally:
                depth[0] -= 1
            if depth[0]:
                return result
            moved_any[0] = False
            result = move(result, (name,))
            moved_ever[0] = moved_ever[0] or moved_any[0]
            if not moved_any[0] and not (result is None and moved_ever[0]):
                # (nothing to move: returned as it is, this call would be the reference's, which any grader passes; a
                # None once a number has moved is the function's "no value")
                raise ValueError("artifactbench number_near probe: no number of this result to move")
            return result
        return g

    for name in {names!r}:
        if callable(globals().get(name)):
            globals()[name] = wrap(name, globals()[name])


_ab_probe()
'''


def _before_main(source: str) -> tuple[str, str]:
    """The module's source split before its `if __name__ == "__main__":` block, where it has one at the top level (a
    script run as one would print its results before a wrapper appended after the block; review)."""
    try:
        tree = parse_python(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return source, ""
    for node in tree.body:
        if isinstance(node, ast.If) and "__main__" in ast.dump(node.test) and "__name__" in ast.dump(node.test):
            lines = source.splitlines(keepends=True)
            return "".join(lines[:node.lineno - 1]), "\n" + "".join(lines[node.lineno - 1:])
    return source, ""


def _public_functions(source: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's public functions that return a number they compute (_computes_numbers): a probe of one that returns
    ids or names moves nothing, and the reference's own behaviour would read as accepted (blind p324's `plan_flight`)."""
    try:
        tree = parse_python(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    return [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and not node.name.startswith("_") and _computes_numbers(node)][:MAX_FUNCTIONS]


def _banded(function: ast.FunctionDef | ast.AsyncFunctionDef, bands: dict[str, tuple[float, float]]) -> bool:
    """The prompt states a band its results are moved by: every number's, the function's own, or one of a key its
    returned mappings spell out (`return {"k_per_h": k, ...}`)."""
    if "" in bands or function.name in bands:
        return True
    return any(isinstance(node, ast.Dict) and any(isinstance(k, ast.Constant) and k.value in bands for k in node.keys)
               for node in ast.walk(function))


_MATH_CALLS = frozenset({"float", "sqrt", "exp", "log", "log10", "fsum", "mean", "median", "pstdev", "stdev",
                         "hypot", "atan2", "sin", "cos", "tan", "fabs", "pow"})


def _numeric(expr: ast.AST, assigned: dict[str, list[ast.AST]], seen: set[str]) -> bool:
    """The expression computes a float: a float literal, a division or power, a call of float(), round(x, n) or a math
    function, or a name the function assigns one of those (inside a list, tuple or mapping too); not where the whole
    of it is made whole, `round(x)`, `int(a / b)`, `math.ceil(...)` (a probe moves floats only; review)."""
    if isinstance(expr, ast.Call):
        name = expr.func.id if isinstance(expr.func, ast.Name) else (
            expr.func.attr if isinstance(expr.func, ast.Attribute) else "")
        if name in ("int", "len", "ceil", "floor", "trunc", "isqrt", "bool", "str") or (name == "round" and len(expr.args) < 2):
            return False
    for node in ast.walk(expr):
        if isinstance(node, ast.Constant) and type(node.value) is float:
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.Pow)):
            return True
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if name in _MATH_CALLS or (name == "round" and len(node.args) >= 2):
                return True
        if isinstance(node, ast.Name) and node.id in assigned and node.id not in seen:
            seen.add(node.id)
            if any(_numeric(value, assigned, seen) for value in assigned[node.id]):
                return True
    return False


def _computes_numbers(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    assigned: dict[str, list[ast.AST]] = {}
    returns: list[ast.AST] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        assigned.setdefault(name.id, []).append(node.value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Name) and node.value:
            assigned.setdefault(node.target.id, []).append(node.value)
        elif isinstance(node, ast.Return) and node.value is not None:
            returns.append(node.value)
    return any(_numeric(value, assigned, set()) for value in returns)


def _bands(stated: StatedTolerance, names: list[str], prompt: str) -> dict[str, tuple[float, float]]:
    """(abs, rel) of the band the prompt states of each name (a function's, a key's it quotes) and of every number
    ("" where it states one of no name): read off band_at at 0 and at 1 (a band in a unit is linear in the value)."""
    out: dict[str, tuple[float, float]] = {}
    for name in dict.fromkeys([*names, *_NAME.findall(prompt)[:400]]):
        if stated.states_for((name,)):
            a = stated.band_at((name,), 0.0)
            out[name] = (a, max(0.0, stated.band_at((name,), 1.0) - a))
    if stated.general:
        out[""] = (stated.abs, stated.rel)
    return out


def py_near_strategy(doc: PyDoc, stated: StatedTolerance | None, prompt: str) -> Draws | None:
    """None where the prompt states no accuracy, the module defines no public function, or no band is of a name the
    module's results can carry."""
    if stated is None or len(doc.source) > MAX_SOURCE_CHARS:
        return None
    functions = _public_functions(doc.source)
    bands = _bands(stated, [f.name for f in functions], prompt) if functions else {}
    # (only functions whose results a band moves: a probe that moves nothing is the reference, which any grader passes)
    names = [f.name for f in functions if _banded(f, bands)]
    if not names:
        return None

    head, tail = _before_main(doc.source)

    def probe(factor: int) -> Mutation:
        text = head.rstrip("\n") + "\n" + _WRAPPER.replace("{bands!r}", repr(bands)).replace(
            "{factor!r}", repr(factor)).replace("{names!r}", repr(names)) + tail
        return Mutation("number_near", f"the results of {', '.join(names[:4])}{' ...' if len(names) > 4 else ''}, "
                                       f"{factor}x the prompt's tolerance", "as computed", f"moved {factor}x", text)
    return scout_first(pick(FACTORS).map(probe), pick([WARN_FACTOR]).map(probe))
