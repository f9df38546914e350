"""py_field: the reference module with one field of a mapping it returns always wrong.

A grader of a Python module runs tests of its own, and may check some fields of what a function returns and
never others (blind p302: `calculate_dose()` returns `dose_mg` and `volume_ml`; the tests compared the dose and
only asked that `volume_ml` be there, so a module giving a fifth of the volume passed all 338 checks). The data
kinds of the fuzz gate find that in a JSON answer; a module's answers are computed, so this probe changes the
code: the value of one string key of a `return {...}` is passed through a helper appended to the module that
always changes it (a flag flipped, a number x as 3x + 7, a text with a character added; any other value raises).

Only keys the prompt names are changed, one key at a time (its first `return` that computes it; a `None` there is
left alone), at most MAX_MUTANTS a task. An accepted change is a `fail` where the function is a public one the prompt
names (`calculate_dose(...)`) and the prompt names the key in backticks: every call that returns through that line
gives a wrong value the prompt asks for. Else, or where the prompt calls the key optional or free, a `warn`: the
mapping may be a helper's, used only in part.
"""

from __future__ import annotations

import ast
import re

from artifactbench._pyast import parse as parse_python
from artifactbench.gates.core import FINDING, OK, WARNING, CaseResult, cap, read_prompt
from artifactbench.gates.fuzz._constant_query import accepted_within

NAME = "py_field"
MAX_MUTANTS = 6
MAX_SOURCE_CHARS = 500_000
MAX_RETURNS = 200  # `return` statements looked at per module

__all__ = ["NAME", "field_changes", "py_field_case"]

_HELPER = '''


def _artifactbench_off(value):
    """py_field: `value` always changed (a flag flipped, a number x as 3x + 7, a text with a character added)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value * 3 + 7
    if isinstance(value, str):
        return value + "~"
    raise TypeError("py_field: a value of another type")
'''


def field_changes(source: str, prompt: str) -> list[tuple[str, str, bool]]:
    """(what was changed, the module with it, whether an acceptance is a fail) for each key the prompt names of a
    mapping a function returns, in source order, at most MAX_MUTANTS."""
    if len(source) > MAX_SOURCE_CHARS or not prompt:
        return []
    try:
        tree = parse_python(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    allows = read_prompt(prompt)
    open_keys = set(allows.optional_fields) | set(allows.free_fields) | set(allows.recomputed_fields)
    data = source.encode("utf-8")
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    seen: set[str] = set()
    out: list[tuple[str, str, bool]] = []
    returns = 0
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if not isinstance(node, ast.Return) or not isinstance(node.value, ast.Dict):
                continue
            returns += 1
            if returns > MAX_RETURNS or len(out) >= MAX_MUTANTS:
                break
            for key, value in zip(node.value.keys, node.value.values):
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)) or key.value in seen \
                        or (isinstance(value, ast.Constant) and value.value is None) \
                        or value.end_lineno is None or value.end_col_offset is None:
                    continue
                name = key.value
                if not re.fullmatch(r"[A-Za-z_][\w.-]{0,60}", name) \
                        or not re.search(rf"(?<![\w`'\"-]){re.escape(name)}(?![\w-])|[`'\"]{re.escape(name)}[`'\"]", prompt):
                    continue
                seen.add(name)
                start = starts[value.lineno - 1] + value.col_offset
                end = starts[value.end_lineno - 1] + value.end_col_offset
                text = (data[:start] + b"_artifactbench_off(" + data[start:end] + b")" + data[end:]).decode("utf-8") \
                    + _HELPER
                try:
                    compile(text, "<py_field>", "exec")
                except (SyntaxError, ValueError):
                    continue
                shown = " ".join(data[start:end].decode("utf-8").split())[:60]
                # (a public helper's mapping may never reach the answer, `parse_line()` beside the `summarize()` the
                # prompt asks for: a fail only for a function the prompt names; review)
                sure = not function.name.startswith("_") and f"`{name}`" in prompt and name not in open_keys \
                    and re.search(rf"(?<![\w.]){re.escape(function.name)}\s*\(|`{re.escape(function.name)}`", prompt) is not None
                out.append((f"`{name}` of the mapping `{function.name}()` returns at line {node.lineno} always "
                            f"wrong (`{shown}` as 3x + 7, a flag flipped or a text changed)", text, sure))
                if len(out) >= MAX_MUTANTS:
                    break
    return out


def py_field_case(ctx, grade, reference: str, prompt: str, seconds: float = 60.0) -> CaseResult | None:  # noqa: ANN001
    """Grade each change within `seconds`; None where the module returns no mapping with a key the prompt names."""
    changes = field_changes(reference, prompt)
    if not changes:
        return None
    accepted, graded, left = accepted_within(ctx, grade, changes, seconds, NAME)
    if not accepted:
        return CaseResult(NAME, OK, f"grader rejected {graded} module(s) each with one returned field always wrong{left}")
    accepted.sort(key=lambda a: not a[1])
    what, sure, detail = accepted[0]
    more = f" (also accepted: {'; '.join(a[0] for a in accepted[1:])})" if len(accepted) > 1 else ""
    if sure:
        return CaseResult(NAME, FINDING, cap(
            f"grader ACCEPTED the reference module with {what}{more}: no test compares that field; grader detail: "
            f"{detail!r}{left}", 700))
    return CaseResult(NAME, WARNING, cap(
        f"grader accepted the reference module with {what}{more}: is that mapping part of the answer, and does any "
        f"test compare that field?; grader detail: {detail!r}{left}", 700), "warn")
