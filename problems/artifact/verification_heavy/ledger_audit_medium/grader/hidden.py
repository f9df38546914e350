"""Grades output/audit.json: the exact set of (line, rule) violations in order, and exact final balances."""

from __future__ import annotations

import json
from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/audit.json"
ITEM_KEYS = ("line", "rule", "txn_id")


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shape_error(doc: object) -> str | None:
    if not isinstance(doc, dict):
        return "wrong shape: the top level must be a JSON object"
    for key in ("balances", "violations"):
        if key not in doc:
            return f"wrong shape: missing key {key!r}"
    extra = sorted(set(doc) - {"balances", "violations"})
    if extra:
        return f"wrong shape: unexpected key {extra[0]!r}"
    if not isinstance(doc["balances"], dict) or not all(_is_int(v) for v in doc["balances"].values()):
        return "wrong type: 'balances' must map account names to integers"
    if not isinstance(doc["violations"], list):
        return "wrong type: 'violations' must be a list"
    for n, item in enumerate(doc["violations"], 1):
        if not isinstance(item, dict):
            return f"wrong shape: violation {n} is not an object"
        missing = [k for k in ITEM_KEYS if k not in item]
        if missing:
            return f"wrong shape: violation {n} missing key {missing[0]!r}"
        extra = sorted(set(item) - set(ITEM_KEYS))
        if extra:
            return f"wrong shape: violation {n} has unexpected key {extra[0]!r}"
        if not _is_int(item["line"]) or not isinstance(item["rule"], str):
            return f"wrong type: violation {n} needs an integer line and a string rule"
        if item["txn_id"] is not None and not isinstance(item["txn_id"], str):
            return f"wrong type: violation {n} txn_id must be a string or null"
    return None


def _compare(doc: dict, expected: dict) -> list[str]:
    problems = []
    got = [(v["line"], v["rule"]) for v in doc["violations"]]
    want = {(v["line"], v["rule"]): v["txn_id"] for v in expected["violations"]}
    if len(set(got)) != len(got):
        problems.append(f"duplicate violation(s): {len(got) - len(set(got))}")
    missing, unexpected = set(want) - set(got), set(got) - set(want)
    if missing:
        rules = sorted({r for _, r in missing})
        problems.append(f"missing {len(missing)} of {len(want)} violations (rules: {', '.join(rules)})")
    if unexpected:
        rules = sorted({r for _, r in unexpected})
        problems.append(f"{len(unexpected)} unexpected violation(s) (rules: {', '.join(rules)})")
    wrong_id = sum(1 for v in doc["violations"] if (v["line"], v["rule"]) in want
                   and v["txn_id"] != want[(v["line"], v["rule"])])
    if wrong_id:
        problems.append(f"txn_id wrong on {wrong_id} violation(s)")
    bad = next((n for n in range(1, len(got)) if got[n] < got[n - 1]), None)
    if bad is not None:
        problems.append(f"order: violation {bad + 1} out of order (sort by line, then rule)")
    mine, theirs = doc["balances"], expected["balances"]
    if set(mine) != set(theirs):
        problems.append(f"balances: {len(set(theirs) - set(mine))} account(s) missing, "
                        f"{len(set(mine) - set(theirs))} unexpected")
    off = sum(1 for acct in set(mine) & set(theirs) if mine[acct] != theirs[acct])
    if off:
        problems.append(f"balances wrong on {off} of {len(theirs)} accounts")
    return problems


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact; passes only when violations and balances are exactly right."""
    path = Path(scratch_dir) / ARTIFACT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not text.strip():
        return _fail("output artifact is empty")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return _fail(f"output artifact failed to parse: {exc}")
    shape = _shape_error(doc)
    if shape:
        return _fail(shape)
    expected = json.loads(Path(__file__).with_name("reference_output.json").read_text(encoding="utf-8"))
    problems = _compare(doc, expected)
    if problems:
        return _fail("; ".join(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(doc['violations'])} violations and balances correct")
