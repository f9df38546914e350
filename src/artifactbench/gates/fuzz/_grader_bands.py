"""grader_band: a tolerance in the grader's source looser than the band the prompt states of a key.

number_near moves one number beyond the stated band. Where the grader checks other values against the
agent's own (a total "within 0.05 h of T(ratio) at your ratio", a capacity factor from your AEP, a smoothed
series from your alpha), a lone moved number fails those checks and a loose band on it goes unseen: blind
p158, p159, p161 and p164 each planted a band 10x looser than stated on such a number, and no mutant showed
one. So the grader's source is read (never run) for the bands it applies:
- a constant named as a tolerance (`RATIO_TOL = 5e-3`, `AEP_REL_TOL = 0.05`, `TOL_PCT = 0.5`) whose other
  words name one key of the answer (`ratio`; `aep` of `aep_mwh`): relative where its name says so
  (`rel`, `pct`/`percent` read as hundredths), else absolute;
- `abs(got["d0"] - want["d0"]) <= 0.01` and `math.isclose(g["d0"], w["d0"], rel_tol=0.01, abs_tol=0.01)`
  whose operands name a key by a string, or by a variable whose words are a key's.
Each band is taken at the reference's values of that key (the median magnitude) and set against the band the
prompt states of that key: said of the key's own name, at its loosest reading (absolute or relative, whichever is
wider there); else the prompt's one reading (`StatedTolerance.sure`). 8x or more is a `warn`: read from the source, not shown by a grading (the
constant may guard another comparison); number_near's own 8x finding on a key makes this one moot.
"""

from __future__ import annotations

import ast
import math
import re
import statistics
from pathlib import Path
from typing import Any

from artifactbench.gates.core import WARNING, CaseResult, StatedTolerance, cap, singular
from artifactbench.gates.fuzz._formats import TreeDoc, as_number, parse
from artifactbench.gates.fuzz._reference import table_cells

NAME = "grader_band"
FACTOR = 8.0
MAX_SOURCE = 400_000  # characters of hidden.py read
_TOLERANCE_NAME = re.compile(r"(?:^|_)(?:tol|tolerance|eps|epsilon|slack|margin)(?:_|$)|tol$", re.IGNORECASE)
_NOISE = frozenset("tol tolerance eps epsilon slack margin rel abs relative absolute max min allowed pct percent frac "
                   "default limit the of".split())
_KEY_LINE = re.compile(r"^\s*[\"'`]?([A-Za-z_][\w.-]{0,60})[\"'`]?\s*[:=]\s*\"?([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\"?\s*(?:#.*)?$")


def _words(name: str) -> list[str]:
    return [w.lower() for w in re.split(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])", name) if w]


def _number(node: ast.AST, consts: dict[str, float]) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand, consts)
        return -inner if inner is not None else None
    if isinstance(node, ast.Name):
        return consts.get(node.id)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and isinstance(node.slice, ast.Constant):
        return consts.get(f"{node.value.id}[{node.slice.value!r}]")  # (`TOL["alpha"]` of a dict of bands; p164)
    return None


def _named(node: ast.AST) -> tuple[set[str], set[str]]:
    """(the string constants, the variable, attribute and function names) of `node`, not inside a call's
    arguments (`_trip_credit(trips[t], ratio)` is a trip's credit, not `ratio`)."""
    strings, names = set(), set()
    stack = [node]
    while stack:
        sub = stack.pop()
        if isinstance(sub, ast.Call):
            func = sub.func
            if isinstance(func, ast.Name) and func.id not in ("float", "int", "abs", "round", "Decimal", "Fraction"):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
            if isinstance(func, ast.Name) and func.id in ("float", "int", "round", "Decimal", "Fraction"):
                stack.extend(sub.args[:1])  # (a conversion: its argument is the value)
            continue
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and len(sub.value) <= 60:
            strings.add(sub.value)
        elif isinstance(sub, ast.Name):
            names.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            names.add(sub.attr)
        stack.extend(ast.iter_child_nodes(sub))
    return strings, names


def grader_bands(source: str) -> list[tuple[str, set[str], set[str], float, float]]:
    """(how the source writes it, the strings naming its key, the words naming it, abs, rel) of each band."""
    try:
        tree = ast.parse(source[:MAX_SOURCE])
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    consts: dict[str, float] = {}
    named: list[tuple[str, str]] = []  # (how the source names a constant, the words that may name its key)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            continue
        target = node.targets[0].id
        if isinstance(node.value, ast.Dict):  # `TOL = {"alpha": 0.05, "sse_rel": 1e-3}`
            for key, item in zip(node.value.keys, node.value.values):
                value = _number(item, {})
                if isinstance(key, ast.Constant) and isinstance(key.value, str) and value is not None \
                        and math.isfinite(value):
                    consts.setdefault(f"{target}[{key.value!r}]", value)
                    if _TOLERANCE_NAME.search(target):
                        named.append((f"{target}[{key.value!r}]", f"{key.value}_{target}"))
            continue
        value = _number(node.value, {})
        if value is not None and math.isfinite(value) and target not in consts:
            consts[target] = value
            if _TOLERANCE_NAME.search(target):
                named.append((target, target))
    out = []
    for name, spoken in named:
        value = consts[name]
        words = [w for w in _words(spoken) if w not in _NOISE]
        said = set(_words(spoken))
        if not words or value <= 0:
            continue
        if said & {"pct", "percent"}:
            out.append((f"{name} = {value:g}", set(), {"_".join(words)}, 0.0, value / 100))
        elif said & {"rel", "relative", "frac"}:
            out.append((f"{name} = {value:g}", set(), {"_".join(words)}, 0.0, value))
        else:
            out.append((f"{name} = {value:g}", set(), {"_".join(words)}, value, 0.0))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "isclose":
            kw = {k.arg: _number(k.value, consts) for k in node.keywords if k.arg in ("rel_tol", "abs_tol")}
            rel, abs_ = kw.get("rel_tol") or 1e-9, kw.get("abs_tol") or 0.0
            strings, names = set(), set()
            for arg in node.args:
                s, n = _named(arg)
                strings |= s
                names |= n
            out.append((ast.unparse(node)[:120], strings, names, abs_, rel))
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
            left, right = node.left, node.comparators[0]
            if isinstance(right, ast.Call) and getattr(right.func, "id", "") == "abs":
                left, right = right, left
            if not (isinstance(left, ast.Call) and getattr(left.func, "id", "") == "abs" and len(left.args) == 1
                    and isinstance(left.args[0], ast.BinOp) and isinstance(left.args[0].op, ast.Sub)):
                continue
            bound = _number(right, consts)
            if bound is None or bound <= 0 or not math.isfinite(bound):
                continue
            strings, names = _named(left.args[0])
            out.append((ast.unparse(node)[:120], strings, names, bound, 0.0))
    return out


def _key_values(fmt: str, reference: str) -> dict[str, list[float]]:
    """The reference's numbers by the key they stand under (a JSON/YAML/CSV field, a `key = value` or
    `key: value` line, a Markdown table's column)."""
    out: dict[str, list[float]] = {}
    try:
        doc = parse(fmt, reference)
    except Exception:  # noqa: BLE001 - read as lines below
        doc = None
    if isinstance(doc, TreeDoc):
        stack: list[Any] = [doc.data]
        while stack:
            node = stack.pop()
            items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
            for key, value in items:
                if isinstance(value, (dict, list)):
                    stack.append(value)
                elif isinstance(key, str):
                    number = as_number(value, numeric_strings=True)
                    if number is not None:
                        out.setdefault(key, []).append(number)
        return out
    header: list[str] | None = None
    for line in reference.splitlines():
        match = _KEY_LINE.match(line)
        if match:
            out.setdefault(match.group(1), []).append(float(match.group(2)))
            continue
        if line.strip().startswith("|"):
            cells = [c.strip("`*") for c in table_cells(line)]
            if all(re.fullmatch(r":?-{3,}:?", c) for c in cells if c):
                continue
            if header is None or len(cells) != len(header):
                header = cells
                continue
            for name, cell in zip(header, cells):
                number = as_number(cell.replace(",", ""), numeric_strings=True)
                if number is not None and name:
                    out.setdefault(name, []).append(number)
        else:
            header = None
    return out


def grader_band_case(grader: Path, fmt: str, reference: str, stated: StatedTolerance | None,
                     found_keys: frozenset[str] = frozenset()) -> CaseResult | None:
    """The `warn` for the loosest band of the grader's source past FACTOR times the stated one, or None.
    `found_keys`: keys number_near already showed loose (nothing to add there)."""
    if stated is None:
        return None
    try:
        source = grader.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    values = _key_values(fmt, reference)
    if not values:
        return None
    worst = None
    for written, strings, names, abs_, rel in grader_bands(source):
        keys = [k for k in values if k in strings] or [
            k for k in values if names and any(set(_words(n)) - _NOISE and set(_words(n)) - _NOISE <= set(_words(k))
                                                for n in names)]
        for key in dict.fromkeys(keys):
            if key in found_keys:
                continue
            magnitude = statistics.median(abs(v) for v in values[key])
            # (a band said of the key itself, at its loosest reading: "`alpha` ... correct to within 0.005" may be
            # absolute or relative, 0.005 either way at most; else the prompt's one reading)
            own = next(((a, r) for noun, a, r in stated.scoped if noun == singular(key.lower())), None)
            if own is not None:
                said = max(own[0], own[1] * magnitude)
            elif stated.sure((key,)):
                said = stated.band_at((key,), magnitude)
            else:
                continue
            used = max(abs_, rel * magnitude) if abs_ and rel else abs_ + rel * magnitude
            if said > 0 and used >= FACTOR * said and (worst is None or used / said > worst[0]):
                worst = (used / said, key, written, said, used, magnitude)
    if worst is None:
        return None
    factor, key, written, said, used, magnitude = worst
    return CaseResult(NAME, WARNING, cap(
        f"the grader's `{written}` lets `{key}` (about {magnitude:g}) be {used:g} off, {factor:.0f}x the band the "
        f"prompt states ({said:g}): read from its source, not shown by a mutant (checks of other values against "
        f"the agent's own `{key}` reject a lone one); a band looser than stated?", 400), "warn")
