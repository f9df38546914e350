"""Records as values, for comparing the reference answer with what the agent can read."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from typing import Any

from artifactbench.gates.fuzz import NUMBER_RE, TreeDoc, load_yaml, parse

MIN_LINE = 12  # shorter reference lines ("{", "]", "total: 3") are too trivial to call a leak
_BOILERPLATE = re.compile(r"(from\s+\S+\s+)?import\s|#|@|\"\"\"|'''|(class|def)\s+\w+\s*[(:]")
_YAML_MAX = 200_000  # characters: YAML parsing is slow; bigger files are data read line by line
_FENCE = re.compile(r"```[\w-]*\n(.*?)```", re.S)
# A line that may hold one JSON record: its first non-blank character opens an object or a list.
_JSON_LINE = re.compile(r"^[^\S\n]*([\[{][^\n]*)$", re.M)


def canonical(value: Any) -> Any:
    """A hashable value-level form: dict key order, number spelling (1 vs 1.0 vs "1") ignored."""
    if isinstance(value, dict):
        return ("dict", tuple(sorted((str(k), canonical(v)) for k, v in value.items())))
    if isinstance(value, list):
        return ("list", tuple(canonical(v) for v in value))
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)) or (isinstance(value, str) and NUMBER_RE.fullmatch(value.strip())):
        try:
            return ("num", float(value))
        except OverflowError:  # an integer beyond a float (an exact 300!): compared exactly
            return ("num", int(value))
    return value


def _record_list(data: Any, shapes: Shapes | None = None) -> list:
    keep = (lambda r: True) if shapes is None else shapes.holds
    if isinstance(data, list):
        return [canonical(r) for r in data if isinstance(r, (dict, list)) and keep(r)]
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list) and v and all(isinstance(r, dict) for r in v)]
        found = [canonical(r) for v in lists for r in v if keep(r)]
        return found if found or lists else ([canonical(data)] if keep(data) else [])
    return []


@dataclass(frozen=True, slots=True)
class Shapes:
    """The shapes of the reference's records (key sets of its objects, lengths of its lists): a record
    of another shape can never equal one of them, so it is skipped before the costly canonical form
    (a 500 000-row input log took seconds to canonicalize row by row)."""

    keys: frozenset[frozenset[str]]
    lengths: frozenset[int]
    # per key set, each key as JSON writes it (ASCII-escaped, and as is): may_hold_line's needles, made
    # once rather than per line and key (a 600-line input read 500 times made 600 000 of them)
    needles: tuple[tuple[tuple[str, str], ...], ...]  # (no default: made by `of` only, never left empty by mistake)

    @classmethod
    def of(cls, records: list) -> Shapes:
        keys = frozenset(frozenset(k for k, _ in r[1]) for r in records if isinstance(r, tuple) and r[0] == "dict")
        lengths = frozenset(len(r[1]) for r in records if isinstance(r, tuple) and r[0] == "list")
        needles = tuple(tuple((_quoted(k), _quoted(k, False)) for k in sorted(ks)) for ks in keys)
        return cls(keys, lengths, needles)

    def holds(self, record: Any) -> bool:
        if isinstance(record, dict):
            return frozenset(map(str, record)) in self.keys
        return isinstance(record, list) and len(record) in self.lengths

    def may_hold_line(self, line: str) -> bool:
        """Cheap pre-test of one JSON line: an object must name every key of some shape."""
        if line[:1] == "[":
            return bool(self.lengths)
        return any(all(a in line or b in line for a, b in keys) for keys in self.needles)


def _quoted(key: str, ascii_only: bool = True) -> str:
    return json.dumps(key, ensure_ascii=ascii_only)


def reference_records(fmt: str, reference: str) -> list:
    """The reference's records (rows of JSONL/CSV, items of a JSON/YAML list), empty for text/code."""
    try:
        doc = parse(fmt, reference)
    except Exception:  # noqa: BLE001 - compare lines instead
        return []
    return _record_list(doc.data) if isinstance(doc, TreeDoc) else []


def records_in(text: str, shapes: Shapes | None = None) -> set:
    """Every record this text holds: JSON values per line, whole JSON/YAML documents and fenced blocks,
    CSV rows (with the header). With `shapes`, only the records of one of those shapes."""
    found: set = set()
    blocks = [text] + _FENCE.findall(text)
    for block in blocks:
        for match in _JSON_LINE.finditer(block):
            line = match.group(1).strip().rstrip(",")
            if shapes is None or shapes.may_hold_line(line):
                try:
                    found.update(_record_list([json.loads(line)], shapes))
                except ValueError:
                    pass
        loaders = (json.loads, load_yaml) if len(block) <= _YAML_MAX else (json.loads,)
        for loader in loaders:
            try:
                found.update(_record_list(loader(block), shapes))
            except Exception:  # noqa: BLE001 - not a document of that format
                pass
        head = block.split("\n", 1)[0]
        if "," in head or "\t" in head:
            try:
                delimiter = "\t" if "\t" in head else ","
                reader = csv.DictReader(io.StringIO(block), delimiter=delimiter)
                if shapes is None or frozenset(map(str, reader.fieldnames or ())) in shapes.keys:
                    found.update(canonical(dict(r)) for r in reader if None not in r)
            except (csv.Error, ValueError):
                pass
    return found


def non_trivial_lines(reference: str) -> list[str]:
    """Reference lines worth calling a leak: long, more than one token, no boilerplate."""
    out = []
    for line in reference.splitlines():
        line = line.strip()
        if len(line) < MIN_LINE or not re.search(r"[\s,:;=|{}\[\]]", line.strip("{}[], ")):
            continue
        if not _BOILERPLATE.match(line):
            out.append(line)
    return out
