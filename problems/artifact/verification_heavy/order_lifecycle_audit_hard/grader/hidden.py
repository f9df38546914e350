"""Grades output/order_audit.jsonl: one record per order sorted by order; valid, state, captured, refunded,
rule and seq exact. Score = fraction of orders judged entirely right; passed only when every order is."""

from __future__ import annotations

from pathlib import Path

from swebench.artifact_models import GradeResult

ARTIFACT = "output/order_audit.jsonl"
SPEC = {"order": "str", "valid": "bool", "state": "str?", "captured": "int?", "refunded": "int?", "rule": "str?",
        "seq": "int?"}


def _lib():
    from artifactbench.graderkit import records

    return records


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact."""
    lib = _lib()
    try:
        got = lib.check_fields(lib.parse_jsonl(lib.read_text(Path(scratch_dir) / ARTIFACT)), SPEC, "order")
    except lib.Bad as exc:
        return GradeResult(passed=False, score=0.0, detail=str(exc)[:500])
    want = lib.parse_jsonl(Path(__file__).with_name("reference_output.jsonl").read_text(encoding="utf-8"))
    score, problems = lib.compare(got, want, ("order",), None, "order", ordered="order")
    if problems:
        by_order = {g["order"]: g for g in got}
        rules = sorted({w["rule"] or "valid" for w in want if by_order.get(w["order"]) != w})
        problems.append(f"orders judged wrong have expected outcome kind(s): {', '.join(rules[:8])}")
        return GradeResult(passed=False, score=score, detail=lib.detail(problems))
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} orders judged correctly")
