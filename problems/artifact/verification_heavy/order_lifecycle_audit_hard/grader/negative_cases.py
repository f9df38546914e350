"""Wrong order audits the grader must reject (plus the six defaults): one case per trap of the prompt, each
the verdicts a solver with that one flaw really gives, and a few shape slips."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases

# Each flawed solver's verdicts on up to three orders it misjudges, from a run of that variant of the
# author's solution on the materialized workspace: putting them in place of the reference's records must
# fail, naming a field the flaw gets wrong.
TRAPS = {
    # clock corrections ignored
    'no_clock': ('rule', [
        {"order": "ORD-21912", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "sequence", "seq": 3},
        {"order": "ORD-26415", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "sequence", "seq": 5},
        {"order": "ORD-28303", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "capture_expired", "seq": 3},
    ]),
    # times compared as strings, not instants
    'string_ts': ('rule', [
        {"order": "ORD-10050", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "time_order", "seq": 5},
        {"order": "ORD-10126", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "time_order", "seq": 2},
        {"order": "ORD-10711", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "time_order", "seq": 2},
    ]),
    # redeliveries written by another consumer taken for conflicting events
    'raw_dedup': ('rule', [
        {"order": "ORD-11011", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "sequence", "seq": 6},
        {"order": "ORD-12871", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "sequence", "seq": 5},
        {"order": "ORD-12878", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "sequence", "seq": 1},
    ]),
    # milliseconds dropped, so 7 days + 500 ms passes
    'truncate_ms': ('rule', [
        {"order": "ORD-10126", "valid": True, "state": "refunded", "captured": 68020, "refunded": 68020, "rule": None, "seq": None},
        {"order": "ORD-12871", "valid": True, "state": "refunded", "captured": 2500, "refunded": 2500, "rule": None, "seq": None},
        {"order": "ORD-14308", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "amount_mismatch", "seq": 6},
    ]),
    # capture window measured from the first authorize, not the latest
    'first_auth': ('rule', [
        {"order": "ORD-10050", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "capture_expired", "seq": 4},
        {"order": "ORD-11011", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "capture_expired", "seq": 4},
        {"order": "ORD-14726", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "capture_expired", "seq": 4},
    ]),
    # a re-authorization treated as an invalid transition
    'no_reauth': ('rule', [
        {"order": "ORD-10050", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "invalid_transition", "seq": 3},
        {"order": "ORD-11011", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "invalid_transition", "seq": 3},
        {"order": "ORD-14726", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "invalid_transition", "seq": 3},
    ]),
    # a second (partial) capture treated as an invalid transition
    'no_partial_capture': ('rule', [
        {"order": "ORD-10050", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "invalid_transition", "seq": 5},
        {"order": "ORD-10126", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "invalid_transition", "seq": 4},
        {"order": "ORD-12878", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "invalid_transition", "seq": 4},
    ]),
    # capture and refund limits checked against the last capture, not the sum
    'last_capture_only': ('rule', [
        {"order": "ORD-10050", "valid": True, "state": "delivered", "captured": 54065, "refunded": 0, "rule": None, "seq": None},
        {"order": "ORD-10126", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "amount_mismatch", "seq": 7},
        {"order": "ORD-18232", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "amount_mismatch", "seq": 7},
    ]),
    # a zero amount accepted
    'no_zero': ('rule', [
        {"order": "ORD-20771", "valid": True, "state": "delivered", "captured": 0, "refunded": 0, "rule": None, "seq": None},
        {"order": "ORD-21131", "valid": True, "state": "captured", "captured": 0, "refunded": 0, "rule": None, "seq": None},
        {"order": "ORD-21160", "valid": True, "state": "delivered", "captured": 0, "refunded": 0, "rule": None, "seq": None},
    ]),
    # an exactly-7-day capture treated as expired
    'exclusive': ('rule', [
        {"order": "ORD-12634", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "capture_expired", "seq": 3},
        {"order": "ORD-18306", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "capture_expired", "seq": 4},
        {"order": "ORD-18767", "valid": False, "state": None, "captured": None, "refunded": None, "rule": "capture_expired", "seq": 4},
    ]),
}


def _recs(fn):
    def mutate(text: str) -> str:
        recs = [json.loads(line) for line in text.splitlines() if line.strip()]
        recs = fn(recs) or recs
        return "".join(json.dumps(r) + "\n" for r in recs)

    return mutate


def _flawed(name: str):
    def fn(recs):
        wrong = {r["order"]: r for r in TRAPS[name][1]}
        return [wrong.get(r["order"], r) for r in recs]

    return fn


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(f"trap_{name}", _recs(_flawed(name)), f"field {field!r} wrong") for name, (field, _) in TRAPS.items()
] + [
    NegativeCase("totals_kept_for_invalid", _recs(lambda r: next(x for x in r if not x["valid"]).update(
        captured=0, refunded=0)), "'captured' wrong in 1"),
    NegativeCase("order_missing", _recs(lambda r: r.pop(200) and None), "missing 1 order"),
    NegativeCase("adjacent_swapped", _recs(lambda r: r.__setitem__(slice(30, 32), [r[31], r[30]])), "order"),
    NegativeCase("valid_as_string", _recs(lambda r: r[7].update(valid=str(r[7]["valid"]).lower())), "wrong type"),
]
