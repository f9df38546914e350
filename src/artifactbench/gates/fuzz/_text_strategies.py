"""Hypothesis strategies that mutate plain-text and Python-module artifacts."""

from __future__ import annotations

import ast
import bisect
import datetime
import itertools
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass


from artifactbench.gates.fuzz._draws import Draws, either, ints, pick, scout_first, tuples
from artifactbench._pyast import parse as parse_python
from artifactbench.gates.fuzz._formats import NUMBER_RE, PyDoc, TextDoc
from artifactbench.gates.fuzz._mutation import (
    DAY_MOVED, GAP_MOVED, ISO_DAY, Mutation, day_later, distinct_string, far_number, gap_change, keep_kind, number_changes, short,
)
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.core import ALSO_DIFFER, SENTENCE

_RULE = re.compile(r"\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?")  # a Markdown table's rule row, stripped
_RULE_CHARS = frozenset("|-: \t")  # (looked at first: a line of 30 000 spaces is no rule row, at once)
_TAG_LINE = re.compile(r"(?:</?[A-Za-z][^<>]*>)+")
_LEAD = re.compile(r"\s*<([A-Za-z][\w-]*)")
# a value `true` or `false` after a key's `=` or `:`, or an item of an array: outside quotes, checked where drawn
_BOOL_VALUE = re.compile(r"(?:[=:][ \t]*|[\[,][ \t]*)(?P<v>true|false|True|False|TRUE|FALSE)(?=[ \t]*(?:[,\]}#]|$))")
_FLIPPED = {"true": "false", "false": "true", "True": "False", "False": "True", "TRUE": "FALSE", "FALSE": "TRUE"}
MAX_PAIRS = 20_000  # line pairs swap_records looks at (as _tree_records does for records)


def text_strategy(doc: TextDoc, policy: FuzzPolicy, kind: str,
                  ordered_list: Callable[[str, str], str] | None = None) -> Draws | None:
    """Numbers inside lines, single-word lines, and whole non-blank lines (the records); not a script's
    opening `#!` line. (A markup declaration is drawn: a grader raising on `encoding="UTF-1080"` is a
    finding; one accepting it is `info`, see Reference.declaration_change.)"""
    lines = list(doc.lines)
    records = tuple(i for i in doc.records if not (i == 0 and lines[0].startswith("#!")))
    # (not a Markdown table's header row: "Rate per 1,000" names a column, its digits are no value; blind p153)
    named = {i for i in records if "|" in lines[i] and i + 1 < len(lines) and "-" in lines[i + 1]
             and set(lines[i + 1]) <= _RULE_CHARS and _RULE.fullmatch(lines[i + 1].strip())}
    tokens = [(i, m) for i in records if i not in named for m in NUMBER_RE.finditer(lines[i])]

    def put(kind_: str, i: int, span: tuple[int, int], old: str, new: str) -> Mutation:
        changed = list(lines)
        changed[i] = lines[i][: span[0]] + new + lines[i][span[1]:]
        return Mutation(kind_, f"line {i + 1}", short(old), short(new), doc.render(changed))

    if kind in ("number_far", "number_sign", "number_nan", "later_record", "type_change"):
        if kind == "later_record":
            tokens = [(i, m) for i, m in tokens if records and i != records[0]]
        number_kind = kind if kind in ("number_sign", "number_nan") else "number_far"
        # Each change as its place, rendered only when drawn: a whole document per number of a 20 000-line report
        # was gigabytes before the first was graded (review).
        pool: list[tuple] = []
        for i, m in tokens:
            new = "n/a" if kind == "type_change" else number_changes(
                number_kind, m.group(), float(m.group()), policy)
            if new is not None:
                pool.append((i, m.span(), m.group(), new, None))
        if kind == "type_change":
            # (a SQL row's NULL written as 0: a grader reading NULL as 0 on both sides passes it; blind p72)
            nulls = []
            for row in sql_rows(lines)[:MAX_SQL_ROWS]:
                for k, (a, b) in enumerate(row.cells):
                    if lines[row.line][a:b].upper() == "NULL":
                        column = row.columns[k] if row.columns and k < len(row.columns) else f"value {k + 1}"
                        nulls.append((row.line, (a, b), "NULL", "0", column))
            pool = nulls + pool  # (first: drawn before the numbers' `n/a`s, of which a script has hundreds)

        def render(c: tuple) -> Mutation:
            i, span, old, new, column = c
            if column is None:
                return put(kind, i, span, old, new)
            changed = list(lines)
            changed[i] = lines[i][:span[0]] + new + lines[i][span[1]:]
            return Mutation(kind, f"line {i + 1}, column {column!r}", short(old), short(new), doc.render(changed))
        draws = pick(pool).map(render) if pool else None
        gaps = _ascending_gaps(lines, records, policy) if kind == "number_far" else []
        if not gaps:
            return draws
        # (scouted first: one item of an ascending list of whole numbers moved inside its gap, which a grader
        # comparing the list's length and order passes; a random draw among a report's numbers seldom meets it)
        moved = pick(gaps).map(lambda c: Mutation(kind, f"line {c[0] + 1}, field '{c[4]}' {GAP_MOVED}", short(c[2]), short(c[3]), doc.render(
            lines[:c[0]] + [lines[c[0]][:c[1][0]] + c[3] + lines[c[0]][c[1][1]:]] + lines[c[0] + 1:])))
        return scout_first(either([draws, moved]), moved) if draws is not None else moved
    if kind == "bool_flip":
        # (a config or report line's flag, `tracking = true`, `Flagged: no` is a word, not this: blind p218's
        # TOML final state whose `tracking` the grader never compared, which no text kind changed)
        flags = _bool_values(lines, records)
        return pick(flags).map(lambda c: put(kind, c[0], c[1].span("v"), c[1].group("v"),
                                             _FLIPPED[c[1].group("v")])) if flags else None
    if kind == "string_change":
        def splice(where_: str, i: int, start: int, end: int, new: str) -> Mutation:
            """Line i with its characters start..end replaced by `new`."""
            return Mutation(kind, where_, short(lines[i][start:end]), short(new),
                            doc.render(lines[:i] + [lines[i][:start] + new + lines[i][end:]] + lines[i + 1:]))

        # (a line that is one tag, `<body>` or `</tr>`, is markup, not a one-word value: blind p22)
        # (nor a config file's `[[event]]` header: a table's name, no value; blind p256)
        config = any(_KEY_LINE.match(lines[i]) for i in records[:2000])
        # (nor a bare list of codes, `K01,K02,K03,K04,K05`: its items are changed one at a time, below)
        in_lines = line_codes(lines, records)
        words = [i for i in records if len(lines[i].split()) == 1 and not NUMBER_RE.fullmatch(lines[i].strip())
                 and not _TAG_LINE.fullmatch(lines[i].strip()) and not (config and _SECTION.fullmatch(lines[i]))
                 and not (in_lines and _BARE_LIST.fullmatch(lines[i].strip()))]
        pool = [(i, new) for i in words for new in distinct_string(lines[i].strip(), [])]
        single = pick(pool).map(
            lambda c: put(kind, c[0], (0, len(lines[c[0]])), lines[c[0]], c[1])) if pool else None
        # (a Markdown table's word cells, `LEFT_BEHIND`, `SORTER`: a grader never reading a column passes any
        # value in it; blind p106's `location`, where only numbers and one-word lines were changed)
        words_in_cells = table_word_cells(lines, records)
        if words_in_cells:
            in_cells = pick(words_in_cells).map(lambda c: splice(
                f"line {c[0] + 1}, column {c[1]!r}", c[0], c[2], c[3], MUTANT_WORD))
            single = either([d for d in (single, in_cells) if d is not None])
        # (a config file's quoted values, `status = "ok"`, `combinations = [["Art", "Drama", "PE"], ...]`: each
        # given another value of its key, or another item of arrays under its key; blind p204's list of subject
        # triples compared by count and shape only, whose strings no kind changed)
        quoted = config_strings(lines, records)
        # (a TOML date's own turn: among a record's strings, four keys rejected stop the kind before its dates)
        days = [c for c in quoted if _BARE_DATE.fullmatch(lines[c[0]][c[1]:c[2]])]
        for group in (quoted if not days else [c for c in quoted if c not in days]), days:
            if group:
                in_config = pick(group).map(lambda c: splice(f"line {c[0] + 1}, key {c[3]!r}", c[0], c[1], c[2], c[4]))
                single = either([d for d in (single, in_config) if d is not None])
        # (a code of a labelled list, `New to club: IC2118, M106, M109`, changed: a grader counting the list's
        # items, never reading them, passes it; blind p218)
        coded = list_codes(lines, records)
        if coded:
            in_list = pick(coded).map(lambda c: splice(
                f"line {c[0] + 1}, field '{c[1]}.{c[2]}'", c[0], c[3], c[4], MUTANT_WORD))
            single = either([d for d in (single, in_list) if d is not None])
        # (a code of a column line, `R5 B6 COLOUR_STREAK P17`, given another code its column holds, `P11`: a grader
        # counting lines per rule, never reading who, passes it; blind p296)
        columned = column_codes(lines, records)
        if columned:
            in_column = pick(columned).map(lambda c: splice(f"line {c[0] + 1}, column {c[1] + 1}", c[0], c[2], c[3], c[4]))
            single = either([d for d in (single, in_column) if d is not None])
        # (an item of a bare list line, `K01,K02,K03,K04,K05`, given a code its line lacks: a panel the answer does not
        # list, in place of one it does; blind p308)
        if in_lines:
            # (one place however many lines, CODE_ITEM_CHANGED: a few in five such changes break only the rules a
            # grader may forget, so four rejected say little; the kind's CODE_LINE_TRIES draws bound them)
            coded_lines = pick(in_lines).map(lambda c: Mutation(
                kind, f"line {c[0] + 1} {CODE_ITEM_CHANGED}", short(c[1]), short(c[2]),
                doc.render(lines[:c[0]] + [c[3]] + lines[c[0] + 1:])))
            single = either([d for d in (single, coded_lines) if d is not None])
        # (each date column a day later, first: blind p354's crossing dates, held to a day either way; a table's dates by
        # their column, a line's by its first word, one place each)
        dated = []
        for i in records[:20_000]:
            found = ISO_DAY.search(lines[i]) if len(lines[i]) <= 2000 else None
            if found is not None and (later := day_later(found.group())):
                head = lines[i].split()[0]
                name = (_column_name(lines, i, lines[i][:found.start()].count("|"))
                        if lines[i].lstrip().startswith("|") else None) or (
                    head if not any(ch.isdigit() for ch in head) else "date")
                dated.append((i, found.start(), found.end(), later, name))
        if dated:
            moved = pick(dated).map(lambda c: splice(f"line {c[0] + 1}, column {c[4]!r} {DAY_MOVED}", c[0], c[1], c[2], c[3]))
            single = scout_first(either([single, moved]), moved) if single is not None else moved
        cells = _sql_strings(lines)
        if not cells:
            return single
        # (a SQL data script's strings are its values; its one-word lines, `COMMIT;`, are statements)
        return pick(cells).map(lambda c: splice(f"line {c[0] + 1}, column {c[2]!r}", c[0], c[1][0], c[1][1], c[3]))
    if kind == "swap_values":
        def apart(x: str, y: str) -> bool:
            if x == y:
                return False
            if re.fullmatch(r"[-+]?\d+", x) and re.fullmatch(r"[-+]?\d+", y):
                return True  # (whole numbers, an hour or a count: any other one is another answer)
            if NUMBER_RE.fullmatch(x) and NUMBER_RE.fullmatch(y):
                nx, ny = float(x), float(y)
                return policy.significant(nx, ny) and policy.significant(ny, nx)
            return True
        swaps = table_value_swaps(lines, records, apart) + plain_value_swaps(lines, records, apart)
        return pick(swaps).map(lambda c: Mutation(
            kind, f"line {c[0] + 1}, column {c[2]!r}, exchanged with line {c[1] + 1}{ALSO_DIFFER}"
            + ", ".join(repr(k) for k in c[3]), short(lines[c[0]]), short(c[4]),
            doc.render(lines[:c[0]] + [c[4]] + lines[c[0] + 1:c[1]] + [c[5]] + lines[c[1] + 1:]))) if swaps else None
    lined = _line_strategy(doc, policy, kind, lines, records, ordered_list)
    if kind == "inject_record" and (cells := list_cell_injections(lines)):
        # (a Markdown table's list cell given one more code its column uses elsewhere, `SPLIT_ORDER` ->
        # `SPLIT_ORDER, TOO_FAST`: a grader checking only that the expected codes are there; blind p98)
        grown = pick(cells).map(lambda c: Mutation(
            kind, f"line {c[0] + 1}, column {c[1]!r} (one more value the column uses elsewhere: {c[3]!r})",
            short(c[2]), short(c[4]), doc.render(lines[:c[0]] + [c[4]] + lines[c[0] + 1:])))
        return either([d for d in (lined, grown) if d is not None])
    return lined


# (codes: capitals, digits and `_.-` only, `DUP_BIB`, `R01`; never a note's own words, "late, cold"; review)
_CODE_LIST = re.compile(r"[A-Z0-9][A-Z0-9_.-]*(?:\s*,\s*[A-Z0-9][A-Z0-9_.-]*)+")
_CODE = re.compile(r"[A-Z0-9][A-Z0-9_.-]*")
# a number with thousands separators and a decimal part, "15,073.3", is one value, no list of codes (blind p126;
# "101,205" may be two ids: review)
_GROUPED = re.compile(r"[-+]?\d{1,3}(?:,\d{3})+\.\d+")
MAX_CELL_INJECTIONS = 200
MAX_TABLE_ROWS = 2000  # rows of one table looked at


def list_cell_injections(lines: list[str]) -> list[tuple[int, str, str, str, str]]:
    """(line index, column name, old row, code, new row) for each data row of a Markdown table whose column
    holds comma-separated codes somewhere (`DUP_BIB, BAD_TIME`): the row with one more code of that column
    that its cell lacks, appended after its last. At most MAX_CELL_INJECTIONS."""
    found: list[tuple[int, str, str, str, str]] = []
    i = 0
    while i < len(lines) and len(found) < MAX_CELL_INJECTIONS:
        if not (lines[i].strip().startswith("|") and i + 1 < len(lines)
                and re.fullmatch(r"\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*\|?\s*", lines[i + 1])):
            i += 1
            continue
        header = [c.strip() for c in lines[i].strip().strip("|").split("|")]
        rows = []
        j = i + 2
        while j < len(lines) and lines[j].strip().startswith("|"):
            if len(rows) < MAX_TABLE_ROWS:
                rows.append((j, [c.strip() for c in lines[j].strip().strip("|").split("|")]))
            j += 1
        for k, name in enumerate(header):
            cells = [(n, cols[k]) for n, cols in rows if k < len(cols) and not _GROUPED.fullmatch(cols[k])]
            if not any(_CODE_LIST.fullmatch(cell) for _, cell in cells):
                continue
            vocabulary = sorted({code for _, cell in cells for code in _CODE.findall(cell)})
            # (a share of the cap for each list column: the first one's rows never crowd out the others)
            for n, cell in cells[:max(8, MAX_CELL_INJECTIONS // max(1, len(header)))]:
                if len(found) >= MAX_CELL_INJECTIONS:
                    break
                have = set(_CODE.findall(cell))
                other = next((v for v in vocabulary if v not in have), None)
                if other is None or not cell or not all(_CODE.fullmatch(p.strip()) for p in cell.split(",")):
                    continue
                parts = lines[n].split("|")
                # (the cell's own slice of the row: the k-th between the bars, the row's leading bar counted)
                lead = 1 if lines[n].strip().startswith("|") else 0
                if lead + k >= len(parts):
                    continue
                parts[lead + k] = parts[lead + k].replace(cell, f"{cell}, {other}", 1)
                found.append((n, name, lines[n], other, "|".join(parts)))
        i = j
    return found[:MAX_CELL_INJECTIONS]


_PIPE_LINE = re.compile(r"\s*\|")
_HASHES = re.compile(r"\s*#*")
_GROUPED_NUMBER = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,]|\.\d)")
# (a label of four words at most, no code: not `FROM orders o JOIN customers c ON c.id = o.customer_id`)
_WORD_LABEL = re.compile(r"\s*(?:[-*+]\s+)?[*_`]*([A-Za-z][A-Za-z%/'_-]*(?: [A-Za-z%/'_()-]+){0,3}?)[*_`]*\s*[:=](?!=)\s*\S")
_PROSE_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_NOT_PROSE = re.compile(r"\d|^\s*(?:[-*+>|=#<\[{]|\w[\w .-]{0,40}?\s*[:=]\s*\S)")
PROSE_WORDS = 4  # words of a title or sentence, no digit among them


def table_body_rows(lines: list[str]) -> frozenset[int]:
    """The lines that are body rows of a Markdown table: pipe rows below a `|---|` rule row, up to the first
    line that is no pipe row."""
    body: set[int] = set()
    inside = False
    for i, line in enumerate(lines):
        if not _PIPE_LINE.match(line):
            inside = False
        elif _rule_row(line):
            inside = True
        elif inside:
            body.add(i)
    return frozenset(body)


def prose_lines(lines: list[str], records: tuple[int, ...]) -> frozenset[int]:
    """Record lines that are a title or a sentence, not a record: at least PROSE_WORDS words, no digit (a sentence
    with numbers may be a record: "Alice worked 40 hours, 2 above the threshold."; review), no mark of a structure (a
    row, bullet, heading, `key: value`), and a first word no other line starts with (`Move disk from A to C`, one line
    of many like it, stays a record). None where they are over half the lines (an answer of sentences)."""
    firsts = Counter(line.split()[0].lower() for i in records if (line := lines[i]).split())
    found = frozenset(i for i in records if not _NOT_PROSE.search(lines[i])
                      and len(_PROSE_WORD.findall(lines[i])) >= PROSE_WORDS and firsts[lines[i].split()[0].lower()] == 1)
    # (an answer of sentences, the steps of a build order, has them for records: none of them is a title; review)
    return found if 2 * len(found) <= len(records) else frozenset()


def _rule_row(line: str) -> bool:
    """A Markdown table's `|---|:--:|` rule row (in linear time: a regex of optional runs around `-{3,}` was
    cubic in a long run of dashes; review)."""
    body = line.strip()
    return "---" in body and not body.strip("|:- \t")


def list_key(where: str) -> str | None:
    """The key or column of a list_item_swaps mutant's list (`field 'cars.0'`: cars), else None."""
    found = re.search(r"field '(.+)\.\d+' " + re.escape(LIST_ITEMS_SWAPPED), where)
    return found.group(1) if found else None


MUTANT_WORD = "MUTANT_VALUE"  # (one token, as a code is: a cell of `LEFT_BEHIND`s reads it as their like)
MAX_WORD_CELLS = 2000


def table_word_cells(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, str, int, int]]:
    """(line index, column name, start, end) of each word cell of a Markdown table's data rows: a cell of
    one token with a letter in it (`SORTER`, `LX318`, `late`), not a number, not a date or time, not a
    list. Its column is named by the table's header. At most MAX_WORD_CELLS."""
    found: list[tuple[int, str, int, int]] = []
    wanted = set(records)
    for i, line in enumerate(lines):
        if len(found) >= MAX_WORD_CELLS:
            break
        if i not in wanted or not line.lstrip().startswith("|") or re.fullmatch(r"[\s|:-]*", line):
            continue
        if i + 1 < len(lines) and _rule_row(lines[i + 1]):
            continue  # (the header row itself)
        start = 0
        for c, cell in enumerate(line.split("|")):
            end = start + len(cell)
            word = cell.strip()
            if c and re.fullmatch(r"[A-Za-z][\w.-]{0,63}|[\w.-]*[A-Za-z][\w.-]*", word) and len(word) <= 64 \
                    and not NUMBER_RE.fullmatch(word):
                name = _column_name(lines, i, c)
                if name:
                    at = start + cell.index(word)
                    found.append((i, name, at, at + len(word)))
            start = end + 1
    return found


LIST_ITEMS_SWAPPED = "(two neighbouring items of its list swapped)"
# where a bare list line's item was given a code its line lacks (line_codes): one place for every such line
CODE_ITEM_CHANGED = "(an item given a code its line lacks)"
COUNT_MOVED = "(a line like it, one unit moved between two of its counts)"
LIST_MARKS = (CODE_ITEM_CHANGED, COUNT_MOVED)  # (how fuzz knows a list rule's mutant: one place, asks for every list)
_ARRAY_HEADER = re.compile(r"\[\[\s*([A-Za-z_][\w-]*)\s*\]\]")
SECTIONS_SWAPPED = "(sections swapped)"  # the end of a swap_records `where` that exchanged two whole `[section]`s
# `key = a, b, c` / `key: a, b, c` of a config or plain-text answer: a list written on one line
# (a label of words is a key too: "New to club: IC2118, M106, M109"; blind p218)
# (a TOML key in quotes too, `"02-4" = ["MSCU9561950", "HLXU6152128"]`: an array of one line; blind p237)
_LIST_LINE = re.compile(r"(\s*)([A-Za-z_][\w.-]{0,63}(?: [A-Za-z_][\w.-]{0,30}){0,4}|\"[^\"\n]{1,63}\")(\s*[=:]\s*)"
                        r"([^,;#\n]+(?:,[^,;#\n]+)+?)\s*")
MAX_LIST_SWAPS = 200


def _labelled_list(line: str) -> re.Match | None:
    """A `key = a, b, c` line's match of _LIST_LINE (not a table row, a comment or a bullet; not a line over
    2000 characters): what list_item_swaps and list_codes both read."""
    if len(line) > 2000 or line.lstrip().startswith(("|", "#", ";", "-", "*")):
        return None
    return _LIST_LINE.fullmatch(line)


_INLINE_LIST = re.compile(r"(?<![\w.=-])([A-Za-z_][\w.-]{0,63})=([^\s,;=|]+(?:,[^\s,;=|]+)+)(?=\s|$)")


RENUMBERED = "(each keeps its number)"  # the end of a swap_records `where` of two numbered lines' contents exchanged
# ... where the number is an id's (`B-205: FG_UNSTABLE` / `B-206: ABV_LABEL`): the contents trade ids, no order moves
KEEPS_ITS_ID = "(each keeps its id)"
_ORDINAL = re.compile(r"^(\D{0,40}?)(\d{1,6})(?!\d)")
MAX_NUMBERED = 200


def _numbered_pairs(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, str, str]]:
    """(line i, its new text, line i+1's new text) for two neighbouring lines of a numbered run (`OPTION 1 (4 pieces):
    ...`, `OPTION 2 ...`: the first number of each, after the same lead, one more than the line before's), their
    contents exchanged and each keeping its number: a grader checking the numbers run 1..N and the set of contents
    passes it where the prompt fixes the order (blind p241: options "numbered 1, 2, 3, ... in that order")."""
    wanted = set(records)
    out: list[tuple[int, str, str]] = []
    for i in range(min(len(lines), 20_000) - 1):
        if len(out) >= MAX_NUMBERED:
            break
        a, b = _ORDINAL.match(lines[i]), _ORDINAL.match(lines[i + 1])
        if a is None or b is None or i not in wanted or i + 1 not in wanted or a.group(1) != b.group(1) \
                or int(b.group(2)) != int(a.group(2)) + 1 or not a.group(1).strip():
            continue
        first = a.group(1) + a.group(2) + lines[i + 1][b.end():]
        second = b.group(1) + b.group(2) + lines[i][a.end():]
        if first != lines[i] and lines[i][a.end():] != lines[i + 1][b.end():]:
            out.append((i, first, second))
    return out


# a line giving a count and nothing else: `TOTAL 32`, `count: 12`, `Findings = 7` (a label of one to three words)
_COUNT_LINE = re.compile(r"^(\s*[A-Za-z][\w ]{0,30}?\s*[:=]?\s*)(\d{1,6})(\s*)$")


def _counted_lines(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, int, int, str | None]]:
    """(a line to copy, the count line, where the copy goes: right after the last line of its shape, the copy's text
    or None for the line with its numbers moved) for each line
    shape whose number of lines a count line of the answer gives (`TOTAL 32` below 32 findings); at most one count
    line, read among the first 5000 lines."""
    head = lines[:5000]
    counts = [(j, int(m.group(2))) for j, line in enumerate(head) if (m := _COUNT_LINE.match(line))]
    if not counts or len(counts) > 3:
        return []
    shapes: dict[str, list[int]] = {}
    led: dict[str, list[int]] = {}
    for i in records:
        if i < len(head) and head[i].strip() and not _COUNT_LINE.match(head[i]):
            # (by its words, each a number or id or a word: `RC-002 STALE` and `RC-003 BAD_GRADE` are one shape)
            shapes.setdefault(" ".join("#" if any(c.isdigit() for c in w) else "w" for w in head[i].split()),
                              []).append(i)
            # (and by the id that leads it, whatever follows: `L014: AMOUNT_MISMATCH, DEPRECATED_CODE` among
            # `L003: UNKNOWN_CODE` lines, all counted by `flagged_lines: 13`; blind p257)
            first = head[i].split()[0]
            if re.search(r"\d", first) and re.search(r"[A-Za-z]", first) and not _SECTION.match(head[i]):
                led.setdefault(re.sub(r"\d+", "#", first), []).append(i)
    present = {line.strip() for line in head}
    out: list[tuple[int, int, int, str | None]] = []
    groups = list(shapes.values()) + [found for found in led.values() if found not in shapes.values()]
    for j, n in counts:
        for found in groups:
            if len(found) == n >= 2 and re.search(r"\d", head[found[0]]):
                # (the copy's id the next one up, `L004` of `L003` where the answer lists no L004: a record of the
                # input's that the answer leaves out, flagged; a moved id, `L503`, is one the input lacks, which a
                # grader checking ids refuses whatever it counts)
                ids = {head[k].split()[0] for k in found}
                for i in found[:50]:
                    first = head[i].split()[0]
                    up = re.sub(r"(\d+)(?!.*\d)", lambda m: str(int(m.group(1)) + 1).zfill(len(m.group(1))), first)
                    if up != first and up not in ids:
                        out.append((i, j, found[-1] + 1, head[i].replace(first, up, 1)))
                # (the copy: its numbers moved, an id the input lacks; or its last word another line's, `RC-002
                # BAD_GRADE` beside `RC-002 STALE`: a wrong finding of a real card, which "extra findings are never
                # penalised" lets through; blind p243)
                for i in found[:50]:
                    out.append((i, j, found[-1] + 1, None))
                    last = head[i].split()[-1]
                    other = next((head[k].split()[-1] for k in found if head[k].split()[-1] != last), None)
                    if other is not None:
                        cut = head[i].rstrip()
                        new = cut[:len(cut) - len(last)] + other
                        if new.strip() not in present:
                            out.append((i, j, found[-1] + 1, new))
    # (the reworded copies first: a grader checking ids against its inputs rejects a moved id whatever it counts)
    return sorted(out, key=lambda c: c[3] is None)


def list_item_swaps(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, str, int, str]]:
    """(line index, key or column, item index, new line) for each list written on one line (a `key = a, b, c`
    line; a Markdown table cell of comma-separated codes) with its first two different neighbours swapped.
    At most MAX_LIST_SWAPS."""
    found: list[tuple[int, str, int, str]] = []

    def swaps(items: list[str]) -> list[tuple[int, list[str]]]:
        """The list with its last pair of different neighbours swapped, then with its first: drawn first, the
        last shows a grader comparing sorted lists and one checking only a list's head alike (review)."""
        words = [w.strip() for w in items]
        if len(words) < 2 or not all(words) or any(len(w) > 80 for w in words):
            return []
        differ = [k for k in range(len(words) - 1) if words[k] != words[k + 1]]
        out = []
        for k in dict.fromkeys(differ[-1:] + differ[:1]):
            changed = list(items)
            # (each item keeps the spaces around it: only the words trade places)
            lead_a, lead_b = items[k][:len(items[k]) - len(items[k].lstrip())], \
                items[k + 1][:len(items[k + 1]) - len(items[k + 1].lstrip())]
            changed[k], changed[k + 1] = lead_a + words[k + 1], lead_b + words[k]
            out.append((k, changed))
        return out

    # (a list under a `[stacks]` table whose key is an id is named by the table too, `stacks.02-4`: a sentence ordering
    # the stacks' lists names the table, not each stack id)
    owners = config_owners(tuple(lines)) if any(_SECTION.match(lines[i]) for i in records[:5000]) else None
    for i in records:
        if len(found) >= MAX_LIST_SWAPS:
            break
        line = lines[i]
        match = _labelled_list(line)
        if match and re.search(r"\s[A-Za-z_][\w.-]*=", match.group(4)):
            match = None  # (`section=CS101-01 cap=2 waitlist=S539,S321`: pairs in a line, read below; review)
        if match:
            value = match.group(4)
            # (an array's brackets stay where they are: `[B, A, C]`, never `B", ["A`)
            bracket = re.fullmatch(r"(\s*\[)(.*?)(\]\s*)", value)
            head, body, tail = bracket.groups() if bracket else ("", value, "")
            key = match.group(2).strip('"')
            owner = owners[i] if owners is not None and i < len(owners) else None
            # (only a key that is an id, `"02-4"`, `WTG01`: a named list, `cars`, is what a sentence names)
            key = f"{owner[0]}.{key}" if owner and owner[0] and re.search(r"\d", key) else key
            for k, items in swaps(body.split(",")):
                found.append((i, key, k, match.group(1) + match.group(2) + match.group(3)
                              + head + ",".join(items) + tail + line[match.end(4):]))
            continue
        # (`key=a,b,c` pairs inside a line: `CS101-01 cap=2 enrolled=S230,S307 waitlist=S539,S321,S348`; blind
        # p110, a waitlist compared sorted where "the `waitlist` list must be in queue order")
        for pair in _INLINE_LIST.finditer(line[:2000]):
            for k, items in swaps(pair.group(2).split(",")):
                found.append((i, pair.group(1), k, line[:pair.start(2)] + ",".join(items) + line[pair.end(2):]))
        if line.lstrip().startswith("|") and not _rule_row(line):
            parts = line.split("|")
            for c, cell in enumerate(parts):
                if _CODE_LIST.fullmatch(cell.strip()):
                    for k, items in swaps(cell.strip().split(",")):
                        changed = list(parts)
                        changed[c] = cell.replace(cell.strip(), ",".join(items).strip(), 1)
                        found.append((i, _column_name(lines, i, c) or f"column {c}", k, "|".join(changed)))
    return found[:MAX_LIST_SWAPS]


def _ascending_gaps(lines: list[str], records: tuple[int, ...], policy: FuzzPolicy) -> list[tuple]:
    """(line, span, old, new, its field `key.index`) of one item of each list written on one line whose items
    are whole numbers in strictly ascending order, `rejected_seqs = [9, 28, 31]`, moved within its gap (gap_change).
    The first MAX_LIST_SWAPS such lists."""
    out: list[tuple] = []
    for i in records:
        if len(out) >= MAX_LIST_SWAPS:
            break
        match = _labelled_list(lines[i])
        if match is None:
            continue
        value = match.group(4)
        bracket = re.fullmatch(r"(\s*\[)(.*?)(\]\s*)", value)
        start = match.start(4) + (bracket.end(1) if bracket else 0)
        items = (bracket.group(2) if bracket else value).split(",")
        if not all(re.fullmatch(r"\s*-?\d{1,18}\s*", item) for item in items):
            continue
        moved = gap_change([int(item) for item in items], policy)
        if moved is None:
            continue
        k, new = moved
        at = start + sum(len(item) + 1 for item in items[:k]) + len(items[k]) - len(items[k].lstrip())
        old = items[k].strip()
        out.append((i, (at, at + len(old)), old, str(new), f"{match.group(2).strip(chr(34))}.{k}"))
    return out


MAX_COLUMN_CODES, MAX_COLUMNS = 500, 50


def _column_width(lines: list[str], sample: list[int]) -> int:
    """How many parts each line of `sample` has where they are columns split by single spaces (as many parts each, at
    least three, at least three lines, a digit in every line: not prose, whose sentences are seldom of one length);
    0 where they are not."""
    widths = {len(lines[i].split()) for i in sample}
    if len(sample) < 3 or len(widths) != 1 or min(widths) < 3 or any("  " in lines[i].strip() for i in sample) \
            or not all(re.search(r"\d", lines[i]) for i in sample):
        return 0
    return min(widths)


_WORD_CODE = re.compile(r"[A-Z][A-Z_]{1,30}")  # a code word of capitals alone, `SUSPENDED`, `NOT_VALID`


def column_codes(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, int, int, int, str]]:
    """(line, column, start, end, another code) for the codes of a text whose lines are columns split by single spaces
    (as _recombined reads them: as many parts each, at least three, a digit in every line), each code with a digit
    in it given the next other code its column holds (`P17` -> `P11`). At most MAX_COLUMN_CODES, one a line."""
    sample = list(records[:5000])
    width = _column_width(lines, sample)
    if not width:
        return []
    split = {i: lines[i].split() for i in sample}
    # (each column's values in order of first sight, and where each stands: one pass, whatever the width; review)
    columns = [list(dict.fromkeys(split[i][c] for i in sample)) for c in range(min(width, MAX_COLUMNS))]
    places = [{v: k for k, v in enumerate(pool)} for pool in columns]
    # (a column of a few words in capitals, `OK` on most lines, `SUSPENDED`, `CLOSED` on the rest: its rarer words, each
    # given another rare one, `DENY SUSPENDED` -> `DENY CLOSED`; blind p364's reasons, never compared, where `OK` given
    # another word broke an `ACCEPT ... OK` rule the grader did check)
    common = [Counter(split[i][c] for i in sample).most_common(1)[0][0] for c in range(len(columns))]
    worded = [3 <= len(pool) <= 40 and all(_WORD_CODE.fullmatch(v) for v in pool) for pool in columns]
    out: list[tuple[int, int, int, int, str]] = []
    for n, i in enumerate(sample[:MAX_COLUMN_CODES]):
        tokens = None
        for c in [(n + k) % len(columns) for k in range(len(columns))]:  # (each line a column of its own turn)
            word, pool = split[i][c], columns[c]
            if worded[c] and word != common[c]:
                rare = [v for v in pool if v not in (word, common[c])]
                if not rare:
                    continue
                other = rare[places[c][word] % len(rare)]
            elif len(pool) < 2 or not _CODE.fullmatch(word) or not re.search(r"\d", word) or NUMBER_RE.fullmatch(word):
                continue
            else:
                other = pool[(places[c][word] + 1) % len(pool)]
            tokens = tokens or list(re.finditer(r"\S+", lines[i]))
            out.append((i, c, tokens[c].start(), tokens[c].end(), other))
            break
    return out


def list_codes(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, str, int, int, int]]:
    """(line index, key, item index, start, end) of each item of a labelled list of codes written on one line
    (`New to club: IC2118, M106, M109`, `waitlist = S539, S321`: every item capitals, digits and `_.-`). At
    most MAX_LIST_SWAPS."""
    found: list[tuple[int, str, int, int, int]] = []
    for i in records:
        if len(found) >= MAX_LIST_SWAPS:
            break
        line = lines[i]
        match = _labelled_list(line)
        if match is None or not _CODE_LIST.fullmatch(match.group(4).strip()) or _GROUPED.search(match.group(4)):
            continue
        at = match.start(4)
        for k, item in enumerate(match.group(4).split(",")):
            lead = len(item) - len(item.lstrip())
            found.append((i, match.group(2), k, at + lead, at + len(item.rstrip())))
            at += len(item) + 1
    return found[:MAX_LIST_SWAPS]


MIN_CODE_LINES = 3
CODE_LINE_TRIES = 20  # string_change's and inject_record's draws where the answer's lines are bare lists
_PAIR_LINE = re.compile(r"[A-Za-z0-9][\w.-]*:[\w.-]+(?:[ \t]+[A-Za-z0-9][\w.-]*:[\w.-]+)+")
_BARE_LIST = re.compile(r"[A-Za-z0-9][\w.'-]*(?:[ \t]*,[ \t]*[A-Za-z0-9][\w.'-]*)+")
MAX_CODE_POOL = 300  # codes line_codes chooses a replacement from
MAX_SCORED = 48  # of them, those scored for one line
MAX_PAIRED_LINES = 1000  # lines whose pairs are counted
MAX_PAIRED_ITEMS = 12  # a list longer than this is not scored by its pairs (their number grows as its square)


def listed_lines(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, list[str], str]]:
    """(line, items, separator) of each record line that is a bare list line_codes changes an item of; [] unless
    there are at least MIN_CODE_LINES of them and they are half the record lines or more."""
    listed: list[tuple[int, list[str], str]] = []
    for i in records[:5000]:
        line = lines[i].strip()
        if len(line) > 2000:
            continue
        if _PAIR_LINE.fullmatch(line):  # (`ANAT210:MON-AM BIOC220:MON-AM ...`: each key given another of its values)
            items = line.split()
            if len({item.partition(":")[0] for item in items}) == len(items):
                listed.append((i, items, re.match(r"\S+(\s+)", line).group(1)))
            continue
        if "," not in line or not _BARE_LIST.fullmatch(line):
            continue
        items = [item.strip() for item in line.split(",")]
        if all(NUMBER_RE.fullmatch(item) for item in items) or not (
                all(re.search(r"\d", item) for item in items) or all(item[:1].isupper() for item in items)):
            continue
        listed.append((i, items, re.match(r"[^,]*(,[ \t]*)", line).group(1)))
    return listed if len(listed) >= MIN_CODE_LINES and len(listed) * 2 >= len(records) else []


def line_codes(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, str, str, str]]:
    """(line, item, another item, the new line) for the items of a text whose record lines are each a bare list of
    codes or names (`K01,K03,K06,K07,K12`, `Alasdair, Beth, Callum, Deirdre`; no label: at least MIN_CODE_LINES of
    them, every item with a digit or every one capitalised), or of `key:value` pairs (`ANAT210:MON-AM BIOC220:MON-AM`,
    each key once: a pair given another value its key has elsewhere; blind p312's exam slots, the seat limit never
    checked), each item given one other lines hold and its line does not, where the list it makes is no other line's
    (as a set; kept in order where the line was sorted): a panel, a team, a trio the answer does not list. A grader
    that counts the lists and checks some of the rules a list must meet, never that each is one of the right ones,
    passes it where the new list breaks only the rules it forgets (blind p308: "every five-person panel", the
    French-speaker rule never checked; p311's never-together pairs). Lines spread over the answer; the replacing item, two lines in three, the one whose rarest pairing with the items
    kept is the commonest in the answer (a list of pairs the right lists hold breaks fewer rules: 20 % of such changes
    on p308 broke only the forgotten count rule, 12 % of items taken in turn); the third, one that makes exactly one
    pair no right list holds, the others as common as can be (a forgotten pair rule: 63 % on p311, 36 % the other
    way); at most MAX_LIST_SWAPS."""
    listed = listed_lines(lines, records)
    if not listed:
        return []
    pool = sorted({item for _, items, _ in listed for item in items})[:MAX_CODE_POOL]
    held = {frozenset(items) for _, items, _ in listed}
    paired = Counter(frozenset(pair) for _, items, _ in listed[:MAX_PAIRED_LINES] if len(items) <= MAX_PAIRED_ITEMS
                     for pair in itertools.combinations(set(items), 2))
    out: list[tuple[int, str, str, str]] = []
    step = max(1, len(listed) // MAX_LIST_SWAPS)
    for n, (i, items, sep) in enumerate(listed[::step]):
        names = set(items)
        at = items[n % len(items)]
        kept = names - {at}
        def score(other: str) -> tuple[int, int]:
            if len(items) > MAX_PAIRED_ITEMS:
                return (0, 0)
            counts = [paired[frozenset((other, k))] for k in kept]
            if n % 3 == 2:  # (one pair never seen, the rest common)
                return (int(counts.count(0) == 1), min((c for c in counts if c), default=0))
            return (0, min(counts, default=0))
        paired_key = at.partition(":")[0] + ":" if sep.strip() == "" and ":" in at else None
        # (MAX_SCORED candidates, taken in turn from the pool: 300 codes scored against 11 kept items on each of 200
        # lines took 2 s; review)
        turn = [pool[(n * 7 + k) % len(pool)] for k in range(min(len(pool), MAX_SCORED))] if paired_key is None else \
            [other for other in pool if other.startswith(paired_key)]
        scored = [(*score(other), -place, other) for place, other in enumerate(turn)
                  if other not in names and frozenset(kept | {other}) not in held]
        if scored:
            other = max(scored)[-1]
            changed = [other if item == at else item for item in items]
            changed = sorted(changed) if items == sorted(items) else changed
            indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
            out.append((i, at, other, indent + sep.join(changed)))
        if len(out) >= MAX_LIST_SWAPS:
            break
    return out


def list_additions(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, str, str]]:
    """(line, a new line, how it was made) for lines of bare lists (listed_lines): a line of `key:count` pairs with one
    unit moved from one of its keys to another key the answer uses (`ALM:1 CRO:2 FIN:1` -> `ALM:1 CRO:1 FIN:2`: the
    same number of pieces), else line_codes's list with one item changed; never a list the answer holds. At most
    MAX_LIST_SWAPS, lines spread over the answer."""
    listed = listed_lines(lines, records)
    # (a key starts with a letter: `10:30 11:45` are times, not counts; review)
    counts = [(i, items) for i, items, sep in listed if sep.strip() == ""
              and all(re.fullmatch(r"[A-Za-z][^:\s]*:\d{1,6}", item) for item in items)]
    if not counts or len(counts) * 2 < len(listed):
        return [(i, new, CODE_ITEM_CHANGED) for i, _, _, new in line_codes(lines, records)]

    def box(tokens: list[str]) -> frozenset:  # (a count of 0 written or left out: the same box; review)
        return frozenset((k, int(v)) for k, _, v in (x.partition(":") for x in tokens) if int(v))
    held = {box(items) for _, items in counts}
    keys = sorted({item.partition(":")[0] for _, items in counts for item in items})[:MAX_CODE_POOL]
    out: list[tuple[int, str, str]] = []
    step = max(1, len(counts) // MAX_LIST_SWAPS)
    for n, (i, items) in enumerate(counts[::step]):
        have = {k: int(v) for k, _, v in (item.partition(":") for item in items)}
        given = [k for k in have if have[k] > 0]
        if not given:
            continue
        source = given[n % len(given)]  # (a unit moved from a count it has: never a negative one; review)
        for k in range(len(keys)):
            target = keys[(n * 7 + k) % len(keys)]
            if target == source:
                continue
            moved = dict(have)
            moved[source] -= 1
            moved[target] = moved.get(target, 0) + 1
            order = sorted(moved) if list(have) == sorted(have) else [*have, *(x for x in moved if x not in have)]
            new = [f"{key}:{moved[key]}" for key in order if moved[key] or key in have]
            if box(new) not in held:
                indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
                out.append((i, indent + " ".join(new), COUNT_MOVED))
                break
    return out


MAX_TABLE_PAIRS = 400  # row pairs of one table looked at for a value swap
MAX_TABLE_SWAPS = 500
SWAPS_PER_COLUMN = 4


def table_value_swaps(lines: list[str], records: tuple[int, ...], apart: Callable[[str, str], bool]) \
        -> list[tuple[int, int, str, tuple[str, ...], str, str]]:
    """(row a, row b, column, other columns they differ in, new row a, new row b) for each exchange of one
    cell between two data rows of a Markdown table whose cells differ (`apart`) there and in some other
    column too (or the exchange is only a reorder): a grader that never compares a column, or never pairs
    it with its row, passes it (blind p129: a `limiting_hour` checked only to be an hour of the forecast).
    The first rows' every column first."""
    wanted = set(records)
    tables: list[list[int]] = []
    for i, line in enumerate(lines):
        if i in wanted and line.lstrip().startswith("|") and not _rule_row(line) \
                and not (i + 1 < len(lines) and _rule_row(lines[i + 1])):
            if tables and tables[-1][-1] == i - 1 and _column_name(lines, i, 1):
                tables[-1].append(i)
            elif _column_name(lines, i, 1):
                tables.append([i])
    out: list[tuple[float, tuple[int, int, str, tuple[str, ...], str, str]]] = []  # (how far apart, the swap)
    for rows in tables:
        cells = {i: lines[i].split("|") for i in rows[:MAX_TABLE_ROWS]}
        names = [_column_name(lines, rows[0], c) for c in range(len(cells[rows[0]]))]
        for a, b in itertools.islice(itertools.combinations(rows[:MAX_TABLE_ROWS], 2), MAX_TABLE_PAIRS):
            ca, cb = cells[a], cells[b]
            if len(ca) != len(cb) or len(ca) != len(names):
                continue
            for c in range(1, len(ca) - 1):
                va, vb = ca[c].strip(), cb[c].strip()
                if not names[c] or not apart(va, vb):
                    continue
                differ = tuple(names[k] or f"column {k}" for k in range(1, len(ca) - 1)
                               if k != c and ca[k].strip() != cb[k].strip())
                if not any(apart(ca[k].strip(), cb[k].strip()) for k in range(1, len(ca) - 1) if k != c):
                    continue
                na, nb = list(ca), list(cb)
                na[c], nb[c] = ca[c].replace(va, vb, 1), cb[c].replace(vb, va, 1)
                apart_by = abs(float(va) - float(vb)) / max(abs(float(va)), abs(float(vb)), 1e-12) \
                    if NUMBER_RE.fullmatch(va) and NUMBER_RE.fullmatch(vb) else 0.0
                out.append((apart_by, (a, b, names[c], differ, "|".join(na), "|".join(nb))))
                if len(out) >= MAX_TABLE_SWAPS:
                    break
    return _closest_per_column(out)


def _closest_per_column(out: list[tuple[float, tuple]]) -> list[tuple]:
    """Per column (a swap's third item), its closest values first, and a few of them: a near value is the likeliest
    wrong answer and stays inside whatever range a row allows (an hour of that row's forecast; blind p129)."""
    kept: dict[str, list] = {}
    for _, swap in sorted(out, key=lambda t: t[0]):
        if len(kept.setdefault(swap[2], [])) < SWAPS_PER_COLUMN:
            kept[swap[2]].append(swap)
    return [swap for column in kept.values() for swap in column]


_CODE_WORD = re.compile(r"[A-Za-z][A-Za-z_]{1,40}")  # (a code or label: letters and underscores, no digit)
_PLAIN_ROW = re.compile(r"[^\s:=|,;#<>]+(?:[ \t]+[^\s:=|,;#<>]+)+")
# (a headerless CSV line in a text answer, without a space: `AMI-20227,2025-06-07T23:00,OPEN,NONE,54.0`; blind p319)
_COMMA_ROW = re.compile(r"[^\s,;|=#<>\"']+(?:,[^\s,;|=#<>\"']+){2,}")
MIN_PLAIN_ROWS = 3


def _id_shape(token: str) -> str:
    return "digits" if token.isdigit() else "code" if re.search(r"\d", token) else "word"


def plain_value_swaps(lines: list[str], records: tuple[int, ...], apart: Callable[[str, str], bool]) \
        -> list[tuple[int, int, str, tuple[str, ...], str, str]]:
    """table_value_swaps for rows written as whitespace-separated tokens (`11 696893` over `34 199505`: blind
    p220's per-rider counts, compared as a sorted list): a run of at least MIN_PLAIN_ROWS consecutive lines of
    as many tokens, the first of one shape (digits, a code, a word) and different on each line, no `:`, `=`,
    `|` or `,` (labels, pairs and tables are read elsewhere), or of as many comma-separated values without a space
    (a headerless CSV in a text file); one number of a later column exchanged between two of them."""
    runs: list[list[tuple[int, list[str]]]] = []
    previous = -2
    for i in records:
        line = lines[i].strip()
        comma = len(line) <= 500 and _COMMA_ROW.fullmatch(line) is not None
        if len(line) > 500 or not (comma or _PLAIN_ROW.fullmatch(line)):
            previous = -2
            continue
        tokens = line.split(",") if comma else line.split()
        row = (i, tokens)
        if runs and previous == i - 1 and len(runs[-1][-1][1]) == len(tokens) \
                and ("," in lines[runs[-1][-1][0]]) == comma and _id_shape(runs[-1][-1][1][0]) == _id_shape(tokens[0]):
            runs[-1].append(row)
        else:
            runs.append([row])
        previous = i
    out: list[tuple[float, tuple[int, int, str, tuple[str, ...], str, str]]] = []
    for run in runs:
        if len(run) < MIN_PLAIN_ROWS:
            continue
        # (a keyword every line opens with is no id: `FINDING OD30108 WX21KLM OVERSPEED`, whose id is the reading's;
        # blind p309's audit, whose codes the grader never compared, only how many findings each reading has)
        lead = next((c for c in range(len(run[0][1]) - 1) if len({tokens[c] for _, tokens in run}) > 1), 0)
        lead = lead if all(_CODE_WORD.fullmatch(run[0][1][c]) for c in range(lead)) else 0
        unique = len({tokens[lead] for _, tokens in run}) == len(run)
        held = {tuple(tokens) for _, tokens in run}
        # (a run led by its rank, 1, 2, 3, ...: two rows the same but for the word exchanged and their ranks are two
        # records in each other's places, a tie's order the prompt may free (review), not a code moved between them)
        ranked = all(tokens[lead] == str(k + 1) for k, (_, tokens) in enumerate(run))
        for (a, ta), (b, tb) in itertools.islice(itertools.combinations(run[:MAX_TABLE_ROWS], 2), MAX_TABLE_PAIRS):
            for c in range(lead + 1, len(ta)):
                va, vb = ta[c], tb[c]
                numbers = NUMBER_RE.fullmatch(va) and NUMBER_RE.fullmatch(vb)
                # (and a code of a later column, `H-0004 VARIETY` over `H-0005 DATES`: blind p264's audit, whose
                # codes the grader never compared, only which records were flagged and how many findings; an id may
                # stand twice, one line a finding, so long as the exchange makes no line the run already holds)
                words = not numbers and _CODE_WORD.fullmatch(va) and _CODE_WORD.fullmatch(vb) and ta[lead] != tb[lead] \
                    and not (ranked and all(ta[k] == tb[k] for k in range(lead + 1, len(ta)) if k != c))
                if not (numbers and unique or words) or not apart(va, vb):
                    continue
                na, nb = list(ta), list(tb)
                na[c], nb[c] = vb, va
                if words and (tuple(na) in held or tuple(nb) in held):
                    continue
                differ = tuple(f"column {k + 1}" for k in range(len(ta)) if k != c and ta[k] != tb[k])
                apart_by = 1.0 if words else abs(float(va) - float(vb)) / max(abs(float(va)), abs(float(vb)), 1e-12)
                out.append((apart_by, (a, b, f"column {c + 1}", differ, _respaced(lines[a], na),
                                       _respaced(lines[b], nb))))
                if len(out) >= MAX_TABLE_SWAPS:
                    break
    return _closest_per_column(out)


def _respaced(line: str, tokens: list[str]) -> str:
    """`line` with its tokens replaced by `tokens`, its spaces (or, in a comma row, its commas) kept (a column's
    width may change)."""
    if _COMMA_ROW.fullmatch(line.strip()):
        return line[:len(line) - len(line.lstrip())] + ",".join(tokens) + line[len(line.rstrip()):]
    parts = re.split(r"(\s+)", line)
    words = iter(tokens)
    return "".join(next(words) if k % 2 == 0 and part else part for k, part in enumerate(parts))


_RULES_ABOVE: dict[int, tuple[list[str], int, list[int]]] = {}  # id(lines) -> (lines, len, rule row above each line)


def _rules_above(lines: list[str]) -> list[int]:
    """For each line, the nearest `|---|` rule row above it in its run of `|` lines, at most MAX_TABLE_ROWS up (-1 if
    none): read in one pass, once per text (a walk up per cell was quadratic, 41 s for a 20 000-row table)."""
    known = _RULES_ABOVE.get(id(lines))
    if known is not None and known[0] is lines and known[1] == len(lines):
        return known[2]
    out, rule = [-1] * len(lines), -1
    for i in range(len(lines)):
        out[i] = rule if rule >= 0 and i - rule <= MAX_TABLE_ROWS else -1
        if not lines[i].lstrip().startswith("|"):
            rule = -1
        elif i >= 1 and _rule_row(lines[i]):
            rule = i
    if len(_RULES_ABOVE) > 8:
        _RULES_ABOVE.clear()
    _RULES_ABOVE[id(lines)] = (lines, len(lines), out)
    return out


def _column_name(lines: list[str], row: int, c: int) -> str:
    """The header of the `c`-th `|`-separated part of a Markdown table's data row `row` ("" if none): the
    line above the table's `|---|` rule row, looked for at most MAX_TABLE_ROWS lines up."""
    k = _rules_above(lines)[row] if 0 <= row < len(lines) else -1
    if k >= 1:
            header = lines[k - 1].split("|")
            name = header[c].strip() if c < len(header) else ""
            # (the emphasis or code marks around it, never the underscores of `limiting_hour`; blind p129)
            return re.sub(r"^[`*]+|[`*]+$|^_+(?=\S)|(?<=\S)_+$", "", name) \
                if re.fullmatch(r"[`*_]*[\w .-]{1,64}[`*_]*", name) else ""
    return ""


_COUNT = re.compile(r"(?<![\w.,-])\d+(?![\w.,-])")


def count_of(line: str) -> int | None:
    """The one number of a line that holds one whole integer and no other digit (`Total lineups: 55`), else None."""
    found = _COUNT.findall(line)
    return int(found[0]) if len(found) == 1 and sum(ch.isdigit() for ch in line) == len(found[0]) else None


def recount(line: str, n: int) -> str:
    """A count_of line with its number made `n`."""
    return _COUNT.sub(str(n), line)


def _count_line(lines: list[str], records: tuple[int, ...], body: set[int] | frozenset[int] | list[int]) \
        -> tuple[int, int] | None:
    """(line, count) of the one line that counts the answer's rows (`Total lineups: 55` under a table of 55 rows, or
    beside 55 other records): a count_of line equal to that count (two or more)."""
    rows = len(body) if body else len(records) - 1
    found = [i for i, line in enumerate(lines[:50_000]) if i not in body and count_of(line) == rows >= 2]
    return (found[0], rows) if len(found) == 1 else None


def _line_strategy(doc: TextDoc, policy: FuzzPolicy, kind: str, lines: list[str],
                   records: tuple[int, ...], ordered_list: Callable[[str, str], str] | None = None) -> Draws | None:
    if not records:
        return None

    def edit(kind_: str, where_: str, old: str, new: str, changed: list[str]) -> Mutation:
        return Mutation(kind_, where_, short(old), short(new), doc.render(changed))

    # (a Markdown table row goes among its table's body rows: a copy above the header or between header and
    # rule is text outside the table, which a parser finding the table by its header never reads, and a
    # title or a sentence of prose is no record to repeat or replace; blind p158, p164, p165)
    body = table_body_rows(lines)
    prose = prose_lines(lines, records)
    if kind in ("drop_record", "duplicate_record", "replace_record", "swap_records"):
        records = tuple(i for i in records if i not in prose)

    def same_key(i: int, j: int) -> bool:
        """Two `key = value` lines of one key (`registered_voters = 4936` of two sections): swapped, one key's values
        change owners, a value exchange the prompt may free with the key (blind p126), not records reordered."""
        a, b = _KEY_LINE.match(lines[i]), _KEY_LINE.match(lines[j])
        return a is not None and b is not None and a.group().rstrip("= \t") == b.group().rstrip("= \t")

    def alike(i: int, j: int) -> bool:
        """Lines i and j may stand in each other's place: both rows of a table's body, or two lines of one lead
        that are no rows (a heading swapped with `Bad releases: 2` moves no record among its like)."""
        if _PIPE_LINE.match(lines[i]) or _PIPE_LINE.match(lines[j]):
            return i in body and j in body
        # (nor two labelled values of different labels, `Iterations: 165` and `Over capacity: Q01, Q03`: one field's
        # line in another's place drops one and repeats the other, which drop_record and duplicate_record try;
        # blind p171. A label with digits is a record's id, `B01: FV1`)
        a, b = _WORD_LABEL.match(lines[i]), _WORD_LABEL.match(lines[j])
        if kind == "replace_record" and a and b and a.group(1).strip().lower() != b.group(1).strip().lower():
            return False  # (swapped, `Alice: 40` and `Bruno: 38` of a ranking are records reordered; review)
        if bool(a) != bool(b):
            return False  # (nor a labelled line with a sentence: `Total valid splits: 26` above the intro; p136)
        # (and a heading only with one of its level: a report's `# title` is no `## Women` section; blind p174)
        return _mark(lines[i]) == _mark(lines[j]) and _HASHES.match(lines[i]).group() == _HASHES.match(lines[j]).group()

    if kind == "drop_record":
        single = pick(records).map(lambda i: edit(
            kind, f"line {i + 1}", lines[i], "(dropped)", lines[:i] + lines[i + 1:]))
        counted = _count_line(lines, records, body)
        if counted is not None:
            # (and with the line counting them made one less, `Total qualifying subsets: 16` -> 15: a grader checking
            # the count against the rows, never against the answer, passes it; blind p334)
            c, n = counted
            rows = [i for i in (body or records) if i != c]

            def dropped(i: int) -> Mutation:
                return edit(kind, f"line {i + 1} (and line {c + 1}'s count made {n - 1})", lines[i], "(dropped)",
                            [recount(line, n - 1) if j == c else line for j, line in enumerate(lines) if j != i])
            # (the last row first: a list cut short keeps its ranks 1..n-1 in sequence, which a grader checking the
            # count against the rows, and the ranks against the count, passes; blind p356)
            single = either([single, either([pick(rows[-1:]).map(dropped), pick(rows).map(dropped)])])
        # (a whole `[section]` of a config file whose sections are records, header to last key: a grader
        # looping over the sections the answer has never misses one; blind p64)
        shaped = config_sections(lines)
        if not shaped:
            return single
        return either([single, pick(shaped).map(lambda c: edit(
            kind, f"lines {c[0] + 1}-{c[1] + 1} (section {lines[c[0]].strip()[:60]} dropped)", lines[c[0]],
            "(dropped)", lines[: c[0]] + lines[c[1] + 1:]))])
    if kind == "duplicate_record":
        return pick(records).map(lambda i: edit(
            kind, f"line {i + 1}", lines[i], "(twice)", lines[: i + 1] + [lines[i]] + lines[i + 1:]))
    if kind == "replace_record":
        pairs = [(i, j) for n, i in enumerate(records[:500])
                 for j in [next((records[k] for k in (n + 1, n - 1) if 0 <= k < len(records)
                                 and lines[records[k]].strip() != lines[i].strip()), None)]
                 if j is not None and alike(i, j)]
        single = pick(pairs).map(lambda c: edit(
            kind, f"line {c[0] + 1} replaced by a copy of line {c[1] + 1}", lines[c[0]], lines[c[1]],
            lines[: c[0]] + [lines[c[1]]] + lines[c[0] + 1:])) if pairs else None
        # (a whole `[[combination]]` entry written over by its neighbour's keys: one entry twice, one gone, the count
        # of entries as it was; a grader checking each entry and the count, never that they differ, passes it; blind
        # p280. Entries of one array only: a `[section]` copied under another's name is a value change)
        shaped = config_sections(lines)
        entries = [(x, y) for x, y in zip(shaped, shaped[1:]) for x, y in ((x, y), (y, x))
                   if lines[x[0]].lstrip().startswith("[[") and lines[x[0]].strip() == lines[y[0]].strip()
                   and lines[x[0] + 1:x[1] + 1] != lines[y[0] + 1:y[1] + 1]][:500]
        whole = pick(entries).map(lambda c: edit(
            kind, f"lines {c[0][0] + 1}-{c[0][1] + 1} replaced by a copy of lines {c[1][0] + 1}-{c[1][1] + 1} "
                  f"(entry {lines[c[0][0]].strip()[:60]})", "; ".join(t.strip() for t in lines[c[0][0] + 1:c[0][1] + 1]),
            "; ".join(t.strip() for t in lines[c[1][0] + 1:c[1][1] + 1]),
            lines[: c[0][0] + 1] + lines[c[1][0] + 1:c[1][1] + 1] + lines[c[0][1] + 1:])) if entries else None
        draws = [d for d in (single, whole) if d is not None]
        return either(draws) if len(draws) > 1 else (draws[0] if draws else None)
    if kind == "truncate_records" and len(records) > 1:
        # (the cut takes at least one line that is no title or sentence: a closing remark alone is no record)
        last = max((n for n, i in enumerate(records) if i not in prose), default=0)
        return ints(1, last).map(lambda k: edit(
            kind, f"keep {k} of {len(records)} non-blank lines", len(records), k, lines[: records[k]])) \
            if last >= 1 else None
    if kind == "swap_records" and policy.order_matters(None):
        # The first MAX_PAIRS pairs looked at, lazily: every pair of a 20 000-line report listed first was
        # 2e8 tuples (45 s, 7 GB) before the first 500 were kept; many equal lines offer no swap at all.
        looked = itertools.islice(((records[a], records[b]) for a in range(len(records))
                                   for b in range(a + 1, len(records))), MAX_PAIRS)
        # (never two `[section]` headers alone: their keys change owners, `[stations.AQ-101]` taking AQ-102's
        # values, which reorders nothing; two whole sections trade places instead; blind p196)
        pairs = list(itertools.islice(((i, j) for i, j in looked if lines[i].strip() != lines[j].strip()
                                       and alike(i, j) and not same_key(i, j)
                                       and not _SECTION.match(lines[i]) and not _SECTION.match(lines[j])), 500))

        def swap(c: tuple[int, int]) -> Mutation:
            changed = list(lines)
            changed[c[0]], changed[c[1]] = lines[c[1]], lines[c[0]]
            return edit(kind, f"line {c[0] + 1} <-> line {c[1] + 1}", lines[c[0]], lines[c[1]], changed)

        def swap_sections(c: tuple[tuple[int, int], tuple[int, int]]) -> Mutation:
            (a1, b1), (a2, b2) = c
            changed = lines[:a1] + lines[a2:b2 + 1] + lines[b1 + 1:a2] + lines[a1:b1 + 1] + lines[b2 + 1:]
            # (two entries of one `[[tanks]]` array name the array, as a tree answer's `$.tanks[0]` does: a sentence
            # ordering another list, "`[[rejected]]` entries MUST appear in log order", orders no tank; blind p221)
            array = _ARRAY_HEADER.fullmatch(lines[a1].strip())
            named = f", field '{array.group(1)}.0'" if array and lines[a1].strip() == lines[a2].strip() else ""
            return edit(kind, f"lines {a1 + 1}-{b1 + 1} <-> lines {a2 + 1}-{b2 + 1}{named} {SECTIONS_SWAPPED}",
                        lines[a1], lines[a2], changed)
        shaped = config_sections(lines)
        # (two tables of one header only as `[[array]]` entries: `[runs.result]` twice is one key of two entries,
        # which trade results when swapped; review)
        # (nor the last entry of one `[[array]]` with the first of the next: each stays in its own array, in its
        # place, and the file reads the same; blind p221)
        neighbours = [(x, y) for x, y in zip(shaped, shaped[1:]) if (
            lines[x[0]].strip() != lines[y[0]].strip() and not (lines[x[0]].lstrip().startswith("[[")
                                                              and lines[y[0]].lstrip().startswith("[[")))
            or (lines[x[0]].lstrip().startswith("[[") and lines[x[0]].strip() == lines[y[0]].strip()
                and lines[x[0]:x[1] + 1] != lines[y[0]:y[1] + 1])][:500]
        numbered = _numbered_pairs(lines, records)

        def renumbered(c: tuple[int, str, str]) -> Mutation:
            i, first, second = c
            changed = list(lines)
            changed[i], changed[i + 1] = first, second
            # (an id's number, its lead glued to it, `B-205`, `Q3`: the lines' contents trade ids, an exchange of values
            # whatever order the prompt leaves open; a position's, `OPTION 2`, `#2`, moves a content in the order;
            # blind p276)
            # (a count of the lines written glued, `Stop-1`, is a position all the same where the prompt says the numbers
            # count the lines: the fuzz gate reads that; review)
            glued = _ORDINAL.match(lines[i]).group(1)[-1:]
            return edit(kind, f"line {i + 1} <-> line {i + 2} {KEEPS_ITS_ID if glued.isalnum() or glued in '-_' else RENUMBERED}",
                        lines[i], first, changed)
        draws = [d for d in (pick(pairs).map(swap) if pairs else None,
                             pick(neighbours).map(swap_sections) if neighbours else None,
                             pick(numbered).map(renumbered) if numbered else None) if d is not None]
        whole = either(draws) if len(draws) > 1 else (draws[0] if draws else None)
        # (two neighbours of a list written on one line swapped, `cars = A, B, C` -> `cars = B, A, C`: a
        # grader comparing sorted lists passes it, where the prompt fixes the list's order; blind p101)
        # (only lists a sentence orders, "`cars` ... ordered from the switch end": a swap in any other is
        # info, and drawing those spent the kind's budget on them; blind p110)
        swaps = list_item_swaps(lines, records) if ordered_list is not None else []
        owners = config_owners(tuple(lines)) if swaps and any(_SECTION.match(line) for line in lines[:20_000]) else []
        # (read under the table each list stands in: a sample's artist `tracks` sorted, a playlist's in any order)
        inner = [c for c in swaps if ordered_list(c[1], (owners[c[0]] or ("",))[0] if c[0] < len(owners) else "")]
        inside = pick(inner).map(lambda c: edit(
            kind, f"line {c[0] + 1}, field '{c[1]}.{c[2]}' {LIST_ITEMS_SWAPPED}", lines[c[0]], c[3],
            lines[: c[0]] + [c[3]] + lines[c[0] + 1:])) if inner else None
        return either([d for d in (whole, inside) if d is not None]) if whole or inside else None
    if kind == "inject_record":
        sources = [i for i in records if NUMBER_RE.search(lines[i])]
        # (no number stands alone: an id's digits move instead, `LS347-LS473` -> `LS4470-LS473`, one more
        # line naming what the input does not have; blind p53: pairings of legs, extras never rejected)
        glued = not sources
        if glued:
            sources = [i for i in records if re.search(r"\d", lines[i])]
        if not sources:
            # (no digit anywhere: codes joined by a separator, `GFB > CRS > DAN`, one line of that shape after
            # another; one more such line, its codes in reverse, is a record the answer does not have, which a
            # grader checking only for missing lines passes; blind p69)
            turned = _reversed_records(lines, records)
            options = [pick(turned).map(lambda c: edit(
                kind, f"before line {c[0] + 1} (line {c[0] + 1} with its parts in reverse)", "(absent)", c[1],
                lines[: c[0]] + [c[1]] + lines[c[0]:]))] if turned else []
            mixed = _recombined(lines, records)
            if mixed:
                options.append(pick(mixed).map(lambda c: edit(
                    kind, f"before line {c[0] + 1} (line {c[0] + 1} ending as line {c[1] + 1} does)", "(absent)",
                    c[2], lines[: c[0]] + [c[2]] + lines[c[0]:])))
            return either(options) if options else None

        def moved(token: str) -> str:
            # (a year moves to the next one, 2023 -> 2024: a copied header `Region 2023 2024 Change` or `=== 2023-Q1 ===`
            # stays a line of its shape, not `21230`, which a prompt's "other lines are ignored" frees; blind p270, review)
            if re.fullmatch(r"(?:19|20)\d\d", token):
                return str(int(token) + 1)
            # (a whole number of 5 digits or more is an id or a code: its first digit changed keeps its
            # width, so the copy is a well-formed record of another id, not a line of another format;
            # blind p37: `1197955 R1` copied as `11980550 R1`, which its prompt makes prose)
            if re.fullmatch(r"\d+(?:[eE]\d+)?", token) and len(token) >= 5:  # (`249e196`: a hex id, no float)
                return str((int(token[0]) + 4) % 9 + 1) + token[1:]
            if re.fullmatch(r"0\d+", token):
                # (`SK-002`'s digits: an id's, padded to its width; moved as a number, `SK-1020` is an id of no
                # shape the answer uses, which a grader reading ids by their shape skips; blind p165)
                return str(int(token[0]) + 5) + token[1:]  # (`002` -> `502`: one the answer's low ids are not)
            return str(keep_kind(token, far_number(float(token))))

        def regrouped(m: re.Match[str]) -> str:
            # (`831,810.2` is one number: moved as one and grouped again, not `831` and `810.2` apart; blind p173)
            new = moved(m.group().replace(",", ""))
            whole, dot, part = new.partition(".")
            return (f"{int(whole):,}" if whole.lstrip("-").isdigit() else whole) + dot + part

        def scramble(i: int) -> str:
            if glued:
                return re.sub(r"\d+", lambda m: moved(m.group()), lines[i], count=1)
            line = _GROUPED_NUMBER.sub(regrouped, lines[i])
            if line != lines[i]:
                return line
            return NUMBER_RE.sub(lambda m: moved(m.group()), lines[i])
        # The section each line is in: how many `[table]` header lines stand above it (a key = value file)
        sections = list(itertools.accumulate((1 if _SECTION.match(line) else 0 for line in lines), initial=0))
        headings = list(itertools.accumulate((1 if _HEADING.match(line) else 0 for line in lines)))

        def fits(c: tuple[int, int]) -> bool:
            # (a markup line goes among lines of its own tag: a `<tr>` among the rows, never the page's
            # `<head>` line into a table, which a parser reads as nothing added)
            if _KEY_LINE.match(lines[c[0]]) and sections[-1] and sections[c[0]] != sections[c[1]]:
                # (a `key = value` line copied into another `[table]`, or above the first, is another key
                # there, which "extra keys are up to you" frees: blind p15, p20)
                return False
            if headings[-1] and headings[c[0]] != (headings[c[1] - 1] if c[1] else 0):
                # (a line of a Markdown document goes under its own `## heading`: a bullet of the
                # "Rejected events" list copied into "Invoices" is a note there, which the prompt may free;
                # blind p64)
                return False
            if headings[-1] and not any(_mark(lines[k]) == _mark(lines[c[0]]) for k in (c[1] - 1, c[1])
                                        if 0 <= k < len(lines)):
                return False  # (and beside a line of its own lead: a bullet among bullets, a row among rows)
            if c[0] in body and not (c[1] - 1 in body or c[1] in body):
                return False  # (a body row copied outside its table's body: no record of the table)
            tag = _LEAD.match(lines[c[0]])
            if tag is None:
                return True
            near = [lines[k] for k in (c[1] - 1, c[1]) if 0 <= k < len(lines)]
            return any((m := _LEAD.match(n)) is not None and m.group(1).lower() == tag.group(1).lower() for n in near)
        single = tuples(pick(sources), ints(0, len(lines))).filter(fits).map(lambda c: edit(
            kind, f"before line {c[1] + 1} (copy of line {c[0] + 1}, numbers moved)", "(absent)",
            scramble(c[0]), lines[: c[1]] + [scramble(c[0])] + lines[c[1]:])) if sources else None
        mixed = _recombined(lines, records) if single is not None else []
        if mixed:
            # (a line of codes ending as another line does, `PIT-1 > LEG-A > DIST-A > BIN-09`: each part one the
            # answer has there, the whole a record it does not have; blind p75: extra routes never rejected)
            single = either([single, pick(mixed).map(lambda c: edit(
                kind, f"before line {c[0] + 1} (line {c[0] + 1} ending as line {c[1] + 1} does)", "(absent)",
                c[2], lines[: c[0]] + [c[2]] + lines[c[0]:]))])
        if glued and single is not None:
            # (and a line of the same ids in reverse, `LS344-LS473-LS347`: each one the input has, the whole
            # a line the answer does not have, which a grader checking only each id passes)
            present = {line.strip() for line in lines}
            # (not a `key = a, b` line: reversed, its parts make a stray key, `b, cars = a`, no record; review)
            turned = [(i, r) for i in sources[:500] if not (_LIST_LINE.fullmatch(lines[i]) and "=" in lines[i])
                      and (r := _reversed_tokens(lines[i])) and r.strip() not in present]
            if turned:
                single = either([single, tuples(pick(turned), ints(0, len(lines))).map(lambda c: edit(
                    kind, f"before line {c[1] + 1} (line {c[0][0] + 1} with its parts in reverse)", "(absent)",
                    c[0][1], lines[: c[1]] + [c[0][1]] + lines[c[1]:]))])
        counted = _counted_lines(lines, records) if single is not None else []
        if counted:
            # (one more line of a shape whose count a `TOTAL 32` line gives, the count raised with it: a grader
            # checking the count against the answer's own lines, never its extra lines, passes it; blind p243)
            def bumped(c: tuple[int, int, int, str | None]) -> Mutation:
                i, j, at, given = c
                copy = given if given is not None else scramble(i)
                total = _COUNT_LINE.sub(lambda m: m.group(1) + str(int(m.group(2)) + 1) + m.group(3), lines[j], count=1)
                new = list(lines)
                new[j] = total
                new.insert(at, copy)
                how = "numbers moved" if given is None else "the next id up" \
                    if given.split()[:1] != lines[i].split()[:1] else "its last word another line's"
                return edit(kind, f"before line {at + 1} (copy of line {i + 1}, {how}; line {j + 1}'s count raised to "
                                  "match)", "(absent)", copy, new)
            single = scout_first(either([single, pick(counted).map(bumped)]), pick(counted[:1]).map(bumped))
        added = list_additions(lines, records) if single is not None else []
        if added:
            # (a list the answer does not hold, added after the one it was made from: a grader checking that every
            # right list is there and each listed one meets the rules it remembers passes it; blind p310's gift
            # boxes, `ALM:1 CRO:2 ...`, whose allergen limit and extra lines were never checked). In place of the
            # copies with numbers moved, whose ids no answer has (`K01` -> `K501`): every grader rejects those.
            single = pick(added).map(lambda c: edit(
                kind, f"after line {c[0] + 1} {c[2]}", "(absent)", c[1], lines[: c[0] + 1] + [c[1]] + lines[c[0] + 1:]))
        # (a `[section]` of a config file, copied under another name beside the last of its keys' shape: one
        # record more, which a grader looping over the sections it expects accepts; blind p49)
        shaped = config_sections(lines)
        headers = {line.strip() for line in lines if _SECTION.match(line)} if shaped else set()

        def section(c: tuple[int, int]) -> Mutation:
            a, b = c
            copy = [_renamed_header(lines[a], moved, headers)] + [scramble(k) for k in range(a + 1, b + 1)]
            return edit(kind, f"after line {b + 1} (copy of section lines {a + 1}-{b + 1}, renamed, numbers moved)",
                        "(absent)", short(" ".join(x.strip() for x in copy)), lines[: b + 1] + copy + lines[b + 1:])
        by_section = pick(shaped).map(section) if shaped else None
        tallied = _tallied_sections(lines, shaped) if shaped else []
        if tallied:
            # (one section more with the count the answer gives of its kind raised to match, `plan_count = 65`: a
            # grader checking the count against the answer's own sections, and every expected one present, never
            # an extra one, passes it; blind p254)
            def section_counted(c: tuple[int, int, int]) -> Mutation:
                a, b, j = c
                copy = [_renamed_header(lines[a], moved, headers)] + [scramble(k) for k in range(a + 1, b + 1)]
                new = list(lines)
                new[j] = _COUNT_LINE.sub(lambda m: m.group(1) + str(int(m.group(2)) + 1) + m.group(3), lines[j], count=1)
                new[b + 1:b + 1] = copy
                return edit(kind, f"after line {b + 1} (copy of section lines {a + 1}-{b + 1}, renamed, numbers moved; "
                                  f"line {j + 1}'s count raised to match)", "(absent)",
                            short(" ".join(x.strip() for x in copy)), new)
            by_section = either([by_section, pick(tallied).map(section_counted)])  # (each in turn, the plain copy first)
        # (records: elements with a sibling of their tag and indentation, not a lone `<table>` or `<tbody>`)
        found = element_blocks(lines)
        kinds = Counter(_OPEN_LINE.fullmatch(lines[a]).group(1, 2) for a, _ in found)
        blocks = [b for b in found if kinds[_OPEN_LINE.fullmatch(lines[b[0]]).group(1, 2)] > 1
                  and any(NUMBER_RE.search(lines[k]) for k in range(b[0], b[1] + 1))]
        if not blocks:
            return either([p for p in (single, by_section) if p is not None]) if by_section else single

        def block(c: tuple[tuple[int, int], tuple[int, int]]) -> Mutation:
            (a, b), (_, after) = c  # a copy of lines a..b, numbers moved, right after the block ending at `after`
            copy = [scramble(k) for k in range(a, b + 1)]
            return edit(kind, f"after line {after + 1} (copy of lines {a + 1}-{b + 1}, numbers moved)", "(absent)",
                        short(" ".join(x.strip() for x in copy)), lines[: after + 1] + copy + lines[after + 1:])
        # (a whole element of several lines, `<object ...>` to `</object>`, put beside another of its tag: one
        # record more, which a grader checking only the records it expects accepts; blind p32)
        same_tag = tuples(pick(blocks), pick(blocks)).filter(lambda c: _LEAD.match(lines[c[0][0]]).group(1)
                                                            == _LEAD.match(lines[c[1][0]]).group(1))
        return either([p for p in (single, same_tag.map(block), by_section) if p is not None])
    return None


_JOINER = re.compile(r"->|=>|>|,|;|\||/|-")  # (no `\s*` either side: a long run of spaces is read once)


def _reversed_records(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, str]]:
    """(line, that line's parts in reverse) for a text whose lines (at least three, nine in ten of its
    non-blank ones) each join three or more parts with one separator, as many times: records of one shape,
    not prose. Only reversals the text does not hold already."""
    shapes = Counter()
    for i in records[:5000]:
        joins = _JOINER.findall(lines[i])
        if len(joins) >= 2 and len({j.strip() for j in joins}) == 1:
            shapes[(joins[0].strip(), len(joins))] += 1
    if not shapes:
        return []
    (sep, count), n = shapes.most_common(1)[0]
    if n < 3 or n < 0.9 * min(len(records), 5000):
        return []
    present = {line.strip() for line in lines}
    out = []
    for i in records[:5000]:
        joins = _JOINER.findall(lines[i])
        if _LIST_LINE.fullmatch(lines[i]) and "=" in lines[i]:
            continue  # (`cars = A, B, C` reversed is a key named `C, B, cars`: a stray key, no record; review)
        if len(joins) == count and all(j.strip() == sep for j in joins):
            turned = _reversed_tokens(lines[i])
            if turned and turned.strip() not in present:
                out.append((i, turned))
    return out[:500]


_CODE_PART = re.compile(r"[\w.#:+-]{1,40}")
_CODE_SEPARATORS = (" > ", " -> ", "->", " => ", " | ", ";", ",")


def _recombined(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, int, str]]:
    """(line, other line, new line) for a text of codes joined by one separator (`PIT-1 > LEG-A > BIN-01`,
    `A1,B7,C3`; or single spaces between columns), at least three such lines and half its non-blank ones, every
    part a code (no spaces: not prose): line i with its last part taken from a line j whose part before the last is line i's too,
    where the text lacks the result."""
    sample = [i for i in records[:5000]]
    best = None
    for sep in _CODE_SEPARATORS:
        joined = [i for i in sample if sep in lines[i]]
        if len(joined) >= 3 and len(joined) >= 0.5 * len(sample) and (best is None or len(joined) > len(best[1])):
            best = (sep, joined)
    if best is None:
        # (or by single spaces, where the lines are columns: as many parts each, at least three, each line with a
        # digit, `BAR 2025-07-01 2025-07-09`; a plan's stay its departure taken from another plan's, a stay the
        # answer does not list; blind p282. Not prose: its sentences are seldom of one length)
        if not _column_width(lines, sample):
            return []
        best = (" ", sample)
    sep, joined = best
    lead = re.compile(r"\s*(?:[-*+]\s+|\d+[.)]\s+)?")
    split: dict[int, tuple[str, list[str]]] = {}
    for i in joined:
        head = lead.match(lines[i]).group(0)
        parts = lines[i][len(head):].rstrip().split(sep)
        if len(parts) >= 2 and all(_CODE_PART.fullmatch(p.strip()) for p in parts):
            split[i] = (head, parts)
    if len(split) < 3:
        return []
    present = {line.strip() for line in lines}
    # (the end of another line whose part before it is this line's too: every neighbouring pair of the new
    # line is one the answer has, a path of hops it uses, though not this path)
    ends: dict[str, dict[str, int]] = {}
    for j, (_, parts) in split.items():
        ends.setdefault(parts[-2].strip(), {}).setdefault(parts[-1].strip(), j)
    out: list[tuple[int, int, str]] = []
    for i, (head, parts) in list(split.items())[:2000]:
        for end, j in ends.get(parts[-2].strip(), {}).items():
            new = head + sep.join(parts[:-1] + [split[j][1][-1]])
            if end != parts[-1].strip() and new.strip() not in present:
                out.append((i, j, new))
                break
        if len(out) >= 500:
            break
    return out


def _reversed_tokens(line: str) -> str:
    """`line`'s parts in reverse order, joined as they were (`A-B-C` -> `C-B-A`, `A, B` -> `B, A`); "" when
    it has fewer than two parts or reads the same reversed."""
    for sep in (" -> ", "->", ", ", ",", "-", " "):
        parts = line.strip().split(sep)
        if len(parts) >= 2 and all(parts):
            turned = sep.join(reversed(parts))
            return "" if turned == line.strip() else line[: len(line) - len(line.lstrip())] + turned
    return ""


_KEY_OPEN = re.compile(r"\s*([A-Za-z_][\w.-]*|\"[^\"\n]{1,60}\")\s*=\s*")  # `key = ` of a TOML/INI line
_QUOTED = re.compile(r'"((?:[^"\\\n]|\\.){1,80})"')
MAX_CONFIG_STRINGS = 4000  # quoted values config_strings looks at


_BARE_DATE = re.compile(r"\s*(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?)\s*$")


def config_strings(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, int, int, str, str]]:
    """(line, start, end, key, new) for the quoted string values of a TOML/INI-like file: the value of a `key =
    "..."` line (given another value of that key elsewhere in the file, else MUTANT_STRING), and each string item
    of an array assigned to a key, on its line or on the lines of a multi-line array (given another item of
    arrays under that key). Keys themselves (a quoted key, an inline table's keys) are never changed."""
    fields: list[tuple[int, int, int, str, bool]] = []
    open_key = None  # the key of the multi-line array being read
    depth = 0
    wanted = set(records)
    for i, line in enumerate(lines):
        if len(fields) >= MAX_CONFIG_STRINGS:
            break
        body = line[:comment_at(line)]
        head = _KEY_OPEN.match(body) if depth == 0 else None
        if head is not None:
            key, rest_at = head.group(1).strip('"'), head.end()
            rest = body[rest_at:]
            if rest.lstrip().startswith("["):
                depth = max(0, rest.count("[") - rest.count("]"))
                open_key = key if depth else None
                array = True
            elif rest.lstrip().startswith('"'):
                array = False
            elif (day := _BARE_DATE.match(rest)) is not None:
                # (a TOML date, `peak_date = 2023-06-06`, unquoted: given another day of that key, a valid date; its
                # digits moved, `2023-06-0610`, are no date, which any grader reading dates refuses; blind p256)
                if i in wanted:
                    fields.append((i, rest_at + day.start(1), rest_at + day.end(1), key, False))
                continue
            else:
                continue
        elif depth > 0 and open_key is not None:
            key, rest_at, array = open_key, 0, True
            depth = max(0, depth + body.count("[") - body.count("]"))
            if depth == 0:
                open_key = None
        else:
            continue
        if i not in wanted:
            continue
        for m in _QUOTED.finditer(body, rest_at):
            after = body[m.end():].lstrip()
            if after.startswith(("=", ":")):  # (an inline table's quoted key)
                continue
            fields.append((i, m.start(1), m.end(1), key, array))
            if not array:
                break
    values: dict[tuple[str, bool], list[str]] = {}
    on_line: dict[int, set[str]] = {}
    for i, a, b, key, array in fields:
        values.setdefault((key, array), []).append(lines[i][a:b])
        on_line.setdefault(i, set()).add(lines[i][a:b])
    vocabularies = {field: sorted(set(found)) for field, found in values.items()}
    out = []
    for i, a, b, key, array in fields:
        old = lines[i][a:b]
        # (the next value of the key's own, in sorted order, that its line does not hold: an item of a sorted
        # triple stays between its neighbours as often as not, where the first value would repeat one of them)
        vocabulary, held = vocabularies[(key, array)], on_line[i]
        at = bisect.bisect_right(vocabulary, old)
        new = next((v for v in itertools.islice(vocabulary, at, at + 64) if v not in held), None) or next(
            (v for v in reversed(vocabulary[max(0, at - 64):at]) if v not in held and v != old), None)
        if new is None and _BARE_DATE.fullmatch(old):
            new = _next_day(old)
        elif new is None:
            # (an id no other value of the key offers, `"E008"` in the one `rejected_events` array: the next id up that
            # its line does not hold, `"E009"`, an id of the answer's own shape a grader counting the list passes;
            # blind p262. Else a word no answer holds)
            new = _next_id(old, held) or distinct_string(old, [])[-1]
        if new is not None:
            out.append((i, a, b, key, new))
    return out


def _next_id(old: str, held: set[str]) -> str | None:
    """An id of the same shape and width that `held` lacks, its number one up (or one down, where up is wider):
    `E008` -> `E009`, `E999` -> `E998`; None for a value of another shape (`12.5 mg/L` is a measure; review)."""
    found = re.fullmatch(r"([A-Za-z][A-Za-z_]*[-_]?)(\d+)", old)
    if found is None:
        return None
    prefix, digits = found.groups()
    for step in (1, -1):
        n = int(digits) + step
        if n >= 0 and len(str(n)) <= len(digits) and (new := prefix + str(n).zfill(len(digits))) not in held:
            return new
    return None


def _next_day(stamp: str) -> str | None:
    """A TOML date or date-time a day later, written as it was (None where it is no real date)."""
    try:
        day = datetime.date.fromisoformat(stamp[:10]) + datetime.timedelta(days=1)
    except (ValueError, OverflowError):
        return None
    return day.isoformat() + stamp[10:]


MAX_FLAGS = 2000


def _bool_values(lines: list[str], records: tuple[int, ...]) -> list[tuple[int, re.Match]]:
    """Each `true`/`false` value of the record lines (_BOOL_VALUE) outside quotes and comments, never on a line of a
    TOML multi-line string (`notes = \"\"\" ... dome_open: true ... \"\"\"`: its text; review). Each line's quotes
    are read once (a one-line array of 20 000 flags; review). At most MAX_FLAGS."""
    inside = _multiline_string_lines(lines)
    found: list[tuple[int, re.Match]] = []
    for i in records:
        if i in inside or ("true" not in lines[i].lower() and "false" not in lines[i].lower()):
            continue
        matches = list(_BOOL_VALUE.finditer(lines[i]))
        if not matches:
            continue
        outside = _unquoted(lines[i])
        found += [(i, m) for m in matches if outside[m.start("v")]]
        if len(found) >= MAX_FLAGS:
            break
    return found[:MAX_FLAGS]


def _unquoted(line: str) -> bytearray:
    """For each character of a config line, 1 where it stands outside quotes and before a comment (comment_at's
    reading), else 0."""
    out = bytearray(len(line))
    _scan_quotes(line, out)
    return out


def _multiline_string_lines(lines: list[str]) -> frozenset[int]:
    """The lines that hold part of a TOML multi-line string (`\"\"\"` or `'''`), its opening and closing lines too."""
    inside: set[int] = set()
    delimiter = ""
    for i, line in enumerate(lines):
        if not delimiter and '"""' not in line and "'''" not in line:
            continue
        inside.add(i)
        at = 0
        while True:
            if delimiter:
                end = line.find(delimiter, at)
                if end < 0:
                    break
                delimiter, at = "", end + 3
            else:
                starts = [(line.find(d, at), d) for d in ('"""', "'''") if line.find(d, at) >= 0]
                if not starts:
                    break
                start, delimiter = min(starts)
                at = start + 3
    return frozenset(inside)


def comment_at(line: str) -> int:
    """Where a config line's comment starts (a `#` outside quotes: a double-quoted string's `\\"` is an escaped
    quote only after an odd run of backslashes; a single-quoted one has no escapes), or its length."""
    return _scan_quotes(line)


def _scan_quotes(line: str, outside: bytearray | None = None) -> int:
    """comment_at; with `outside`, each character outside quotes and before the comment also marked 1 there."""
    quote, at = "", 0
    while at < len(line):
        char = line[at]
        if quote == '"' and char == "\\":
            at += 2  # (the escaped character, a quote or a backslash)
            continue
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "#":
            return at
        elif outside is not None:
            outside[at] = 1
        at += 1
    return len(line)


# a `key =` of a TOML/INI line: a bare key (digits first allowed, dotted), a quoted one, or an INI key of words
_OWNER_KEY = re.compile(r"\s*(\"[^\"\n]{1,80}\"|'[^'\n]{1,80}'|[A-Za-z0-9_][\w.-]*(?:[ \t]+[A-Za-z0-9_][\w.-]*){0,5})\s*=")


def config_owners(lines: tuple[str, ...]) -> list[tuple[str, str] | None]:
    """For each line of a TOML/INI-like file, (section, key) of the key that owns it: the key its line assigns,
    or the key whose multi-line array it is an item of; None for a header, a blank or comment line, or a line no
    key owns. `section` is the last `[header]`'s name ("" above the first)."""
    out: list[tuple[str, str] | None] = []
    section, owner, depth = "", None, 0
    for line in lines:
        body = line[:comment_at(line)] if "#" in line else line
        if depth > 0 and owner is not None:
            out.append(owner)
            depth = max(0, depth + body.count("[") - body.count("]"))
            continue
        if _SECTION.match(body):
            section = body.strip().strip("[]").strip()
            out.append(None)
            continue
        found = _OWNER_KEY.match(body)
        if found is None:
            out.append(None)
            continue
        owner = (section, found.group(1).strip("\"'"))
        rest = body[found.end():].lstrip()
        depth = max(0, rest.count("[") - rest.count("]")) if rest.startswith("[") else 0
        out.append(owner)
    return out


def config_sections(lines: list[str]) -> list[tuple[int, int]]:
    """(header, last line) of each `[section]` of a key = value file whose set of keys another section
    shares (sections of one shape are records: `[CMAU3430790]` with `slot` and `holds`, not `[summary]`).
    A section ends at its last non-blank line before the next header. The first MAX_BLOCKS sections."""
    heads = [i for i, line in enumerate(lines) if _SECTION.match(line)][:MAX_BLOCKS]
    found: list[tuple[int, int, frozenset[str]]] = []
    for n, a in enumerate(heads):
        stop = heads[n + 1] if n + 1 < len(heads) else len(lines)
        body = [k for k in range(a + 1, stop) if lines[k].strip()]
        keys = frozenset(m.group(0).split("=")[0].strip() for k in body if (m := _KEY_LINE.match(lines[k])))
        if keys and len(body) <= MAX_BLOCK_LINES:
            found.append((a, body[-1], keys))
    shapes = Counter(keys for _, _, keys in found)
    return [(a, b) for a, b, keys in found if shapes[keys] > 1]


def _tallied_sections(lines: list[str], shaped: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """(header, last line, count line) of each section (config_sections) whose kind's number a count line of the file
    gives: `plan_count = 64` above 64 `[[plan]]` tables (a kind: one `[[array]]` header, else one set of keys). At
    most one count line of the first 5000 lines, outside those sections, may match, and three at most stand there."""
    inside = {k for a, b in shaped for k in range(a, b + 1)}  # (a record's own `n = 132` is no count of records)
    counts = [(j, int(m.group(2))) for j, line in enumerate(lines[:5000])
              if j not in inside and (m := _COUNT_LINE.match(line))]
    if not counts or len(counts) > 3:
        return []
    kinds: dict[object, list[tuple[int, int]]] = {}
    for a, b in shaped:
        keys = frozenset(line.split("=")[0].strip() for line in lines[a + 1:b + 1] if _KEY_LINE.match(line))
        kinds.setdefault(lines[a].strip() if lines[a].lstrip().startswith("[[") else keys, []).append((a, b))
    out = []
    for kind, found in kinds.items():
        hits = [j for j, n in counts if n == len(found) and not found[0][0] <= j <= found[-1][1]]
        if len(hits) > 1 and isinstance(kind, str):  # (`plan_count = 3` of `[[plan]]`, not `c = 3` beside it)
            name = kind.strip("[] ").rsplit(".", 1)[-1].lower().rstrip("s")
            hits = [j for j in hits if name and name in lines[j].split("=")[0].lower()]
        if len(hits) == 1:
            out += [(a, b, hits[0]) for a, b in found[:50]]
    return out


def _renamed_header(header: str, moved, taken: set[str]) -> str:  # noqa: ANN001 - moved: a number token -> another
    """A `[section]` header naming a section the file does not have (not one of `taken`): its numbers
    moved (`[batch 12]` -> `[batch 1020]`; an id's first digits, `[CMAU3430790]` -> `[CMAU8430790]`), else
    `-x` added to its name (inside the quotes of a quoted one, `[servers."alpha beta-x"]`), as often as it
    takes. An `[[array]]` header stays: a copy under it is one element more."""
    if header.lstrip().startswith("[["):
        return header
    renamed = NUMBER_RE.sub(lambda m: moved(m.group()), header)
    if renamed == header:  # (an id's digits, `[CMAU3430790]` -> `[CMAU8430790]`, `[work_orders.WO-5001]`)
        renamed = re.sub(r"\d+", lambda m: moved(m.group()), header, count=1)
    while renamed == header or renamed.strip() in taken:
        renamed = re.sub(r'("?)\](\s*)$', r'-x\1]\2', renamed, count=1)
    return renamed


_SECTION = re.compile(r"\s*\[\[?[^\]\n]+\]\]?\s*$")  # a TOML/INI table header line
# The rows of literals a SQL data script inserts: `INSERT INTO t (a, b) VALUES ('x', 1);`, or a multi-row
# INSERT's `  ('x', 1),` lines under its head
_SQL_LITERAL = re.compile(r"'(?:[^'\n]|'')*'|[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|NULL", re.IGNORECASE)
_SQL_TUPLE = re.compile(r"\(\s*(?:'(?:[^'\n]|'')*'|[-+]?[\d.eE+-]+|NULL)(?:\s*,\s*(?:'(?:[^'\n]|'')*'|[-+]?[\d.eE+-]+|NULL))+"
                        r"\s*\)", re.IGNORECASE)
_INSERT_HEAD = re.compile(r"^\s*INSERT\s+(?:OR\s+\w+\s+)?INTO\s+([\w.\"`\[\]]+)\s*(?:\(([^()]*)\))?", re.IGNORECASE)
_STATEMENT_END = re.compile(r";\s*(?:--.*)?$")


@dataclass(frozen=True, slots=True)
class SqlRow:
    """One row of literals a SQL script inserts: its line, table, column names (None: not listed) and
    each literal's (start, end) in the line."""

    line: int
    table: str
    columns: tuple[str, ...] | None
    cells: tuple[tuple[int, int], ...]


def _sql_strings(lines: list[str]) -> list[tuple[int, tuple[int, int], str, str]]:
    """(line, span, column, new literal) for each quoted string a SQL data script inserts, changed to
    another value its column holds in another row (the likeliest wrong answer: a finding at the wrong
    visit), a timestamp's other hour, or `mutant-value`."""
    rows = sql_rows(lines)
    if not rows:
        return []
    values: dict[tuple[str, int], list[str]] = {}
    for row in rows[:MAX_SQL_ROWS]:
        for k, (a, b) in enumerate(row.cells):
            if lines[row.line][a] == "'":
                values.setdefault((row.table, k), []).append(lines[row.line][a + 1:b - 1].replace("''", "'"))
    pool = {key: list(dict.fromkeys(found))[:50] for key, found in values.items()}  # (each value once)
    out = []
    for row in rows[:MAX_SQL_ROWS]:
        for k, (a, b) in enumerate(row.cells):
            if lines[row.line][a] != "'":
                continue
            old = lines[row.line][a + 1:b - 1].replace("''", "'")
            column = row.columns[k] if row.columns and k < len(row.columns) else f"value {k + 1}"
            others = distinct_string(old, pool[(row.table, k)])
            for new in [*others[:2], *others[-1:]] if len(others) > 3 else others:
                out.append((row.line, (a, b), column, "'" + new.replace("'", "''") + "'"))
    return out


MAX_SQL_ROWS = 2000  # rows of a SQL data script whose strings string_change may change


def sql_rows(lines: list[str] | tuple[str, ...]) -> list[SqlRow]:
    """The rows of literals the INSERT statements of a SQL script write, one per line (the first 20 000
    lines): a line holding a whole one-row INSERT, or one row of the VALUES list right after an
    `INSERT INTO t [(columns)]` head (not an `IN (...)` list or a CTE's VALUES of an INSERT ... SELECT),
    outside `/* ... */` comments. Columns the INSERT does not list are its table's, from a
    `CREATE TABLE t (...)` of the script."""
    text = "\n".join(lines[:20_000])
    if not re.search(r"\bINSERT\b", text, re.IGNORECASE):
        return []  # (no INSERT: no rows, and no scan of a report's `/*` globs)
    text = _blank_comments(text)
    lines = text.split("\n")
    declared = {m.group(1).strip('"`[]').rsplit(".", 1)[-1].lower(): tuple(
        c.split()[0].strip('"`[]') for c in _top_level(m.group(2)) if c.split() and not re.match(
            r"(?:PRIMARY|UNIQUE|CHECK|FOREIGN|CONSTRAINT)\b", c.strip(), re.IGNORECASE))
        for m in _CREATE_TABLE.finditer(text)}
    rows: list[SqlRow] = []
    head: tuple[str, tuple[str, ...] | None] | None = None
    values = False  # inside the VALUES list of the head
    for i, line in enumerate(lines):
        found = _INSERT_HEAD.match(line)
        start = 0
        if found is not None:
            table = found.group(1).strip('"`[]').rsplit(".", 1)[-1]
            columns = tuple(c.strip().strip('"`[]') for c in found.group(2).split(",")) if found.group(2) else None
            head = (table, columns or declared.get(table.lower()))
            after = line[found.end():].lstrip()
            values = after[:6].upper() == "VALUES"
            start = found.end() + (len(line[found.end():]) - len(after)) + 6 if values else len(line)
        elif head is not None and not values:
            after = line.lstrip()
            if after[:6].upper() == "VALUES":
                values, start = True, len(line) - len(after) + 6
            elif after:
                head = None  # (an INSERT ... SELECT: its literals are no rows)
        tuples = list(_SQL_TUPLE.finditer(line, start)) if head is not None and values else []
        if len(tuples) == 1 and (found is not None or not line[:tuples[0].start()].strip(" \t,(VALUESvalues")):
            t = tuples[0]
            inner = t.start() + 1  # (the literals between the tuple's brackets)
            cells = tuple((inner + m.start(), inner + m.end()) for m in _SQL_LITERAL.finditer(line[inner:t.end() - 1]))
            rows.append(SqlRow(i, head[0], head[1], cells))
        if head is not None and _STATEMENT_END.search(line):
            head, values = None, False
    return rows


def _top_level(body: str) -> list[str]:
    """`body` split at its commas outside brackets (a column list, `PRIMARY KEY (a, b)` one item)."""
    parts, depth, last = [], 0, 0
    for k, ch in enumerate(body):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            parts.append(body[last:k])
            last = k + 1
    return [*parts, body[last:]]


def _blank_comments(text: str) -> str:
    """`text` with each `/* ... */` comment's characters but its line breaks blanked (one pass: an unclosed
    `/*` blanks the rest, as SQLite reads it)."""
    out, at = [], 0
    while (start := text.find("/*", at)) >= 0:
        end = text.find("*/", start + 2)
        end = len(text) if end < 0 else end + 2
        out += [text[at:start], re.sub(r"[^\n]", " ", text[start:end])]
        at = end
    return "".join([*out, text[at:]])


_CREATE_TABLE = re.compile(r"\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([\w.\"`\[\]]+)\s*\(([^;]{0,4000}?)\)\s*;",
                           re.IGNORECASE)
_HEADING = re.compile(r"#{1,6}\s+\S")  # a Markdown heading line


def _mark(line: str) -> str:
    """What a line starts with: its first character, digits and letters each one class ("" for a blank)."""
    head = line.lstrip()[:1]
    return "9" if head.isdigit() else "a" if head.isalpha() else head
# a `key = value` line; a TOML key may be quoted, with any characters (`"J-6001/UNC100-SRA3" = 1200`; p73)
_KEY_LINE = re.compile(r"\s*(?:\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'|[\w-]+)(?:\s*\.\s*(?:\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'|[\w-]+))*\s*=")
_OPEN_LINE = re.compile(r"(\s*)<([A-Za-z][\w:.-]*+)(?![\w:.-])[^<>]*+(?<!/)>\s*")  # (possessive: no backtracking)
MAX_BLOCK_LINES = 50
MAX_BLOCKS = 500


def element_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(first, last) line of each markup element written over several lines: a line that only opens
    `<tag ...>` and the first later line that only closes it, at the same indentation (at most
    MAX_BLOCK_LINES lines apart; the first MAX_BLOCKS such elements; not the document's root element)."""
    found: list[tuple[int, int]] = []
    tags = [k for k, line in enumerate(lines) if line.lstrip().startswith("<") and not line.lstrip().startswith(("<?", "<!"))]
    root = (tags[0], tags[-1]) if tags else None  # the document's own element: no record of it
    for i, line in enumerate(lines):
        if len(found) >= MAX_BLOCKS:
            break
        opened = _OPEN_LINE.fullmatch(line)
        if opened is None:
            continue
        closing = f"{opened.group(1)}</{opened.group(2)}>"
        for j in range(i + 1, min(len(lines), i + MAX_BLOCK_LINES + 1)):
            if lines[j].rstrip() == closing:
                if (i, j) != root:
                    found.append((i, j))
                break
    return found


# A prompt that fixes where each column of a text line sits: then the spaces that pad a line are part
# of the answer, and a grader that splits lines on whitespace never reads them. Said of the output's
# lines, in one sentence that does not free the spacing again ("alignment does not matter").
_LAYOUT = re.compile(r"\bfixed[- ]width\b|\b(left|right)[- ](aligned|justified)\b|\bspace[- ]padded\b|"
                     r"\bpadded\s+with\s+spaces\b|\bexactly\s+\d+\s+(characters|chars|columns)\s+(wide|long)\b|"
                     r"\balignment\s+matters\b", re.IGNORECASE)
_SPACING_FREE = re.compile(r"\b(do(es)?\s*n[o']?t\s+matter|ignored|any\s+(amount|number)\s+of\s+(white)?spaces?|"
                           r"up\s+to\s+you|is\s+free|are\s+free|not\s+(graded|checked|compared))\b", re.IGNORECASE)
_PADDING = re.compile(r"(?<=\S)[ \t]{2,}(?=\S)")


def states_layout(prompt: str) -> bool:
    """The prompt fixes a text line's layout: fixed-width columns, left/right alignment, space padding."""
    return any(_LAYOUT.search(s) and not _SPACING_FREE.search(s) for s in SENTENCE.findall(prompt[:200_000]))


def collapse_strategy(doc: TextDoc) -> Draws | None:
    """One line whose padding (each run of two or more spaces between words) is cut to one space: the
    same words, another layout. Markdown table rows are left alone (their padding is free)."""
    lines = list(doc.lines)
    pool = [i for i in doc.records[:5000] if not lines[i].lstrip().startswith("|") and _PADDING.search(lines[i])]
    return pick(pool).map(lambda i: Mutation(
        "collapse_spaces", f"line {i + 1}", short(lines[i]), short(_PADDING.sub(" ", lines[i])),
        doc.render(lines[:i] + [_PADDING.sub(" ", lines[i])] + lines[i + 1:]))) if pool else None


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def required_names(prompt: str) -> frozenset[str]:
    """Identifiers the prompt mentions: the definitions it asks for are among them."""
    return frozenset(_WORD.findall(prompt))


def _trivial(body: list[ast.stmt]) -> bool:
    """A body that already does nothing (pass, a docstring, `return None`): stubbing it is no change."""
    for node in body:
        if isinstance(node, ast.Pass) or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            continue
        if isinstance(node, ast.Return) and (node.value is None or (
                isinstance(node.value, ast.Constant) and node.value.value is None)):
            continue
        return False
    return True


def python_strategy(doc: PyDoc, kind: str, prompt: str) -> Draws | None:
    """Stub out or delete a function, class or public method that the prompt names."""
    lines = doc.source.splitlines(keepends=True)
    wanted = required_names(prompt)
    defs: list[tuple[str, ast.AST]] = []
    for node in parse_python(doc.source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name in wanted:
            defs.append((node.name, node))
            if isinstance(node, ast.ClassDef):
                defs += [(f"{node.name}.{m.name}", m) for m in node.body
                         if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name in wanted
                         and (not m.name.startswith("_") or m.name == "__init__")]
    if kind == "drop_definition":
        pool = [(name, node) for name, node in defs if node.col_offset == 0]
        return pick(pool).map(lambda c: _replace(
            doc, lines, kind, c[0], min([c[1].lineno] + [d.lineno for d in c[1].decorator_list]),
            c[1].end_lineno, [], "(deleted)")) if pool else None
    if kind == "stub_function":
        pool = [(name, node) for name, node in defs
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not _trivial(node.body)
                and node.body[0].lineno > node.lineno]

        # (and a body that raises: a grader that calls the answer's function unguarded raises with it, where spec 3.4
        # asks for a failing result; blind p324's and p326's graders, whose prompts let the function raise)
        stubs = (("return None", "body replaced by `return None`"),
                 ("raise RuntimeError('stubbed out')", "body replaced by `raise RuntimeError`"))

        def stub(c: tuple[tuple[str, ast.FunctionDef], tuple[str, str]]) -> Mutation:
            (name, node), (body, said) = c
            first = node.body[0]
            indent = " " * first.col_offset
            return _replace(doc, lines, kind, name, first.lineno, node.end_lineno, [f"{indent}{body}\n"], said)
        return pick([(d, b) for d in pool for b in stubs]).map(stub) if pool else None
    if kind == "drop_sort":
        pool = [(name, call) for name, node in defs for call in _sorts(node)]
        return pick(pool).map(lambda c: _unsorted(doc, kind, c[0], c[1])) if pool else None
    return None


def _sorts(node: ast.AST) -> list[ast.AST]:
    """The sorts of a definition's input: `sorted(x, ...)` calls (not nested in another) and `x.sort(...)`
    statements whose `x` names one of the function's parameters (`sorted(_validated(bookings))`). A sort
    of the function's own values (`sorted(sets[0])` of a set of small ints, already in order in CPython)
    says nothing of the inputs a grader feeds it."""
    found: list[ast.AST] = []
    functions = [n for n in ast.walk(node) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for function in functions:
        params = {a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs,
                                  *(x for x in (function.args.vararg, function.args.kwarg) if x))} - {"self", "cls"}
        for sub in ast.walk(function):
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "sorted" and sub.args:
                target = sub.args[0]
            elif isinstance(sub, ast.Expr) and isinstance(sub.value, ast.Call) \
                    and isinstance(sub.value.func, ast.Attribute) and sub.value.func.attr == "sort":
                target = sub.value.func.value
            else:
                continue
            if any(isinstance(n, ast.Name) and n.id in params for n in ast.walk(target)) and sub not in found:
                found.append(sub)
    spans = [(n.lineno, n.col_offset, n.end_lineno, n.end_col_offset) for n in found]
    return [n for n, span in zip(found, spans)
            if not any(o != span and o[:2] <= span[:2] and span[2:] <= o[2:] for o in spans)][:20]


def _offset(lines: list[bytes], line: int, col: int) -> int:
    return sum(len(x) for x in lines[:line - 1]) + col  # (ast columns count UTF-8 bytes)


def _unsorted(doc: PyDoc, kind: str, name: str, node: ast.AST) -> Mutation:
    """`sorted(x, key=...)` as `list(x)`; a `x.sort(...)` statement as `pass`: the code without that sort."""
    data = doc.source.encode("utf-8")
    lines = data.splitlines(keepends=True)
    start = _offset(lines, node.lineno, node.col_offset)
    end = _offset(lines, node.end_lineno or node.lineno, node.end_col_offset or 0)
    if isinstance(node, ast.Call):
        first = node.args[0]
        inner = data[_offset(lines, first.lineno, first.col_offset):
                     _offset(lines, first.end_lineno or first.lineno, first.end_col_offset or 0)]
        new, label = b"list(" + inner + b")", "list(...) in place of sorted(...)"
    else:
        new, label = b"pass", "the .sort() call dropped"
    old = data[start:end].decode("utf-8", "replace")
    return Mutation(kind, f"definition {name!r}, line {node.lineno}: {old[:60]!r}", "sorted", label,
                    (data[:start] + new + data[end:]).decode("utf-8"))


def _replace(doc: PyDoc, lines: list[str], kind: str, name: str, start: int, end: int | None,
             new: list[str], label: str) -> Mutation:
    end = end if end is not None else start
    changed = lines[: start - 1] + new + lines[end:]
    return Mutation(kind, f"definition {name!r} (lines {start}-{end})", "original body", label,
                    "".join(changed))
