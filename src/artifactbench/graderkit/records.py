"""Record parsing and comparison for graders: never raises anything but Bad on agent-caused problems.

A grader imports it as `from artifactbench.graderkit import records` (graders run with the harness on their
import path). Details name the kind of error and how often, never an expected value, so a grader built on
these helpers passes the contract and detail-leak gates by construction.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections import Counter
from pathlib import Path

MAX_BYTES = 20_000_000
MAX_PROBLEMS = 6
_INT = re.compile(r"-?\d+\Z")
_NUM = re.compile(r"-?\d+(\.\d+)?\Z")


class Bad(Exception):
    """An agent-caused problem; str() is the grader's detail."""


def read_text(path: Path) -> str:
    """The artifact as text, or Bad with the spec's wording (missing, unreadable, too large, empty)."""
    path = Path(path)
    if not path.is_file():
        raise Bad("output artifact not produced")
    try:
        if path.stat().st_size > MAX_BYTES:
            raise Bad(f"output artifact too large (over {MAX_BYTES} bytes)")
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise Bad(f"output artifact failed to parse: {type(exc).__name__}") from None
    if not text.strip():
        raise Bad("output artifact is empty")
    return text


def parse_json(text: str) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise Bad(f"output artifact failed to parse: {str(exc)[:120]}") from None


def parse_jsonl(text: str, what: str = "record") -> list:
    rows = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except (ValueError, RecursionError) as exc:
            raise Bad(f"output artifact failed to parse: line {n}: {type(exc).__name__}") from None
    return rows


def parse_csv(text: str, header: tuple[str, ...]) -> list[dict]:
    """Rows as dicts of strings; the header must be exactly `header`."""
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise Bad(f"output artifact failed to parse: {str(exc)[:120]}") from None
    rows = [r for r in rows if r]
    if not rows:
        raise Bad("output artifact is empty")
    if tuple(c.strip() for c in rows[0]) != header:
        raise Bad(f"wrong header: must be exactly {','.join(header)}")
    out = []
    for n, row in enumerate(rows[1:], 2):
        if len(row) != len(header):
            raise Bad(f"wrong shape: CSV line {n} has {len(row)} fields, not {len(header)}")
        out.append(dict(zip(header, row)))
    return out


def _typed(value: object, kind: str) -> bool:
    if kind.endswith("?") and value is None:
        return True
    kind = kind.rstrip("?")
    if kind == "int":
        return type(value) is int
    if kind == "num":
        return type(value) in (int, float) and math.isfinite(value)
    if kind == "str":
        return type(value) is str
    if kind == "bool":
        return type(value) is bool
    if kind.startswith("list[") and type(value) is list:
        return all(_typed(v, kind[5:-1]) for v in value)
    return False


def check_fields(rows: object, spec: dict[str, str], what: str = "record") -> list[dict]:
    """Each row an object with exactly spec's keys, each value of its kind (int, num, str, bool, list[..], x?)."""
    if not isinstance(rows, list):
        raise Bad(f"wrong shape: the {what}s must be a list")
    for n, row in enumerate(rows, 1):
        if not isinstance(row, dict):
            raise Bad(f"wrong shape: {what} {n} is not an object")
        missing = [k for k in spec if k not in row]
        if missing:
            raise Bad(f"wrong shape: {what} {n} missing key {missing[0]!r}")
        extra = sorted(k for k in row if k not in spec)
        if extra:
            raise Bad(f"wrong shape: {what} {n} has unexpected key {str(extra[0])[:40]!r}")
        for key, kind in spec.items():
            if not _typed(row[key], kind):
                raise Bad(f"wrong type: {what} {n} field {key!r} must be {kind.rstrip('?')}"
                          + (" or null" if kind.endswith("?") else ""))
    return rows


def convert_csv(rows: list[dict], spec: dict[str, str], what: str = "row") -> list[dict]:
    """CSV strings to values: int, num (plain decimal, no exponent), str; an empty cell is None for x?."""
    out = []
    for n, row in enumerate(rows, 2):
        conv = {}
        for key, kind in spec.items():
            cell = row[key].strip() if kind.rstrip("?") != "str" else row[key]
            if kind.endswith("?") and cell == "":
                conv[key] = None
            elif kind.rstrip("?") == "int" and _INT.match(cell):
                conv[key] = int(cell)
            elif kind.rstrip("?") == "num" and _NUM.match(cell):
                conv[key] = float(cell)
            elif kind.rstrip("?") == "str":
                conv[key] = cell
            else:
                raise Bad(f"wrong type: CSV line {n} column {key!r} must be {kind.rstrip('?')}")
        out.append(conv)
    return out


def _hashable(value: object) -> object:
    return json.dumps(value, sort_keys=True) if isinstance(value, (list, dict)) else value


def _same(got: object, want: object, tol: float | None) -> bool:
    if isinstance(want, bool) or want is None or isinstance(want, str):
        return type(got) is type(want) and got == want
    if isinstance(want, (int, float)):
        if type(got) not in (int, float):
            return False
        if tol is None:
            return got == want and (type(want) is float or type(got) is int)
        return abs(got - want) <= tol
    if isinstance(want, list):
        return type(got) is list and len(got) == len(want) and all(_same(g, w, tol) for g, w in zip(got, want))
    return got == want


def _count(n: int, total: int, what: str) -> str:
    """How many, without quoting a number of three digits or more (which could be an answer value)."""
    if n < 100:
        return f"{n} {what}(s)" + (f" of {total}" if total < 100 else "")
    return f"about {max(1, min(99, round(100 * n / max(total, 1))))}% of the {what}s"


def compare(got: list[dict], want: list[dict], key: tuple[str, ...], tol: dict[str, float] | None = None,
            what: str = "record", ordered: str | None = None) -> tuple[float, list[str]]:
    """(score, problems). Records match by `key`; score = correct / (expected + unexpected + duplicates).
    `ordered` names the sort rule when order is graded (None: order is not graded)."""
    tol = tol or {}

    def kf(row: dict) -> tuple:
        return tuple(_hashable(row[k]) for k in key)

    want_by = {kf(r): r for r in want}
    seen: dict = {}
    dup = 0
    for row in got:
        k = kf(row)
        if k in seen:
            dup += 1
        else:
            seen[k] = row
    missing = sum(1 for k in want_by if k not in seen)
    extra = sum(1 for k in seen if k not in want_by)
    wrong: Counter = Counter()
    correct = 0
    for k, w in want_by.items():
        g = seen.get(k)
        if g is not None:
            bad = [f for f in w if not _same(g.get(f), w[f], tol.get(f))]
            wrong.update(bad)
            correct += not bad
    problems = []
    if dup:
        problems.append(f"duplicate {_count(dup, len(got), what)}")
    if missing:
        problems.append(f"missing {_count(missing, len(want_by), what)}")
    if extra:
        problems.append(f"unexpected {_count(extra, len(got), what)}")
    for field, n in sorted(wrong.items())[:MAX_PROBLEMS]:
        problems.append(f"field {field!r} wrong in {_count(n, len(want_by), what)}")
    if ordered and not dup:
        rank = {k: i for i, k in enumerate(want_by)}
        got_keys = [kf(r) for r in got]
        common = [rank[k] for k in got_keys if k in rank]
        bad = next((i for i in range(1, len(common)) if common[i] < common[i - 1]), None)
        if bad is not None:
            pos = [i for i, k in enumerate(got_keys) if k in rank][bad]
            problems.append(f"order: {what} {pos + 1} out of order (sort by {ordered})")
    score = correct / max(1, len(want_by) + extra + dup)
    if problems:
        score = min(score, 0.99)
    return round(score, 4), problems


def detail(problems: list[str]) -> str:
    return "; ".join(problems)[:500]
