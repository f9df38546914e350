"""Records as values, for comparing the reference answer with what the agent can read."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import yaml

from artifactbench.gates.fuzz import NUMBER_RE, TreeDoc, parse

MIN_LINE = 12  # shorter reference lines ("{", "]", "total: 3") are too trivial to call a leak
_BOILERPLATE = re.compile(r"(from\s+\S+\s+)?import\s|#|@|\"\"\"|'''|(class|def)\s+\w+\s*[(:]")
_FENCE = re.compile(r"```[\w-]*\n(.*?)```", re.S)


def canonical(value: Any) -> Any:
    """A hashable value-level form: dict key order, number spelling (1 vs 1.0 vs "1") ignored."""
    if isinstance(value, dict):
        return ("dict", tuple(sorted((str(k), canonical(v)) for k, v in value.items())))
    if isinstance(value, list):
        return ("list", tuple(canonical(v) for v in value))
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return ("num", float(value))
    if isinstance(value, str) and NUMBER_RE.fullmatch(value.strip()):
        return ("num", float(value))
    return value


def _record_list(data: Any) -> list:
    if isinstance(data, list):
        return [canonical(r) for r in data if isinstance(r, (dict, list))]
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list) and v and all(isinstance(r, dict) for r in v)]
        return [canonical(r) for v in lists for r in v] or [canonical(data)]
    return []


def reference_records(fmt: str, reference: str) -> list:
    """The reference's records (rows of JSONL/CSV, items of a JSON/YAML list), empty for text/code."""
    try:
        doc = parse(fmt, reference)
    except Exception:  # noqa: BLE001 - compare lines instead
        return []
    return _record_list(doc.data) if isinstance(doc, TreeDoc) else []


def records_in(text: str) -> set:
    """Every record this text holds: JSON values per line, whole JSON/YAML documents and fenced blocks,
    CSV rows (with the header)."""
    found: set = set()
    blocks = [text] + _FENCE.findall(text)
    for block in blocks:
        for line in block.splitlines():
            line = line.strip().rstrip(",")
            if line[:1] in "{[":
                try:
                    found.update(_record_list([json.loads(line)]))
                except ValueError:
                    pass
        for loader in (json.loads, yaml.safe_load):
            try:
                found.update(_record_list(loader(block)))
            except Exception:  # noqa: BLE001 - not a document of that format
                pass
        if "," in block.split("\n", 1)[0] or "\t" in block.split("\n", 1)[0]:
            try:
                delimiter = "\t" if "\t" in block.split("\n", 1)[0] else ","
                found.update(canonical(dict(r)) for r in csv.DictReader(io.StringIO(block), delimiter=delimiter)
                             if None not in r)
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
