"""examples_only: a grader of a Python module that tests only the examples its prompt shows.

The worked examples may also stand in a workspace file the agent reads (JSON or JSONL records, each with its
expected result under `expected`, `want` or `answer`: `file_examples`), used where the prompt shows too few
(blind p130: `sample_cases.jsonl` was the grader's whole suite).

For each function the reference module defines at top level and the prompt shows at least MIN_EXAMPLES
worked examples of (`_examples.read_examples`), a memorizer is graded: the reference's module text with
that function alone replaced by one that answers the prompt's examples (the recorded result, or the
recorded exception) and nothing else; every other definition stays as in the reference, so imports,
helper classes and the other functions still work. Two memorizers per function, tried in turn: one
raising NotImplementedError on every other call (wrong on every input but the examples, whatever the
grader expects there), then one returning None (a grader that counts any exception as "raised as asked"
for its hidden error cases still compares values). A memorizer the grader accepts, confirmed in a forked
child, is an answer that knows only the prompt's examples and passes: `fail`.

A call counts as an example when its arguments, bound to the function's signature with defaults
applied, have the same repr as the call's in the prompt (`f(1)` and `f(x=1)` are one call).

A small finite domain is the exception. Where the prompt's examples may be every input it allows, a
grader that tests exactly those is sound, and the memorizer is the right answer. That is assumed when
every example passes the same arguments, each a short scalar; every combination of the values shown is
an example; and the values of each argument are True and False, or one line of the prompt outside the
examples lists them all (`heading` is one of `"N"`, `"E"`, `"S"`, `"W"`), or (integers) they run without
a gap from a to b and one line names both ends ("`day` is 0 to 6"). Rock-paper-scissors with all nine
pairs shown is closed; with three of them, or roman numerals of 3, 40 and 1994 under "1 to 3999", it is
not. A closed domain makes an acceptance a `warn`, not a `fail`: the probe cannot tell a closed domain
from a prompt that merely mentions its examples' inputs, and the author, who knows the domain, decides.
A prompt with no usable examples skips the probe and says so.
"""

from __future__ import annotations

import ast
import json
import math
import re
from dataclasses import dataclass

from artifactbench._pyast import parse as parse_python
from artifactbench.gates.core import FINDING, OK, SKIPPED, WARNING, CaseResult, cap
from artifactbench.gates.fuzz._examples import EXCEPTIONS, Example, literal, read_examples

NAME = "examples_only"
MIN_EXAMPLES = 2
MAX_FUNCTIONS = 4
FALLBACKS = (("raise", 'raise NotImplementedError("not one of the examples the prompt shows")'),
             ("none", "return None"))

__all__ = ["NAME", "Memorizer", "examples_case", "memorizers"]


@dataclass(frozen=True, slots=True)
class Memorizer:
    """The reference module with `function` replaced by a lookup of its `known` examples in the prompt."""

    function: str
    known: int
    closed: str  # why the examples may be every input the prompt allows; "" when they are not
    texts: tuple[tuple[str, str], ...]  # (fallback label, module text), in the order they are graded
    source: str = "the prompt"  # where the examples are: the prompt, or a workspace file of worked cases

_HELPER = '''
import ast as _artifactbench_ast
import builtins as _artifactbench_builtins
import inspect as _artifactbench_inspect

_ARTIFACTBENCH_EXAMPLES = {examples}


def _artifactbench_memorized(name, arguments):
    """The prompt's example of this call, or None (a memorizer built by artifactbench's examples_only)."""
    key = repr(sorted(arguments.items(), key=lambda item: item[0]))
    for args, kwargs, raises, result in _ARTIFACTBENCH_EXAMPLES[name]:
        try:
            bound = _artifactbench_inspect.signature(globals()[name]).bind(
                *_artifactbench_ast.literal_eval(args), **_artifactbench_ast.literal_eval(kwargs))
        except TypeError:
            continue
        bound.apply_defaults()
        if repr(sorted(bound.arguments.items(), key=lambda item: item[0])) != key:
            continue
        if raises:
            raise (globals().get(raises) or getattr(_artifactbench_builtins, raises))("memorized")
        return (_artifactbench_ast.literal_eval(result),)
    return None

'''


def memorizers(reference: str, prompt: str,
               files: tuple[tuple[str, str], ...] = ()) -> tuple[list[Memorizer], str]:
    """(memorizers, why there is none): up to MAX_FUNCTIONS functions with MIN_EXAMPLES examples or
    more, in the reference's order; where the prompt shows too few, the worked cases of a workspace file
    (`files`: (its path as the agent sees it, its text)) for the functions the prompt names first."""
    try:
        tree = parse_python(reference)
    except Exception:  # noqa: BLE001 - the reference does not parse: contract's business
        return [], "the reference module does not parse"
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = frozenset(n.name for n in tree.body if isinstance(n, ast.ClassDef))
    examples = read_examples(prompt, frozenset(functions), EXCEPTIONS | classes)
    usable = [(name, examples[name], "the prompt") for name in functions
              if len(examples.get(name, ())) >= MIN_EXAMPLES]
    if not usable:
        # (the cases are a function's whose parameter is the records' argument key, `validate_report(report)` of
        # `{"report": ...}`; else one the prompt names: never every function they would bind to, a `main(argv)`
        # the prompt leaves ungraded among them; review)
        public = [n for n in functions if not n.startswith("_")]
        for source, text in files:
            cases = file_examples(text)
            if len(cases) < MIN_EXAMPLES:
                continue
            keys = {key for *_, key in cases if key}
            by_key = [n for n in public if _first_param(functions[n]) in keys]
            said = [n for n in public if f"`{n}" in prompt or f"{n}(" in prompt]
            usable += [(name, known, source) for name in (by_key or said)
                       if len(known := _bound(cases, functions[name])) >= MIN_EXAMPLES]
            if usable:
                break
    if not usable:
        shown = sum(map(len, examples.values()))
        return [], (f"the prompt shows {shown} example(s) of its functions, fewer than {MIN_EXAMPLES} of any one"
                    if shown else "the prompt shows no worked example of a function the module defines")
    lines = reference.splitlines(keepends=True)
    out = []
    for name, known, source in usable[:MAX_FUNCTIONS]:
        node = functions[name]
        texts = tuple((label, _memorizer(lines, node, known, body)) for label, body in FALLBACKS)
        out.append(Memorizer(name, len(known), closed_domain(known, prompt), texts, source))
    return out, ""


# A workspace file of worked cases: JSON records each holding the expected result under one of these keys
# (blind p130: `sample_cases.jsonl`, `{"case": ..., "report": {...}, "expected": [...]}`, was the grader's
# whole suite)
_EXPECTED_KEYS = ("expected", "expected_output", "expected_result", "want", "answer")
_LABEL_KEYS = frozenset({"case", "name", "id", "label", "title", "description", "desc", "comment", "note", "notes",
                         "why", "explanation"})
MAX_FILE_CASES = 500
MAX_FILE_CHARS = 2_000_000


def file_examples(text: str) -> list[tuple[tuple, dict, object, str]]:
    """The worked cases a JSON or JSONL text holds: (positional arguments, keyword arguments, expected result,
    the key of a lone argument or "") of each record with an expected-result key, read as: the one other value
    (labels aside) as the argument, or an `args`/`input`/`inputs` value (a list: the arguments, an object:
    keyword arguments), or (keyword arguments) the record's other keys. At most MAX_FILE_CASES; [] for another
    text."""
    if len(text) > MAX_FILE_CHARS:
        return []
    try:
        records = [json.loads(text)]
    except ValueError:
        try:
            records = [json.loads(line) for line in text.splitlines() if line.strip()]
        except ValueError:
            return []
    if len(records) == 1 and isinstance(records[0], list):
        records = records[0]
    elif len(records) == 1 and isinstance(records[0], dict) and not any(k in records[0] for k in _EXPECTED_KEYS):
        lists = [v for v in records[0].values() if isinstance(v, list)]
        records = lists[0] if len(lists) == 1 else []
    out = []
    for record in records[:MAX_FILE_CASES]:
        if not isinstance(record, dict):
            continue
        key = next((k for k in _EXPECTED_KEYS if k in record), None)
        if key is None:
            continue
        rest = {k: v for k, v in record.items() if k not in _EXPECTED_KEYS
                and not (k.lower() in _LABEL_KEYS and isinstance(v, str))}
        given = next((rest[k] for k in ("args", "input", "inputs") if k in rest), None) if len(rest) == 1 else None
        if isinstance(given, list):
            out.append((tuple(given), {}, record[key], ""))
        elif isinstance(given, dict):
            out.append(((), given, record[key], ""))
        elif len(rest) == 1:
            out.append(((next(iter(rest.values())),), {}, record[key], next(iter(rest))))
        elif rest:
            out.append(((), rest, record[key], ""))
    return [case for case in out if _literal(case[:3])]


def _first_param(node: ast.FunctionDef) -> str:
    params = node.args.posonlyargs + node.args.args
    return params[0].arg if params else ""


def _literal(value: object) -> bool:
    """`value` reads back from its repr (JSON's NaN and infinities do not)."""
    try:
        return ast.literal_eval(repr(value)) == value
    except (ValueError, SyntaxError, RecursionError, MemoryError, TypeError):
        return False


def _bound(cases: list[tuple[tuple, dict, object, str]], node: ast.FunctionDef) -> tuple[Example, ...]:
    """The cases whose arguments `node`'s signature takes (by count and keyword names), as Examples."""
    params = [a.arg for a in node.args.posonlyargs + node.args.args]
    required = len(params) - len(node.args.defaults)
    names = set(params) | {a.arg for a in node.args.kwonlyargs}
    out = []
    for args, kwargs, result, _ in cases:
        takes = len(args) <= len(params) or node.args.vararg is not None
        if takes and kwargs:
            takes = set(kwargs) <= names or node.args.kwarg is not None
        if takes and len(args) + len(set(kwargs) & set(params[len(args):required])) >= required:
            out.append(Example(node.name, repr(tuple(args)), repr(dict(kwargs)), repr(result), "", 0))
    return tuple(out)


def _memorizer(lines: list[str], node: ast.FunctionDef, known: tuple[Example, ...], fallback: str) -> str:
    table = {node.name: [(e.args, e.kwargs, e.raises, e.result) for e in known]}
    start = min([node.lineno] + [d.lineno for d in node.decorator_list])
    new = (_HELPER.format(examples=repr(table)) +
           f"def {node.name}({ast.unparse(node.args)}):\n"
           f"    _found = _artifactbench_memorized({node.name!r}, dict(locals()))\n"
           f"    if _found is not None:\n        return _found[0]\n    {fallback}\n")
    return "".join(lines[: start - 1]) + new + "".join(lines[node.end_lineno or start:])


def closed_domain(known: tuple[Example, ...], prompt: str) -> str:
    """Why the examples may be every input the prompt allows ("" when they are not), as the module
    docstring says: every call has the same arguments, each a short scalar; every combination of the
    values shown is an example; and each argument's values are both booleans, or are listed on one line
    of the prompt outside the examples (integers: run without a gap between two ends that line names)."""
    rows, shapes = [], set()
    for example in known:
        args, kwargs = literal(example.args), literal(example.kwargs)
        rows.append(args + tuple(kwargs[k] for k in sorted(kwargs)))
        shapes.add((len(args), tuple(sorted(kwargs))))
    if len(shapes) != 1 or not all(_scalar(v) for row in rows for v in row):
        return ""
    columns = [set(c) for c in zip(*rows)]
    if not columns:
        return ""
    if len(set(rows)) < math.prod(map(len, columns)):
        return ""  # some combination of the values shown is no example
    lines = [ln for ln in prompt.splitlines()[:2000] if f"{known[0].function}(" not in ln and len(ln) <= 400]
    reasons = [_listed(column, lines) for column in columns]
    return "; ".join(reasons) if all(reasons) else ""


def _scalar(value) -> bool:
    return value is None or isinstance(value, (bool, int)) or isinstance(value, str) and 0 < len(value) <= 24


def _listed(values: set, lines: list[str]) -> str:
    """Why `values` may be all the values of one argument, or ""."""
    if all(isinstance(v, bool) for v in values):
        return "both booleans" if len(values) == 2 else ""
    if not all(isinstance(v, str) for v in values) and not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values):
        return ""
    ints = sorted(values) if all(isinstance(v, int) for v in values) else []
    run = len(ints) > 1 and ints == list(range(ints[0], ints[-1] + 1))
    for line in lines:
        if all(_mentioned(v, line) for v in values):
            return f"one line lists them all: {' '.join(line.split())[:120]!r}"
        if run and _mentioned(ints[0], line) and _mentioned(ints[-1], line):
            return f"they run from {ints[0]} to {ints[-1]}, as one line says: {' '.join(line.split())[:120]!r}"
    return ""


def _mentioned(value: int | str, line: str) -> bool:
    if isinstance(value, int):
        return re.search(rf"(?<![\w.-]){value}(?!\w|\.\d)", line) is not None
    return any(f"{q}{value}{q}" in line for q in ('"', "'", "`"))


def examples_case(ctx, grade, found: list[Memorizer], why_none: str) -> CaseResult:
    """Grade each memorizer; an acceptance confirmed in a forked child is a finding (`warn` where the
    examples may be the whole domain)."""
    if not found:
        return CaseResult(NAME, SKIPPED, why_none)
    accepted = []
    for memo in found:
        name, count, closed = memo.function, memo.known, memo.closed
        for label, text in memo.texts:
            outcome = grade(text, label=f"{NAME}\t{name} ({label} elsewhere)")
            if not outcome.ok or not outcome.passed:
                continue
            settled = ctx.settle(text)
            if settled.ok and settled.passed:
                accepted.append((name, count, closed, label, cap(settled.result.detail, 160), memo.source))
                break
    tried = ", ".join(f"{m.function}() ({m.known} examples in {m.source})" for m in found)
    if not accepted:
        return CaseResult(NAME, OK, f"grader rejected memorizers of the worked examples of {tried}")
    named = "; ".join(f"{name}() replaced by a lookup of its {count} example(s) in {source} ("
                      + ("NotImplementedError" if label == "raise" else "None")
                      + f" on every other call), grader detail: {detail!r}" for name, count, _, label, detail, source in accepted)
    open_ = [(name, closed) for name, _, closed, *_ in accepted if closed]
    if len(open_) == len(accepted):
        return CaseResult(NAME, WARNING, cap(
            f"grader accepted the reference module with {named}; the examples may be every input the prompt "
            "allows (" + "; ".join(f"{n}: {c}" for n, c in open_) + "), so this may be a right answer", 900), "warn")
    return CaseResult(NAME, FINDING, cap(
        f"grader ACCEPTED the reference module with {named}: it tests nothing beyond the worked examples the "
        "agent is shown there, so an answer that knows only those examples passes", 900))
