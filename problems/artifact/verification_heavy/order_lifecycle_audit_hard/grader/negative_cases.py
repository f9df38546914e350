"""Wrong order audits the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _recs(fn):
    def mutate(text: str) -> str:
        recs = [json.loads(line) for line in text.splitlines() if line.strip()]
        recs = fn(recs) or recs
        return "".join(json.dumps(r) + "\n" for r in recs)

    return mutate


def _pass(rule: str, which: int = -1):
    """An order with a violation of `rule` judged valid (the boundary or rule was missed)."""
    def fn(recs):
        r = [r for r in recs if r["rule"] == rule][which]
        r.update(valid=True, state="delivered", rule=None, seq=None)

    return fn


def _seq_shift(recs):
    r = [r for r in recs if r["rule"] == "invalid_transition"][2]
    r["seq"] += 1


def _delivered_is_terminal(recs):
    r = next(r for r in recs if r["state"] == "refunded")
    r.update(valid=False, state=None, rule="invalid_transition", seq=5)


def _state_kept_for_invalid(recs):
    r = [r for r in recs if not r["valid"]][-4]
    r["state"] = "captured"


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("capture_boundary_missed", _recs(_pass("capture_expired")), "capture_expired"),
    NegativeCase("refund_window_missed", _recs(_pass("refund_window", 3)), "refund_window"),
    NegativeCase("redelivery_as_sequence_error", _recs(lambda r: next(x for x in r if x["valid"]).update(
        valid=False, state=None, rule="sequence", seq=2)), "wrong in 1 order"),
    NegativeCase("sequence_problem_missed", _recs(_pass("sequence", 5)), "sequence"),
    NegativeCase("violating_seq_off_by_one", _recs(_seq_shift), "'seq' wrong in 1"),
    NegativeCase("refunded_after_delivery_rejected", _recs(_delivered_is_terminal), "wrong in 1 order"),
    NegativeCase("state_reported_for_invalid", _recs(_state_kept_for_invalid), "'state' wrong in 1"),
    NegativeCase("order_missing", _recs(lambda r: r.pop(200) and None), "missing 1 order"),
    NegativeCase("adjacent_swapped", _recs(lambda r: r.__setitem__(slice(30, 32), [r[31], r[30]])), "order"),
    NegativeCase("valid_as_string", _recs(lambda r: r[7].update(valid=str(r[7]["valid"]).lower())), "wrong type"),
]
