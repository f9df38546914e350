"""Grades output/violations.json: files_checked exact, the violation list exact, sorted and without repeats."""

from __future__ import annotations

import json
from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/violations.json"
ITEM_KEYS = ("file", "key", "rule")


def _fail(detail: str) -> GradeResult:
    return GradeResult(passed=False, score=0.0, detail=detail[:500])


def _shape_error(doc: object) -> str | None:
    if not isinstance(doc, dict):
        return "wrong shape: the top level must be a JSON object"
    for key in ("files_checked", "violations"):
        if key not in doc:
            return f"wrong shape: missing key {key!r}"
    extra = sorted(set(doc) - {"files_checked", "violations"})
    if extra:
        return f"wrong shape: unexpected key {extra[0]!r}"
    if not isinstance(doc["files_checked"], int) or isinstance(doc["files_checked"], bool):
        return "wrong type: 'files_checked' must be an integer"
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
        if not all(isinstance(item[k], str) for k in ITEM_KEYS):
            return f"wrong type: violation {n} values must be strings"
    return None


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact; passes only when the findings equal the expected ones exactly."""
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
    got = [(v["file"], v["rule"], v["key"]) for v in doc["violations"]]
    want = {(v["file"], v["rule"], v["key"]) for v in expected["violations"]}
    problems = []
    if doc["files_checked"] != expected["files_checked"]:
        problems.append("files_checked wrong")
    if len(set(got)) != len(got):
        problems.append(f"duplicate violation(s): {len(got) - len(set(got))}")
    missing, unexpected = want - set(got), set(got) - want
    if missing:
        rules = sorted({r for _, r, _ in missing})
        problems.append(f"missing {len(missing)} of {len(want)} violations (rules: {', '.join(rules)})")
    if unexpected:
        problems.append(f"{len(unexpected)} unexpected violation(s)")
    bad = next((n for n in range(1, len(got)) if got[n] < got[n - 1]), None)
    if bad is not None:
        problems.append(f"order: violation {bad + 1} out of order (sort by file, rule, key)")
    if problems:
        return _fail("; ".join(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} violations found, none extra")
