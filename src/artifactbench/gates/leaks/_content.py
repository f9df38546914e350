"""The content_leaks gate: the reference answer or grader files reachable by what the agent sees.

What the agent sees: prompt.md, workspace/ (minus the declared workspace generator, which is never
copied) and the materialized workspace. For each file:
- a file with the bytes of any grader/ file, under any name: FINDING;
- records: the file's parsed records (JSON/JSONL/CSV/YAML lines or blocks, code blocks of the prompt)
  compared with the reference's records as values (key order, spacing and number spelling ignored).
  A third of the reference's records or more in a file that is not larger input data of the same
  shape: FINDING (a prompt whose output example IS the answer). Fewer, or inside larger input data of
  the same shape (filter/sort tasks): WARNING;
- values (not for code answers, whose identifiers the prompt must name), in the prompt and prose/code
  files only, and only those no input file holds (the answer is computed from the inputs, so their
  values are vocabulary): the share of the answer's distinctive values (numbers with >= 4 significant
  digits, strings of >= 4 characters that are no key or common word) quoted as whole tokens. Half or
  more: FINDING; a fifth or more (at least two values, not in the prompt, whose vocabulary it is):
  WARNING; an answer of fewer than 5 such values never makes a FINDING this way (a WARNING at most).
  Input files: data files (by suffix), a .txt of 50+ lines, and any file the prompt names (the article
  a task re-wraps holds every word of the answer, a module a task reads holds the names it lists); in
  a named .py file, a literal set, list, tuple or dict made mostly of answer values is the answer
  written into code and still counts. Values a workspace .py file lists in a literal set, list or
  tuple of mostly other values (allowed values of a rules file, an enum) are vocabulary too. Keys,
  brackets and format words never count, so a prompt's format example made of the answer's keys is
  no leak;
- text/code answers: lines of the reference (>= 12 characters, not boilerplate, not a format line the
  prompt prescribes: a table's header or rule row, a heading or label without a value) in the file;
  half of them or more: FINDING, fewer: WARNING (none in an input file, which keeps some of the
  answer's lines as they are);
- code blocks of the prompt and of markdown files that reproduce the reference line by line, however
  short its lines (_blocks): FINDING.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import sqlite3
import time
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from artifactbench._files import MAX_SCANNED_BYTES
from artifactbench._pyast import parse as parse_python
from artifactbench.gates.core import FINDING, OK, WARNING, CaseResult, CheckResult, TaskContext, cap, counts, finish
from artifactbench.gates.core import fenced_blocks, read_prompt, reference_text, stated_tolerance, whole_token
from artifactbench.gates.fuzz import format_of, parse, program, table_cells, without_free_tails
from artifactbench.gates.core import MARKUP_SUFFIXES, declared_marks, line_marks, markup_content
from artifactbench.gates.leaks._blocks import ReferenceLines, answer_text, code_blocks, format_lines
from artifactbench.gates.leaks._columns import copied_columns, input_table
from artifactbench.gates.leaks._ranges import PIN_SHARE, pinned
from artifactbench.gates.leaks._records import Shapes, non_trivial_lines, records_in, reference_records
from artifactbench.gates.leaks._values import RUN, TOKEN_SPLIT, Distinctive, distinctive, quoted_in, significant_digits
from artifactbench.workspace import GraderCopies

MAX_READ = 5_000_000   # bytes read per file
_PROSE = {".py", ".md", ".txt", ".rst", ""}
_MARKDOWN = {".md", ".rst"}
INPUT_LINES = 50  # a .txt file this long is input data (a log, a listing), not a note
MIN_VALUES = 5  # distinctive answer values needed before quoting half of them is a FINDING


_NUMBER_TOKEN = re.compile(r"(?<![\w.])[-+]?\d+\.\d+(?![\w.])")


def _files(root: Path) -> list[Path]:
    """The regular files under `root` but those over MAX_SCANNED_BYTES (never read whole: a 30 GiB sparse
    file beside the grader was a MemoryError; materialize reports a workspace file's size)."""
    return sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()
                  and p.stat().st_size <= MAX_SCANNED_BYTES) if root.is_dir() else []


def _text(path: Path) -> str:
    with path.open("rb") as fh:
        data = fh.read(MAX_READ)
    return "" if b"\0" in data[:8192] else data.decode("utf-8", "replace")


def _is_input_data(path: Path) -> bool:
    """A data file (by suffix), or a long plain-text file (a log, a listing): the inputs the answer is
    computed from, whose values are vocabulary rather than answer content."""
    suffix = path.suffix.lower()
    if suffix not in _PROSE:
        return True
    return suffix in (".txt", "") and _text(path).count("\n") >= INPUT_LINES


def _named(prompt: str, rel: str) -> bool:
    """The prompt names this workspace file (its path or its name; a name without a suffix only
    quoted): a file the agent is told to read, the input the answer is computed from."""
    for name in dict.fromkeys((rel, rel.rsplit("/", 1)[-1])):
        if "." in name.lstrip("."):
            if re.search(rf"(?<![\w./-]){re.escape(name)}(?![\w/-]|\.\w)", prompt):
                return True
        elif re.search(rf"[`'\"]{re.escape(name)}[`'\"]", prompt):
            return True
    return False


def _size(values: Distinctive) -> int:
    return len(values.numbers) + len(values.strings)


def _record_case(shown: str, text: str, ref: list) -> CaseResult | None:
    found = records_in(text, Shapes.of(ref))
    hits = [r for r in ref if r in found]
    if not hits:
        return None
    # (input data the answer picks from: more records of the answer's shape than the answer has, the
    # others a third of as many as the picked ones, two at least; a selection of 4 offers of 6: blind p84)
    input_data = len(found) > len(ref) and len(found) - len(hits) >= max(2, len(hits) // 3)
    share = f"{len(set(map(repr, hits)))}/{len(ref)} reference record(s)"
    if len(hits) * 3 >= len(ref) and not input_data:
        return CaseResult(f"reference_records:{shown}", FINDING, cap(
            f"{share} appear as records here: the agent can read (or copy) the answer"))
    why = "inside larger input data of the same shape (filter/sort task?)" if input_data else "part of the answer"
    return CaseResult(f"reference_records:{shown}", WARNING, cap(f"{share} appear here, {why}"))


def _literals(text: str, *, dicts: bool = False) -> list[set[str]]:
    """The items of every literal set, list or tuple of constants in Python source (with `dicts`, the
    values of every literal dict of constants too)."""
    try:
        tree = parse_python(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    found = []
    for node in ast.walk(tree):
        elts = node.values if dicts and isinstance(node, ast.Dict) else \
            node.elts if isinstance(node, (ast.Set, ast.List, ast.Tuple)) else []
        if len(elts) >= 2 and all(isinstance(e, ast.Constant) and isinstance(e.value, (str, int, float))
                                  for e in elts):
            found.append({str(e.value) for e in elts})  # type: ignore[union-attr]
    return found


def _choices(text: str, answer: frozenset[str]) -> frozenset[str]:
    """Strings listed in a literal set, list or tuple of constants in Python source where most are not
    answer values (a rules file's allowed values: `{"resnet18", "resnet50", "vit_b16"}`): the vocabulary
    the agent must choose from. A literal made mostly of answer values is the answer, not a choice."""
    return frozenset().union(*(items for items in _literals(text) if len(items & answer) * 2 <= len(items) - 1))


def _baked(text: str, answer: frozenset[str]) -> frozenset[str]:
    """The answer values a literal made mostly of answer values holds: the answer written into code."""
    return frozenset().union(*(items & answer for items in _literals(text, dicts=True)
                               if len(items & answer) * 2 > len(items) - 1))


def _value_case(shown: str, text: str, values: Distinctive, total: int, *,
                alone: bool = False) -> CaseResult | None:
    """`alone`: `values` are those the prompt names one at a time, none with another value of its
    record: half of the answer's or more is then the answer's domain (the slots a schedule fills) or a
    hint, never the pairing itself (a warning at most)."""
    quoted = quoted_in(values, text)
    if not quoted or total == 0:
        return None
    share = f"{len(quoted)}/{total} of the answer's distinctive values ({', '.join(quoted[:5])})"
    # An answer of fewer than MIN_VALUES distinctive values is mostly vocabulary: two of three names
    # quoted say little about the rest of it (a finding needs more of the answer to stand on).
    if len(quoted) * 2 >= total and total >= MIN_VALUES:
        if alone:
            return CaseResult(f"reference_values:{shown}", WARNING, cap(
                f"names {share}, each on its own, never with another value of its record: the answer's "
                "domain, or a hint to it"))
        return CaseResult(f"reference_values:{shown}", FINDING, cap(f"quotes {share}: most of the answer"))
    if len(quoted) * 5 >= total and len(quoted) >= 2 and shown != "prompt.md" and not alone:
        # (a prompt naming some of the answer's values is its vocabulary: labels, ids, units)
        return CaseResult(f"reference_values:{shown}", WARNING, cap(f"quotes {share}"))
    return None


def _line_case(shown: str, text: str, ref_lines: list[str]) -> CaseResult | None:
    present = {ln.strip() for ln in text.splitlines()}
    hits = [ln for ln in ref_lines if ln in present]
    if not hits:
        return None
    status = FINDING if len(hits) * 2 >= len(ref_lines) else WARNING
    return CaseResult(f"reference_line:{shown}", status,
                      cap(f"{len(hits)}/{len(ref_lines)} reference line(s) appear, e.g. {hits[0]!r}"))


def _line_shape(line: str) -> tuple[str, int]:
    words = line.split()
    return (words[0] if not any(ch.isdigit() for ch in words[0]) else "#", len(words))


def summary_lines(reference: str, fixed: frozenset[str]) -> list[str]:
    """The lines of a text answer of three lines or more that no other line is like (first word, and how many words),
    where most of its lines are of one shape: its one result line among many records, `CROSS10 2024-08-15T15:17` under
    49 hourly lines."""
    lines = [line.strip() for line in reference.splitlines()[:20_000] if line.strip()]
    if len(lines) < 3:
        return []
    shapes = Counter(map(_line_shape, lines))
    if shapes.most_common(1)[0][1] * 2 < len(lines):
        return []  # (no run of records of one shape: a config file's lines each unlike the others; review)
    return [line for line in lines if shapes[_line_shape(line)] == 1 and line not in fixed and len(line) <= 500]


def _summary_case(shown: str, text: str, lines: list[str], elsewhere: Callable[[], str]) -> CaseResult | None:
    """A note or a verifier holding the answer's one result line whole, with a figure (three digits or more) that
    neither the prompt nor any other file the agent gets holds: that result is handed over (blind p353: `verify.py`'s
    "Expected layout" ending in the real `CROSS10 2024-08-15T15:17`, one line of 50)."""
    present = {ln.strip() for ln in text.splitlines()}
    for line in lines:
        if line not in present:
            continue
        others = elsewhere()
        novel = [word for word in line.split() if sum(ch.isdigit() for ch in word) >= 3
                 and not whole_token(word).search(others)]
        if novel:
            return CaseResult(f"reference_line:{shown}", FINDING, cap(
                f"holds the answer's one {line.split()[0]!r} line whole ({line!r}), whose {novel[0]!r} neither the "
                "prompt nor any other file the agent gets holds: the task's result, handed over"))
    return None


# The comment marks of config and program answers, whose comment lines carry no answer
_RULE_CELL = re.compile(r":?-{3,}:?")


def _table_rows(lines: set[str]) -> set[str]:
    """`lines` with each Markdown table row written one way: its cells stripped, and a rule row (`|---|--:|`,
    `| --- | --- |`) only as a rule, whatever its widths and alignment (a layout template spells its rows as
    its author likes; review)."""
    out = set()
    for line in lines:
        if len(line) > 1 and line.startswith("|") and line.endswith("|"):
            cells = [cell.strip() for cell in line[1:-1].split("|")]
            line = "|---|" if all(_RULE_CELL.fullmatch(cell) for cell in cells) else "|" + "|".join(cells) + "|"
        out.add(line)
    return out


def _unchanged_lines(case: CaseResult, text: str, reference: str, whole: set[str], ordered: bool) -> CaseResult | None:
    """An input holding every line of the answer unchanged: the answer is what the task does to the lines.
    In another order where the prompt states the order (a shelf list to sort: blind p56) the
    answer is that order, which the input lacks: a WARNING (a leftover output sorted otherwise still
    holds all of it). In the answer's order among other lines, the
    answer is which lines (a filter): a WARNING. The same lines in one run, in the same order (or in any order
    where order is free) are the answer itself: the FINDING stands."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    kept = list(dict.fromkeys(ln for ln in lines if ln in whole))
    answer = list(dict.fromkeys(ln.strip() for ln in reference.splitlines() if ln.strip()))
    if kept != answer and ordered:  # (a leftover output in another order still holds all of it: a WARNING)
        return CaseResult(case.name, WARNING, cap(f"{case.detail}, in another order than the answer's: is the "
                                                  "answer their order (a sort)?"))
    at = [i for i, ln in enumerate(lines) if ln in whole]
    if not at:
        return case
    if len(lines) > len(kept) and at[-1] - at[0] + 1 > len(at):  # (not one run: the answer shown whole is one)
        return CaseResult(case.name, WARNING, cap(f"{case.detail}; among other lines of an input: is the answer "
                                                  "which lines to keep?"))
    return case


def _rows(text: str) -> list[list[str]]:
    """The rows of the Markdown tables and comma-separated lines of `text`, as cells."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("|") and line.count("|") >= 3:
            out.append(table_cells(line))
        elif line.count(",") >= 2 and " " not in line.replace(", ", ","):
            out.append([cell.strip() for cell in line.split(",")])
    return out


def _example_row(prompt: str, reference: str, given: str) -> CaseResult | None:
    """A row of the prompt's example that is a record of the answer (blind p156: `| 24-031 | 1.0118 | 0.383 |
    9.87 | 78.8 |`, the reference's row for an input batch, its name column left out): its first cell a
    reference row's, and its other cells, three or more numbers (one of 3+ significant digits, not all of
    them in the inputs' text `given`: a row a filter keeps), each a cell of that row. One record is not the
    answer: a WARNING."""
    rows: dict[str, list[str]] = {}
    for cells in _rows(reference):
        rows.setdefault(cells[0], cells)
    for cells in _rows(prompt):
        row = rows.get(cells[0]) if cells[0] else None
        rest = [c for c in cells[1:] if c]
        if row is None or len(rest) < 3 or not all(NUMBER_CELL.fullmatch(c) for c in rest) \
                or not _in_order(rest, row[1:]):
            continue
        if any(significant_digits(c) >= 3 for c in rest) and not all(whole_token(c).search(given) for c in rest):
            return CaseResult("example_row:prompt.md", WARNING, cap(
                f"the prompt's example row {' | '.join(cells)!r} is the answer's row for {cells[0]!r}, value for "
                f"value (1 of {sum(any(NUMBER_CELL.fullmatch(c) for c in r[1:]) for r in rows.values())} rows): the "
                f"agent copies it, and checks its method against it"))
    return None


def _in_order(cells: list[str], row: list[str]) -> bool:
    """`cells` are cells of `row` in its order, some of its columns left out (`| 24-031 | 1.0118 | ...` without the
    name column; not `| web-01 | 0 | 1 |` against `| web-01 | 1 | 0 |`; review)."""
    at = iter(row)
    return all(any(cell == other for other in at) for cell in cells)


NUMBER_CELL = re.compile(r"[-+]?\d+(?:\.\d+)?")


def _block_case(shown: str, text: str, reference: ReferenceLines) -> CaseResult | None:
    hits = [h for h in map(reference.match, code_blocks(text)) if h is not None and h.reproduces]
    if not hits:
        return None
    best = max(hits, key=lambda h: h.hits)
    return CaseResult(f"reference_block:{shown}", FINDING, cap(
        f"a code block reproduces {best.hits}/{best.reference_lines} reference line(s) in order, "
        f"e.g. {best.first!r}: the agent can copy the answer"))


_KEY_VALUE_SUFFIXES = (".toml", ".ini", ".cfg", ".conf", ".env", ".properties")
_CONFIG_KEY = re.compile(r"^\s*(?:\[\[?[^\]\n]*\]\]?\s*$|[\w.\"'-]+\s*[=:]\s*)", re.MULTILINE)


def _config_values(text: str) -> str:
    """A key = value file's values: without its keys and `[table]` headers (blind p37: a TOML answer's
    `rated_speed_mps = ...` keys were counted as 7 of its 12 distinctive values, "quoted" by the prompt
    that names them as the format)."""
    return _CONFIG_KEY.sub(" ", text)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n")
MAX_STEPS = 2_000_000  # (sentence, record) pairs _stated_together looks at; past them, labels stay labels


MAX_UNITS = 20_000
MAX_INNER_CHARS = 2_000_000  # (a larger answer stays one record: no third parse of 13 MB)


def _inner_units(fmt: str, reference: str) -> tuple[list[set[str]], frozenset[str]]:
    """The strings of each innermost record of a tree answer (an object holding a plain value or a list of
    them: `"flags": ["OVERBOOKED", ...]`), with the key it stands under in its parent (a record's id,
    `"BK503": {...}`), and those keys; ([], {}) where the answer does not parse or has more than MAX_UNITS
    such records (then the document stays one record, the stricter reading)."""
    try:
        data = parse(fmt, reference).data
    except Exception:  # noqa: BLE001 - no tree, no finer units
        return [], frozenset()
    units: list[set[str]] = []
    ids: set[str] = set()
    stack: list[tuple[object, str | None]] = [(data, None)]
    while stack:
        if len(units) > MAX_UNITS:
            return [], frozenset()
        node, key = stack.pop()
        if isinstance(node, dict):
            plain = [v for v in node.values() if isinstance(v, str)]
            plain += [x for v in node.values() if isinstance(v, list) for x in v if isinstance(x, str)]
            if plain or any(isinstance(v, (int, float)) for v in node.values()):
                unit: set[str] = set()
                for value in plain + ([key] if key is not None else []):
                    _strings_in(value, unit)
                units.append(unit)
                if key is not None:
                    ids.add(key)
            stack.extend((v, str(k)) for k, v in node.items() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend((v, None) for v in node if isinstance(v, (dict, list)))
    return units, frozenset(ids)


def _strings_in(value: object, out: set[str]) -> set[str]:
    """The strings of a canonical record (nested tuples; records_in's form) or of a line."""
    if isinstance(value, str):
        out.update(TOKEN_SPLIT.split(value) if value.count(" ") else (value,))
    elif isinstance(value, tuple):
        for item in value:
            _strings_in(item, out)
    return out


def _first_values(fmt: str, reference: str) -> frozenset[str] | None:
    """The value each record of the answer opens with (a CSV row's first cell, a JSON line's first value, a text line's
    first word), None for a format whose records have no first value."""
    lines = [line for line in reference.splitlines()[:20_000] if line.strip()]
    out: set[str] = set()
    if fmt == "csv":
        out.update(line.split(",", 1)[0].strip().strip('"') for line in lines[1:])
    elif fmt == "jsonl":
        for line in lines:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            first = next(iter(record.values()), None) if isinstance(record, dict) else None
            if isinstance(first, str):
                out.add(first)
    elif fmt == "text":
        out.update(line.split()[0].strip("`*_:;,.()") for line in lines)
    else:
        return None
    return frozenset(out)


def _definitions(prompt: str, answer: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """(defined terms, the table lines that define them). Defined terms: answer values the prompt defines in a table
    of them, one a row in its first cell, the row's other cells holding no other answer value (`| E001 | stops.txt |
    stop_id used twice |`): the codes the answer picks from, its vocabulary (blind p252, whose lint codes were half of
    a report's distinctive values). A table of three such rows at least."""
    out: set[str] = set()
    used: set[str] = set()
    rows: list[list[str]] = []
    lines: list[str] = []
    for line in [*prompt.splitlines()[:20_000], ""]:
        if line.strip().startswith("|"):
            rows.append(table_cells(line))
            lines.append(line)
            continue
        found, defining = [], []
        # (a value the other cells repeat over three rows or more is a category of the codes, `| MAINT | NO-GO | ...`
        # beside `| MASK | NO-GO | ...`: vocabulary too, not a pairing; blind p278)
        others = Counter(value for cells in rows for value in {v for cell in cells[1:]
                                                               for v in TOKEN_SPLIT.split(cell.replace("`", " "))})
        for cells, row_line in zip(rows, lines):
            first = cells[0].strip("`*_ ") if cells else ""
            if first in answer and not any(value in answer and value != first and others[value] < 3 for cell in cells[1:]
                                           for value in TOKEN_SPLIT.split(cell.replace("`", " "))):
                found.append(first)
                defining.append(row_line)
        if len(set(found)) >= 3:
            out.update(found)
            used.update(defining)
        rows, lines = [], []
    return frozenset(out), frozenset(used)


def _stated_together(prompt: str, labels: frozenset[str], units: list[set[str]],
                     partners: frozenset[str] | None = None, ids: frozenset[str] = frozenset()) -> frozenset[str]:
    """The strings of `labels` that a sentence of the prompt names with another of the same answer record
    (or line) among `partners` (default: `labels`); `units`: each record's strings (_strings_in). "the
    chain runs auth-gateway then billing-core" states the record {"from": "auth-gateway", "to":
    "billing-core"}. Vocabulary is named one value of a record at a time ("`rule` is one of column-count,
    bad-separator, missing-separator": no record has two), so those stay vocabulary. With `ids` (records keyed by
    their id), a sentence states a record only where it names its id: "a run with a 1_3s violation is REJECTed" names
    two values of many runs, a rule of the prompt's, not one run's answer (blind p382's QC rules)."""
    partners = labels if partners is None else partners | labels
    owners: dict[str, list[int]] = {}
    for i, unit in enumerate(units):
        held = partners.intersection(unit)
        if len(held) >= 2:
            for label in held:
                owners.setdefault(label, []).append(i)
    if not owners:
        return frozenset()
    stated: set[str] = set()
    steps = 0
    # (a word-like label is one whole run of the sentence: a set intersection per sentence, not a look
    # for each of 20 000 labels in each of 2 000 sentences, 13 s)
    words = frozenset(label for label in owners if RUN.fullmatch(label))
    others = Distinctive({}, frozenset(owners) - words)
    for sentence in dict.fromkeys(_SENTENCE_END.split(prompt)):
        named = sorted(words.intersection(RUN.findall(sentence))) + quoted_in(others, sentence)
        first: dict[int, str] = {}
        for label in named:
            steps += len(owners[label])
            if steps > MAX_STEPS:
                return frozenset(stated)
            for i in owners[label]:
                if first.setdefault(i, label) != label and (not ids or ids & {label, first[i]}):
                    stated.update((label, first[i]))
    return frozenset(stated)


def _copy_passes(ctx: TaskContext, shown: str, data: bytes) -> CaseResult | None:
    """A FINDING where the file's bytes, put at output_artifact as they are, pass the grader."""
    outcome = ctx.grade_text(data.decode("utf-8", "surrogateescape"), label=f"content_leaks\tcopy of {shown}")
    if not outcome.passed:
        return None
    return CaseResult(f"copy_passes:{shown}", FINDING, cap(
        f"{shown}, copied to {ctx.task.output_artifact.as_posix()} as it is, passes the grader "
        f"({outcome.result.detail!r}): the answer reaches the agent"))


MAX_EXAMPLES = 3  # prompt examples graded as the answer
MAX_EXAMPLE_BYTES = 64_000


def _example_passes(ctx: TaskContext, prompt: str, reference: str, fmt: str) -> list[CaseResult]:
    """A FINDING where an example of the prompt, a fenced block of the answer's shape written as the answer, passes
    the grader: "the numbers are only illustrative" over the fitted values rounded into the grader's band (blind p170),
    which no line or value of the reference matches as written. A block is of the answer's shape where two of its
    lines are lines of the reference (a table's header and rule row), or it parses as the answer's tree format."""
    answer = {line.strip() for line in reference.splitlines() if line.strip()}
    graded = 0
    for n, block in enumerate(fenced_blocks(prompt)[0], 1):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        tree = fmt in ("json", "jsonl", "yaml")
        if graded >= MAX_EXAMPLES or len(lines) < (1 if tree else 3) or len(block) > MAX_EXAMPLE_BYTES \
                or block.strip() == reference.strip():
            continue
        shaped = len(set(lines) & answer) >= 2
        if not shaped and tree:
            try:  # (an example of the answer's objects: two keys of them at least, not an input's example)
                shaped = len(_keys_of(parse(fmt, block).data) & _keys_of(parse(fmt, reference).data)) >= 2
            except (ValueError, AttributeError):
                shaped = False
        if not shaped:
            continue
        graded += 1
        copied = _copy_passes(ctx, f"prompt.md (example {n})", block.encode("utf-8", "surrogateescape"))
        if copied is not None:
            return [CaseResult("copy_passes:prompt.md", FINDING, copied.detail)]
    return []


def _keys_of(data: object, limit: int = 2000) -> set[str]:
    """The keys of the objects in parsed JSON/YAML data (the first `limit` nodes looked at)."""
    keys: set[str] = set()
    stack, seen = [data], 0
    while stack and seen < limit:
        node = stack.pop()
        seen += 1
        if isinstance(node, dict):
            keys.update(str(k) for k in node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return keys


_SQLITE_MAGIC = b"SQLite format 3\x00"
MAX_VIEWS = 8  # views graded, over every database of the workspace
MAX_DATABASES = 4
VIEW_SECONDS = 2.0  # a view slower than this in the checker's own read is not graded (the grader would time out)


def _views_pass(ctx: TaskContext, files: list[Path], root: Path) -> list[CaseResult]:
    """An SQL answer one of the input databases already holds as a view (blind p162: `rpt_lender_scorecard`, whose
    definition is the query asked for): `SELECT * FROM <view>;` graded as the answer. A FINDING where it passes.
    Each database opened read-only and immutable; a file that is no SQLite database is skipped, and a view that
    errors or takes over VIEW_SECONDS to read here is never graded (review: heavy views timed the grader out)."""
    cases: list[CaseResult] = []
    graded = databases = 0
    for path in files:
        if graded >= MAX_VIEWS or databases >= MAX_DATABASES:
            break
        try:
            with path.open("rb") as handle:
                if handle.read(16) != _SQLITE_MAGIC:
                    continue
        except OSError:
            continue
        databases += 1
        quick = _quick_views(path, MAX_VIEWS - graded)
        shown = path.relative_to(root).as_posix()
        for view in quick:
            graded += 1
            query = 'SELECT * FROM "' + view.replace('"', '""') + '";\n'
            outcome = ctx.grade_text(query, label=f"content_leaks\tview {view} of {shown}")
            if outcome.passed:
                cases.append(CaseResult(f"copy_passes:{shown}:{view}", FINDING, cap(
                    f"{shown} holds a view {view!r}: `SELECT * FROM {view}` passes the grader "
                    f"({outcome.result.detail!r}): the answer reaches the agent")))
    return cases


def _quick_views(path: Path, most: int) -> list[str]:
    """The views of the SQLite database at `path` (at most `most`) that read through in VIEW_SECONDS."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except (sqlite3.Error, ValueError, OSError):
        return []
    out: list[str] = []
    try:
        views = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name LIMIT ?", (most,))]
        for view in views:
            until = time.monotonic() + VIEW_SECONDS
            conn.set_progress_handler(lambda: int(time.monotonic() > until), 10_000)
            try:
                conn.execute('SELECT count(*) FROM "' + view.replace('"', '""') + '"').fetchone()
            except sqlite3.Error:
                continue  # (interrupted, or a view that does not read)
            out.append(view)
    except sqlite3.Error:
        pass
    finally:
        conn.close()
    return out


def content_leaks_gate(ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    task = ctx.task
    fmt = format_of(task.output_artifact)
    reference = reference_text(ctx)
    ref_records = reference_records(fmt, reference)
    prompt = task.problem_statement.read_text(encoding="utf-8", errors="replace")
    # Lines the prompt prescribes and that hold no value (a table's header and separator rows, a fixed
    # label) are the format, not the answer: they count in no file.
    fixed = format_lines(reference, prompt) if fmt == "text" else frozenset()
    # every line of the answer but its header comments (`# Floating collection balance - reference` above a TOML
    # answer an input holds every other line of: still the whole answer; blind p121)
    # (its leading comment block only: comments among the lines may be what the task adds, "mark each deprecated
    # key with a `# DEPRECATED: ...` comment", whose input holds every other line; review)
    lead = line_marks(task.output_artifact.name)
    lines = [line.strip() for line in reference.splitlines() if line.strip()]
    head = next((i for i, line in enumerate(lines) if not (lead and line.startswith(lead))), len(lines))
    whole = set(lines[head:]) if head < len(lines) else set(lines)
    # The lines the prompt does not free (where it frees some): an input holding all of them but the free title and
    # notes may be a layout template holding the answer's table (blind p124), or the input of a sort, a filter or
    # an edit whose change is elsewhere (review): a WARNING, never more.
    not_free = whole
    if fmt == "text" and not program(task.output_artifact.as_posix()) and (free := read_prompt(prompt).free_lines):
        not_free = {line.strip() for line, kind in zip(reference.splitlines(), free.kinds(reference))
                if kind not in ("free", "blank")} or whole
    markup = task.output_artifact.suffix.lower() in MARKUP_SUFFIXES
    # Each line once, and not a line the answer holds more than once: `<flag code="FORCED_TRANSFER"/>`
    # under many objects is vocabulary its format example shows, not one of its records (blind p32)
    counted = Counter(non_trivial_lines(reference))
    ref_lines = [] if ref_records else [line for line, n in counted.items() if n == 1 and line not in fixed
                                        and not (markup and not markup_content(line).strip())]
    blocks = ReferenceLines(reference, fmt, fixed)
    values = distinctive(fmt, reference, min_digits=4)
    if fmt == "text":  # a heading, column name or label the prompt wrote is no answer value
        values = Distinctive(values.numbers, values.strings
                             & distinctive(fmt, answer_text(reference, prompt, fixed), min_digits=4).strings)
        free = read_prompt(prompt).free_lines
        if free and not program(task.output_artifact.as_posix()):  # (a script's comments hold no keywords)
            # (nor a word only the lines the prompt frees hold: "# East district — night rebalancing" above a
            # route of "Headings, notes ... around the list are welcome"; blind p112)
            kinds = free.kinds(reference)
            graded = "\n".join(line for line, kind in zip(reference.splitlines(), kinds) if kind != "free")
            values = Distinctive(values.numbers, values.strings & distinctive(fmt, graded, min_digits=4).strings)
        # (nor a word only the free text its format lets end a line holds: `W101 segment faster than 100 km/h` under
        # `<file>:<line>: <CODE> <free-text message>`; blind p252)
        tails = without_free_tails(reference, prompt)
        if tails != reference:
            values = Distinctive(values.numbers, values.strings & distinctive(fmt, tails, min_digits=4).strings)
        # (nor a word only its comment lines hold, where the prompt allows comments: "# feasible trip plans, expected
        # catch descending" above the plans of "lines starting with `#` are ignored"; blind p131)
        marks = line_marks(task.output_artifact.name) or declared_marks(prompt)
        if marks and read_prompt(prompt).comments_said:
            graded = "\n".join(line for line in reference.splitlines() if not line.lstrip().startswith(marks))
            values = Distinctive(values.numbers, values.strings & distinctive(fmt, graded, min_digits=4).strings)
    if markup:  # element and attribute names are its format, as are a declaration and a doctype
        values = Distinctive(values.numbers, values.strings
                             & distinctive(fmt, markup_content(reference), min_digits=4).strings)
    if task.output_artifact.suffix.lower() in _KEY_VALUE_SUFFIXES:  # (its keys and `[table]` names are its format)
        values = Distinctive(values.numbers, values.strings
                             & distinctive(fmt, _config_values(reference), min_digits=4).strings)
    total = _size(values)
    scratch = ctx.pristine().scratch_dir
    generator = task.workspace_generator
    sources = [("prompt.md", task.problem_statement)]
    sources += [(f"workspace/{p.relative_to(task.workspace_dir).as_posix()}", p) for p in _files(task.workspace_dir)
                if generator is None or p.resolve() != generator.resolve()]  # never copied to the agent
    sources += [(f"materialized/{p.relative_to(scratch).as_posix()}", p) for p in _files(scratch)]
    grader_hashes = {hashlib.sha256(p.read_bytes()).hexdigest(): p for p in _files(task.grader_dir)
                     if p.stat().st_size >= 32 and "__pycache__" not in p.parts}
    copies = GraderCopies(task, prompt)  # (the grader's own copy of an input the prompt names is no secret)
    # Values the input data already holds (service names, ids) are vocabulary when a note or the
    # verifier repeats them: only the rest counts in prose and code. A file the prompt names is input
    # too, whatever its suffix (the article a task re-wraps holds every word of the answer): only its
    # records or lines can leak the answer, and in Python source a literal made of answer values.
    answer = values.strings | frozenset(values.numbers.values())
    inputs = {p for shown, p in sources[1:] if _is_input_data(p) or _named(prompt, shown.split("/", 1)[1])}
    given = "\n".join(_text(p) for p in sorted(inputs) if p.suffix.lower() != ".py")
    in_data = set(quoted_in(values, given))
    for source in (_text(p) for p in sorted(inputs) if p.suffix.lower() == ".py"):
        in_data.update(frozenset(quoted_in(values, source)) - _baked(source, answer))
    # So are the allowed values a rules file lists as a literal set or list (an enum the answer picks from).
    choices = frozenset().union(*(_choices(_text(p), answer) for _, p in sources[1:] if p.suffix.lower() == ".py"))
    # The workspace's own file names are visible too (the agent lists its inputs: `docs/guide.md`).
    in_data.update(quoted_in(values, "\n".join(p.relative_to(scratch).as_posix() for p in _files(scratch))))
    full = values.strings  # (input values too: a record's other values, for what the prompt pairs)
    values = Distinctive({k: v for k, v in values.numbers.items() if v not in in_data and v not in choices},
                         values.strings - frozenset(in_data) - choices)
    # In the prompt, a string the answer repeats (a rule name on several findings, a category) is the
    # vocabulary it must define for the agent to answer in; what the answer says is which records carry
    # it, which the prompt's records and lines are checked for.
    tokens = Counter(TOKEN_SPLIT.split(reference))
    labels = frozenset(s for s in values.strings if tokens[s] >= 2)
    units = [_strings_in(unit, set()) for unit in ref_records or non_trivial_lines(reference)]
    defined, defining = _definitions(prompt, values.strings)
    together_in = prompt  # (what _stated_together reads: not the rows that define the codes)
    own_partners: frozenset[str] = frozenset()
    if defined:
        # (codes a table of the prompt defines label the answer's records, each of which holds a value of its own
        # besides, `stops.txt:15` of `stops.txt:15: E001`; where a record is a defined term and nothing else, the
        # table lists the answer: `| S-0412 | shares coords with S-0103 |` of an answer of stop ids; review)
        # (that value may be the input's, and vary from record to record: `B09,BAND,NO-GO` labels booking B09 of
        # `bookings.csv`; blind p278)
        labelling = [{word.strip(":;,.") for word in unit} for unit in units[:20_000] if unit & defined]
        own = [unit - defined - {""} for unit in labelling]
        if labelling and all(own) and len(set().union(*own)) >= 2:
            labels |= defined
            # (a row defining a code beside its category, `| BAND | NO-GO | ... |`, names two values of a record of the
            # answer, `B09,BAND,NO-GO`: the code's own severity, vocabulary, not how the answer pairs them; blind p278)
            # (but a code named with a record's own value, an input id it labels, `| B09 | BAND |` in a table of last
            # quarter's findings, is that record's answer: the strings of one or two records each are its partners,
            # and a defining row naming one, `| BAND | NO-GO | ... | B09 |`, stays; review)
            spread = Counter(word for unit in units[:20_000] for word in unit)
            # (the value a record opens with, its id, `B09` or `DENEB`: not a word of a rule's text the answer's message
            # repeats, `duplicate stop_id`; review)
            firsts = _first_values(fmt, reference)
            own_partners = frozenset(w for w, n in spread.items() if n <= 2 and w and w not in defined
                                     and (w in firsts if firsts is not None else any(c.isdigit() for c in w)))
            together_in = "\n".join(line for line in prompt.splitlines() if line not in defining or any(
                word.strip("`*_:;,.()") in own_partners for word in TOKEN_SPLIT.split(line.replace("|", " "))))
    ids: frozenset[str] = frozenset()
    if len(units) == 1 and fmt in ("json", "yaml") and len(reference) <= MAX_INNER_CHARS:
        # (one document of maps of records, `{"bookings": {"BK503": {"status": ...}}, "sailings": ...}`: each
        # inner record is a unit, with the id it stands under, or every two statuses named in one sentence of
        # the prompt's state machine were "stated together"; blind p109. A status named with its booking's
        # id, "BK501 settled", is the answer all the same; review)
        inner, ids = _inner_units(fmt, reference)
        units = inner or units
    labels -= _stated_together(together_in, labels, units, ids or own_partners or None, ids)
    # A string of a record that holds other values too (a slot beside its talk) that the prompt names
    # only on its own is the answer's domain or a hint ("the day has six slots: 09:00-09:45, ..."), not
    # the answer, which is how the values pair up: at most a WARNING.
    paired = frozenset().union(*(held for unit in units if len(held := full & unit) >= 2))
    alone = (values.strings - labels) & paired
    alone -= _stated_together(prompt, alone, units, full)
    prompt_values = Distinctive(values.numbers, values.strings - labels - alone)
    # (in a Python file, a value the prompt itself names is no news: `verify.py`'s set of the reason codes the prompt
    # lists, most of which the answer uses; blind p248. Not in notes, which may pair them with the answer's ids; review)
    named = set(quoted_in(values, prompt))
    file_values = Distinctive({k: v for k, v in values.numbers.items() if v not in named}, values.strings - named)
    allows = read_prompt(prompt)
    ordered = bool(allows.ordered_by) and not allows.unordered  # (the order is part of the answer)
    # The answer's fine numbers (non-integers of 3+ significant digits) no input holds, which a narrow range in
    # the agent's code would pin (a data answer's: a program's numbers are the prompt's thresholds)
    # (only where the agent sees Python code: the scan of every input's numbers is for that)
    pin_answer: dict[float, str] = {}
    if fmt != "python" and not program(task.output_artifact.as_posix()) \
            and any(p.suffix.lower() == ".py" for _, p in sources[1:]):
        given = {token for p in sorted(inputs) if p.suffix.lower() != ".py" for token in _NUMBER_TOKEN.findall(_text(p))}
        pin_answer = {v: spelled for v, spelled in distinctive(fmt, reference, min_digits=3).numbers.items()
                      if "." in spelled and spelled not in given}
    stated = stated_tolerance(prompt) if pin_answer else None
    readings = stated.readings if stated is not None else ()

    def pin_band(value: float) -> float:  # (the loosest band the prompt states: a midpoint within it passes)
        return max((a + r * abs(value) for a, r in readings), default=0.0)
    try:
        answer_data = parse(fmt, reference).data if fmt in ("json", "jsonl", "yaml", "csv") else \
            tomllib.loads(reference) if task.output_artifact.suffix.lower() == ".toml" else None
    except Exception:  # noqa: BLE001 - an unparsable reference has no records to look for
        answer_data = None
    tables = {path: rows for _, path in sources[1:] if answer_data is not None and (rows := input_table(path))}
    results = summary_lines(reference, fixed) if fmt == "text" and not program(task.output_artifact.as_posix()) else []
    texts: list[tuple[str, str]] = []

    def every_text() -> list[tuple[str, str]]:
        """(digest, text) of every file the agent gets, read once, when a result line first stands in one."""
        if not texts:
            texts.extend((hashlib.sha256(data).hexdigest(),
                          "" if b"\0" in data[:8192] else data[:MAX_READ].decode("utf-8", "replace"))
                         for data in (p.read_bytes() for _, p in sources))
        return texts
    cases: list[CaseResult] = []
    seen: set[str] = set()
    for shown, path in sources:
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest in seen:  # a materialized copy of a workspace file already scanned
            continue
        seen.add(digest)
        if digest in grader_hashes and "/" not in shown:
            # (the prompt itself: an author's copy of it under grader/ is no secret; the grader or its answer as the
            # prompt is; outside attack)
            if grader_hashes[digest].resolve() in (task.hidden_grader.resolve(), task.reference_output.resolve()):
                rel = grader_hashes[digest].relative_to(task.root).as_posix()
                cases.append(CaseResult(f"grader_bytes:{shown}", FINDING, f"has the exact bytes of {rel}"))
        elif digest in grader_hashes:
            rel = grader_hashes[digest].relative_to(task.root).as_posix()
            if copies.secret(digest, grader_hashes[digest].relative_to(task.grader_dir).as_posix(), shown.split("/", 1)[1]):
                cases.append(CaseResult(f"grader_bytes:{shown}", FINDING, f"has the exact bytes of {rel}"))
            elif copies.in_doubt(lambda: data):
                cases.append(CaseResult(f"grader_bytes:{shown}", WARNING, cap(
                    f"has the exact bytes of {rel}, an input the prompt names that holds most of the answer's "
                    "numbers: the grader's copy of an input the answer copies from, or the answer shipped as an "
                    "input?")))
        data = data[:MAX_READ]
        if b"\0" in data[:8192]:
            continue
        text = data.decode("utf-8", "replace")
        case = (_record_case(shown, text, ref_records) if ref_records else _line_case(shown, text, ref_lines)) \
            if (ref_records or ref_lines) else None
        if case is not None and path in inputs and len(data) < MAX_READ:
            # An input holding the answer's lines, graded as it is: passed, the answer reaches the agent,
            # whatever the prompt frees around it (blind p147: `report_template.md`, "lay the table out like
            # it", holds the reference's table under another title and note)
            copied = _copy_passes(ctx, shown, data)
            if copied is not None:
                cases.append(copied)
                continue
        input_lines = {ln.strip() for ln in text.splitlines()} if case is not None and path in inputs else set()
        if case is not None and not ref_records and path in inputs and not whole <= input_lines \
                and not_free != whole and _table_rows(not_free) <= _table_rows(input_lines):
            case = CaseResult(case.name, WARNING, cap(f"{case.detail}; every line the prompt does not free is here: "
                                                      "a template holding the answer, or the input the task edits?"))
        elif case is not None and not ref_records and path in inputs and (
                case.status == WARNING or not whole <= input_lines):
            # An input keeps some of the answer's lines as they are (a paragraph left as it was, the keys of
            # a config the answer edits): the answer is in the lines it changed, which this file lacks.
            case = None
        elif case is not None and not ref_records and path in inputs:
            case = _unchanged_lines(case, text, reference, whole, ordered)
        if (case is None or case.status != FINDING) and (shown == "prompt.md" or path.suffix.lower() in _MARKDOWN):
            case = _block_case(shown, text, blocks) or case
        if (case is None or case.status != FINDING) and fmt != "python" \
                and (shown == "prompt.md" or path.suffix.lower() in _PROSE) and not _is_input_data(path):
            case = (_value_case(shown, text, prompt_values, total)
                    or _value_case(shown, text, Distinctive({}, alone), total, alone=True)
                    if shown == "prompt.md" else _value_case(
                        shown, text, file_values if path.suffix.lower() == ".py" else values, total)) or case
        if case is None and shown == "prompt.md":
            case = _example_row(text, reference, given)
        # (not an input the prompt names that is no program: the text an answer is made from, a bulletin it reflows)
        if (case is None or case.status != FINDING) and shown != "prompt.md" and results \
                and path.suffix.lower() in _PROSE and not _is_input_data(path) \
                and not (path in inputs and path.suffix.lower() != ".py"):
            case = _summary_case(shown, text, results, lambda digest=digest: "\n".join(
                other for d, other in every_text() if d != digest)) or case
        if case is None and path in tables:
            whole_answer, parts = copied_columns(answer_data, [tables[path]])
            if whole_answer:
                case = CaseResult(f"answer_columns:{shown}", WARNING, cap(
                    f"its columns give every record of the answer its value, key for key ({'; '.join(parts)}): "
                    f"copying them is the answer (is the task only to convert this input?)"))
            elif parts:
                case = CaseResult(f"answer_columns:{shown}", WARNING, cap(
                    f"its columns give every record of a part of the answer its value, key for key "
                    f"({'; '.join(parts)}): the agent copies that part"))
        if case is not None:
            cases.append(case)
        if pin_answer and path.suffix.lower() == ".py":
            ranges = pinned(text, pin_answer, pin_band)
            if ranges:
                shown_ranges = ", ".join(f"{low:g}..{high:g} around {value}" for value, low, high in ranges[:4])
                cases.append(CaseResult(
                    f"pinned_range:{shown}", FINDING if len(ranges) >= 2 or len(pin_answer) <= 2 else WARNING, cap(
                        f"{len(ranges)} of the answer's {len(pin_answer)} fine value(s) lie in a range this code holds "
                        f"at most {PIN_SHARE:.0%} wide ({shown_ranges}): its midpoint is the answer (spec 4.2)")))
    if task.output_artifact.suffix.lower() == ".sql":
        cases += _views_pass(ctx, _files(scratch), scratch)
    if not any(c.status == FINDING and c.name.endswith(":prompt.md") for c in cases):
        cases += _example_passes(ctx, prompt, reference, fmt)
    scanned = len(sources)
    summary = f"{sum(c.status == FINDING for c in cases)} leak(s) in {scanned} file(s)" if cases \
        else f"no reference content or grader bytes in {scanned} file(s)"
    if not cases:
        cases.append(CaseResult("scan", OK, summary))
    return finish("content_leaks", cases, started, f"{summary} ({counts(cases)})")
