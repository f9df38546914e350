"""A probe of the detail_leaks gate: two records trade their keys.

Each record stays whole and consistent, so a grader can only know what a record should hold from the
reference; a detail that prints, for a record's key, its right values after "expected" ("WO-5106: got PASS []
expected FAIL [R2,R3]") reads the answer out a few records per failing run, whatever those values are: a
verdict or a status is no distinctive value (it is in the prompt, or four letters short), so the value-level
probes never named it (blind p138).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

from artifactbench.gates.core import whole_token
from artifactbench.gates.fuzz import TreeDoc, parse, rule_row, table_cells

MAX_ROWS = 400  # records looked at for a pair
MAX_PAIRS = 20_000
_TOKEN = re.compile(r"[\w.-]*\w[\w.-]*")
# what a detail says before the value it wants ("expected", "should be", "correct value is")
_EXPECT = re.compile(r"\b(?:expected|expecting|should\s+(?:be|have|read)|want(?:ed)?|correct(?:\s+value)?\s+is)\b",
                     re.IGNORECASE)
# what a detail says the graded artifact holds, after what it expected
_FOUND = re.compile(r"\b(?:got|found|but|actual(?:ly)?|received|saw|seen|has|have|had|instead|vs|versus|while|whereas)\b",
                    re.IGNORECASE)
# a number counting something about the record rather than one of its values ("expected 4 cells")
_COUNTED = re.compile(r"\s*(?:cells?|columns?|fields?|rows?|values?|items?|entries|lines?|records?|keys?|"
                      r"characters?|decimals?|digits?|elements?)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Traded:
    """The key `key` now names a record holding `given` where the reference's holds `wanted` (tokens; `fields`:
    the wanted tokens of each field the two records differ in); `keys`: every record's key."""
    key: str
    wanted: frozenset[str]
    given: frozenset[str]
    fields: tuple[frozenset[str], ...] = ()
    keys: frozenset[str] = frozenset()


@dataclass(frozen=True)
class KeySwap:
    text: str
    where: str
    traded: tuple[Traded, ...]


def _tokens(value: Any) -> set[str]:
    return set(_TOKEN.findall(str(value)))


def _pair(rows: list[list[str]], column: int) -> tuple[int, int] | None:
    """The two rows that differ in the most other cells (the first such pair)."""
    best, found = 0, None
    for a, b in itertools.islice(itertools.combinations(range(min(len(rows), MAX_ROWS)), 2), MAX_PAIRS):
        differ = sum(1 for k, (x, y) in enumerate(zip(rows[a], rows[b])) if k != column and x != y)
        if differ > best:
            best, found = differ, (a, b)
    return found


_ID_NAME = re.compile(r"(?:^|[\s_-])(?:id|key|code|ref|no|number)$|^(?:id|key|code|ref)[\s_-]", re.IGNORECASE)


def _key_column(rows: list[list[str]], names: list[str]) -> int | None:
    """The first column whose values are all distinct ids: each with a letter and a digit (`WO-5100`, `R-2004`),
    or any values under a name that says id (`order_id`, `Code`); not a status or a number column that happens
    to differ in every row (review)."""
    if len(rows) < 2 or len({len(r) for r in rows}) != 1:
        return None
    for c in range(len(rows[0])):
        values = [r[c] for r in rows]
        if len(set(values)) != len(values) or not all(values):
            continue
        named = c < len(names) and _ID_NAME.search(names[c].strip("`*_ ")) is not None
        if named or all(re.search(r"[A-Za-z]", v) and re.search(r"\d", v) for v in values):
            return c
    return None


def _traded(rows: list[list[str]], column: int, a: int, b: int) -> tuple[Traded, ...]:
    keys = frozenset(r[column] for r in rows)
    out = []
    for mine, theirs in ((b, a), (a, b)):  # after the trade, row `theirs` carries `mine`'s key
        wanted: set[str] = set()
        given: set[str] = set()
        fields = []
        for k, (x, y) in enumerate(zip(rows[mine], rows[theirs])):
            if k != column and x != y:
                wanted |= _tokens(x)
                given |= _tokens(y)
                fields.append(frozenset(_tokens(x) - _tokens(y)))
        out.append(Traded(rows[mine][column], frozenset(wanted - given), frozenset(given - wanted),
                          tuple(f for f in fields if f), keys))
    return tuple(t for t in out if t.wanted)


def _tables(lines: list[str]) -> list[tuple[int, list[int]]]:
    """(header line, data lines) of each Markdown table."""
    out = []
    i = 1
    while i < len(lines):
        if rule_row(lines[i]) and lines[i - 1].lstrip().startswith("|"):
            at = []
            k = i + 1
            while k < len(lines) and lines[k].lstrip().startswith("|"):
                at.append(k)
                k += 1
            out.append((i - 1, at))
            i = k
        else:
            i += 1
    return out


def _table_swap(reference: str) -> KeySwap | None:
    """Of the table with the most rows that has a key column (a report's records, not its summary table)."""
    lines = reference.splitlines(keepends=True)
    for head, at in sorted(_tables(lines), key=lambda t: -len(t[1])):
        rows = [table_cells(lines[i]) for i in at[:MAX_ROWS]]
        names = table_cells(lines[head])
        column = _key_column(rows, names)
        pair = _pair(rows, column) if column is not None else None
        traded = _traded(rows, column, *pair) if pair is not None else ()
        if not traded:
            continue
        a, b = pair
        out = list(lines)
        for mine, theirs in ((a, b), (b, a)):
            cells = lines[at[mine]].split("|")
            offset = 1 if lines[at[mine]].lstrip().startswith("|") else 0
            cells[column + offset] = cells[column + offset].replace(rows[mine][column], rows[theirs][column], 1)
            out[at[mine]] = "|".join(cells)
        name = names[column] if column < len(names) else f"column {column + 1}"
        return KeySwap("".join(out), f"lines {at[a] + 1} and {at[b] + 1} trade their {name!r} "
                                     f"({rows[a][column]!r}, {rows[b][column]!r})", traded)
    return None


def _records_swap(doc: TreeDoc) -> KeySwap | None:
    """Of the top-level list of objects, or the first list of objects one key down (`{"orders": [...]}`)."""
    if isinstance(doc.data, dict):
        for name, value in doc.data.items():
            if _record_list(value):
                swap = _list_swap(value, lambda changed, name=name: doc.render({**doc.data, name: changed}))
                if swap is not None:
                    return KeySwap(swap.text, f"at $.{name}: {swap.where}", swap.traded)
        return None
    return _list_swap(doc.data, doc.render) if _record_list(doc.data) else None


def _record_list(value: Any) -> bool:
    return isinstance(value, list) and len(value) >= 2 and all(isinstance(r, dict) for r in value[:MAX_ROWS])


def _list_swap(data: list, render) -> KeySwap | None:  # noqa: ANN001
    keys = list(data[0])
    if any(list(r) != keys for r in data[:MAX_ROWS]):
        return None
    rows = [[str(r[k]) for k in keys] for r in data[:MAX_ROWS]]
    column = _key_column(rows, [str(k) for k in keys])
    pair = _pair(rows, column) if column is not None else None
    if pair is None:
        return None
    a, b = pair
    traded = _traded(rows, column, a, b)
    if not traded:
        return None
    key = keys[column]
    changed = list(data)
    changed[a], changed[b] = {**data[a], key: data[b][key]}, {**data[b], key: data[a][key]}
    return KeySwap(render(changed), f"records {a} and {b} trade their {key!r} ({rows[a][column]!r}, "
                                        f"{rows[b][column]!r})", traded)


def key_swap(fmt: str, reference: str) -> KeySwap | None:
    """The reference with two records' keys traded (of a Markdown table, a CSV, JSONL or a JSON list of
    objects: the first column of distinct names), the two records that differ in the most other values;
    None when the answer has no such records."""
    try:
        doc = parse(fmt, reference)
    except Exception:  # noqa: BLE001 - a reference that does not parse has no records to trade
        return None
    if isinstance(doc, TreeDoc):
        return _records_swap(doc)
    return _table_swap(reference) if fmt == "text" else None


def presented(detail: str, traded: Traded) -> list[str]:
    """The reference tokens of `traded.key`'s record that `detail` prints after "expected" in a clause naming
    the key, where it prints none of the values the record now holds there (not "must be PASS or FAIL")."""
    key = whole_token(traded.key)
    for clause in re.split(r"[;\n]|\s\|\s", detail):
        named = key.search(clause)
        if named is None:
            continue
        rest = clause[named.end():]
        said = _EXPECT.search(rest)
        if said is None:
            continue
        after = rest[said.end():]
        # (up to what the detail says the artifact holds, "expected PASS [-], got FAIL [R2]", or to another
        # record, "..., not the expected verdict, WO-5109 has PASS [-]"; review)
        stop = _FOUND.search(after)
        after = after[:stop.start()] if stop else after
        other = next((m for m in _TOKEN.finditer(after) if m.group() in traded.keys and m.group() != traded.key), None)
        after = after[:other.start()] if other else after
        hits = []
        for token in sorted(traded.wanted):
            found = whole_token(token).search(after)
            if found is not None and not (token.isdigit() and _COUNTED.match(after, found.end())):
                hits.append(token)
        if hits and not any(whole_token(t).search(after) for t in traded.given):
            return hits
    return []
