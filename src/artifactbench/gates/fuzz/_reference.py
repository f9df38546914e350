"""How every fuzz kind's search reads the reference: as text (free lines), with the prompt's tolerance,
and one mutant per field (the sweep after a finding)."""

from __future__ import annotations

import html
import itertools

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from artifactbench.gates.core import cap, common_ends, map_keys, sentences, singular, where_paths
from artifactbench.gates.fuzz._comments import (
    comment_only, element_present, graded_element, markup_only, other_elements, outside_element, program,
)
from artifactbench.gates.fuzz._formats import _norm, normalize, parse
from artifactbench.gates.fuzz._mutation import ID_LIKE as _ID_LIKE
from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.fuzz._strategies import place_examples
from artifactbench.gates.fuzz._text_strategies import _SECTION, SECTIONS_SWAPPED, _rule_row, sql_rows


_LEAD_TAG = re.compile(r"<([A-Za-z][\w-]*)")
_ELEMENT_TEXT = re.compile(r"<([A-Za-z][\w:-]*)(?:\s[^<>]*)?>([^<>]*)</\1\s*>")
_ATTR_VALUE = re.compile(r"([\w:-]+)\s*=\s*[\"']([^\"']*)[\"']")
KEY_VALUE = re.compile(r"\s*([A-Za-z_][\w.-]*)\s*[=:]\s*\S")
_CLOSING = re.compile(r"\s*exit(\s+0)?\s*;?\s*")  # (not COMMIT or END: without them a transaction or a trigger is lost)
_LINE_KINDS = frozenset({"drop_record", "duplicate_record", "replace_record", "inject_record", "swap_records",
                         "truncate_records"})
# kinds that drop or change one row a SQL data script inserts (_row_change)
_ROW_KINDS = frozenset({"drop_record", "number_far", "number_sign", "number_nan", "string_change", "type_change",
                        "later_record"})


# A column definition of a CREATE TABLE (`state TEXT NOT NULL,`)
_COLUMN_DEF = re.compile(r"\s*[\"`\[]?[A-Za-z_]\w*[\"`\]]?\s+(?:TEXT|INTEGER|INT|REAL|NUMERIC|BLOB|VARCHAR|CHAR|"
                         r"DATE|DATETIME|TIMESTAMP|BOOLEAN|DECIMAL|FLOAT|DOUBLE|BIGINT|SMALLINT)\b[^;]*,?\s*$",
                         re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Reference:
    """The reference as every kind's search reads it."""

    fmt: str
    reference: str
    policy: FuzzPolicy
    allows: object  # PromptAllows
    artifact: str = ""  # the output artifact's path (its type says which lines are comments)

    @property
    def text(self) -> str:
        """The reference of a text artifact, whose lines the prompt may declare free ("" otherwise)."""
        return self.reference if self.fmt == "text" else ""

    def nested_lists(self) -> int:
        """How many lists lie inside a record or another list, counted by path with indices aside
        (`{"layers": [[...], [...]]}`: one; JSONL records each with `tags` and `owners`: two)."""
        return _nested_lists(self.fmt, self.reference) if self.fmt in ("json", "jsonl", "yaml") else 0

    def records_swapped(self, where: str, prompt: str) -> bool:
        """A top-level swap exchanged two of the answer's records: always in a tree document; in a text,
        two lines of one shape (as many `|`, `,` and tabs, the same lead: "- ", "| ") that are neither a
        table's rule row nor a line the prompt itself shows (a header row it prescribes). A table row
        swapped with the header or a closing sentence is no reordering of rows the prompt frees."""
        if self.fmt != "text":
            return True
        if program(self.artifact):
            return False  # a program's lines are statements, not the records whose order a prompt frees
        if where.endswith(SECTIONS_SWAPPED):
            return True  # (two `[section]`s of one shape, whole: records of a config file)
        pair = self._swapped_lines(where)
        if pair is None:
            return False
        a, b = (line.strip() for line in pair)
        # (a line the prompt shows, or quotes as a literal: "a line containing exactly `SUMMARY`", p32)
        shown = {line.strip() for line in prompt.splitlines()} | {
            span.strip() for span in re.findall(r"(?<!`)`([^`\n]+)`(?!`)", prompt)}
        if _LEAD_TAG.match(a) or _LEAD_TAG.match(b):  # (markup: two rows of one tag, never `<body>` and a `<tr>`)
            tags = [(m.group(1).lower() if m else None) for m in (_LEAD_TAG.match(a), _LEAD_TAG.match(b))]
            if tags[0] != tags[1]:
                return False
            if ("<th" in a.lower()) != ("<th" in b.lower()):  # (a table's header row, `<tr><th>`: no record)
                return False
        return _shape(a) == _shape(b) and not (_RULE.match(a) or _RULE.match(b) or a in shown or b in shown
                                               or self.table_header(where) or self._across_sections(where))

    def _across_sections(self, where: str) -> bool:
        """The swap exchanged two labelled values of different labels across a heading (`- Closed cases:
        4` of one judge's section with `- Open cases: 12` of another's): no reordering of one list, but
        values moved to another record (blind p34)."""
        found = re.fullmatch(r"line (\d+) <-> line (\d+)", where)
        lines = self.reference.splitlines()
        if found is None:
            return False
        i, j = sorted(int(g) - 1 for g in found.groups())
        if j >= len(lines):
            return False
        if line_key(lines[i]) is not None and line_key(lines[j]) is not None and any(
                _SECTION.match(line) for line in lines[i + 1:j]):
            return True  # (`annual_irr = ...` of one `[lease]` with that of another: a value moved; blind p55)
        if _field_label(lines[i]) is None or _field_label(lines[i]) == _field_label(lines[j]):
            return False
        return any(line.lstrip().startswith("#") or _UNDERLINE_LINE.fullmatch(line.strip()) for line in lines[i + 1:j])

    def both_table_rows(self, where: str) -> bool:
        """Both lines a text swap exchanged hold a `|` (a header row swapped with a data row moves a record)."""
        pair = self._swapped_lines(where)
        return pair is not None and all("|" in line for line in pair)

    def table_header(self, where: str) -> bool:
        """One of the two lines a text swap exchanged (or the line a drop took) is a Markdown table's header row (the
        line above its rule row): no record of the table, whatever its shape (blind p28: `| Cell | Issue | Note |`)."""
        found = re.fullmatch(r"line (\d+) <-> line (\d+)|line (\d+)", where)  # (or the one line a drop took)
        lines = self.reference.splitlines()
        return found is not None and any(
            g is not None and int(g) < len(lines) and _RULE.match(lines[int(g)]) is not None and "|" in lines[int(g)]
            for g in found.groups())

    def text_field(self, mutant: str) -> str | None:
        """The field a value change of a text artifact is in, as its format names it: a Markdown table
        cell's column header, a markup attribute's name, an element's text, a `key = value` line's key;
        None when the mutant changes no single line in place, or the line is none of these. (Asked of
        one mutant by the scout, the search and the refusal check: worked out once.)"""
        return _text_field(self.reference, mutant) if self.fmt == "text" else None

    def keyed_lines(self, mutant: str, prefixes: tuple[str, ...] = ()) -> tuple[str, ...] | None:
        """The names of the `name: value` lines a mutant of a text answer only adds or only drops (`iterations` of
        `iterations: 7` dropped), each line whole, blank lines and lines opening with one of `prefixes` (the free
        comment lines, `#`) aside; None when it changes a line in place, adds and drops, or a line it adds or drops
        holds no name."""
        if self.fmt != "text" or len(self.reference) > 1 << 20 or len(mutant) > 1 << 21:
            return None

        def counted(lines) -> Counter:  # noqa: ANN001
            return Counter(line for line in lines if line.strip() and not (prefixes and line.lstrip().startswith(prefixes)))
        old, new = counted(_lines(self.reference)), counted(mutant.splitlines())
        gone, added = old - new, new - old
        if bool(gone) == bool(added):
            return None
        names = [KEY_VALUE.match(line) for line in (gone or added).elements()]
        return tuple(dict.fromkeys(m.group(1) for m in names)) if all(names) else None

    def cut_field(self, mutant: str) -> str | None:
        """The column of a Markdown table whose cell a truncation cut, where the mutant is the reference cut
        inside its last line, a table row (the cells before it as they were: "| B4 | WARM | 8.5 °C after
        reaching 4.0" of a free `Note` column; its closing pipe is optional in Markdown), else None."""
        if self.fmt != "text" or not self.reference.startswith(mutant) or "\n" in self.reference[len(mutant):].rstrip("\n"):
            return None
        start = mutant.rfind("\n") + 1
        line, full = mutant[start:], self.reference[start:].rstrip("\n")
        if not line.lstrip().startswith("|") or line.rstrip().endswith("|") and line.rstrip() == full.rstrip():
            return None
        old = _lines(self.reference)
        names = header_cells(old, len(old) - 1)
        column = line.count("|")  # (the cell being written when the text stopped)
        return names[column] if 0 < column < len(names) and names[column] else None

    def columns(self) -> tuple[str, ...]:
        """The column names of the answer's tables: a CSV's header, each Markdown table's header row (asked only
        of an accepted mutant)."""
        if self.fmt == "csv":
            try:
                data = getattr(parse("csv", self.reference), "data", None)
            except ValueError:
                return ()
            first = data[0] if isinstance(data, list) and data else None
            return tuple(str(k) for k in first) if isinstance(first, dict) else ()
        if self.fmt != "text":
            return ()
        lines = _lines(self.reference)
        return tuple(dict.fromkeys(c for i, line in enumerate(lines[:-1]) if "|" in line
                                   and _rule_row(lines[i + 1]) for c in table_cells(line) if c))

    def top_keys(self) -> tuple[str, ...]:
        """The top-level keys of a tree answer that is one mapping (() otherwise). Parsed on each call: it is
        asked only of an accepted mutant."""
        try:
            data = parse(self.fmt, self.reference) if self.fmt in ("json", "yaml") else None
            doc = getattr(data, "data", data)
        except Exception:  # noqa: BLE001 - a reference no parser reads has no keys to name
            doc = None
        return tuple(str(k) for k in doc) if isinstance(doc, dict) else ()

    def dropped_key(self, mutant: str) -> str | None:
        """The key of the one `key = value` line the mutant drops from a text artifact (a TOML or INI
        answer read as lines), else None."""
        if self.fmt != "text":
            return None
        old, new = _lines(self.reference), mutant.splitlines()
        if len(old) != len(new) + 1 or len(old) > 20_000:
            return None
        head, tail = common_ends(tuple(old), tuple(new))
        if head + tail != len(new):
            return None
        key = KEY_VALUE.match(old[head])
        if key is None:
            return None
        # (a field every record has, `offered_load` of each `[[hour]]`: a key that stands once is the
        # answer's data, `bob = 7` of one line per player, and its line a record)
        same = sum(1 for line in old if (other := KEY_VALUE.match(line)) and other.group(1) == key.group(1))
        # (or a key the prompt calls optional, `method` of "add other keys (iterations, method, notes)":
        # a field of the answer's one record, however often it stands; blind p80)
        optional = getattr(self.allows, "optional_fields", frozenset())
        return key.group(1) if same >= 2 or key.group(1) in optional else None

    def cut_keys(self, mutant: str) -> list[str] | None:
        """The keys of the lines a truncation cut from a text artifact's end, where every non-blank line cut
        is a `key = value` line (`method = "bisection"` after the answer's numbers), else None."""
        if self.fmt != "text" or len(self.reference) > 1 << 20:
            return None
        old, new = _lines(self.reference), mutant.splitlines()
        if not new or len(new) >= len(old) or old[:len(new)] != new:
            return None
        keys = []
        for line in old[len(new):]:
            if not line.strip():
                continue
            key = KEY_VALUE.match(line)
            if key is None:
                return None
            keys.append(key.group(1))
        return keys or None

    def in_graded_element(self, mutant: str, prompt: str) -> bool:
        """The mutant changes the lines of the element the prompt grades on a page it otherwise frees (a
        row added to "one `<table>`" of "any other HTML ... around the table"): those lines are graded,
        whatever else the prompt frees."""
        element = graded_element(prompt) if self.fmt == "text" else None
        return element is not None and element_present(self.artifact, element, self.reference) \
            and not outside_element(self.artifact, element, self.reference, mutant)

    def comment_change(self, mutant: str, prompt: str = "") -> tuple[str, str] | None:
        """(severity, why) when the mutant changes only whole-line comments of the artifact's type:
        `info` where the prompt speaks of comments as allowed or ignored, else `warn` (it leaves open
        whether a comment is part of the answer)."""
        if self.fmt != "text" or not comment_only(self.artifact, self.reference, mutant, prompt):
            return None
        said = self.allows.comments_said  # (a PromptAllows)
        if said:
            return "info", f"it changes only comment lines, which the prompt allows ({said!r})"
        if program(self.artifact):  # (a script's `#!` line or `# notes` dropped: what it does is the same)
            return "info", "it changes only comment lines of a program, which do not change what it does"
        return "warn", "it changes only comment lines, of which the prompt says nothing"

    def markup_change(self, mutant: str, prompt: str) -> tuple[str, str] | None:
        """(info, why) when the prompt frees a page but for one element it grades ("The page can look
        however you like, but it must contain a `<table id="verification">`") and the mutant leaves that
        element's lines as they were."""
        if self.fmt != "text":
            return None
        element = graded_element(prompt)
        if element is not None and other_elements(prompt, element):
            element = None  # (the page grades more than that element: nothing outside it is free)
        if outside_element(self.artifact, element, self.reference, mutant):
            return "info", f"it changes only the page outside <{element[0]}>, which the prompt frees ({element[2]!r})"
        if markup_only(self.artifact, self.reference, mutant, prompt):
            return "warn", "it moves, drops or repeats tags only: its text and attribute values are the reference's"
        if element is not None:
            # One line the page frees written over with a line of tags only (`<h1>...</h1><p>...` replaced by
            # a copy of `<table border=1>`): the freed line dropped, a tag added (blind p35)
            old, new = self.reference.splitlines(), mutant.splitlines()
            head, tail = common_ends(tuple(old), tuple(new))
            if len(old) == len(new) and len(old) - tail - head == 1:
                dropped = "\n".join(old[:head] + old[head + 1:]) + "\n"
                tags_only = markup_only(self.artifact, dropped, "\n".join(new) + "\n", prompt)
                if tags_only and outside_element(self.artifact, element, self.reference, dropped):
                    return "warn", (f"it writes a line of tags over a line outside <{element[0]}>, which the "
                                    f"prompt frees ({element[2]!r})")
        return None

    def _row_change(self, kind: str, where: str, mutant: str) -> tuple[str, str] | bool:
        """Whether the mutant drops or changes a row of literals a SQL data script inserts into a table
        the prompt names (`INSERT INTO tw_violation ... VALUES (4116, 'TW01');`, a multi-row INSERT's
        `('12-005', 'W12', 'PD06'),`), in a script no UPDATE, DELETE, REPLACE, upsert or trigger changes:
        the table it builds has a row fewer, or a wrong value, whatever runs it (blind p65: a rule code
        left out of an audit's rows passed; p71: a finding at the wrong visit). (severity, why) where the
        prompt leaves the changed column open."""
        found = re.match(r"line (\d+)(?:$|,)", where)
        if found is None or not self.artifact.lower().endswith(".sql") or len(self.reference) > 1 << 20:
            return False
        lines = self.reference.splitlines()
        i = int(found.group(1)) - 1
        row = next((r for r in sql_rows(lines) if r.line == i), None)
        if row is None:
            return False
        # (statements only: not `-- update 2024`, a value 'DELETE' or replace() in a string or a comment)
        code = _SQL_MASK.sub(" ", self.reference)
        table = re.escape(row.table)
        if _ROW_CHANGERS.search(code) or re.search(
                rf"\b(?:DROP\s+TABLE(?:\s+IF\s+EXISTS)?|ALTER\s+TABLE)\s+[\w.\"`\[]*?{table}\b|"
                rf"\bCREATE\s+TEMP(?:ORARY)?\s+TABLE\b", code, re.IGNORECASE):
            return False  # (a table the script drops, renames or keeps only for the session: a helper)
        # (into the table the prompt asks for, by name as an identifier: quoted, or called a table; not
        # the file stem of `audit.sql` or a word of prose)
        naming = getattr(self.allows, "naming_text", "") or ""
        if not re.search(rf"[`'\"]{table}[`'\"]|\b(?:table|into)\s+[`'\"]?{table}\b(?![.\w])|\b{table}\s+table\b",
                         naming, re.IGNORECASE):
            return False
        if kind == "drop_record":
            return True
        changed = mutant.splitlines()
        if len(changed) != len(lines) or not 0 <= i < len(changed):
            return False
        at = next((k for k, (x, y) in enumerate(zip(lines[i], changed[i])) if x != y), min(len(lines[i]), len(changed[i])))
        cell = next((k for k, (a, b) in enumerate(row.cells) if a <= at <= b), None)
        if cell is None or not row.columns or cell >= len(row.columns):
            return False  # (a column no name says is graded: the change may be to a free one)
        return self.allows.leaves_open(kind, f"column {row.columns[cell]!r}") or True

    def program_change(self, kind: str, where: str = "", mutant: str = "") -> tuple[str, str] | None:
        """(warn, why) for a line dropped, repeated, moved, added or cut off, or a constant changed, in a
        program the fuzzer reads as text (SQL, a shell script): the changed program may do the same (a
        column selected twice, `set -eu` dropped on a run that never fails, an equivalent pattern), so an
        accepted one shows no wrong answer. A program cut short (truncate_text) stays a finding (but for a
        cut of its closing statement alone: _closing_cut), as do two
        lines of different statements swapped (`SELECT ...` with `AND ...`): that program no longer runs,
        and a grader accepting it never ran it."""
        if self.fmt != "text" or not program(self.artifact):
            return None
        if kind == "truncate_text":
            return self._closing_cut(where)
        if kind == "swap_records" and not self._same_statement(where):
            return None
        if kind in _ROW_KINDS and (row := self._row_change(kind, where, mutant)):
            return None if row is True else row
        if kind in _LINE_KINDS:
            return "warn", "a program changed this way may behave the same; the grader's tests do not tell them apart"
        # (blind p15: `[0-9]` -> `[1000-9]` in a grep pattern, a guard `$10 != "-"` whose branch adds 0
        # anyway, `'2024-01-01'` -> `'2024--1-01'` compared as a string: each the same program)
        return "warn", ("a constant changed in a program may leave it behaving the same (an equivalent "
                        "pattern, a redundant guard, a bound no input crosses); the grader's tests do not tell them apart")

    def _closing_cut(self, where: str) -> tuple[str, str] | None:
        """(warn, why) when a program's cut drops only its closing `exit 0` (on a line of its own) or its
        final `;`: the program before it may end the same way (blind p21: a script whose `exit 0` follows
        an `if` that exits otherwise). Any other cut stays a finding: without a `COMMIT;` a transaction
        rolls back, without an `END;` a trigger does not parse."""
        found = re.fullmatch(r"cut at character (\d+) of \d+", where)
        if found is None:
            return None
        cut = int(found.group(1))
        if cut > 0 and self.reference[cut:].strip() == ";":  # the last statement's `;` alone
            return "warn", "the cut drops only the program's final `;`, which may change nothing"
        if cut == 0 or self.reference[cut - 1:cut + 1].count("\n") == 0:
            return None  # (all of it, or a cut inside a line)
        dropped = [line for line in self.reference[cut:].splitlines() if line.strip()]
        if len(dropped) != 1 or not _CLOSING.fullmatch(dropped[0]):
            return None
        return "warn", f"the cut drops only the program's closing statement ({dropped[0].strip()!r}), which may change nothing"

    def _same_statement(self, where: str) -> bool:
        """The two lines a text swap exchanged open with the same word (`AND a`, `AND b`: may commute)."""
        pair = self._swapped_lines(where)
        if pair is None:
            return True
        lead = [re.match(r"\s*(\W*\w*)", line).group(1).lower() for line in pair]
        # (or two column definitions of one CREATE TABLE, `state TEXT NOT NULL,` and `assignee TEXT,`: the
        # same table whatever their order, where the rows are inserted by column name; blind p102)
        # (or two items of one column list, `library,` and `format,` of a CTE's SELECT: columns read by name after
        # it; blind p121, p129, once the fuzzer swapped only lines of one lead)
        return lead[0] == lead[1] or all(_COLUMN_DEF.match(line) for line in pair) \
            or (all(_list_item(line) and lead_word.lower() not in _CLAUSES for line, lead_word in zip(pair, lead))
                and self._select_items(where))

    def declaration_change(self, mutant: str) -> tuple[str, str] | None:
        """(info, why) when the mutant changes, adds or drops only markup declaration or doctype lines
        (`<?xml version="1.0"?>` to 1010.0, `<!DOCTYPE html>` repeated): the document's format, not its
        content (each was a `warn` in every XML task of blind p28-p33)."""
        if self.fmt != "text":
            return None
        old, new = self.reference.splitlines(), mutant.splitlines()
        head, tail = common_ends(tuple(old), tuple(new))
        changed = old[head:len(old) - tail] + new[head:len(new) - tail]
        if changed and all(_DECLARATION.fullmatch(line) for line in changed):
            return "info", "it changes only the document's declaration or doctype line: its format, not its content"
        return None

    def field_repeat(self, kind: str, where: str, prompt: str = "") -> tuple[str, str] | None:
        """(warn, why) for a text line repeated that is one labelled value (`- Open cases: 4`,
        `<boarded>3449</boarded>`, `key = 3`) with no neighbour of its label: the same value twice, which a
        reader taking either copy reads as the answer, unlike a record repeated in a list (blind p34)."""
        found = re.fullmatch(r"line (\d+)", where) if kind == "duplicate_record" and self.fmt == "text" else None
        if found is None:
            return None
        lines = self.reference.splitlines()
        i = int(found.group(1)) - 1
        if 0 <= i < len(lines) and (key := _pair_row_key(lines, i)) is not None and key.lower() in prompt.lower() \
                and not once_here(prompt, lines, i):
            # (a row of a two-column table keyed by its first cell, `| INVALID | 2 |` of a per-code tally: one
            # labelled value as a table writes it; blind p144)
            return "warn", f"it repeats one row of a two-column table keyed by its first cell ({key!r}): either copy reads the same"
        if 0 <= i < len(lines) and (key := _slot_row_key(lines, i, prompt)) is not None \
                and not once_here(prompt, lines, i):
            # (a row of a table whose every row the prompt names, `S1` ... `S4` of "the four scenarios are fixed":
            # a slot of the answer, not a record of a list; blind p170)
            return "warn", f"it repeats the row of {key!r}, one of the table's rows the prompt names each of: either copy reads the same"
        label = _field_label(lines[i]) if 0 <= i < len(lines) else None
        if label is None or any(0 <= j < len(lines) and _field_label(lines[j]) == label for j in (i - 1, i + 1)):
            return None
        # (a label the prompt does not name is data, `bob: 5` of a list of users: one record more)
        if label.lstrip("<").lower() not in prompt.lower():
            return None
        # (a label that stands twice in a row anywhere, `<reason>` of a sensor with two reasons, is a list's
        # item: repeated, it is one more item, as a record repeated; blind p19)
        labels = _field_labels(self.reference)
        if any(a == label and b == label for a, b in zip(labels, labels[1:])):
            return None
        return "warn", f"it repeats one labelled value ({cap(lines[i].strip(), 60)!r}): either copy reads the same"

    def _select_items(self, where: str) -> bool:
        """The two lines a text swap exchanged stand in one SELECT's column list: every line between them and up to the
        nearest clause line above them is a list item, and that clause is SELECT (not `ORDER BY` keys, whose order is
        the result's, nor a function's arguments under `COALESCE(`; review)."""
        found = re.fullmatch(r"line (\d+) <-> line (\d+)", where)
        lines = self.reference.splitlines()
        if found is None or max(int(g) for g in found.groups()) > len(lines):
            return False
        a, b = sorted(int(g) - 1 for g in found.groups())
        if any(lines[k].strip() and not _list_item(lines[k]) for k in range(a + 1, b)):
            return False
        for k in range(a - 1, -1, -1):
            text = lines[k].strip()
            if not text:
                continue
            if re.match(r"\W*(\w*)", text).group(1).lower() in _CLAUSES:
                return re.match(r"(?i)select\b", text) is not None and text.count("(") == text.count(")")
            if not _list_item(lines[k]):
                return False
        return False

    def _swapped_lines(self, where: str) -> tuple[str, str] | None:
        """The reference's two lines a text swap ("line 3 <-> line 7") exchanged, or None."""
        found = re.fullmatch(r"line (\d+) <-> line (\d+)", where)
        lines = self.reference.splitlines()
        if found is None or max(int(g) for g in found.groups()) > len(lines):
            return None
        a, b = (lines[int(g) - 1] for g in found.groups())
        return a, b

    def given_value_change(self, where: str, prompt: str) -> tuple[str, str] | None:
        """(warn, why) when the mutant changes, drops or renames a key whose reference value the prompt's
        format example gives verbatim (`analyte: nitrate` in a YAML example, `"units": "mg/L"`): a value
        the task gives, not one the agent works out (blind p17)."""
        if self.fmt not in ("json", "yaml") or not prompt:
            return None
        for path in where_paths(where):
            if any(isinstance(step, int) for step in path):
                continue  # a field of the answer's records is data, whatever value an example shows
            value = _header_value(_data(self.fmt, self.reference), path)
            key = next((x for x in reversed(path) if isinstance(x, str)), None)
            if key is None or not isinstance(value, str) or len(value) < 2:
                continue
            shown = re.search(rf"(?m)[\"']?{re.escape(key)}[\"']?\s*[:=]\s*[\"']?{re.escape(value)}[\"']?\s*,?\s*$",
                              prompt)
            if shown:
                return "warn", (f"{key!r} holds {value!r}, which the prompt's example gives verbatim: a value the "
                                "task gives, not one worked out")
        return None

    def shown_line_change(self, mutant: str, prompt: str) -> tuple[str, str] | None:
        """(warn, why) when every line the mutant changes or drops is one the prompt shows verbatim
        (`<schedule date="2026-03-14">` in its format example): a value the task gives, not one it asks
        the agent to work out, so a grader ignoring it accepts no wrongly worked answer (blind p14)."""
        if self.fmt != "text" or not prompt:
            return None
        old, new = self.reference.splitlines(), mutant.splitlines()
        head, tail = common_ends(tuple(old), tuple(new))
        changed = [line.strip() for line in old[head:len(old) - tail]]
        if not changed or len(changed) > 3:
            return None
        shown = {line.strip() for line in prompt.splitlines()}
        # (a line the answer holds many times is one of its records, which the example happens to show:
        # blind p20's `<error code="DUP_BARCODE"/>`, one of two codes a record reports)
        if all(len(line) >= 8 and line in shown for line in changed) and not any(
                sum(1 for x in old if x.strip() == line) > 1 for line in changed):
            return "warn", f"it changes only a line the prompt itself shows ({cap(changed[0], 80)!r}), not a value worked out"
        # A Markdown table's rule row (`|---|---:|`) holds no value: its dashes and alignment colons are
        # layout, whether or not the prompt's example aligns its columns alike (blind p65)
        # (what takes its place is no table row either: a copy of a data row there is a repeated record)
        added = new[head:len(new) - tail]
        # (a rule row under a header row of as many cells, two at least: not a bar of an ASCII chart, `|---`)
        above = old[head - 1].replace("\\|", "").strip() if head >= 1 else ""
        cells = changed[0].strip().strip("|").count("|") if changed else -1
        if len(changed) == 1 and _RULE.match(changed[0]) and cells >= 1 and "|" in above \
                and above.strip("|").count("|") == cells and all("|" not in line or _RULE.match(line) for line in added):
            return "warn", f"it changes only a Markdown table's rule row ({cap(changed[0], 80)!r}), which holds no value"
        return None

    def sweep(self, kind: str) -> Iterator[Mutation]:
        return place_examples(self.fmt, self.reference, self.policy, kind)

    def within_tolerance(self, mutant: str) -> bool:
        """The mutant says what the reference says but for numbers moved within the tolerance the
        prompt states ("1559.1177870818951" cut to "1559.117" under "relative error below 0.1%")."""
        allows = self.allows
        if not (allows.stated or allows.abs_tolerance or allows.rel_tolerance):
            return False
        return _close(_normal(self.fmt, self.reference), normalize(self.fmt, mutant), allows)


    def open_change(self, mutant: str) -> tuple[str, str] | None:
        """(severity, why) when the mutant says what the reference says once the keys the prompt
        leaves open are set aside (a cut that loses only a row's optional cells, whatever the kind's
        description names): `info` where the prompt says those keys are not graded, else `warn`."""
        allows = self.allows
        if self.fmt not in ("json", "jsonl", "yaml", "csv"):
            return None
        free = set(allows.free_fields) | {k for k in _keys(self.fmt, self.reference) if allows.granted_free(k)}
        # (a map's keys are its data, not keys a grant of other keys frees: an OD matrix's stop ids; blind p190)
        data_keys = map_keys(_data(self.fmt, self.reference)) if allows.other_keys else frozenset()
        open_keys = free | set(allows.optional_fields) | (
            {k for k in _keys(self.fmt, self.reference) if not allows.names(k) and k not in data_keys}
            if allows.other_keys else set())
        if not open_keys:
            return None
        try:
            doc = parse(self.fmt, mutant)
        except ValueError:
            return None
        cells = self.fmt == "csv"
        if _norm(_without(doc.data, open_keys), cells) != _norm(_without(_data(self.fmt, self.reference), open_keys),
                                                                cells):
            return None
        if open_keys <= free:
            return "info", f"it changes only keys the prompt says are not graded ({', '.join(sorted(open_keys)[:4])})"
        return "warn", f"it changes only keys the prompt leaves open ({', '.join(sorted(open_keys)[:4])})"


def _without(data, keys: set):
    """`data` with every dict entry under one of `keys` left out, at any depth."""
    if isinstance(data, dict):
        return {k: _without(v, keys) for k, v in data.items() if k not in keys}
    if isinstance(data, list):
        return [_without(v, keys) for v in data]
    return data


@lru_cache(maxsize=8)
def _data(fmt: str, text: str):
    return parse(fmt, text).data


@lru_cache(maxsize=8)
def _nested_lists(fmt: str, text: str) -> int:
    try:
        data = _data(fmt, text)
    except ValueError:
        return 0
    found: set[tuple] = set()
    stack: list[tuple[object, tuple, bool]] = [(data, (), False)]
    while stack:
        value, path, inside = stack.pop()
        if isinstance(value, dict):
            stack.extend((v, path + (str(k),), inside) for k, v in value.items())
        elif isinstance(value, list):
            if inside:
                found.add(path)
            stack.extend((v, path + (None,), True) for v in value)
    return len(found)


def _header_value(data, path: list):
    """The value at `path`, or None where there is none or the path passes through an object of records
    keyed by id (a record's field is data)."""
    value = data
    for step in path:
        if isinstance(value, dict) and _record_map(value):
            return None
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return None
    return value


MIN_RECORDS = 3  # entries of an object all holding records of one shape: its keys are their ids


def _record_map(value: dict) -> bool:
    """An object mapping ids to records (`{"AC1061": {...}, "AC1470": {...}}`, `{"RG-08": {...}}`): at
    least MIN_RECORDS entries, every value an object with the same keys. Its keys are the answer's data,
    not field names a prompt could name or leave open (blind p14, p15: a dropped account read as an
    "other key" the prompt allowed)."""
    values = list(value.values())
    if len(values) < MIN_RECORDS:
        return False
    if all(isinstance(v, dict) and v.keys() == values[0].keys() for v in values):
        return True
    # (or ids to values of one type: `"heads": {"J1": 141.2, "J2": 139.8, ...}`, blind p25; or ids to
    # objects of their own keys: `"bins": {"A-01": {"SKU-4402": 18}, "R-01": {...}}`, blind p38)
    kinds = {type(v) for v in values}
    return len(kinds) == 1 and kinds <= {int, float, str, bool, dict} and all(
        _ID_LIKE.fullmatch(str(k)) is not None for k in value)


def line_key(line: str) -> str | None:
    """The key of a `key = value` (or `key: value`) line, else None."""
    found = KEY_VALUE.match(line)
    return found.group(1) if found else None


@lru_cache(maxsize=4)
def _lines(text: str) -> list[str]:
    return text.splitlines()


@lru_cache(maxsize=16)
def text_field(reference: str, mutant: str) -> str | None:
    """The field one in-place value change of a text answer is in (Reference.text_field), else None."""
    return _text_field(reference, mutant)


def header_cells(lines: list[str], i: int) -> list[str]:
    """The cells of the header row of the Markdown table line i stands in (its run of pipe lines' first)."""
    head = i
    while head > 0 and lines[head - 1].lstrip().startswith("|"):
        head -= 1
    return [c.strip().strip("`*") for c in lines[head].split("|")]


def _text_field(reference: str, mutant: str) -> str | None:
    old, new = _lines(reference), mutant.splitlines()
    if len(old) != len(new) or len(old) > 20_000:
        return None
    changed = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
    if len(changed) != 1:
        return None
    i = changed[0]
    a, b = old[i], new[i]
    at = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    if a.lstrip().startswith("|") and a.count("|") == b.count("|"):
        cells = a.split("|")
        column = sum(1 for k, ch in enumerate(a) if ch == "|" and k < at) - 1
        names = header_cells(old, i)
        if 0 <= column < len(cells) and column + 1 < len(names) and names[column + 1]:
            return names[column + 1]
        return None
    header = _html_column(old, i, at)
    if header is not None:  # (an HTML table cell: its column's header, as a Markdown cell's; blind p63)
        return header
    for attr in _ATTR_VALUE.finditer(a):
        if attr.start(2) <= at <= attr.end(2):
            return attr.group(1)
    for element in _ELEMENT_TEXT.finditer(a):  # (an element's text: `<claim>CLM-40687</claim>`)
        if element.start(2) <= at <= element.end(2):
            return element.group(1)
    key = KEY_VALUE.match(a)
    return key.group(1) if key and at >= key.end(1) else None


_CELL_TAG = re.compile(r"<(/?)(t[dh]|tr|table)\b([^<>]{0,200})>", re.IGNORECASE)
_COLSPAN = re.compile(r"\bcolspan\s*=\s*[\"']?(\d{1,3})", re.IGNORECASE)
_TAG = re.compile(r"<[^<>]{0,200}>")
MAX_CELLS = 200


def _cells(line: str) -> list[tuple[str, int, int, int, int]]:
    """(d|h, content start, content end, first column, columns spanned) of the table cells a line holds,
    each cell's content running to the next cell, row or table tag (a closing `</td>` may be left out):
    one pass over the line's tags."""
    out: list[tuple[str, int, int, int, int]] = []
    column = 0
    tags = list(itertools.islice(_CELL_TAG.finditer(line), 4 * MAX_CELLS))
    for n, tag in enumerate(tags):
        if tag.group(1) or tag.group(2).lower() not in ("td", "th"):
            continue
        end = tags[n + 1].start() if n + 1 < len(tags) else len(line)
        span = int(m.group(1)) if (m := _COLSPAN.search(tag.group(3))) else 1
        out.append((tag.group(2)[1].lower(), tag.end(), end, column, max(1, span)))
        column += max(1, span)
        if len(out) >= MAX_CELLS:
            break
    return out


def _html_column(lines: list[str], i: int, at: int) -> str | None:
    """The header of the HTML table column whose `<td>` holds position `at` of line `i` (a row written on
    one line): the `<th>` spanning the same column in the nearest line above made of `<th>` cells
    (`colspan` counted)."""
    cell = next((c for c in _cells(lines[i]) if c[0] == "d" and c[1] <= at <= c[2]), None)
    if cell is None:
        return None
    for k in range(i - 1, max(-1, i - 2000), -1):
        heads = [c for c in _cells(lines[k]) if c[0] == "h"]
        if heads:
            head = next((h for h in heads if h[3] <= cell[3] < h[3] + h[4]), None)
            text = " ".join(_TAG.sub(" ", lines[k][head[1]:head[2]]).split()) if head else ""
            return html.unescape(text) or None
        if re.search(r"<table\b", lines[k], re.IGNORECASE):
            return None
    return None


@lru_cache(maxsize=8)
def _keys(fmt: str, text: str) -> frozenset[str]:
    """Every field name of the document at any depth (not the ids of an object of records)."""
    found: set[str] = set()
    stack = [_data(fmt, text)]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if not _record_map(value):
                found.update(str(k) for k in value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return frozenset(found)


@lru_cache(maxsize=8)
def _normal(fmt: str, text: str):
    """The reference's normal form, made once per task rather than per accepted mutant."""
    return normalize(fmt, text)


_ROW_CHANGERS = re.compile(r"(?:^|;)\s*(?:UPDATE|DELETE|REPLACE)\b|\bCREATE\s+(?:TEMP\w*\s+)?TRIGGER\b|"
                           r"\bON\s+CONFLICT\b|\bINSERT\s+OR\b|\bCREATE\s+TABLE\s+[\w.\"`\[\]]+\s+AS\b",
                           re.IGNORECASE | re.MULTILINE)
_SQL_MASK = re.compile(r"'(?:[^']|'')*'|--[^\n]*|/\*.*?\*/", re.DOTALL)  # strings and comments
_RULE = re.compile(r"^(?=[^-]*-)[\s:|-]*$")  # a Markdown table's rule row (one scan: no backtracking)
_LEAD = re.compile(r"^[^\w\s]*\s*")


_DECLARATION = re.compile(r"\s*(?:<\?xml\b[^<>]*\?>|<!DOCTYPE\b[^<>]*>)\s*", re.IGNORECASE)  # (the line is that alone)
_FIELD_LINE = re.compile(r"(?:[-*+]\s+)?[*_`]*([A-Za-z][\w ()%/'.-]{0,60}?)[*_`]*\s*[:=]\s*\S.*")
# a label of words and one number after it, no colon: `TOTAL 380` (blind p172)
_WORD_NUMBER_LINE = re.compile(r"[*_`]*([A-Za-z][A-Za-z _-]{0,40}?)[*_`]*\s+[-+]?\d[\d,]*(?:\.\d+)?%?")
_ELEMENT_LINE = re.compile(r"<([A-Za-z][\w:.-]*)(?:\s[^<>]*)?>[^<>]*</\1\s*>")


_UNDERLINE_LINE = re.compile(r"(=|-){3,}")


# the prompt says a part comes once ("Each player must appear exactly once", "exactly one section per host")
ONCE = re.compile(r"\b(?:exactly|only|at\s+most)\s+once\b|\bexactly\s+one\s+(?:section|heading|row|line|entry)\b|"
                  r"\bno\s+duplicates?\b|\bnever\s+(?:twice|repeated)\b", re.IGNORECASE)


_MD_HEADING = re.compile(r"#{1,6}\s+(\S.*)")


def markdown_headings(lines: list[str]) -> list[tuple[int, str]]:
    """(line index, text) of each Markdown heading line (`## RMA status` -> "RMA status")."""
    return [(k, m.group(1).strip()) for k, m in enumerate(_MD_HEADING.fullmatch(x.strip()) for x in lines) if m]


def table_cells(line: str) -> list[str]:
    """The cells of a Markdown table row, stripped (its outer pipes optional)."""
    return [c.strip() for c in line.strip().strip("|").split("|")]


def once_here(prompt: str, lines: list[str], i: int) -> bool:
    """A sentence of the prompt says a part comes once, of the section line i stands in or of no section at all
    ("Each player must appear exactly once"); not one of another section ("**Decisions** — exactly one row per
    request" beside a `## Rule Tally` table; blind p144)."""
    if not ONCE.search(prompt):
        return False
    headings = markdown_headings(lines)
    here = next((h for k, h in reversed(headings) if k <= i), None)
    # (what the line is: its section's title, its table's header and its own first cell; and every part's names)
    words = " ".join([here or "", lines[i], _table_header(lines, i)]).lower()
    parts = " ".join([*(h for _, h in headings), *(line for k, line in enumerate(lines[:-1])
                                                    if line.lstrip().startswith("|") and _rule_row(lines[k + 1]))]).lower()
    for sentence in sentences(prompt):  # (a sentence wrapped over lines is one: "... each route\nonly once.")
        if ONCE.search(sentence):
            named = [h for _, h in headings if h.lower() in sentence.lower()]
            # ("list each interval / streak / route only once": of those parts, not of a summary's metric rows;
            # blind p157)
            subjects = [singular(w) for m in _EACH_ONCE.finditer(sentence) for w in re.findall(r"[A-Za-z]{3,}", m.group(1))
                        if w.lower() not in _NOT_SUBJECTS]
            if subjects and not any(re.search(rf"\b{re.escape(w.lower())}", words) for w in subjects) \
                    and any(re.search(rf"\b{re.escape(w.lower())}", parts) for w in subjects):
                continue  # (said of another part the answer has by that name; else of the whole answer: review)
            if not named or here in named:
                return True
    return False


_EACH_ONCE = re.compile(r"\beach\s+([A-Za-z][\w /,-]{0,60}?)\s+(?:only\s+|exactly\s+|at\s+most\s+)?once\b", re.IGNORECASE)
_NOT_SUBJECTS = frozenset(("and", "the", "one", "only", "exactly", "row", "rows", "line", "lines", "entry", "item"))


def _list_item(line: str) -> bool:
    """An item of a column list on a line of its own: it ends with a comma outside any parentheses, which balance
    (`library,`, `COUNT(*) AS deliveries,`, `substr(m.boarded_at, 1, 7) AS month,`; blind p148, p155)."""
    body = line.strip()
    if not body.endswith(",") or ";" in body:
        return False
    depth = 0
    for ch in body[:-1]:
        depth += (ch == "(") - (ch == ")")
        if depth < 0 or (ch == "," and depth == 0):
            return False
    return depth == 0
_CLAUSES = frozenset(("select", "from", "where", "and", "or", "join", "on", "group", "order", "having", "with", "union",
                      "limit", "case", "when", "then", "else", "end", "insert", "values", "set", "update", "delete"))


def _table_header(lines: list[str], i: int) -> str:
    """The header row of the Markdown table line i stands in ("" for a line of no table)."""
    return lines[_table_rows(lines, i)[0][0]] if lines[i].lstrip().startswith("|") else ""


def _table_rows(lines: list[str], i: int) -> tuple[tuple[int, int], list[list[str]]]:
    """(first, last) line of the run of pipe lines line i stands in, and the cells of its rows but rule rows."""
    start = i
    while start > 0 and lines[start - 1].lstrip().startswith("|"):
        start -= 1
    end = i
    while end + 1 < len(lines) and lines[end + 1].lstrip().startswith("|"):
        end += 1
    return (start, end), [table_cells(x) for x in lines[start:end + 1] if not set(x.strip()) <= set("|:- \t")]


def _pair_row_key(lines: list[str], i: int) -> str | None:
    """The first cell of line i where it is a data row of a Markdown table of two columns whose first cells are
    distinct labels (no number alone): a table of labelled values (`| metric | value |`, `| code | requests |`)."""
    if not lines[i].lstrip().startswith("|") or len(table_cells(lines[i])) != 2:
        return None
    rows = _table_rows(lines, i)[1]
    if len(rows) < 3 or any(len(r) != 2 for r in rows):
        return None
    keys = [r[0] for r in rows[1:]]  # (the first row is the header)
    if len(set(keys)) != len(keys) or any(not re.search(r"[A-Za-z]", k) for k in keys):
        return None
    return table_cells(lines[i])[0]


def _slot_row_key(lines: list[str], i: int, prompt: str) -> str | None:
    """The first cell of line i where it is a data row of a Markdown table whose rows' first cells are distinct and
    each written in the prompt as a word of its own (`intercept`, `S1`): the table's rows are slots the prompt sets."""
    if not lines[i].lstrip().startswith("|"):
        return None
    keys = [r[0].strip("`*_ ") for r in _table_rows(lines, i)[1][1:]]
    # (names, not ranks: `1`, `2`, `3` are in any prompt that says "top 3"; review)
    if len(keys) < 2 or len(set(keys)) != len(keys) or len(keys) > 50 or not all(
            re.search(r"[A-Za-z]", k) for k in keys) or any(
            re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", prompt) is None for k in keys):
        return None
    return table_cells(lines[i])[0]


@lru_cache(maxsize=8)
def _field_labels(reference: str) -> tuple[str | None, ...]:
    """_field_label of each line of a reference (asked of every repeated line a search grades)."""
    return tuple(_field_label(line) for line in reference.splitlines())


def _field_label(line: str) -> str | None:
    """The label of a line holding one labelled value (`- Open cases: 4` -> "open cases", an element
    with its text -> its tag), or None."""
    line = line.strip()
    element = _ELEMENT_LINE.fullmatch(line)
    if element is not None:
        return "<" + element.group(1).lower()
    field = _FIELD_LINE.fullmatch(line) or _WORD_NUMBER_LINE.fullmatch(line)
    return field.group(1).strip().lower() if field is not None else None


def _shape(line: str) -> tuple:
    """A text line's shape: its separators and lead, whether it is a `key=value` line (a summary line `MK001=5` is
    no record of a list of findings `MK002 build/a.o`, blind p32), and whether its first word holds a digit."""
    # (and whether its first word holds a digit: `RC-006 DUP_COLOR` is a record, `TOTAL 32` the summary below them;
    # blind p243)
    first = line.split(None, 1)[0] if line.strip() else ""
    return line.count("|"), line.count(","), line.count("\t"), _LEAD.match(line).group(), \
        re.match(r"\s*[\w.-]+\s*[=:]", line) is not None, any(c.isdigit() for c in first)


_ROWS = re.compile(r"\b(lines?|rows?|records?|entries|items|results|objects|output)\b|"
                   # (a markup answer's elements, a config file's sections or tables: its records, where their
                   # own order is what is said, not that of the keys or attributes of each)
                   r"(?<!each\s)(?<!every\s)\b(?:elements?|sections?|tables?)\s+(?:order\b|(?:may|can)\s+(?:come|appear|be))|"
                   r"\border\s+of\s+(?:the\s+)?(?:elements|sections|tables)\b", re.IGNORECASE)


def rows_unordered(allows) -> bool:
    """The prompt says in words that the order of the output's top-level records is free (a sentence
    saying order does not matter that names lines, rows or records, or what the prompt calls its records
    (`record_nouns`: "an array of groups" ... "the groups may be listed in any order"); not "the two
    steps, in either order", which is about something inside an answer)."""
    for sentence in allows.unordered_sentences:
        if _ROWS.search(sentence):
            return True
        if allows.names_records(sentence):
            return True
    return False


def top_level_swap(where: str) -> bool:
    """A mutant's `where` names two whole records or lines exchanged ("record 0 (line 1) <-> record 2
    (line 3)", "line 3 <-> line 11"), not two values inside one ("record 2, field '0' <-> ...")."""
    return where.startswith(("record ", "line ", "lines ")) and re.search(r"\b(?:field|key) '", where) is None


def _close(a, b, allows) -> bool:
    """Two normal forms (_formats.normalize) equal but for numbers within the prompt's tolerance."""
    if a is None or b is None:
        return False
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) == 2 and len(b) == 2 and a[0] == b[0] == "num":
            return _near(a[1], b[1], allows)
        return len(a) == len(b) and all(_close(x, y, allows) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):  # (a number token of a text line)
        return _near(a, b, allows)
    return a == b


def _near(x: float, y: float, allows) -> bool:
    return x == y or allows.within_tolerance(x, y) or (
        allows.stated is not None and abs(x - y) <= allows.stated.band(x))
