"""An answer an input table already holds, column for column (blind p151: `jobs.csv`'s `draft_bay`, "the night
dispatcher's pencilled draft, which nobody has checked", is the reference's bay for every job).

The answer's per-record values: the fields of its records keyed by a field whose values are unique (a JSON/JSONL/
CSV/YAML list of objects), or the scalar values of its maps of five or more entries (`{"assignments": {"WO-1":
"BAY-07", ...}}`, `{"WO-1": {"bay": ...}}`). Each (key, field) is held by an input CSV when one of its columns
holds the answer's keys, no more, and another gives every key the answer's value for it. When every field of
every record (or every map) is held so, and one of them has two or more values, copying the input is the answer:
a WARNING (a task that only converts an input's format is answered so too, by design).
Top-level scalars beside the maps (a count, a total) follow from them and are not asked for. A field an input
gives for only some keys, or an answer that computes one field the inputs lack, is what the task does: nothing.
A part held so beside parts that are not (p164: the closing lots of a ledger, all 32, in a "hand-kept" CSV;
the totals computed) is a WARNING of its own: a section of the answer the agent copies.
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path
from typing import Any

MIN_KEYS = 5
_MAX_BYTES = 4_000_000
_MAX_ROWS = 20_000


def _norm(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return f"{float(value):.12g}" if math.isfinite(value) else None
    if isinstance(value, str):
        text = value.strip()
        try:
            number = float(text)
        except ValueError:
            return text or None
        return f"{number:.12g}" if math.isfinite(number) else text
    return None


def answer_columns(data: Any) -> list[tuple[str, list[dict[str, str]]]]:
    """The answer's per-record values, part by part (its root list, or each list or map under a root key): each
    part's maps key -> value, one for each field (or the map itself)."""
    out: list[tuple[str, list[dict[str, str]]]] = []
    if isinstance(data, list):
        out.append(("records", _record_fields(data)))
    elif isinstance(data, dict):
        for name, value in data.items():
            if isinstance(value, list):
                out.append((str(name), _record_fields(value)))
            elif isinstance(value, dict) and len(value) >= MIN_KEYS:
                if all(isinstance(v, dict) for v in value.values()):
                    out.append((str(name), _record_fields([{"\0key": k, **v} for k, v in value.items()], key="\0key")))
                elif all(_norm(v) is not None for v in value.values()):
                    out.append((str(name), [{str(k): _norm(v) for k, v in value.items()}]))  # type: ignore[misc]
                else:
                    out.append((str(name), []))
    return out


def _record_fields(records: list[Any], key: str | None = None) -> list[dict[str, str]]:
    if len(records) < MIN_KEYS or not all(isinstance(r, dict) for r in records):
        return []
    fields = [f for f in records[0] if all(f in r for r in records)]
    if key is None:
        key = next((f for f in fields if isinstance(records[0][f], str)
                    and len({_norm(r[f]) for r in records}) == len(records) and _norm(records[0][f]) is not None), None)
    if key is None:
        return []
    out = []
    for f in fields:
        if f == key:
            continue
        values = {str(r[key]): _norm(r[f]) for r in records}
        if any(v is None for v in values.values()):
            return []  # (a nested or empty field: the record is more than the inputs' columns can hold)
        out.append(values)  # type: ignore[arg-type]
    return out


def input_table(path: Path) -> list[dict[str, str]] | None:
    """The rows of a CSV/TSV input (bounded), or None."""
    if path.suffix.lower() not in (".csv", ".tsv") or path.stat().st_size > _MAX_BYTES:
        return None
    text = path.read_text(encoding="utf-8", errors="replace")
    if not text.strip():
        return None
    delimiter = "\t" if "\t" in text.splitlines()[0] else ","
    try:
        # (a ragged row's extra cells stand under the key None, a short one's missing under None values: only the
        # header's named cells, as strings; review)
        rows = [{k: v for k, v in row.items() if isinstance(k, str) and isinstance(v, str)}
                for _, row in zip(range(_MAX_ROWS), csv.DictReader(io.StringIO(text), delimiter=delimiter))]
    except csv.Error:
        return None
    return rows or None


def copied_columns(data: Any, tables: list[list[dict[str, str]]]) -> tuple[bool, list[str]]:
    """(whether an input holds the whole answer, the parts it holds: "lots (jobs.csv's lot_id -> item, ...)")."""
    parts = answer_columns(data)
    held_parts, whole = [], bool(parts)
    for name, columns in parts:
        if not columns or all(len(set(c.values())) < 2 for c in columns):
            whole = False
            continue
        found = [_held(wanted, tables) for wanted in columns]
        if all(found):
            held_parts.append(f"{name} ({', '.join(dict.fromkeys(f for f in found if f))})")
        else:
            whole = False
    return whole and bool(held_parts), held_parts


def _held(wanted: dict[str, str], tables: list[list[dict[str, str]]]) -> str | None:
    for rows in tables:
        names = list(rows[0])
        for key in names:
            index: dict[str, dict[str, str | None]] = {}
            for row in rows:
                k = (row.get(key) or "").strip()
                if k in wanted:
                    index.setdefault(k, {n: _norm(row.get(n)) for n in names if n != key})
            if len(index) < len(wanted) or len(rows) > len(index):
                continue  # (rows the answer leaves out: the answer is which rows, a filter)
            for name in names:
                if name != key and all(index[k].get(name) == v for k, v in wanted.items()):
                    return f"{key} -> {name}"
    return None
