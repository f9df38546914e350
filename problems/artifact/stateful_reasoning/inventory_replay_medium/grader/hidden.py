"""Grader for stateful_reasoning__inventory_replay_medium.

Checks answer/inventory_state.json against the replay result: exact top-level keys, exact stock cells
(integers, every SKU x warehouse, no extras), open_orders and rejected_seqs as ascending lists without
duplicates equal to the expected ones, and the malformed-line count. Binary. Never raises on agent output.
"""

from __future__ import annotations

import json
from pathlib import Path

from swebench.artifact_models import GradeResult

OUTPUT = Path("answer") / "inventory_state.json"
KEYS = ("malformed_lines", "open_orders", "rejected_seqs", "stock")


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _is_int(value: object) -> bool:
    return type(value) is int


def _stock_problems(got: object, want: dict) -> list[str]:
    if not isinstance(got, dict):
        return ["type: stock is not an object"]
    problems = []
    unexpected = [sku for sku in got if sku not in want]
    if unexpected:
        problems.append(f"stock: {len(unexpected)} unexpected SKU key(s)")
    wrong = missing = 0
    for sku, cells in want.items():
        row = got.get(sku)
        if not isinstance(row, dict):
            missing += len(cells)
            continue
        if any(w not in cells for w in row):
            problems.append(f"stock: SKU {sku!r} has an unexpected warehouse key")
        for wh, cell in cells.items():
            value = row.get(wh)
            if not isinstance(value, dict) or sorted(value) != ["on_hand", "reserved"]:
                missing += 1
            elif not all(_is_int(value[k]) for k in value):
                problems.append(f"type: stock {sku}/{wh} counts must be integers")
            elif value != cell:
                wrong += 1
    if missing:
        problems.append(f"stock: {missing} SKU/warehouse cell(s) missing or without exactly on_hand and reserved")
    if wrong:
        problems.append(f"stock: {wrong} SKU/warehouse cell(s) have wrong counts")
    return problems


def _list_problems(name: str, got: object, want: list, item_type: type) -> list[str]:
    if not isinstance(got, list) or not all(type(x) is item_type for x in got):
        return [f"type: {name} must be a list of {item_type.__name__} values"]
    if len(set(got)) != len(got):
        return [f"{name}: duplicate entries"]
    missing, extra = len(set(want) - set(got)), len(set(got) - set(want))
    if missing or extra:
        return [f"{name}: {missing} missing, {extra} unexpected"]
    if got != sorted(got):
        return [f"{name}: not in ascending order"]
    return []


def grade(scratch_dir: Path) -> GradeResult:
    path = Path(scratch_dir) / OUTPUT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not text.strip():
        return _fail("output artifact is empty")
    try:
        got = json.loads(text)
    except ValueError as exc:
        return _fail(f"output artifact failed to parse: {exc}")
    except RecursionError:  # absurdly deep nesting is malformed input, not a grader crash
        return _fail("output artifact failed to parse: nesting too deep")
    if not isinstance(got, dict):
        return _fail(f"shape: top level is a JSON {type(got).__name__}, not an object")
    want = json.loads(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))
    missing = [k for k in KEYS if k not in got]
    extra = [k for k in got if k not in KEYS]
    if missing or extra:
        return _fail(f"keys: {len(missing)} required key(s) missing, {len(extra)} unexpected key(s)")
    problems = _stock_problems(got["stock"], want["stock"])
    problems += _list_problems("open_orders", got["open_orders"], want["open_orders"], str)
    problems += _list_problems("rejected_seqs", got["rejected_seqs"], want["rejected_seqs"], int)
    if not _is_int(got["malformed_lines"]):
        problems.append("type: malformed_lines must be an integer")
    elif got["malformed_lines"] != want["malformed_lines"]:
        problems.append("malformed_lines: wrong count")
    if problems:
        return _fail("; ".join(problems))
    return GradeResult(passed=True, score=1.0, detail="final inventory state, open orders, rejections all match")
