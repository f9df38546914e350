"""An artifact's number of records, and the artifact with one record fewer and one more.

- `resized(fmt, text)`: the same artifact with its last record dropped and with it repeated: a count of
  the artifact's own records ("expected 41 rows, found 13") follows the change exactly; a reference value
  does not.
- `record_counts(fmt, text)`: how many records a text holds, each way a grader may count them: for the
  reference, its shape (spec 4.1 lets even a public verifier check "the correct number of rows").
"""

from __future__ import annotations

import copy
from typing import Any

from artifactbench.gates.core import ALL_LINE_MARKS
from artifactbench.gates.fuzz import TreeDoc, parse


def _record_lists(data: object) -> list[list[Any]]:
    """The lists whose items are the records of a JSON/YAML document: the root list, else every list at
    the top of a root object."""
    if isinstance(data, list):
        return [data]
    if isinstance(data, dict):
        return [v for v in data.values() if isinstance(v, list)]
    return []


def _lines(fmt: str, text: str) -> tuple[list[str], list[int]]:
    """The text's lines (ends kept) and the indexes of its records: its non-blank lines, a CSV header
    not counted."""
    lines = text.splitlines(keepends=True)
    filled = [i for i, line in enumerate(lines) if line.strip()]
    return lines, filled[1:] if fmt == "csv" else filled


def resized(fmt: str, text: str) -> list[tuple[str, int]]:
    """(variant, change in the number of records): the last record dropped (-1), then repeated (+1).
    Line formats change lines as text (a cut-off last line stays as cut); JSON and YAML change the lists
    of `_record_lists` and render again. Empty when the artifact has no record to change."""
    if fmt in ("json", "yaml"):
        try:
            doc = parse(fmt, text)
        except Exception:  # noqa: BLE001 - no records to count
            return []
        if not isinstance(doc, TreeDoc) or not any(_record_lists(doc.data)):
            return []
        out = []
        for delta in (-1, 1):
            data = copy.deepcopy(doc.data)
            for items in _record_lists(data):
                if items and delta > 0:
                    items.append(copy.deepcopy(items[-1]))
                elif items:
                    items.pop()
            out.append((doc.render(data), delta))
        return out
    if fmt == "python":
        return []
    lines, records = _lines(fmt, text)
    if not records:
        return []
    last = records[-1]
    ending = "\r\n" if "\r\n" in text else "\n"
    line = lines[last] if lines[last].endswith(("\n", "\r")) else lines[last] + ending
    dropped = "".join(lines[:last] + lines[last + 1:])
    repeated = "".join(lines[:last] + [line] + lines[last:])
    return [(dropped, -1), (repeated, 1)]




def record_counts(fmt: str, text: str) -> frozenset[int]:
    """How many records `text` holds, counted each way a grader may count them: its non-blank lines (a
    CSV's with and without the header) and, for JSON/YAML, the lengths of its record lists."""
    lines, records = _lines(fmt, text)
    counts = {len(records), sum(1 for line in lines if line.strip())}
    if fmt == "text":  # less its comment lines ("# 102 valid plans" above the plans, which a grader skips)
        counts.add(sum(1 for line in lines if line.strip() and not line.lstrip().startswith(ALL_LINE_MARKS)))
    if fmt in ("json", "yaml"):
        try:
            doc = parse(fmt, text)
        except Exception:  # noqa: BLE001 - the line counts stand
            return frozenset(counts)
        if isinstance(doc, TreeDoc):
            counts.update(len(items) for items in _record_lists(doc.data))
    return frozenset(counts)


def record_total(fmt: str, text: str) -> int:
    """How many records `text` holds, one way: the items of its record lists for JSON/YAML (one record
    when it has none: a single object), else its non-blank lines (a CSV's header not counted)."""
    if fmt in ("json", "yaml"):
        try:
            doc = parse(fmt, text)
        except Exception:  # noqa: BLE001 - its lines, as for the other formats
            doc = None
        if isinstance(doc, TreeDoc):
            return max(1, sum(len(items) for items in _record_lists(doc.data)))
    return len(_lines(fmt, text)[1])


def size_bound(fmt: str, text: str) -> int:
    """The most records `text` can be said to hold (a count beyond it is no count of the artifact)."""
    return max(record_counts(fmt, text) | {len(text.splitlines())}) + 1
