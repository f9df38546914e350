"""Artifacts the leak gates grade besides the fuzzer's mutants, and what counts as visible to the agent.

- `bogus_record(fmt, reference)`: the answer's shape with one made-up record: a grader that lists what
  is missing without a cap returns the whole answer set for it.
- `varied(fmt, text, reference)`: the same artifact with every number of each record that differs from
  the reference moved (x -> 3x + 7, ints stay ints; records equal to the reference's stay, so the grader
  still stops at the same place) and a Python stub's `return None` changed: a value the grader computed
  from the artifact moves with it; a value taken from the reference does not. A quoted value is a leak
  only if it survives this.
- `reshuffled(fmt, text)`: the same artifact with the lists it shares with the reference changed
  (two neighbours swapped; the last item dropped): a number the grader derives from those lists
  ("does not match the sum over your ids (329)") moves; a reference value stays.
- `holding(fmt, reference, values)`: the reference cut to the records that hold any of `values`: what an
  agent writes from the records a detail listed as missing, to be told the next ones.
- `visible_text(task, scratch)`: the prompt and the materialized workspace as text (what the agent reads).
"""

from __future__ import annotations

import configparser
import copy
import csv
import datetime
import io
import itertools
import json
import re
import tomllib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from artifactbench.gates.core import common_ends
from artifactbench.gates.fuzz import NUMBER_RE, PyDoc, TreeDoc, count_of, parse, recount
from artifactbench.gates.leaks._values import TOKEN_SPLIT

BOGUS = "zz-bogus"
_MAX_VISIBLE = 2_000_000  # characters of workspace text read per file


def _bogus_leaf(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return type(value)(0)
    if isinstance(value, str):
        return "0" if NUMBER_RE.fullmatch(value.strip()) else BOGUS
    if isinstance(value, dict):
        return {k: _bogus_leaf(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_bogus_leaf(v) for v in value[:1]]
    return value


def bogus_record(fmt: str, reference: str) -> str | None:
    """One made-up record in the reference's shape, or None when the answer has no records."""
    try:
        doc = parse(fmt, reference)
    except Exception:  # noqa: BLE001 - an unparsable reference has no record shape
        return None
    if isinstance(doc, TreeDoc):
        data = doc.data
        if isinstance(data, list) and data:
            return doc.render([_bogus_leaf(data[0])])
        if isinstance(data, dict):
            lists = [k for k, v in data.items() if isinstance(v, list) and v]
            if lists:
                return doc.render({**data, lists[0]: [_bogus_leaf(data[lists[0]][0])]})
        return None
    if isinstance(doc, PyDoc):
        return None
    return f"{BOGUS}\n"


def holding(fmt: str, reference: str, values: list[str]) -> tuple[str | None, int]:
    """The reference with only its records (the items of its root list, or of a root object's first list;
    a text's lines, and those with no digit: its headings and rules) that hold one of `values` as a whole
    token, of those `values` that pick out one record (an id, not a rule's name every third record holds),
    or only its first record when `values` is empty (None when it has no records or keeps none); and how
    many records it keeps."""
    found = _picked(fmt, reference, values)
    if found is None or not found[2]:
        return None, 0
    return _kept(*found)


def holding_records(fmt: str, reference: str, picks: set[int]) -> tuple[str | None, int]:
    """`holding` of the records numbered `picks` (as `written_records` numbers them)."""
    index = _record_index(fmt, reference)
    if index is None or not picks:
        return None, 0
    doc, key, records = index[:3]
    return _kept(doc, key, [r for n, r in enumerate(records) if n in picks])


def written_records(fmt: str, reference: str, text: str, detail: str, visible: str = "") -> set[int]:
    """The reference's records (numbered as its record list holds them) that `text` lacks and `detail` writes out
    whole in one item of its list, as `written_out` reads them: every field's value (two or more), or every token of
    a line, in any order and with any separator (`C02/C09/C19/C24` of `| C02 | C09 | C19 | C24 |`; blind p329)."""
    index = _record_index(fmt, reference)
    if index is None:
        return set()
    records, texts = index[2], index[3]
    # (each item's whole tokens, looked up: a regex per record, item and value was 3 s a page on 3 000 records)
    items = [_tokens(item) for item in _ITEMS.split(detail[:20_000]) if item.strip()][:200]
    if not items:
        return set()
    out = set()
    for n, (record, shown) in enumerate(zip(records[:MAX_WRITTEN], texts)):
        leaves = [str(v) for v in _leaves(record)] if not isinstance(record, str) else \
            [t for t in TOKEN_SPLIT.split(record) if t]
        if len(leaves) < 2 and not (leaves and not re.search(rf"(?<![\w.-]){re.escape(leaves[0])}(?![\w.-])", visible)):
            continue
        parts = [p for v in leaves for p in _WHOLE_PART.findall(v)]
        if not parts or shown in text or not any(all(p in item for p in parts) for item in items):
            continue
        out.add(n)
    return out


MAX_WRITTEN = 5_000  # records a detail is read for
_WHOLE_PART = re.compile(r"[\w.-]+")
# a number with a short unit right after it (`72` of "(72s)"; blind p335): never a longer number nor an exponent
_WITH_UNIT = re.compile(r"([-+]?\d+(?:\.\d+)?)(?:s|ms|min|h|m|cm|mm|km|kg|g|t|l)")


def _tokens(item: str) -> frozenset[str]:
    """An item's whole tokens (`[\\w.-]+` runs, a sentence's closing full stop left off), and each number written
    with a unit as the number too."""
    found = set()
    for token in _WHOLE_PART.findall(item):
        token = token.rstrip(".") or token
        found.add(token)
        unit = _WITH_UNIT.fullmatch(token)
        if unit is not None:
            found.add(unit.group(1))
    return frozenset(found)


def _kept(doc, key, kept: list) -> tuple[str | None, int]:  # noqa: ANN001
    if not kept:
        return None, 0
    if isinstance(doc, TreeDoc):
        return doc.render({**doc.data, key: kept} if key is not None else kept), len(kept)
    # (a line counting the others, `Total lineups: 55` under 55 rows, says how many it keeps: a grader checking the
    # count first would otherwise stop there; blind p329)
    others = sum(1 for line in doc.lines if any(c.isdigit() for c in line)) - 1
    counts = [line for line in doc.lines if line not in kept and count_of(line) == others > 1]
    if len(counts) == 1:
        kept = [k for k in kept if k != counts[0]]
        lines = [line for line in doc.lines if line in kept or not any(c.isdigit() for c in line)
                 or line == counts[0]]
        return doc.render([recount(line, len(kept)) if line == counts[0] else line for line in lines]), len(kept)
    return doc.render([line for line in doc.lines if line in kept or not any(c.isdigit() for c in line)]), len(kept)




def written_out(fmt: str, reference: str, values: list[str], detail: str, visible: str = "") -> int:
    """How many of the records `values` pick out (as `holding` picks them) `detail` writes out whole, in one
    item of its list (between its commas and semicolons, brackets kept whole: "E0128 (SIZE_MISMATCH)"): every
    field's value (two or more fields), or every token of a line; a record of one value only when the agent's
    inputs (`visible`) lack it (a pairing "NR102-NR231" the task builds, not an input's id a filter keeps). A
    value the detail prints elsewhere ("first 3 shown: T-100, ...") writes out no record."""
    picked = _picked(fmt, reference, values)
    if picked is None:
        return 0
    items = [item for item in _ITEMS.split(detail) if item.strip()]
    out = 0
    for record in picked[2]:
        leaves = [str(v) for v in _leaves(record)] if not isinstance(record, str) else \
            [t for t in TOKEN_SPLIT.split(record) if t]
        if not leaves or not any(all(re.search(rf"(?<![\w.-]){re.escape(v)}(?![\w.-])", item) for v in leaves)
                                 for item in items):
            continue
        if len(leaves) >= 2 or not re.search(rf"(?<![\w.-]){re.escape(leaves[0])}(?![\w.-])", visible):
            out += 1
    return out


# a detail's list items: split at commas, semicolons and line breaks outside brackets
_ITEMS = re.compile(r"[,;\n]\s*(?![^()\[\]{}]{0,200}[)\]}])")


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v)]
    return [] if value is None else [value]


def _picked(fmt: str, reference: str, values: list[str]) -> tuple[Any, Any, list[Any]] | None:
    """(the parsed reference, the key of its record list or None, the records `holding` keeps)."""
    index = _record_index(fmt, reference)
    if index is None:
        return None
    doc, key, records, texts, tokens = index
    if not values:
        return doc, key, records[:1]
    held: list[set[int]] = [set() for _ in records]
    for i, value in enumerate(values):
        if _TOKEN.fullmatch(value):  # (looked up: one regex per value and record is 10^8 on 10 000 records)
            found = tokens.get(value, ())
        else:
            pattern = re.compile(rf"(?<![\w.-]){re.escape(value)}(?![\w.-])")
            found = [r for r, text in enumerate(texts) if pattern.search(text)]
        for r in found:
            held[r].add(i)
    count = [0] * len(values)
    for h in held:
        for i in h:
            count[i] += 1
    return doc, key, [item for item, h in zip(records, held) if any(count[i] == 1 for i in h)]


_TOKEN = re.compile(r"[\w.-]+")


@lru_cache(maxsize=8)
def _record_index(fmt: str, reference: str) -> tuple[Any, Any, list[Any], list[str], dict[str, list[int]]] | None:
    """The parsed reference, its record list's key, its records, their texts and each whole token's records."""
    try:
        doc = parse(fmt, reference)
    except Exception:  # noqa: BLE001 - an unparsable reference has no records
        return None
    if isinstance(doc, PyDoc):
        return None
    key = None
    if isinstance(doc, TreeDoc):
        if isinstance(doc.data, dict):
            key = next((k for k, v in doc.data.items() if isinstance(v, list) and v), None)
            if key is None:
                return None
            items = doc.data[key]
        elif isinstance(doc.data, list):
            items = doc.data
        else:
            return None
    else:
        items = list(doc.lines)
    records = [item for item in items if not isinstance(item, str) or any(c.isdigit() for c in item)]
    texts = [item if isinstance(item, str) else json.dumps(item, ensure_ascii=False) for item in records]
    tokens: dict[str, list[int]] = {}
    for r, text in enumerate(texts):
        for token in dict.fromkeys(_WHOLE.findall(text)):
            tokens.setdefault(token, []).append(r)
    return doc, key, records, texts, tokens


# the whole tokens of a record's text, as `(?<![\w.-])value(?![\w.-])` bounds them
_WHOLE = re.compile(r"(?<![\w.-])[\w.-]+(?![\w.-])")


def changed_part(fmt: str, text: str, reference: str) -> str:
    """What of `text` differs from the reference: its records (root list items, a root object's list
    items and other values; a text's lines) that the reference does not hold, as text; all of `text` when
    either does not parse."""
    try:
        doc, ref = parse(fmt, text), parse(fmt, reference)
    except Exception:  # noqa: BLE001 - nothing to tell apart
        return text
    if isinstance(doc, TreeDoc) and isinstance(ref, TreeDoc):
        return json.dumps(_changed(doc.data, ref.data), ensure_ascii=False)
    if type(doc) is type(ref) and not isinstance(doc, (TreeDoc, PyDoc)):
        lines = set(ref.lines)
        return "\n".join(line for line in doc.lines if line not in lines)
    return text


def _changed(data: Any, ref: Any) -> Any:
    if isinstance(data, list) and isinstance(ref, list):
        held = {json.dumps(item, sort_keys=True, default=str) for item in ref}  # (a set: 10 000 records each)
        return [item for item in data if json.dumps(item, sort_keys=True, default=str) not in held]
    if isinstance(data, dict) and isinstance(ref, dict):
        return {k: _changed(v, ref.get(k)) for k, v in data.items() if k not in ref or v != ref[k]}
    return None if data == ref else data


def _vary_leaf(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value * 3 + 7
    if isinstance(value, float):
        return value * 3 + 7.25
    if isinstance(value, dict):
        return {k: _vary_leaf(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_vary_leaf(v) for v in value]
    # (a string of digits with a leading zero is an id, "0220897612", a bag's tag: moved, the record is another
    # one and the grader reports it missing; blind p153)
    if isinstance(value, str) and NUMBER_RE.fullmatch(value.strip()) and not re.match(r"[-+]?0\d", value.strip()):
        number = float(value)
        return str(int(number) * 3 + 7) if re.fullmatch(r"[-+]?\d+", value.strip()) else f"{number * 3 + 7.25:g}"
    return value


def varied(fmt: str, text: str, reference: str = "", *, as_dates: bool = False, by_line: bool = False) -> str:
    """`as_dates` (plain text only): dates and times moved as dates and times (each by its own number of days
    and minutes: a duration between two of them moves too), so the file still parses as the grader reads it
    (a TOML report read as text with `due = 2024-05-02` lines, which every number moved as a number makes
    unreadable). `by_line` (plain text only): only the lines the reference lacks move (`_by_line`)."""
    if as_dates and fmt != "python":
        return _by_line(text, reference if by_line else "", _varied_as_dates)
    try:
        doc = parse(fmt, text)
    except Exception:  # noqa: BLE001 - vary the raw text instead
        doc = None
    if isinstance(doc, TreeDoc):
        try:
            ref = parse(fmt, reference).data if reference else None
        except Exception:  # noqa: BLE001 - no reference records to keep
            ref = None
        return doc.render(_vary_records(doc.data, ref))
    if fmt == "python":
        return re.sub(r"\breturn None\b", "return -1", text)
    # (not a number that is part of an id, `INC-302`: the records stay the same records, so a grader matching them
    # by id still says what it expects of each; blind p135. Dates, times and `key:12` still move: a value a grader
    # computes from them must move with them; review)
    return _by_line(text, reference if by_line else "", lambda t: _VALUE.sub(lambda m: _moved_number(m.group()), t))


def _by_line(text: str, reference: str, vary: Callable[[str], str]) -> str:
    """`vary` applied to the lines of `text` the reference lacks (as `_vary_records` keeps the reference's records:
    a grader that stops at its first problem still stops at the changed line; blind p158, where every number of a
    five-table ledger moved and the grader stopped at the first table instead); to all of it when every line is
    the reference's (a truncation, a reordering: nothing else to move) or no reference is given."""
    held = set(reference.splitlines()) if reference else set()
    lines = text.splitlines(keepends=True)
    if not held or all(line.rstrip("\r\n") in held for line in lines):
        return vary(text)
    return "".join(line if line.rstrip("\r\n") in held else vary(line) for line in lines)


_VALUE = re.compile(r"(?<![A-Za-z]-)" + NUMBER_RE.pattern)
# a date, a date with a time of day, or a time of day; else a number `varied` moves
_DATE_OR_VALUE = re.compile(r"(?<![\w.-])(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?|\d{1,2}:\d{2}(?::\d{2})?)"
                            r"(?![\w.:-])|" + _VALUE.pattern)


def _varied_as_dates(text: str) -> str:
    seen = [0]

    def move(m: re.Match) -> str:
        token = m.group()
        if m.group(1) is None:
            return _moved_number(token)
        seen[0] += 1
        step = seen[0] % 5 + 1
        try:
            if "-" in token:
                form = "%Y-%m-%d" + (token[10] + "%H:%M" + (":%S" if token.count(":") == 2 else "") if len(token) > 10 else "")
                moved = datetime.datetime.strptime(token, form) + datetime.timedelta(days=3 * step, minutes=7 * step)
                return moved.strftime(form)
            form = "%H:%M" + (":%S" if token.count(":") == 2 else "")
            moved = datetime.datetime.strptime(token.zfill(len(token) + (token.index(":") == 1)), form) \
                + datetime.timedelta(minutes=7 * step)
            return moved.strftime(form)
        except ValueError:  # (no calendar date: "2024-13-45" is moved as numbers)
            return re.sub(_VALUE.pattern, lambda n: _moved_number(n.group()), token)
    return _DATE_OR_VALUE.sub(move, text)


_NUMBER_CHAR = re.compile(r"[\d.+-]")
_TOTAL_WORD = re.compile(r"(?<![A-Za-z])(?:total|sum|overall|all|grand|net|balance|subtotal|average|mean|count|rows)(?![A-Za-z])",
                         re.IGNORECASE)


def moved_again(reference: str, text: str) -> tuple[str, str] | None:
    """(`text` with the one number it changed from `reference` moved again, that number's new text) where that is all
    that differs between them, on a line that names no total, and the number is none of a sum, mean, difference,
    product or ratio of others of its line (_worked_out) nor a sum, mean or count over the other records
    (_column_figure): a value a detail gives as expected for it then comes from the grader's own answer, not from the
    artifact (a first-mismatch grader stops at another record once every number moves; blind p340: "expected 16.3,
    got 16.0"). None otherwise."""
    if len(text) > 1 << 20 or len(reference) > 1 << 20:
        return None
    head, tail = common_ends(text, reference)
    while head > 0 and _NUMBER_CHAR.match(text[head - 1]):
        head -= 1
    end_t, end_r = len(text) - tail, len(reference) - tail
    while end_t < len(text) and end_r < len(reference) and _NUMBER_CHAR.match(text[end_t]) and text[end_t] == reference[end_r]:
        end_t, end_r = end_t + 1, end_r + 1
    old, new = reference[head:end_r], text[head:end_t]
    if head > 0 and text[head - 1] in "eE_" or end_t < len(text) and text[end_t] in "eE_":
        return None  # (an exponent, or a number written on into a word: not one number moved)
    if not (NUMBER_RE.fullmatch(old) and NUMBER_RE.fullmatch(new)) or old == new or "e" in (old + new).lower():
        return None
    start = text.rfind("\n", 0, head) + 1
    stop = text.find("\n", end_t)
    line = text[start:stop if stop >= 0 else len(text)]
    if _TOTAL_WORD.search(line):
        return None
    value = float(old)
    ref_stop = reference.find("\n", end_r)
    others = [float(m.group()) for m in NUMBER_RE.finditer(reference[start:ref_stop if ref_stop >= 0 else len(reference)])]
    if value in others:
        others.remove(value)
    places = len(old.partition(".")[2])
    slack = 0.5 * 10.0 ** -places + 1e-9 if places else 1e-9  # (a whole number worked out from whole numbers is exact)
    if _worked_out(value, others[:8], slack):
        return None  # (a row's own total, mean, difference, product or ratio: the grader may work it out from the row)
    if _column_figure(value, reference, start, slack):
        return None  # (a sum, mean or count over the other records: "should be 525 (the sum of your requests)"; review)
    again = _moved_number(new)
    if again in (old, new):
        again = _moved_number(again)
    return text[:head] + again + text[end_t:], again


def _column_figure(value: float, reference: str, at: int, slack: float) -> bool:
    """`value` is, within `slack`, the sum, mean or count of the numbers at one place of the other lines of one shape
    (a column of a table, the `fine_cents = ...` of every request), or the count of those lines."""
    columns: dict[tuple, list[float]] = {}
    lines: dict[str, int] = {}
    own = ""
    for match in re.finditer(r"[^\n]+", reference[:1 << 20]):
        line = match.group()
        numbers = list(NUMBER_RE.finditer(line))[:20]
        if not numbers:
            continue
        # (`| A | 17 |` and `| B | 29 |` alike, and `request R1 ...` with `request R2 ...`: ids and words masked; review)
        shape = re.sub(r"[^\W\d_]+", "a", re.sub(r"\w*\d[\w.-]*", "#", line))[:200]
        lines[shape] = lines.get(shape, 0) + 1
        if match.start() == at:
            own = shape  # (the changed line counts among its like, but is no figure of its own column)
            continue
        for k, m in enumerate(numbers):
            try:
                columns.setdefault((shape, k), []).append(float(m.group()))
            except ValueError:
                continue
    if any(n >= 2 and shape != own and abs(value - n) <= slack for shape, n in lines.items()):
        return True
    # (a mean only of a column whose values differ: every record's `2` of a column of 2s is no mean of the others)
    return any(len(v) >= 2 and (abs(value - sum(v)) <= slack or (len(set(v)) > 1 and abs(value - sum(v) / len(v)) <= slack))
               for v in columns.values())


def _worked_out(value: float, others: list[float], slack: float) -> bool:
    """`value` is, within `slack`, a sum or a mean of two to four of `others`, all of them, or a difference, product,
    ratio or percentage of two."""
    if len(others) >= 2 and min(abs(value - sum(others)), abs(value - sum(others) / len(others))) <= slack:
        return True
    for size in (2, 3, 4):
        for group in itertools.combinations(others, size):
            total = sum(group)
            if min(abs(value - total), abs(value - total / size)) <= slack:
                return True
    for a, b in itertools.permutations(others, 2):
        near = [a - b, a * b] + ([a / b, 100 * a / b] if b else [])
        if min(abs(value - x) for x in near) <= slack:
            return True
    return False


def _moved_number(token: str) -> str:
    try:
        return str(int(float(token)) * 3 + 7) if "." not in token else f"{float(token) * 3 + 7.25:g}"
    except OverflowError:  # (an integer beyond a float: 1e400 written out)
        return token + "7"


def _vary_records(data: Any, ref: Any) -> Any:
    """Vary the records (list items) that the reference does not hold; everything else when no list."""
    if isinstance(data, list) and isinstance(ref, list):
        return [item if item in ref else _vary_leaf(item) for item in data]
    if isinstance(data, dict) and isinstance(ref, dict):
        return {k: _vary_records(v, ref.get(k)) if k in ref else _vary_leaf(v) for k, v in data.items()}
    return data if data == ref else _vary_leaf(data)


def _lists(value: Any, out: list[list[Any]]) -> None:
    if isinstance(value, list):
        if len(value) >= 2:
            out.append(value)
        for item in value:
            _lists(item, out)
    elif isinstance(value, dict):
        for item in value.values():
            _lists(item, out)


def _swap_middle(items: list[Any]) -> None:
    """Swap two distinct neighbours nearest the middle (a closed tour keeps its endpoints)."""
    middle = (len(items) - 1) // 2
    for i in sorted(range(len(items) - 1), key=lambda k: abs(k - middle)):
        if items[i] != items[i + 1]:
            items[i], items[i + 1] = items[i + 1], items[i]
            return


def reshuffled(fmt: str, text: str) -> list[str]:
    """Variants of `text` whose lists (inside records, or a root object's) differ: every such list with
    two neighbours swapped, then with its last item dropped. Empty when the artifact has no such list."""
    try:
        doc = parse(fmt, text)
    except Exception:  # noqa: BLE001 - no structure to vary
        return []
    if not isinstance(doc, TreeDoc):
        return []
    out = []
    for change in (_swap_middle, lambda items: items.pop()):
        data = copy.deepcopy(doc.data)
        found: list[list[Any]] = []
        # The root list is the records themselves: reordering or dropping them changes which record the
        # grader reports on, not a value it derives. Only lists below the root vary.
        _lists(data, found)
        found = [items for items in found if items is not data]
        if not found:
            return []
        for items in found:
            change(items)
        variant = doc.render(data)
        if variant != text:
            out.append(variant)
    return out


def visible_text(prompt: Path, scratch: Path, skip: frozenset[Path] = frozenset()) -> str:
    """The prompt and every text file of the materialized workspace, joined (binary files skipped)."""
    parts = [prompt.read_text(encoding="utf-8", errors="replace")]
    for path in sorted(scratch.rglob("*")):
        if not path.is_file() or path.is_symlink() or path in skip:
            continue
        try:
            data = path.read_bytes()[:_MAX_VISIBLE]
        except OSError:
            continue
        if b"\0" not in data[:8192]:
            parts.append(data.decode("utf-8", "replace"))
    return "\n".join(parts)


_MAX_GROUP_FILE = 512_000  # bytes of one workspace file read for its groups of sibling values
_MAX_NODES = 20_000  # nodes of one parsed file visited (a YAML alias shared many times is one node each time)


def input_groups(scratch: Path, skip: frozenset[Path] = frozenset()) -> list[frozenset[str]]:
    """Groups of sibling values in the workspace's structured files: the keys of each mapping, the
    values each key takes across a list of records, and each CSV column's cells. A detail that lists a
    whole group as missing ("missing services: ...", every service of the input's `services:`) names
    the input, not which of its items make the answer."""
    import yaml

    groups: list[frozenset[str]] = []
    for path in sorted(scratch.rglob("*")):
        if not path.is_file() or path.is_symlink() or path in skip:
            continue
        suffix = path.suffix.lower()
        if suffix not in (".json", ".yaml", ".yml", ".csv", ".tsv", ".ini", ".cfg", ".toml"):
            continue
        try:
            with open(path, "rb") as fh:
                text = fh.read(_MAX_GROUP_FILE).decode("utf-8")
            if suffix in (".csv", ".tsv"):
                rows = [r for r in csv.reader(io.StringIO(text), delimiter="\t" if suffix == ".tsv" else ",") if r]
                columns = zip(*rows[1:]) if len(rows) > 2 else ()
                groups += [frozenset(c.strip() for c in col if c.strip()) for col in columns]
                continue
            if suffix in (".ini", ".cfg"):
                parser = configparser.ConfigParser(interpolation=None)
                parser.read_string(text)
                data = {name: dict(parser[name]) for name in parser.sections()}
            elif suffix == ".toml":
                data = tomllib.loads(text)
            else:
                # (libyaml's loader where there is one: the pure-Python one takes 20 s on 600 KB)
                data = json.loads(text) if suffix == ".json" else yaml.load(  # noqa: S506 - a safe loader
                    text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except Exception:  # noqa: BLE001 - not a file of that format (or cut short): no groups from it
            continue
        _groups(data, groups, [_MAX_NODES])
    return [g for g in groups if len(g) >= 2]


def _groups(node: Any, out: list[frozenset[str]], budget: list[int]) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        return
    if isinstance(node, dict):
        budget[0] -= len(node)
        if budget[0] < 0:
            return
        out.append(frozenset(str(k) for k in node))
        for value in node.values():
            _groups(value, out, budget)
    elif isinstance(node, list):
        records = [item for item in node[:5000] if isinstance(item, dict)]
        keys = {k for r in records for k in r}
        budget[0] -= len(records) * len(keys)  # (a YAML alias repeated 5 000 times is 5 000 records here)
        if budget[0] < 0:
            return
        for key in keys:
            out.append(frozenset(str(r[key]) for r in records if isinstance(r.get(key), (str, int))))
        for item in node:
            _groups(item, out, budget)
