"""py_weaken: the reference module with one case the prompt states handled wrong, which only a test that
reaches that case tells apart.

A grader of a Python module runs tests of its own. Where they never reach a case the prompt states, the
code for it may be wrong and the module still passes (blind p58: no claim's loss date was the policy's
expiration date, which "the policy term includes both"; p56: `to_isbn10` was never called with a `979`
ISBN, for which the prompt says it "gives `None`"). The probe makes one such change at a time:

- a comparison the prompt states a bound of made strict or not (`loss > exp` as `loss >= exp`), only
  where a sentence of the prompt has a bound word ("inclusive", "includes both", "at or before", ...) and
  names every value one side of the comparison reads (by its name, or by a string key it was read by:
  `exp = policy["expiration_date"]` and "the expiration date");
- a guard, `if <test>: return ...` / `raise ...` with nothing else in it, taken out, only where a literal
  of its test (`"978"`) stands in a paragraph of the prompt that also says what the guard gives (`None`,
  an error, `False`);
- a tie broken the other way, `if abs(d1 - d2) <= EPS: return dep1 < dep2` with `>` (an `==` test too),
  only where a sentence of the prompt says how a tie is broken ("the one whose id sorts first wins").

Each accepted change (confirmed in a forked child) is a `warn`, never a `fail`: the change may alter
nothing (`if late <= 0: return 0` before `return late` gives 0 at 0 either way; a guard the code after it
doubles; an equality no input reaches), which no grader can reject (an outside review built six sound
tasks of that kind). A change the prompt states nothing of is not graded. At most MAX_MUTANTS modules
are graded a task.
"""

from __future__ import annotations

import ast
import itertools
import re

from artifactbench._pyast import parse as parse_python
from artifactbench.gates.core import OK, WARNING, CaseResult, cap, prose_paragraphs, prose_sentences
from artifactbench.gates.fuzz._constant_query import accepted_within

NAME = "py_weaken"
MAX_MUTANTS = 8
MAX_SOURCE_CHARS = 500_000
MAX_CANDIDATES = 200  # changes found per module at most
MAX_EXAMINED = 1000  # comparisons and ifs looked at per module
MAX_SENTENCES = 50  # sentences with a bound word read per prompt
MAX_NAMES = 8  # values one side of a comparison reads, and names each was read by, looked for

__all__ = ["NAME", "py_weaken_case", "weakenings"]

_FLIP = {ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">"}
_BOUND_WORDS = re.compile(
    r"\binclusive\b|\bexclusive\b|\bhalf[- ]open\b|\binclud(?:es|ed|ing)\s+both\b|\bboth\b[^.;]{0,60}\binclud(?:ed|es)\b|"
    r"\b(?:at|on)\s+or\s+(?:before|after|above|below)\b|\bor\s+(?:later|earlier|more|less|fewer|greater|"
    r"equal)\b|\bstrictly\b|\bup\s+to\s+and\s+including\b|\bno\s+(?:later|earlier|more|less)\s+than\b",
    re.IGNORECASE)
_GIVES = {"None": re.compile(r"`?\bNone\b`?"), "False": re.compile(r"\bFalse\b|\binvalid\b", re.IGNORECASE),
          "raise": re.compile(r"\braises?\b|\berror\b|\bException\b|\w+Error\b", re.IGNORECASE)}


def _words(name: str) -> list[str]:
    """The words a prompt would say a name by: `expiration_date` -> expiration date, `loss` -> loss."""
    return [w for w in re.split(r"[_\W]+", re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name).lower()) if len(w) >= 3]


def _spaced(sentence: str) -> str:
    """A sentence as _mentions reads it: lower case, every non-word character a space, one at each end."""
    return " " + re.sub(r"[\W_]+", " ", sentence.lower()) + " "


def _mentions(spaced: str, name: str) -> bool:
    """The sentence (as _spaced made it) names `name`: its words in a row, or its one word's start."""
    words = _words(name)
    return bool(words) and (f" {' '.join(words)} " in spaced or (len(words) == 1 and f" {words[0]}" in spaced))


def _sources(function: ast.AST) -> dict[str, set[str]]:
    """Each local name of a function with the string keys, names and attributes its assignments read, no
    function they call (`exp = _d(policy["expiration_date"])` -> {"exp": {"expiration_date", "policy"}})."""
    out: dict[str, set[str]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            called = {id(n) for c in ast.walk(node.value) if isinstance(c, ast.Call) for n in ast.walk(c.func)}
            keys = {n.value for n in ast.walk(node.value) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
            # (and the names it reads, not a function it calls: `start = date.fromisoformat(effective)`)
            keys |= {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name) and id(n) not in called}
            keys |= {n.attr for n in ast.walk(node.value) if isinstance(n, ast.Attribute) and id(n) not in called}
            out.setdefault(node.targets[0].id, set()).update(keys)
    return out


def _said(side: ast.AST, sources: dict[str, set[str]], sentence: str) -> bool:
    """Every value one side of a comparison reads is named in the sentence: each name (not a function it
    calls), by itself or by a key it was read by, and each string key (`l["qty"]`); a side of constants
    only is named by nothing."""
    return _named(_read_groups(side, sources), sentence)


def _read_groups(side: ast.AST, sources: dict[str, set[str]]) -> list[set[str]]:
    """What _said looks for, worked out once per side: a set of names per value the side reads."""
    called = {id(n.func) for n in ast.walk(side) if isinstance(n, ast.Call)}
    groups = [{n.id, *sources.get(n.id, ())} for n in ast.walk(side) if isinstance(n, ast.Name) and id(n) not in called]
    groups += [{n.attr} for n in ast.walk(side) if isinstance(n, ast.Attribute) and id(n) not in called]
    groups += [{n.value} for n in ast.walk(side) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return [set(itertools.islice(g, MAX_NAMES)) for g in groups[:MAX_NAMES] if any(_words(x) for x in g)]


def _named(groups: list[set[str]], sentence: str) -> bool:
    return bool(groups) and all(any(_mentions(sentence, x) for x in g) for g in groups)


_LATER = 1 << 40  # (a change's place in the source plus its kind times this: 1 a state switch, 2-6 _unreached's)


def _module_numbers(tree: ast.AST) -> dict[str, float]:
    """The module's names bound once, at top level, to a number literal (`TEMP_OPEN = 28.0`, `LOW: float =
    -5.0`)."""
    out: dict[str, float] = {}
    twice: set[str] = set()
    for node in getattr(tree, "body", []):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name, value = node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            name, value = node.target.id, node.value
        else:
            continue
        number = _number(value, {})
        if name in out or number is None:
            twice.add(name)
        else:
            out[name] = number
    return {k: v for k, v in out.items() if k not in twice}


def _number(node: ast.AST, numbers: dict[str, float]) -> float | None:
    """The number a comparison's side is: a literal (`-5.0` too), or a module-level name bound to one."""
    sign = 1.0
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        sign, node = (-1.0 if isinstance(node.op, ast.USub) else 1.0), node.operand
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return sign * float(node.value)
    if isinstance(node, ast.Name) and node.id in numbers:
        return sign * numbers[node.id]
    return None


def _gives_number(sentence: str, value: float) -> bool:
    """The sentence states `value` as a number of its own ("28.0", "28", "15 m/s"; not "128", "28.05")."""
    for token in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w]|\.\d)", sentence):
        try:
            if float(token) == value:
                return True
        except ValueError:
            continue
    return False


def _literals(node: ast.AST) -> set[str]:
    """The literals of a test a prompt could quote: strings of 2+ characters, numbers other than 0 and 1."""
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and not isinstance(n.value, bool):
            if isinstance(n.value, str) and len(n.value.strip()) >= 2:
                out.add(n.value.strip())
            elif isinstance(n.value, (int, float)) and n.value not in (0, 1):
                out.add(repr(n.value))
    return out


def _gives(body: ast.stmt) -> str:
    if isinstance(body, ast.Raise):
        return "raise"
    value = body.value if isinstance(body, ast.Return) else None
    if value is None or (isinstance(value, ast.Constant) and value.value is None):
        return "None"
    if isinstance(value, ast.Constant) and value.value is False:
        return "False"
    return ""


# a sentence stating how a tie is broken: "when two depots tie on travel time, the one whose id sorts first wins"
_TIE_WORDS = re.compile(r"\b(?:ties?|tied|tie-?break\w*)\b[^.;]{0,200}\b(?:wins?|first|smaller|smallest|lower|lowest|"
                        r"larger|largest|higher|highest|earlier|earliest|alphabetical\w*|preferred|goes)\b", re.IGNORECASE)


def _tie_test(test: ast.AST) -> bool:
    """An if's test that two values are equal: `a == b`, or `abs(a - b) <= EPS` (`<`, and `EPS >= abs(...)`)."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return False
    op, left, right = test.ops[0], test.left, test.comparators[0]
    if isinstance(op, ast.Eq):
        return True
    def is_abs(n: ast.AST) -> bool:
        return isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "abs"
    return (isinstance(op, (ast.Lt, ast.LtE)) and is_abs(left)) or (isinstance(op, (ast.Gt, ast.GtE)) and is_abs(right))


# a sentence of a comparison one way: "more cranes than bays", "if `cranes > len(workload)`", "at least"
_MORE_THAN = re.compile(r"\b(?:more|fewer|less|greater|larger|smaller|longer|shorter|higher|lower)\b[^.;]{0,80}?\bthan\b|"
                        r"\bexceed\w*|\bat\s+(?:least|most)\b|\bor\s+(?:more|fewer|less)\b|[^\s<>=!-]\s*[<>]\s*[^\s<>=]",
                        re.IGNORECASE)
# a sentence of what decides between equals: "Items of equal weight are taken in ascending `sku` order"
_EQUALS = re.compile(r"\b(?:ties?|tied|tie-?break\w*|equal|same|identical)\b", re.IGNORECASE)
# a sentence of a case left out: "A date in `holidays` is not a business day", "raise `ValueError` if ..."
_LEFT_OUT = re.compile(r"\b(?:not|no|never|skip\w*|ignor\w*|exclud\w*|except\w*|rais\w*|error|invalid|reject\w*|"
                       r"drop\w*|omit\w*)\b", re.IGNORECASE)


def _guard(node: ast.AST) -> bool:
    """An if that only leaves: `if <test>: return ...` / `raise ...` / `continue`, no else."""
    return isinstance(node, ast.If) and not node.orelse and len(node.body) == 1 \
        and isinstance(node.body[0], (ast.Return, ast.Raise, ast.Continue))


def _key_names(element: ast.AST, params: set[str]) -> set[str]:
    """What a sort key's element reads a prompt could name: string keys (`it["sku"]`), attributes
    (`c.sku`), names other than the lambda's own parameters and the functions it calls."""
    called = {id(n.func) for n in ast.walk(element) if isinstance(n, ast.Call)}
    out = {n.value for n in ast.walk(element) if isinstance(n, ast.Constant) and isinstance(n.value, str)
           and len(n.value) >= 2}
    out |= {n.attr for n in ast.walk(element) if isinstance(n, ast.Attribute) and id(n) not in called}
    out |= {n.id for n in ast.walk(element) if isinstance(n, ast.Name) and id(n) not in called and n.id not in params}
    return {x for x in out if _words(x)}


_STATEFUL_CALLS = frozenset({"next", "pop", "popleft", "popitem", "append", "appendleft", "extend", "insert", "remove",
                             "add", "update", "send", "write", "read", "readline", "open", "input", "print",
                             "discard", "clear", "setdefault", "sleep", "random", "randint", "choice", "shuffle"})
_SIDES = {"bisect_right": "bisect_left", "bisect_left": "bisect_right", "bisect": "bisect_left",
          "insort_right": "insort_left", "insort_left": "insort_right", "insort": "insort_left"}
RAISED = "a raise where"  # (what a change that raises where a case is reached says of itself)
_REACHED = "raise BaseException('py_weaken: the case is reached')"  # (no `except Exception` of the module's takes it)


def _again(node: ast.AST) -> bool:
    """Whether an expression may be evaluated a second time before its if: no call that changes or
    draws something (`next(it)`, `q.pop()`), no generator, no `:=`, nothing of the caller's frame."""
    for n in ast.walk(node):
        if isinstance(n, (ast.NamedExpr, ast.GeneratorExp, ast.Yield, ast.YieldFrom, ast.Await, ast.Lambda)):
            return False
        if isinstance(n, ast.Call):
            name = n.func.id if isinstance(n.func, ast.Name) else n.func.attr if isinstance(n.func, ast.Attribute) else ""
            if not name or name in _STATEFUL_CALLS:
                return False
    return True


def _unreached(tree: ast.AST, sentences: list[str], at, segment, data: bytes) -> list:  # noqa: ANN001
    """Changes that only a test reaching one case the prompt states rejects (blind p138, p140, p143):
    - a raise put before a guard `if A >= B: return ...` where A > B (`if cranes >= n:`, and no test with
      more cranes than bays), where a sentence naming one side says "more ... than", "at least", `>` or the
      like;
    - a raise put before a guard `if X or Y: return ...` where Y decides it (X false: `if d.weekday() >= 5
      or d in hol: return None`, and no tested span holding a weekday holiday), where a sentence names every
      value Y reads and says something is left out or gives one of its literals;
    - a sort key's last element taken out (`key=lambda it: (-it["weight"], it["sku"])`, and no test with
      two items of one weight), where a sentence of ties or equals names what that element reads;
    - `bisect_right` as `bisect_left` (and back, `insort_*` too), where a sentence states a bound ("half-open")
      and names one of its first two arguments;
    - a raise put before a statement `x = A if T else B` (or a return of one) where T holds, where a sentence
      saying something is left out names most of what T reads, two assignments back.
    A raise is no change a grader can call harmless: accepted, no test reached that case. It goes in on a
    line of its own before the statement (not an `elif`), and only where the test's parts may be evaluated
    twice. Each node is looked at once (a nested function's too), MAX_EXAMINED at most."""
    spaced = [(s, _spaced(s)) for s in sentences]
    comparing = [(s, low) for s, low in spaced if _MORE_THAN.search(s)]
    equals = [(s, low) for s, low in spaced if _EQUALS.search(s)]
    bounds = [(s, low) for s, low in spaced if _BOUND_WORDS.search(s)]
    found = []
    seen: set[int] = set()
    examined = 0

    def before(node: ast.stmt, condition: str) -> tuple[int, int, bytes] | None:
        start = at(node.lineno, 0)
        indent = data[start:at(node.lineno, node.col_offset)]
        test = node.test if isinstance(node, ast.If) else node.value.test
        if indent.strip() or (isinstance(node, ast.If) and not data[at(node.lineno, node.col_offset):].startswith(b"if")) \
                or not _again(test):
            return None
        line = indent + f"if {condition}:\n".encode() + indent + b"    " + _REACHED.encode() + b"\n"
        return start, start, line

    for function in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        sources = _sources(function)
        for node in ast.walk(function):
            if len(found) >= MAX_CANDIDATES or len(seen) >= MAX_EXAMINED * 20:
                return found
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, (ast.If, ast.Assign, ast.Return, ast.Call)):
                examined += 1
                if examined > MAX_EXAMINED:
                    return found
            if _guard(node) and isinstance(node.test, ast.Compare) and len(node.test.ops) == 1 \
                    and isinstance(node.test.ops[0], (ast.GtE, ast.LtE)):
                left, right = node.test.left, node.test.comparators[0]
                sides = (_read_groups(left, sources), _read_groups(right, sources))
                said = next((s for s, low in comparing if _named(sides[0], low) or _named(sides[1], low)), None)
                op = ">" if isinstance(node.test.ops[0], ast.GtE) else "<"
                put = before(node, f"({segment(left)}) {op} ({segment(right)})") if said is not None else None
                if put is not None:
                    shown = " ".join(f"{segment(left)} {op} {segment(right)}".split())
                    found.append((2 * _LATER + put[0], f"line {node.lineno}: {RAISED} `{shown[:60]}`, the "
                                  f"guard `if {' '.join(segment(node.test).split())[:60]}:` past equals", put, said))
            elif _guard(node) and isinstance(node.test, ast.BoolOp) and isinstance(node.test.op, ast.Or):
                values = node.test.values
                for i, operand in enumerate(values):
                    if i == 0:  # (the first decides wherever it holds: a test that never meets it is rare)
                        continue
                    literals, groups = _literals(operand), _read_groups(operand, sources)
                    said = next((s for s, low in spaced if _named(groups, low) and (
                        _LEFT_OUT.search(s) or any(_gives_number(s, float(x)) if x[0] in "-0123456789" else x in s
                                                   for x in literals))), None)
                    if said is None:
                        continue
                    # (where the `or` reaches it and it holds: every operand before it false, as Python reads them)
                    condition = " and ".join([f"not ({segment(v)})" for v in values[:i]] + [f"({segment(operand)})"])
                    put = before(node, condition)
                    if put is not None:
                        found.append((3 * _LATER + put[0], f"line {node.lineno}: {RAISED} `or "
                                      f"{' '.join(segment(operand).split())[:60]}` decides the guard", put, said))
            elif isinstance(node, (ast.Assign, ast.Return)) and isinstance(node.value, ast.IfExp):
                # a raise where a conditional's test holds: `extra = _cover(rest) if rest else 0`, `rest` the ski
                # days on a blackout date (blind p146: no test had one, "the season pass is not valid" on them)
                test = node.value.test
                # (the sentence naming most of what the test reads, two assignments back: `rest` of `days` and
                # `blocked`, `blocked` of `blackout_dates`; not the first naming `days`)
                names = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
                for _ in range(2):
                    names |= {x for n in list(names) for x in sources.get(n, ())}
                names = {n for n in names if _words(n)}
                scored = [(sum(_mentions(low, n) for n in names), -k, s) for k, (s, low) in enumerate(spaced)
                          if _LEFT_OUT.search(s)]
                said = max(scored)[2] if scored and max(scored)[0] else None
                put = before(node, f"({segment(test)})") if said is not None else None
                if put is not None:
                    found.append((6 * _LATER + put[0], f"line {node.lineno}: {RAISED} "
                                  f"`{' '.join(segment(test).split())[:60]}` holds (`... if {' '.join(segment(test).split())[:40]} "
                                  f"else ...`)", put, said))
            elif isinstance(node, ast.Call) and bounds and (isinstance(node.func, ast.Name) and node.func.id in _SIDES
                                                            or isinstance(node.func, ast.Attribute) and node.func.attr in _SIDES):
                # `bisect_right(ends, start)` as `bisect_left`: a window ending where the next starts is read the
                # other way (blind p148: "windows are half-open, a request ending at minute t and another
                # starting at minute t do not overlap", and no test had two such windows)
                name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                args = [_read_groups(arg, sources) for arg in node.args[:2]]
                said = next((s for s, low in bounds if any(_named(g, low) for g in args)), None)
                if said is not None:
                    cut = (at(node.func.end_lineno, node.func.end_col_offset) - len(name.encode()),
                           at(node.func.end_lineno, node.func.end_col_offset))
                    # (a name the module imported alone, `from bisect import bisect_right`: the other side by the
                    # module's own name, which it may not have imported)
                    put = _SIDES[name] if isinstance(node.func, ast.Attribute) else f"__import__('bisect').{_SIDES[name]}"
                    found.append((5 * _LATER + cut[0], f"line {node.lineno}: `{name}` as `{_SIDES[name]}`",
                                  (*cut, put.encode()), said))
            elif isinstance(node, ast.Call) and equals and (
                    (isinstance(node.func, ast.Name) and node.func.id in ("sorted", "min", "max"))
                    or (isinstance(node.func, ast.Attribute) and node.func.attr == "sort")):
                key = next((k.value for k in node.keywords if k.arg == "key"), None)
                if not (isinstance(key, ast.Lambda) and isinstance(key.body, ast.Tuple) and len(key.body.elts) >= 2):
                    continue
                params = {a.arg for a in key.args.args}
                last, prior = key.body.elts[-1], key.body.elts[-2]
                names = _key_names(last, params)
                said = next((s for s, low in equals if names and all(_mentions(low, x) for x in names)), None)
                if said is None:
                    continue
                cut = (at(prior.end_lineno, prior.end_col_offset), at(last.end_lineno, last.end_col_offset))
                trailing = data[cut[1]:cut[1] + 40].lstrip().startswith(b",")  # (`(a, b,)`: its comma stays)
                found.append((4 * _LATER + cut[0], f"line {last.lineno}: the sort key's last part "
                              f"`{' '.join(segment(last).split())[:60]}` taken out",
                              (*cut, b"," if len(key.body.elts) == 2 and not trailing else b""), said))
    return found


def weakenings(source: str, prompt: str) -> list[tuple[str, str, str]]:
    """(what was changed, the module with it, the prompt's sentence that states the case) for each change
    the prompt states, one of each kind in turn (those inside a `while` loop last), at most MAX_MUTANTS."""
    if len(source) > MAX_SOURCE_CHARS:
        return []
    try:
        tree = parse_python(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    paragraphs = prose_paragraphs(prompt)
    bound_sentences = [s for s in prose_sentences(paragraphs) if _BOUND_WORDS.search(s)][:MAX_SENTENCES]
    spaced = [_spaced(s) for s in bound_sentences]
    # each literal-like word of a paragraph that says what a case gives, to the first such paragraph (a
    # list item's number aside: "4. The BBAN ..."), looked up, not searched for, per guard
    giving: dict[str, dict[str, str]] = {}
    for gives, words in _GIVES.items():
        table = giving.setdefault(gives, {})
        for paragraph in paragraphs:
            if words.search(paragraph):
                body = re.sub(r"^(?:[-*+]\s+)?\d+[.)]\s", "", paragraph)
                for token in re.findall(r"(?<![\w.])\w+(?:\.\d+)?(?![\w])", body):
                    table.setdefault(token, paragraph)
    examined = 0
    data = source.encode("utf-8")
    lines = data.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def at(line: int, col: int) -> int:
        return starts[line - 1] + col

    def segment(node: ast.AST) -> str:  # (ast.get_source_segment splits the whole source at every call)
        return data[at(node.lineno, node.col_offset):at(node.end_lineno, node.end_col_offset)][:240].decode(
            "utf-8", "replace")

    found: list[tuple[int, str, tuple[int, int, bytes], str]] = []  # (where, what, (cut from, cut to, put), said)
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    numbers = _module_numbers(tree)
    seen: set[int] = set()
    for function in functions:
        sources = _sources(function)
        # (comparisons that decide what is returned: a guard's test, a returned value; a loop's bound or a
        # filter inside the code is often doubled by another check, and flipped changes nothing: blind runs
        # of our own cron task, `while len(out) < count` beside a slice to `count`)
        deciding = {id(c) for n in ast.walk(function) for c in ast.walk(
            n.test if isinstance(n, ast.If) and not n.orelse and len(n.body) == 1
            and isinstance(n.body[0], (ast.Return, ast.Raise)) else
            n.value if isinstance(n, ast.Return) and n.value is not None else ast.Pass())}
        # (and the comparisons of any if's or conditional's test whose one side is a number: a threshold
        # the prompt states, "open when `temp_c` is at or above 28.0", in a state switch `elif temp >= OPEN:`
        # (blind p96), taken only where the sentence names the other side and gives that number)
        tests = {id(c) for n in ast.walk(function) if isinstance(n, (ast.If, ast.IfExp))
                 for c in ast.walk(n.test) if isinstance(c, ast.Compare)}
        for node in ast.walk(function):
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, (ast.Compare, ast.If)):
                examined += 1
                if examined > MAX_EXAMINED:
                    break
            if isinstance(node, ast.Compare) and bound_sentences and (id(node) in deciding or id(node) in tests):
                for i, op in enumerate(node.ops):
                    if type(op) not in _FLIP:
                        continue
                    pair = (node.left if i == 0 else node.comparators[i - 1], node.comparators[i])
                    if id(node) in deciding:
                        said = next((s for s, low in zip(bound_sentences, spaced)
                                     if _said(pair[0], sources, low) or _said(pair[1], sources, low)), None)
                    else:  # a state switch's test: the sentence names one side and gives the other's number
                        said = next((s for s, low in zip(bound_sentences, spaced)
                                     for a, b in (pair, pair[::-1])
                                     if _number(b, numbers) is not None and _said(a, sources, low)
                                     and _gives_number(s, _number(b, numbers))), None)
                    if said is None:
                        continue
                    # the operator's bytes sit between the two operands
                    lo, hi = at(pair[0].end_lineno, pair[0].end_col_offset), at(pair[1].lineno, pair[1].col_offset)
                    gap = data[lo:hi]
                    old = {ast.Lt: b"<", ast.LtE: b"<=", ast.Gt: b">", ast.GtE: b">="}[type(op)]
                    k = gap.find(old)
                    if k < 0 or (old in (b"<", b">") and gap[k + 1:k + 2] == b"="):
                        continue
                    new = (lo + k, lo + k + len(old), _FLIP[type(op)].encode())
                    shown = segment(node)
                    # (a state switch's after every comparison that decides a return and every guard: the
                    # first MAX_MUTANTS kept are those; a six-way switch crowded out `done > due`; review)
                    found.append((lo if id(node) in deciding else lo + _LATER, f"line {node.lineno}: "
                                  f"`{' '.join(shown.split())[:60]}` with "
                                      f"{old.decode()} as {_FLIP[type(op)]}", new, said))
            elif isinstance(node, ast.If) and not node.orelse and len(node.body) == 1 \
                    and isinstance(node.body[0], (ast.Return, ast.Raise)):
                gives = _gives(node.body[0])
                literals = _literals(node.test)
                if not gives or not literals:
                    continue
                # (in one paragraph: "A valid `978` ISBN-13 is converted ... A `979` ISBN-13 ... gives `None`")
                said = next((giving[gives][lit] for lit in sorted(literals) if lit in giving[gives]), None)
                if said is None:
                    continue
                start, end = at(node.lineno, node.col_offset), at(node.end_lineno, node.end_col_offset)
                new = (start, end, b"pass")
                shown = segment(node.test)
                found.append((start, f"line {node.lineno}: the guard `if {' '.join(shown.split())[:60]}:` taken out",
                              new, said))
            if len(found) >= MAX_CANDIDATES:
                break
        if len(found) >= MAX_CANDIDATES or examined > MAX_EXAMINED:
            break
    sentences = prose_sentences(paragraphs)[:MAX_SENTENCES * 4]
    found += _unreached(tree, sentences, at, segment, data)
    tie_said = next((s for s in sentences if _TIE_WORDS.search(s)), None)
    for node in (n for n in ast.walk(tree) if tie_said is not None and isinstance(n, ast.If) and _tie_test(n.test)):
        # a tie broken the other way: `if abs(d1 - d2) <= EPS: return dep1 < dep2` with `>` (blind p129: "when two
        # depots tie on travel time, the one whose id sorts first wins", and no test had a tie)
        first = node.body[0] if node.body else None
        value = first.value if isinstance(first, ast.Return) else None
        if not (isinstance(value, ast.Compare) and len(value.ops) == 1 and type(value.ops[0]) in (ast.Lt, ast.Gt)):
            continue
        lo, hi = at(value.left.end_lineno, value.left.end_col_offset), at(value.comparators[0].lineno,
                                                                            value.comparators[0].col_offset)
        old = b"<" if isinstance(value.ops[0], ast.Lt) else b">"
        k = data[lo:hi].find(old)
        if k < 0:
            continue
        flipped = b">" if old == b"<" else b"<"
        found.append((at(value.lineno, value.col_offset), f"line {value.lineno}: the tie-break "
                      f"`{' '.join(segment(value).split())[:60]}` with {old.decode()} as {flipped.decode()}",
                      (lo + k, lo + k + 1, flipped), tie_said))
        if len(found) >= MAX_CANDIDATES:
            break
    # One change of each kind in turn, each kind's in source order, and those inside a `while` loop last:
    # a change that makes the grader hang spends the time of the changes after it (blind p140: a flip of a
    # `while True` loop's exit the tests reach ran into the grader's own 60 s alarm before an exclusion
    # they never reach was graded).
    loops = [(at(n.lineno, n.col_offset), at(n.end_lineno, n.end_col_offset)) for n in ast.walk(tree)
             if isinstance(n, ast.While)]
    found.sort(key=lambda f: f[0])
    turns: dict[int, int] = {}
    for i, f in enumerate(found):
        kind = f[0] // _LATER
        turns[kind] = turns.get(kind, -1) + 1
        looped = any(lo <= f[2][0] < hi for lo, hi in loops[:MAX_EXAMINED])
        found[i] = (looped, turns[kind], kind, *f)
    found = [f[3:] for f in sorted(found, key=lambda f: f[:3])]
    out = []
    for _, what, (cut_from, cut_to, put), said in found:
        if len(out) >= MAX_MUTANTS:
            break
        text = (data[:cut_from] + put + data[cut_to:]).decode("utf-8")
        try:
            compile(text, "<py_weaken>", "exec")
        except (SyntaxError, ValueError):
            continue
        if text != source:
            out.append((what, text, said))
    return out[:MAX_MUTANTS]


def py_weaken_case(ctx, grade, reference: str, prompt: str, seconds: float = 60.0) -> CaseResult | None:  # noqa: ANN001
    """Grade each change the prompt states a case of, within `seconds` (a slow grader: what was graded by
    then is reported); None where there is none."""
    changes = weakenings(reference, prompt)
    if not changes:
        return None
    accepted, graded, left = accepted_within(ctx, grade, changes, seconds, NAME)
    if not accepted:
        return CaseResult(NAME, OK, f"grader rejected {graded} module(s) each handling a case the prompt "
                                    f"states wrong{left}")
    accepted.sort(key=lambda a: RAISED not in a[0])  # (a raise never met first: no doubt it is a case unreached)
    what, said, detail = accepted[0]
    more = f" (also accepted: {'; '.join(a[0] for a in accepted[1:])})" if len(accepted) > 1 else ""
    question = "no test of it reaches that case" if RAISED in what else \
        "do its tests ever reach it, or does the change alter nothing?"
    return CaseResult(NAME, WARNING, cap(
        f"grader accepted the reference module with {what}{more}, where the prompt states that case "
        f"({said[:120]!r}): {question}; grader detail: {detail!r}{left}", 700), "warn")
