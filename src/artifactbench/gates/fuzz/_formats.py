"""Format-aware views of an artifact's text: parse, render back, and compare meanings.

A `TreeDoc` holds JSONL, JSON, YAML or CSV as plain Python data (lists, dicts, scalars); a `TextDoc`
holds plain text as lines; a `PyDoc` holds a Python module's source. Every mutation strategy edits one
of these and renders it back to text, so a mutant differs from the reference only where it was mutated
(up to the re-serialisation the fuzz gate checks first with a baseline grading).
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from collections.abc import Callable
from typing import Any

import yaml

from artifactbench._pyast import parse as parse_python

FORMATS = ("jsonl", "json", "yaml", "csv", "text", "python")
_BY_SUFFIX = {
    ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json", ".yaml": "yaml", ".yml": "yaml",
    ".csv": "csv", ".tsv": "csv", ".py": "python",
}
# A number token inside free text or a CSV cell.
NUMBER_RE = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])")


def format_of(artifact: PurePosixPath | str) -> str:
    """The artifact format implied by the output path's suffix; plain text when unknown."""
    return _BY_SUFFIX.get(PurePosixPath(str(artifact)).suffix.lower(), "text")


# "Write `output/cutsets.csv`: CSV **without a header**, one set per line": rows of values, no names
_HEADERLESS = re.compile(r"\b(?:without|no)\s+(?:an?\s+|any\s+)?header(?:\s+(?:row|line))?\b|\bheader-?less\b|"
                         r"\b(?:do\s+not|don't|never)\s+(?:write|include|add|emit|print)\s+(?:an?\s+|any\s+)?header\b",
                         re.IGNORECASE)


def format_for(artifact: PurePosixPath | str, prompt: str) -> str:
    """format_of, but plain text for a CSV or TSV the prompt says has no header (in a sentence naming
    the file): its first line is a row, not column names, and its rows may differ in length (blind p30:
    the first row of sets read as a header, two ids of one set exchanged as two fields)."""
    fmt = format_of(artifact)
    if fmt != "csv":
        return fmt
    path = PurePosixPath(str(artifact))
    # (the file itself: its path, or its name not inside another path or name: `layout.csv` is not
    # `out.csv`, `data/readings.csv` not `out/readings.csv`)
    named = re.compile(rf"(?<![\w.-]){re.escape(path.as_posix())}(?![\w.-])|(?<![\w./-]){re.escape(path.name)}(?![\w.-])")
    for sentence in re.split(r"(?<=[.!?])\s+|\n\s*\n", prompt):
        if named.search(sentence) and _HEADERLESS.search(sentence) and not re.search(
                r"\b(inputs?|given|provided)\b", sentence, re.IGNORECASE):
            return "text"
    return fmt


@dataclass(frozen=True, slots=True)
class TreeDoc:
    """JSONL/JSON/YAML/CSV parsed to Python data; `render` writes data back in the same style.

    A JSONL line or CSV row of `data` itself (the same object: an edit copies only what it changes) is
    rendered once and its text reused, so a mutant of a big file costs a join, not a whole rendering.
    """

    fmt: str
    data: Any
    style: tuple[Any, ...] = ()
    _rows: dict = field(default_factory=dict, compare=False, repr=False)  # id(record of data) -> its text

    @property
    def root_is_records(self) -> bool:
        return self.fmt in ("jsonl", "csv") or isinstance(self.data, list)

    def render(self, data: Any) -> str:
        if self.fmt == "jsonl":
            seps, = self.style
            return "".join(self._row(r, lambda r: json.dumps(r, ensure_ascii=False, separators=seps) + "\n")
                           for r in data)
        if self.fmt == "json":
            indent, newline = self.style
            return json.dumps(data, ensure_ascii=False, indent=indent) + ("\n" if newline else "")
        if self.fmt == "yaml":
            return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)
        header, delimiter, terminator = self.style
        present = {k for r in data for k in r}
        kept = [h for h in header if h in present] if data else list(header)
        names = list(dict.fromkeys(kept + [k for r in data for k in r]))
        buf = io.StringIO()
        writer = csv.DictWriter(buf, names, delimiter=delimiter, lineterminator=terminator,
                                extrasaction="ignore", restval="")
        writer.writeheader()
        if names != list(header):  # (a column dropped or added: every row's text changes)
            writer.writerows(data)
            return buf.getvalue()

        def row(r: Any) -> str:
            one = io.StringIO()
            csv.DictWriter(one, names, delimiter=delimiter, lineterminator=terminator, extrasaction="ignore",
                           restval="").writerow(r)
            return one.getvalue()
        return buf.getvalue() + "".join(self._row(r, row) for r in data)

    def _row(self, record: Any, write: Callable[[Any], str]) -> str:
        """`write(record)`, kept for the records of `data` itself (each kept with its object, so an id
        is never mistaken for another's)."""
        if not self._rows and self.data:
            self._rows.update((id(r), (r, None)) for r in self.data)
        kept = self._rows.get(id(record))
        if kept is None or kept[0] is not record:
            return write(record)
        if kept[1] is None:
            kept = self._rows[id(record)] = (record, write(record))
        return kept[1]


@dataclass(frozen=True, slots=True)
class TextDoc:
    """Plain text as lines; records are the non-blank lines."""

    lines: tuple[str, ...]
    trailing_newline: bool

    def render(self, lines: list[str] | tuple[str, ...]) -> str:
        return "\n".join(lines) + ("\n" if self.trailing_newline else "")

    @property
    def records(self) -> tuple[int, ...]:
        return tuple(i for i, line in enumerate(self.lines) if line.strip())


@dataclass(frozen=True, slots=True)
class PyDoc:
    """A Python module's source."""

    source: str


MAX_NESTING = 100  # lists and mappings inside each other; deeper data is refused by parse()


class ParseError(ValueError):
    """`text` does not parse in its format; the message is one short line (the parser's own error, or
    "nested deeper than MAX_NESTING levels")."""


def parse(fmt: str, text: str) -> TreeDoc | TextDoc | PyDoc:
    """Parse `text` as `fmt`; raises ParseError (a ValueError) when it does not parse.

    Every parser failure becomes ParseError, RecursionError on a hostile 100000-deep document and
    trailing junk included, and a tree nested deeper than MAX_NESTING is refused: every walker of
    parsed data (mutations, leak probes, meanings) recurses, and may then do so safely.
    """
    try:
        doc = _parse(fmt, text)
    except Exception as exc:  # noqa: BLE001 - json, yaml, csv and compile raise many kinds
        reason = " ".join(str(exc).split())[:200]
        raise ParseError(f"{type(exc).__name__}: {reason}" if reason else type(exc).__name__) from None
    if isinstance(doc, TreeDoc) and _deeper_than(doc.data, MAX_NESTING):
        raise ParseError(f"nested deeper than {MAX_NESTING} levels")
    return doc


def _deeper_than(data: Any, limit: int) -> bool:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
        if items is None:
            continue
        if depth > limit:
            return True
        stack.extend((item, depth + 1) for item in items if isinstance(item, (dict, list)))  # (leaves: no depth)
    return False


def _parse(fmt: str, text: str) -> TreeDoc | TextDoc | PyDoc:
    if fmt == "python":
        compile(text, "<artifact>", "exec")
        return PyDoc(text)
    if fmt == "text":
        return TextDoc(tuple(text.splitlines()), text.endswith("\n"))
    if fmt == "jsonl":
        rows = [json.loads(line) for line in text.splitlines() if line.strip()]
        compact = '": ' not in text and '", ' not in text
        return TreeDoc(fmt, rows, ((",", ":") if compact else (", ", ": "),))
    if fmt == "json":
        indent = _json_indent(text)
        return TreeDoc(fmt, json.loads(text), (indent, text.endswith("\n")))
    if fmt == "yaml":
        return TreeDoc(fmt, load_yaml(text), ())
    return _parse_csv(text)


# libyaml's loader where PyYAML has it (the same documents, about 10x faster than the pure-Python one).
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """yaml.safe_load, refusing (ParseError) a document whose aliases expand it to more nodes than twice
    its characters (no document without aliases has as many): a 500-byte "billion laughs" is 10^8
    nodes to every walker of parsed data (27 s to parse, hours to compare), one alias of itself
    a cycle."""
    data = yaml.load(text, Loader=_YAML_LOADER)  # noqa: S506 - a safe loader
    budget, stack = 2 * len(text) + 1000, [data]
    while stack:
        value = stack.pop()
        budget -= 1
        if budget < 0:
            raise ParseError("YAML aliases expand the document beyond twice its size")
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return data


def rerender(doc: TreeDoc | TextDoc | PyDoc) -> str:
    """The document written back unchanged, in the fuzzer's own serialisation."""
    if isinstance(doc, PyDoc):
        return doc.source
    if isinstance(doc, TextDoc):
        return doc.render(doc.lines)
    return doc.render(doc.data)


def _json_indent(text: str) -> int | None:
    match = re.search(r"[\[{]\n( +)\S", text)
    return len(match.group(1)) if match else None


def _parse_csv(text: str) -> TreeDoc:
    delimiter = "\t" if "\t" in text.splitlines()[0] else ","
    terminator = "\r\n" if "\r\n" in text else "\n"
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    rows = [dict(row) for row in reader]
    if reader.fieldnames is None or any(None in row for row in rows):
        raise ValueError("ragged CSV")
    return TreeDoc("csv", rows, (tuple(reader.fieldnames), delimiter, terminator))


def as_number(value: Any, *, numeric_strings: bool) -> float | None:
    """The numeric meaning of a leaf (never of a bool); numeric strings count only for CSV/text. None
    for a value without a finite float: an exact 300! (a JSON integer of 615 digits, which float()
    refuses), "1e999" (inf): such a value is compared as it is written, never moved as a number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) or (numeric_strings and isinstance(value, str)
                                           and NUMBER_RE.fullmatch(value.strip())):
        try:
            number = float(value)
        except OverflowError:
            return None
        return number if math.isfinite(number) else None
    return None


def normalize(fmt: str, text: str) -> Any:
    """A comparable meaning of `text` (numbers as floats, blank lines and spacing ignored), or None
    when it does not parse. Two texts with equal normal forms say the same thing."""
    try:
        doc = parse(fmt, text)
    except Exception:  # noqa: BLE001 - any parse failure means "no meaning"
        return None
    if isinstance(doc, PyDoc):
        return _code_meaning(doc.source)
    if isinstance(doc, TextDoc):
        # A Markdown table row's outer pipes are optional ("| a | b |" is "| a | b"): the same row.
        return tuple(tuple(_token(t) for t in (line.strip().strip("|") if line.lstrip().startswith("|")
                                               else line).split()) for line in doc.lines if line.strip())
    return _norm(doc.data, doc.fmt == "csv")


def _code_meaning(source: str) -> str:
    """A module's syntax tree without docstrings (comments are not in it): two programs that differ
    only in comments or docstrings say the same thing."""
    import ast

    tree = parse_python(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def _token(tok: str) -> Any:
    return float(tok) if NUMBER_RE.fullmatch(tok) else tok


def _norm(value: Any, numeric_strings: bool) -> Any:
    if isinstance(value, dict):
        return ("dict", tuple(sorted((str(k), _norm(v, numeric_strings)) for k, v in value.items())))
    if isinstance(value, list):
        return ("list", tuple(_norm(v, numeric_strings) for v in value))
    number = as_number(value, numeric_strings=numeric_strings)
    if number is not None:
        return ("num", number)
    return (type(value).__name__, value)
