"""The verifier_consistency gate (spec 4): a structural verifier must not check correctness.

The declared verify.py must accept the reference and keep accepting structure-preserving value
mutants: a number moved to the midpoint between itself and the nearest other value of its column (same
type, sign, range, order and uniqueness), a string with one letter changed (same length and character
classes). Rejecting a numeric mutant means the verifier compares values: a FINDING. Rejecting a string
mutant may be an enum check, so it is a WARNING.

Spec 4.2's own test decides a rejection first: a midpoint can break a relation between fields that
the prompt states (`steps[0].reached == total`, `start <= end`). If an obviously wrong artifact that
keeps every relation (every integer x3; every number x3; every number 0; every number +12; for a string, the same
letter change at every occurrence of that value) still passes verify() and changes the rejected
value, the verifier checks relations, not the answer: the rejection is structural (info).
"""

from __future__ import annotations

import bisect
import functools
import re
import sys
import time
from pathlib import Path
from typing import Any

from artifactbench._files import FileRefused, read_capped
from artifactbench._process import run_process, scrubbed_env
from artifactbench._tempdirs import run_temp_dir
from artifactbench.gates.core import FINDING, OK, SKIPPED, WARNING, cap, counts, finish, reference_text
from artifactbench.gates.fuzz._comments import program
from artifactbench.gates.fuzz._formats import TreeDoc, as_number, format_of, parse
from artifactbench.gates.fuzz._mutation import Mutation, keep_kind, short
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.fuzz._near import RULE_ROW
from artifactbench.gates.fuzz._tree_strategies import TreeTargets
from artifactbench.gates.fuzz._tree_targets import get_at, where as where_of
from artifactbench.gates.core import CaseResult, CheckResult, TaskContext, uncommented

MAX_NUMBERS, MAX_STRINGS = 6, 3
_DRIVER = r"""
import importlib.util, sys
from pathlib import Path
spec = importlib.util.spec_from_file_location("verify_under_check", sys.argv[1])
module = importlib.util.module_from_spec(spec)
sys.path.insert(0, str(Path(sys.argv[1]).parent))
spec.loader.exec_module(module)
try:
    module.verify(Path(sys.argv[2]))
except AssertionError as exc:
    print(f"AssertionError: {exc}", file=sys.stderr); sys.exit(3)
"""


def _midpoint(values: list[float], x: float, integral: bool) -> float | None:
    """`values`: the column's distinct values, sorted."""
    at = bisect.bisect_right(values, x)
    above = values[at:at + 1]  # the nearest value above x
    low = bisect.bisect_left(values, x)
    below = values[low - 1:low] if low else []  # the nearest value below x
    for neighbour in above + below:
        mid = (x + neighbour) / 2
        if integral:
            mid = float(int(mid))
            if mid in (x, neighbour):
                continue
        return mid
    return None


def _scaled(value: Any, kinds: tuple[type, ...], factor: int, cells: bool = False, shift: int = 0,
            counts: bool = False) -> Any:
    """Every number of `kinds` times `factor`, plus `shift`; with `counts`, not a count of a list beside it
    (`plan_count` beside `plans` with that many items: a structural relation no scaling keeps; blind p154)."""
    if isinstance(value, dict):
        sizes = {len(v) for v in value.values() if isinstance(v, list)} if counts else set()
        return {k: v if type(v) is int and v in sizes else _scaled(v, kinds, factor, cells, shift, counts)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_scaled(v, kinds, factor, cells, shift, counts) for v in value]
    if cells and isinstance(value, str):  # (a CSV cell: its number, written as the cell writes it)
        number = as_number(value, numeric_strings=True)
        if number is not None and re.fullmatch(r"\s*[-+]?\d{1,18}\s*", value):
            number = int(value)
        if number is None or type(number) not in kinds or "e" in value.lower():
            return value
        return str(type(number)(number * factor + shift))
    if isinstance(value, bool) or type(value) not in kinds:
        return value
    return type(value)(value * factor + shift)


def _rotated(value: Any) -> Any:
    """Every distribution's shares moved one place along among themselves: the floats of an object (or list) that
    sum to 1 or 100 (probabilities, percentages), so each keeps its sum, its set and its range, and every share is
    another's (blind p204: "stationary values must sum to 1", a relation no scaling keeps). Only such sums: a
    verifier asserting a total the task never states, or the answer's multiset, keeps them too (review)."""
    if isinstance(value, (dict, list)):
        keys = list(value) if isinstance(value, dict) else list(range(len(value)))
        out = {k: _rotated(v) for k, v in value.items()} if isinstance(value, dict) else [_rotated(v) for v in value]
        floats = [k for k in keys if type(value[k]) is float]
        total = sum(value[k] for k in floats) if len(floats) >= 2 else 0.0
        if any(abs(total - whole) <= 1e-6 * whole for whole in (1.0, 100.0)):
            for k, src in zip(floats, floats[1:] + floats[:1]):
                out[k] = value[src]
        return out
    return value


def _position_keys(data: Any, cells: bool) -> list[str]:
    """The keys of a list of records whose values count the records, 1, 2, 3 ... (or 0, 1, 2 ...) in order."""
    if not (isinstance(data, list) and len(data) >= 2 and all(isinstance(r, dict) for r in data)):
        return []
    out = []
    for key in data[0]:
        values = [as_number(r.get(key), numeric_strings=cells) for r in data]
        if all(type(v) in (int, float) for v in values) and any(
                all(v == i + start for i, v in enumerate(values)) for start in (0, 1)):
            out.append(key)
    return out


def relation_keeping(fmt: str, text: str) -> list[tuple[str, str]]:
    """(label, text) of obviously wrong artifacts that keep equalities, order and ratios between fields
    (a CSV's cells too: "`total` = work + hold" checked by a CSV's verify.py is a relation; blind p63)."""
    doc = parse(fmt, text)
    if not isinstance(doc, TreeDoc):
        return []
    cells = doc.fmt == "csv"
    out = []
    # (and every number moved by one amount: the differences between fields kept, `end = start + handling_h`
    # with `handling_h` an input's, which no scaling keeps; blind p120)
    # (and each again with the counts of lists kept, as extra candidates: an order's `units` equal to its number of
    # lines of one item each is a sum, not a count; review)
    for label, kinds, factor, shift, counts in (
            ("every integer x3", (int,), 3, 0, False), ("every float x3", (float,), 3, 0, False),
            ("every number x3", (int, float), 3, 0, False), ("every number 0", (int, float), 0, 0, False),
            ("every number +12", (int, float), 1, 12, False),
            ("every integer x3, counts of lists kept", (int,), 3, 0, True),
            ("every number x3, counts of lists kept", (int, float), 3, 0, True)):
        candidate = doc.render(_scaled(doc.data, kinds, factor, cells, shift, counts))
        if candidate != text and all(candidate != t for _, t in out):
            out.append((label, candidate))
    # (and each again with a column of positions kept, `position` 1, 2, 3 ... down the rows: a row's place is no
    # value a scaling keeps; blind p214's "points == 3*won + drawn" beside "position == row number")
    places = _position_keys(doc.data, cells)
    if places:
        for label, kinds, factor, shift, counts in (("every integer x3, positions kept", (int,), 3, 0, False),
                                                    ("every number x3, positions kept", (int, float), 3, 0, False)):
            scaled = _scaled(doc.data, kinds, factor, cells, shift, counts)
            for record, original in zip(scaled, doc.data):
                for key in places:
                    record[key] = original[key]
            candidate = doc.render(scaled)
            if candidate != text and all(candidate != t for _, t in out):
                out.append((label, candidate))
    if not cells:
        rotated = doc.render(_rotated(doc.data))
        if rotated != text and all(rotated != t for _, t in out):
            out.append(("the shares of every distribution moved one place among themselves", rotated))
    return out


def _renamed_everywhere(doc: TreeDoc, old: str, new: str) -> str:
    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return new if value == old else value
    return doc.render(walk(doc.data))


def _changes(ref: Any, cand: Any, path: tuple, alike: bool = False) -> bool:
    """The candidate (parsed: `cand`) holds another value than the reference (`ref`) at `path`; with `alike`, at a
    path of the same keys in another record (a zero no scaling moves: blind p154's `expected_doses` of 0 on a
    line of a session nobody booked), weaker evidence: a verify.py pinning that one value
    (`rows[0]["returned"] == 0`) passes it too (review), so it makes a rejection a warning, not structural."""
    try:
        if get_at(cand, path) != get_at(ref, path):
            return not alike
    except (LookupError, TypeError, ValueError):
        return False
    if not alike:
        return False
    shape = tuple(step for step in path if isinstance(step, str))
    return any(b != a for (p, a), (_, b) in zip(_leaves(ref), _leaves(cand))
               if tuple(step for step in p if isinstance(step, str)) == shape)


def _parsed(fmt: str, text: str) -> Any:
    """`text`'s data (None where it does not parse: no path of it then changes)."""
    try:
        return parse(fmt, text).data
    except (ValueError, TypeError, RecursionError):
        return None


def _leaves(value: Any, path: tuple = ()):  # -> Iterator[tuple[tuple, Any]]
    """(path, leaf) of every leaf, in document order (two documents of one shape give the same paths)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _counts_sibling(data: Any, path: tuple) -> bool:
    """The number at `path` is the length of a list beside it in its object (`candidate_count`: `candidates`)."""
    parent = data
    for step in path[:-1]:
        try:
            parent = parent[step]
        except (KeyError, IndexError, TypeError):
            return False
    if not isinstance(parent, dict):
        return False
    value = parent.get(path[-1])
    return isinstance(value, int) and not isinstance(value, bool) and any(
        isinstance(other, list) and len(other) == value for key, other in parent.items() if key != path[-1])


def value_mutants(fmt: str, text: str, public: str = "") -> list[tuple[Mutation, bool]]:
    return [(m, numeric) for m, numeric, _, _ in _value_mutants(fmt, text, public)]


def _value_mutants(fmt: str, text: str, public: str = "") -> list[tuple[Mutation, bool, tuple, str]]:
    """(mutant, is_numeric, path, companion) that keep every structural property of the reference;
    `companion` is, for a string mutant, the same change at every occurrence of the value ("" else).

    Strings that `public` (the prompt and workspace text) mentions, or that sit in a sorted column,
    are left alone: a verifier may check them against an enum or an input list, or check the order.
    """
    doc = parse(fmt, text)
    if not isinstance(doc, TreeDoc):
        return []
    targets = TreeTargets(doc, FuzzPolicy())
    cells = doc.fmt == "csv"
    columns: dict[object, list[float]] = {}
    for path, value in targets.numbers:
        columns.setdefault(path[-1] if isinstance(path[-1], str) else None, []).append(
            as_number(value, numeric_strings=cells))
    distinct = {column: sorted(set(values)) for column, values in columns.items()}
    # (a column of two values over many records is a kind, `length` 20 or 40, whose check is the schema's; and a
    # count of its record's own list, `candidate_count` beside `candidates`, a relation the midpoint breaks; blind
    # p166)
    kinds = {column for column, values in columns.items() if len(distinct[column]) <= 2 and len(values) >= 4}
    out: list[tuple[Mutation, bool, tuple, str]] = []
    for path, value in targets.numbers:
        if len(out) >= MAX_NUMBERS:
            break
        column = path[-1] if isinstance(path[-1], str) else None
        if column in kinds or _counts_sibling(doc.data, path):
            continue
        x = as_number(value, numeric_strings=cells)
        integral = isinstance(value, int) or (cells and "." not in str(value))
        mid = _midpoint(distinct[path[-1] if isinstance(path[-1], str) else None], x, integral)
        if mid is not None:
            new = keep_kind(value, mid)
            if cells and isinstance(value, str) and re.fullmatch(r"0\d+", value.strip()):
                # (a zero-padded cell, `004512`, keeps its width: `004515`, not `4515`, which no 6-digit id is; p261)
                new = str(int(mid)).zfill(len(value.strip()))
            out.append((targets.set_leaf("value_midpoint", path, value, new), True, path, ""))
    by_column: dict[object, list[str]] = {}
    for path, value in targets.strings:
        by_column.setdefault(path[-1] if isinstance(path[-1], str) else path[:-1], []).append(value)
    ordered = {column: _sorted(values) for column, values in by_column.items()}
    free = [(p, v) for p, v in targets.strings if not ordered[p[-1] if isinstance(p[-1], str) else p[:-1]]
            and v not in public]
    for path, value in free[:MAX_STRINGS]:
        letters = [i for i, ch in enumerate(value) if ch.isalpha() and ch.isascii()]
        if letters:
            i = letters[-1]
            ch = value[i]
            new_ch = ("b" if ch.lower() == "a" else "a")
            new = value[:i] + (new_ch.upper() if ch.isupper() else new_ch) + value[i + 1:]
            out.append((targets.set_leaf("letter_change", path, value, new), False, path,
                        _renamed_everywhere(doc, value, new)))
    return out


def _sorted(column: list[str]) -> bool:
    return len(column) > 1 and (column == sorted(column) or column == sorted(column, reverse=True))


def _public_text(ctx: TaskContext) -> str:
    """The prompt and every workspace text file the agent sees (capped), for 'is this value public'."""
    parts = [ctx.task.problem_statement.read_text(encoding="utf-8", errors="replace")]
    for path in sorted(ctx.pristine().scratch_dir.rglob("*")):
        if path.is_file() and path.stat().st_size <= 2_000_000:
            parts.append(path.read_bytes().decode("utf-8", "replace"))
    return _FILE_BREAK.join(parts)


_WHY_LIMIT = 400  # characters of one verdict's message kept (the batch cuts them so too)
_RESULTS_LIMIT = 64 * 1024  # bytes of results.json beyond the messages


# One process checks many candidates: each is copied to the artifact path, then verify() runs on it.
_BATCH = r"""
import importlib.util, json, shutil, sys
from pathlib import Path
spec = importlib.util.spec_from_file_location("verify_under_check", sys.argv[1])
module = importlib.util.module_from_spec(spec)
sys.path.insert(0, str(Path(sys.argv[1]).parent))
spec.loader.exec_module(module)
artifact, out = Path(sys.argv[2]), sys.argv[3]
results = []
for candidate in sys.argv[4:]:
    shutil.copyfile(candidate, artifact)
    try:
        module.verify(artifact)
        results.append([True, ""])
    except AssertionError as exc:
        results.append([False, f"AssertionError: {exc}"[:400]])
    except Exception as exc:
        results.append([False, f"{type(exc).__name__}: {exc}"[:400]])
    with open(out, "w") as fh:
        json.dump(results, fh)
"""


def _verify_many(ctx: TaskContext, module: Path, scratch: Path, texts: list[str]) -> list[tuple[bool, str]]:
    """verify() on each text in one process; a batch that dies or hangs falls back to one process each,
    each text placed by ctx.place_reference (no link followed: verify() may have left one on the
    artifact's path; NotADirectoryError then)."""
    artifact = scratch.joinpath(*ctx.task.output_artifact.parts)
    import tempfile

    where = next(iter(ctx.case_dirs()), None) or run_temp_dir()  # sandboxed: a dir the verifier sees
    with tempfile.TemporaryDirectory(prefix="ab-vc-", dir=where) as tmp:
        files = []
        for i, text in enumerate(texts):
            path = Path(tmp) / f"candidate{i}"
            path.write_bytes(text.encode("utf-8", "surrogateescape"))
            files.append(str(path))
        out = Path(tmp) / "results.json"
        argv, box = ctx.confine([sys.executable, "-I", "-c", _BATCH, str(module), str(artifact), str(out), *files],
                                write=ctx.case_dirs())
        run = run_process(argv, cwd=artifact.parent, env=scrubbed_env(), sandbox=box,
                          timeout_s=ctx.options.verifier_timeout_s * max(1, min(len(texts), 4)))
        results = _batch_results(out, len(texts))
    if run.returncode == 0 and not run.timed_out and results is not None:
        return results
    if run.timed_out:  # verify() hangs on some candidate: one process each would pay that per candidate
        raise VerifierHung(f"{module.name}: verify() did not finish {len(texts)} candidate(s) within "
                           f"{ctx.options.verifier_timeout_s * max(1, min(len(texts), 4)):g}s")
    out_list = []
    for text in texts:
        ctx.check_cancelled()
        out_list.append(_verify(ctx, module, ctx.place_reference(scratch, text)))
        if ctx.verifier_blocked is not None:
            raise VerifierHung(ctx.verifier_blocked)
    return out_list


def _batch_results(out: Path, count: int) -> list[tuple[bool, str]] | None:
    """The batch's `count` verdicts from `out`, or None when the file is missing, not a regular file,
    too big or not what the batch writes: verify() runs in that process and may have written there."""
    import json

    try:
        results = json.loads(read_capped(out, _RESULTS_LIMIT + count * _WHY_LIMIT * 6))
    except (FileRefused, ValueError, RecursionError):
        return None
    if not (isinstance(results, list) and len(results) == count
            and all(isinstance(r, list) and len(r) == 2 and isinstance(r[0], bool) and isinstance(r[1], str)
                    for r in results)):
        return None
    return [(ok, why if len(why) <= _WHY_LIMIT else why[: _WHY_LIMIT - 3] + "...") for ok, why in results]


class VerifierHung(Exception):
    """verify() did not finish in time: the gate stops and says so once (ctx.verifier_blocked)."""


def _verify(ctx: TaskContext, module: Path, artifact: Path) -> tuple[bool, str]:
    """verify() on the artifact in a process of its own; a timeout sets ctx.verifier_blocked."""
    argv, box = ctx.confine([sys.executable, "-I", "-c", _DRIVER, str(module), str(artifact)], write=ctx.case_dirs())
    run = run_process(argv, cwd=artifact.parent, env=scrubbed_env(), timeout_s=ctx.options.verifier_timeout_s,
                      sandbox=box)
    if run.timed_out:
        ctx.verifier_blocked = f"{module.name}: verify() did not finish within {ctx.options.verifier_timeout_s:g}s"
    message = run.stderr.decode("utf-8", "replace").strip().splitlines()
    return run.returncode == 0 and not run.timed_out, (message[-1] if message else f"exit {run.returncode}")


_LINE_FORMATS = ("csv", "jsonl", "text")
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                 "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


def _size_leak(ctx: TaskContext, module: Path, scratch: Path, fmt: str, reference: str) -> CaseResult | None:
    """A FINDING where verify() rejects the reference less its last record (a line answer's last non-blank line:
    as well formed as the reference) and its source writes the answer's record count as a number, which neither
    the prompt nor an input's size gives (blind p171, p175: `EXPECTED_LINES = 42`, "expected 42 plan lines, found
    39": the count of plans is what the agent works out, and the verifier tells it when its count is right)."""
    if fmt not in _LINE_FORMATS or program(ctx.task.output_artifact.as_posix()):
        return None
    lines = reference.splitlines()
    data = [i for i, line in enumerate(lines) if line.strip()]
    if len(data) < 3:
        return None
    sizes = {len(data), len(data) - 1, sum(1 for i in data if not lines[i].lstrip().startswith(("#", "//", "--")))}
    sizes |= _table_rows(lines)  # (a report's table of 255 runs under its title and header: blind p374)
    try:
        source = module.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    literals = {int(n) for n in re.findall(r"(?<![\w.])\d{1,6}(?![\w.])", source)}
    prompt = ctx.task.problem_statement.read_text(encoding="utf-8", errors="replace")
    # ("one row per hour, 08 through 15"; not a measure, "at most 255 minutes" beside 255 van runs: blind p374)
    said = {int(n) for n in re.findall(r"(?<![\w.])(\d{1,6})(?![\w.])(?!\s*" + _MEASURE + ")", prompt, re.IGNORECASE)}
    said |= {n for n, word in enumerate(_NUMBER_WORDS) if re.search(rf"\b{word}\b", prompt, re.IGNORECASE)}  # ("five")
    secret = sizes & literals - said
    # (the inputs are read only where the verifier's source writes a count the prompt does not)
    written = sorted(secret - _input_sizes(ctx, module)) if secret else []
    if not written:
        return None
    shorter = "\n".join(lines[:data[-1]] + lines[data[-1] + 1:]) + ("\n" if reference.endswith("\n") else "")
    try:
        [(accepted, why)] = _verify_many(ctx, module, scratch, [shorter])
    except VerifierHung as exc:  # (the mutant cases stand; this probe says what it met: review)
        return CaseResult("size", WARNING, cap(f"verify() did not finish on the reference less its last record ({exc})"))
    if accepted:
        return None
    # (the count is why: its message says it, "expected 42 plan lines, found 41", or the shorter answer with its first
    # record written twice, the count restored, passes; not "missing key yield in [prediction]" of a config answer whose
    # last line is a key, beside an `8` its source holds for another reason; reviews of blind p128)
    if not any(re.search(rf"(?<![\w.]){n}(?![\w.])", why) for n in written):
        first = data[1] if fmt == "csv" else data[0]
        restored = shorter.rstrip("\n") + "\n" + lines[first] + ("\n" if reference.endswith("\n") else "")
        try:
            [(again, _)] = _verify_many(ctx, module, scratch, [restored])
        except VerifierHung:
            return None
        if not again:
            return None
    return CaseResult("size", FINDING, cap(
        f"verify() rejects the reference less its last record ({short(why, 160)}), and its source writes the "
        f"answer's record count {written[0]}, which neither the prompt writes nor an input's size gives: it tells "
        f"the agent when its answer has the right number of records, the answer's to work out (spec 4)", 600))


def _table_rows(lines: list[str]) -> set[int]:
    """The data rows of each Markdown table among `lines` (the rows below its rule row)."""
    out: set[int] = set()
    rows = -1  # (-1: not in a table's body)
    for line in [*lines, ""]:
        text = line.strip()
        if text.startswith("|") and RULE_ROW.fullmatch(text):
            rows = 0
        elif text.startswith("|") and rows >= 0:
            rows += 1
        else:
            if rows > 0:
                out.add(rows)
            rows = -1
    return out


# a unit after a number: a measure, no count the prompt gives ("255 minutes", "800 kg", "20 %")
_MEASURE = (r"(?:%|°|(?:per\s?cent|minutes?|mins?|seconds?|secs?|hours?|hrs?|days?|weeks?|months?|years?|kg|kilograms?|"
            r"grams?|g|tonnes?|t|km|kilometres?|kilometers?|m|metres?|meters?|cm|mm|miles?|nm|l|litres?|liters?|ml|"
            r"degrees?|eur|usd|gbp|am|pm|kw|kwh|mw|mwh|v|a|w|hz|°c|bar|psi)\b)")


def _input_sizes(ctx: TaskContext, module: Path) -> set[int]:
    """The record counts the inputs give: each workspace text file's non-blank lines, less one (a header),
    and the items of a JSON file's top-level list or map (the verifier itself left out)."""
    import json

    sizes: set[int] = set()
    for path in sorted(ctx.pristine().scratch_dir.rglob("*"))[:200]:
        if not path.is_file() or path.name == module.name or path.stat().st_size > 5_000_000:
            continue
        text = path.read_bytes().decode("utf-8", "replace")
        n = sum(1 for line in text.splitlines() if line.strip())
        sizes.update((n, n - 1))
        if path.suffix.lower() == ".json":
            try:
                value = json.loads(text)
            except (ValueError, RecursionError):
                continue
            if isinstance(value, (list, dict)):
                sizes.add(len(value))
                sizes.update(len(v) for v in (value.values() if isinstance(value, dict) else value)
                             if isinstance(v, (list, dict)))
    return sizes


def _verdicts(ctx: TaskContext, module: Path, scratch: Path, fmt: str, reference: str,
              mutants: list) -> tuple[list[tuple[bool, str]], list[tuple[bool, str]]]:
    """verify()'s verdicts on the mutants, then (only for rejections) on the relation-keeping wrong
    artifacts and each rejected string's rename everywhere, in that order."""
    verdicts = _verify_many(ctx, module, scratch, [m.text for m, *_ in mutants]) if mutants else []
    rejected = [m for m, (ok, _) in zip(mutants, verdicts) if not ok]
    wrong = relation_keeping(fmt, reference) if any(m[1] for m in rejected) else []
    texts = [t for _, t in wrong] + [m[3] for m in rejected if m[3]]
    return verdicts, (_verify_many(ctx, module, scratch, texts) if texts else [])


def verifier_consistency_gate(ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    task = ctx.task
    if task.structural_verifier is None:
        return CheckResult("verifier_consistency", "skip", "no structural_verifier declared")
    if ctx.verifier_blocked is not None:  # it hung once already: never pay that timeout again
        return CheckResult("verifier_consistency", "skip", cap(f"not run: {ctx.verifier_blocked} (the "
                                                               "verifier gate reports it)"))
    reference = reference_text(ctx)
    try:
        written = _public_text(ctx)
        mutants = _value_mutants(format_of(task.output_artifact), reference, written)
        public = re.sub(r"[^\S\n]+", "", written)  # (for _listed_domain: spaces out, never a line's end)
    except Exception as exc:  # noqa: BLE001 - the reference does not parse in its format
        return CheckResult("verifier_consistency", "skip", cap(f"no mutants: {type(exc).__name__}: {exc}"))
    try:
        return _consistency(ctx, reference, mutants, started, public, written)
    except VerifierHung as exc:
        ctx.verifier_blocked = ctx.verifier_blocked or str(exc)
        return CheckResult("verifier_consistency", "error", cap(f"{exc}; the rest of this gate is skipped"),
                           duration_s=time.monotonic() - started)


_LISTED = re.compile(r"[\[{(]\s*(-?\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?){2,})\s*[\]})]")


def _listed_domain(why: str, mutant: Mutation, public: str) -> tuple[str, float] | None:
    """The values the verifier's message lists as the allowed ones (`a 20' box must use a ground bay [1, 3, 5, ...]`),
    where the rejected value is none of them, the reference's is one, and the task's public text lists them so too,
    on one line (an input's `"ground_bays": [1, 3, 5, ...]`, in that order; `public` with its spaces taken out,
    not its line ends): (that list, the listed value nearest the reference's but another), which the caller
    grades: verify() accepting it checks a set the task publishes (spec 4.1: bounds, an enum), not the answer
    (blind p186). None otherwise."""
    try:
        old, new = float(mutant.old), float(mutant.new)
    except ValueError:
        return None
    for match in _LISTED.finditer(why):
        written = [x.strip() for x in match.group(1).split(",")]
        listed = {float(x) for x in written}
        if old not in listed or new in listed:
            continue
        if re.search(rf"(?<![\w.-]){re.escape(','.join(written))}(?![\w.])", public):
            return match.group(0), min(listed - {old}, key=lambda v: (abs(v - old), v))
    return None


def _member_passes(ctx: TaskContext, module: Path, scratch: Path, fmt: str, reference: str, path: tuple,
                   member: float) -> bool:
    """verify() accepts the reference with the value at `path` set to `member`, another value its message allows (a
    set check does; a verifier computing the answer, "max 4 is not the largest of its readings [1, 3, 2]", does not)."""
    doc = parse(fmt, reference)
    if not isinstance(doc, TreeDoc):
        return False
    value = get_at(doc.data, path)
    text = TreeTargets(doc, FuzzPolicy()).set_leaf("value_member", path, value, keep_kind(value, member)).text
    return bool(_verify_many(ctx, module, scratch, [text])[0][0])


_FILE_BREAK = "\n\x00\n"  # (between the files of the public text: a file's ids are read apart from another's)
MAX_PUBLIC_SCAN = 4_000_000  # characters of the task's public text read for published ids


@functools.lru_cache(maxsize=4)
def _published_ids(public: str) -> dict[str, frozenset[int]]:
    """The integers each file of the public text writes, by the label right before each on its line (`SCHED bib=51`:
    bib; `{"bib": 51}`: bib; a line's first field, `1004,B,...` of a CSV: "^"), read once."""
    found: dict[str, set[int]] = {}
    for n, text in enumerate(public[:MAX_PUBLIC_SCAN].split(_FILE_BREAK)):
        for match in _ID_TOKEN.finditer(text):
            line_start = text.rfind("\n", max(0, match.start() - 24), match.start()) + 1
            before = text[max(line_start, match.start() - 24):match.start()]
            label = _ID_LABEL.search(before)
            key = label.group(1) if label else ("^" if not before.strip() else "")
            if key:
                found.setdefault(f"{n}:{key}", set()).add(int(match.group()))
        # (a CSV's column by its header's name, `name,bib,wave`: bib, in this file and in all the files together, a
        # start list split over two files; review)
        lines = text.splitlines()
        header = [h.strip().strip('"') for h in lines[0].split(",")] if lines and "," in lines[0] else []
        if header and not any(h.isdigit() for h in header):
            for line in lines[1:50_000]:
                for name, cell in zip(header, line.split(",")):
                    if cell.strip().isdigit() and len(cell.strip()) <= 12:
                        for key in (f"{n}:{name}", f"*:{name}"):
                            found.setdefault(key, set()).add(int(cell))
    return {key: frozenset(values) for key, values in found.items()}


_ID_TOKEN = re.compile(r"(?<![\w.-])\d{1,12}(?![\w.])")
_ID_LABEL = re.compile(r"([A-Za-z_][\w-]*)[\"']?\s*[=:]\s*[\"']?$")


def _exchange_passes(ctx: TaskContext, module: Path, scratch: Path, fmt: str, reference: str, path: tuple,
                     public: str) -> str | None:
    """Where the integer at `path` is one of its column's values that no two records share and the task's public
    text writes (an id the inputs list: blind p220's `bib`, "start-list bibs missing from output: [51]"), and
    verify() accepts it exchanged with the next record's value of the column: where that record is (a check
    of the set of ids keeps accepting them, one of which record holds which value rejects it). None otherwise."""
    doc = parse(fmt, reference)
    if not isinstance(doc, TreeDoc) or not path or not isinstance(path[-1], str):
        return None
    cells = doc.fmt == "csv"
    targets = TreeTargets(doc, FuzzPolicy())
    column = [(p, v) for p, v in targets.numbers if p[-1] == path[-1] and len(p) == len(path)]
    values = [as_number(v, numeric_strings=cells) for _, v in column]
    here = next((n for n, (p, _) in enumerate(column) if p == path), None)
    if here is None or len(column) < 2 or len(set(values)) != len(values) \
            or not all(v is not None and float(v).is_integer() for v in values):
        return None
    # (the ids the inputs publish under one label, `bib=51`, `"bib": 51`, all of them the answer's: a subset of them
    # in the answer, the starters who finished, is the answer itself, which a verify() asserting it knows; review)
    ids = {int(v) for v in values}
    if not any(published == ids for published in _published_ids(public).values()):
        return None
    there = here + 1 if here + 1 < len(column) else here - 1
    (p1, v1), (p2, v2) = column[here], column[there]

    def change(data: Any) -> Any:
        get_at(data, p1[:-1])[p1[-1]], get_at(data, p2[:-1])[p2[-1]] = v2, v1
        return data
    text = targets.edit("value_exchange", "", v1, v2, change, spines=(p1[:-1], p2[:-1])).text
    return where_of(doc, p2) if _verify_many(ctx, module, scratch, [text])[0][0] else None


def _total_kept(ctx: TaskContext, module: Path, scratch: Path, fmt: str, reference: str, mutant: Mutation,
                path: tuple, written: str) -> str | None:
    """Where a midpoint moved one of a record's integers and verify() rejected it: the record's total, when verify()
    accepts the same move with the difference taken from the largest other integer of the record (every value
    but the two as it was, the total kept) and the prompt writes that total ("they sum to 432 for every turbine":
    blind p239). A verifier comparing values rejects that too; one checking a total the task states does
    not. None otherwise."""
    doc = parse(fmt, reference)
    if not isinstance(doc, TreeDoc) or len(path) < 1 or not isinstance(path[-1], str):
        return None
    try:
        record = get_at(doc.data, path[:-1])
        new = get_at(_parsed(fmt, mutant.text), path)
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    if not isinstance(record, dict) or type(record.get(path[-1])) is not int or type(new) is not int:
        return None
    ints = [k for k, v in record.items() if type(v) is int]
    # (the record's integers, or all but one of them, `{"turbine": 1, ...}` beside its counts, whose sum the prompt
    # writes: "they sum to 432." at a sentence's end too; review)
    sets = [ints] + [[k for k in ints if k != skip] for skip in ints if skip != path[-1]][:20]
    found = next((keys for keys in sets if len(keys) >= 2 and re.search(
        rf"(?<![\w.]){sum(record[k] for k in keys)}(?!\d|\.\d)", written)), None)
    if found is None:
        return None
    total = sum(record[k] for k in found)
    others = [k for k in found if k != path[-1]]
    delta = new - record[path[-1]]
    donor = max(others, key=lambda k: record[k])
    if record[donor] - delta < 0:
        return None
    targets = TreeTargets(doc, FuzzPolicy())

    def change(data: Any) -> Any:
        here = get_at(data, path[:-1])
        here[path[-1]], here[donor] = new, here[donor] - delta
        return data
    text = targets.edit("total_kept", "", record[path[-1]], new, change, spines=(path[:-1],)).text
    return f"{donor!r} {record[donor]} -> {record[donor] - delta}, the total {total} kept" \
        if _verify_many(ctx, module, scratch, [text])[0][0] else None


def _order_kept(ctx: TaskContext, module: Path, scratch: Path, fmt: str, reference: str, path: tuple,
                mutant: Mutation) -> str | None:
    """Where a midpoint crossed another number of its record and verify() rejected it ("p90 below median"): the same
    number moved the other way, far (half way to the record's next number that way), its order against every other
    number of the record kept, when verify() accepts that.
    A verifier checking a relation between fields (spec 4.2) accepts the small move; one checking the value rejects
    it too (blind p245: `median_min` moved above `p90_min`). None otherwise."""
    doc = parse(fmt, reference)
    if not isinstance(doc, TreeDoc) or not path or not isinstance(path[-1], str):
        return None
    cells = doc.fmt == "csv"
    try:
        record = get_at(doc.data, path[:-1])
    except (KeyError, IndexError, TypeError):
        return None
    if not isinstance(record, dict):
        return None
    value = record.get(path[-1])
    x = as_number(value, numeric_strings=cells)
    if x is None or x == 0:
        return None
    others = [n for k, v in record.items() if k != path[-1] and (n := as_number(v, numeric_strings=cells)) is not None]
    integral = isinstance(value, int) or (cells and "." not in str(value))
    try:
        mid = as_number(get_at(_parsed(fmt, mutant.text), path), numeric_strings=cells)
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    if mid is None or not any((mid > o) != (x > o) for o in others):
        return None  # (the midpoint crossed nothing: its rejection is no relation's; review)
    # Away from what the midpoint crossed, half way to the record's nearest other number that way (or to twice or half
    # the value where none is), at least a tenth of the value: a check of the value, even a loose one, rejects it.
    up = mid < x
    bound = min((o for o in others if o > x), default=x * 2 if x > 0 else x / 2) if up else \
        max((o for o in others if o < x), default=x / 2 if x > 0 else x * 2)
    for new in (x + (bound - x) / 2,):
        new = float(round(new)) if integral else new
        if abs(new - x) < 0.1 * abs(x) or (new > 0) != (x > 0) \
                or any((new > o) != (x > o) or (new < o) != (x < o) for o in others):
            continue
        targets = TreeTargets(doc, FuzzPolicy())
        text = targets.set_leaf("order_kept", path, value, keep_kind(value, new)).text
        if _verify_many(ctx, module, scratch, [text])[0][0]:
            return f"{short(value)} -> {short(keep_kind(value, new))}"
        return None
    return None


def _shape_kept(ctx: TaskContext, module: Path, scratch: Path, fmt: str, reference: str, path: tuple,
                mutant: Mutation) -> str | None:
    """Where verify() rejected a midpoint: the number moved to the midpoint's neighbourhood with its last digits kept
    (`47.99` -> `53.99` for the midpoint 53.49; `45` -> `45 + 10k`: its last digit), when verify() accepts that. A
    verifier checking the value rejects it too; one checking how values are written ("prices end in .99", blind
    p261) does not. None otherwise."""
    doc = parse(fmt, reference)
    if not isinstance(doc, TreeDoc) or not path:
        return None
    cells = doc.fmt == "csv"
    try:
        value = get_at(doc.data, path)
        mid = as_number(get_at(_parsed(fmt, mutant.text), path), numeric_strings=cells)
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    x = as_number(value, numeric_strings=cells)
    if x is None or mid is None or isinstance(value, bool):
        return None
    written = str(value).strip()
    way = 1 if mid > x else -1
    if re.fullmatch(r"\d+\.\d+", written):
        places, step = len(written.split(".")[1]), 1.0
        new = round(int(mid) + (x - int(x)), places)  # (the midpoint's whole part, the value's decimals)
    elif re.fullmatch(r"\d+", written) and x >= 10:
        places, step = 0, 10.0
        new = float(int(mid) - int(mid) % 10 + int(x) % 10)  # (the midpoint's tens, the value's last digit)
    else:
        return None  # (not a negative number, nor a one-digit one)
    # (at least as far from the value as the midpoint, that way: a check of the value within some bound rejects it
    # as it rejected the midpoint; review)
    while (new - x) * way < abs(mid - x):
        new = round(new + way * step, places)
    if new <= 0:
        return None
    targets = TreeTargets(doc, FuzzPolicy())
    text = targets.set_leaf("shape_kept", path, value, keep_kind(value, new)).text
    if _verify_many(ctx, module, scratch, [text])[0][0]:
        return f"{short(value)} -> {short(keep_kind(value, new))}"
    return None


def _consistency(ctx: TaskContext, reference: str, mutants: list, started: float, public: str = "",
                 written: str = "") -> CheckResult:
    task = ctx.task
    cases: list[CaseResult] = []
    with ctx.scratch() as scratch:
        module = scratch / task.structural_verifier.relative_to(task.workspace_dir)
        artifact = ctx.place_reference(scratch)
        accepted, why = _verify(ctx, module, artifact)
        if ctx.verifier_blocked is not None:
            return CheckResult("verifier_consistency", "error", cap(ctx.verifier_blocked),
                               duration_s=time.monotonic() - started)
        if not accepted:
            return finish("verifier_consistency", [CaseResult("reference", SKIPPED, cap(
                f"verify() rejects the reference ({why}); the verifier gate reports it"))], started,
                "verifier rejects the reference output")
        fmt = format_of(task.output_artifact)
        try:
            verdicts, extra = _verdicts(ctx, module, scratch, fmt, reference, mutants)
        except (NotADirectoryError, IsADirectoryError) as exc:  # a link, file or folder where it was not
            return finish("verifier_consistency", [CaseResult("scratch_dir", FINDING, cap(
                f"verify() changed the folders of the scratch dir it was given ({type(exc).__name__}: {exc}); "
                "a structural verifier only reads the artifact (the checker follows no link it leaves)"))],
                started, "verify() changed the scratch dir it was given")
        rejected = [(m, ok_why) for m, ok_why in zip(mutants, verdicts) if not ok_why[0]]
        prompt_text = uncommented(task.problem_statement.read_text(encoding="utf-8", errors="replace")) if rejected else ""
        wrong = relation_keeping(fmt, reference) if any(m[1] for m, _ in rejected) else []
        # (each parsed once, for every rejected mutant's path)
        ref_data = _parsed(fmt, reference) if wrong else None
        passing = [(label, _parsed(fmt, t)) for (label, t), (ok, _) in zip(wrong, extra) if ok]
        renamed = iter(extra[len(wrong):])
        for (mutant, numeric, path, companion), (accepted, why) in rejected:
            renamed_ok = next(renamed)[0] if companion else False
            name = f"{mutant.kind}:{len(cases)}"
            evidence = next((label for label, t in passing if numeric and _changes(ref_data, t, path)),
                            "the same letter change at every occurrence" if renamed_ok else "")
            alike = "" if evidence else next(
                (label for label, t in passing if numeric and _changes(ref_data, t, path, alike=True)), "")
            if alike:
                cases.append(CaseResult(name, WARNING, cap(
                    f"verify() rejects {mutant.describe()} ({short(why, 160)}); an obviously wrong artifact that "
                    f"keeps the relations between fields ({alike}) passes it and moves that field in other records, "
                    "not here: a relation, or a check of this one value?", 600)))
                continue
            if evidence:
                cases.append(CaseResult(name, OK, cap(
                    f"verify() rejects {mutant.describe()} ({short(why, 160)}) but accepts an obviously wrong "
                    f"artifact that keeps the relations between fields ({evidence}): a structural check "
                    "(spec 4.2)", 600)))
                continue
            listed = _listed_domain(why, mutant, public) if numeric else None
            member = _member_passes(ctx, module, scratch, fmt, reference, path, listed[1]) if listed else False
            if listed is not None and member:
                cases.append(CaseResult(name, WARNING, cap(
                    f"verify() rejects {mutant.describe()} ({short(why, 200)}); its message lists the values it allows "
                    f"({short(listed[0], 80)}), as the inputs or the prompt list them, and it accepts another of them "
                    "there: a check against a set the task publishes (spec 4.1), or of the answer?", 600)))
                continue
            # (a total the prompt states: not one only verify.py or an input file writes, the answer's own; review)
            kept = _total_kept(ctx, module, scratch, fmt, reference, mutant, path, prompt_text) if numeric else None
            small = _order_kept(ctx, module, scratch, fmt, reference, path, mutant) if numeric and kept is None else None
            shaped = _shape_kept(ctx, module, scratch, fmt, reference, path, mutant) \
                if numeric and kept is None and small is None else None
            structural = (f"the number moved ({small}), its order against the record's other numbers kept: a check "
                          "of a relation between fields" if small is not None else
                          f"the same move with the difference taken from another value of the record ({kept}): a check "
                          "of a total the task states" if kept is not None else
                          f"the number moved as far, its last digits kept ({shaped}): a check of how the value is "
                          "written (a price ending in .99, a multiple of 5)" if shaped is not None else None)
            if structural is not None:
                cases.append(CaseResult(name, OK, cap(
                    f"verify() rejects {mutant.describe()} ({short(why, 160)}) but accepts {structural}, not of the "
                    "answer (spec 4.2)", 600)))
                continue
            other = _exchange_passes(ctx, module, scratch, fmt, reference, path, written) if numeric else None
            if other is not None:
                cases.append(CaseResult(name, WARNING, cap(
                    f"verify() rejects {mutant.describe()} ({short(why, 200)}), but accepts the value exchanged with "
                    f"{other}'s: the column's values are the inputs' ids, which it checks as a set (spec 4.1), "
                    "not which record holds which?", 600)))
                continue
            cases.append(CaseResult(name, FINDING if numeric else WARNING, cap(
                f"verify() rejects a structure-preserving mutant, so it checks correctness: "
                f"{mutant.describe()}; verifier said {short(why, 200)}", 600)))
        size = _size_leak(ctx, module, scratch, fmt, reference)
        if size is not None:
            cases.append(size)
    if not any(c.status != OK for c in cases):
        cases.append(CaseResult("mutants", OK, f"verify() accepts the reference and {len(mutants)} "
                                               "structure-preserving value mutant(s)"))
    return finish("verifier_consistency", cases, started,
                  f"{len(mutants)} value mutant(s) checked ({counts(cases)})")
