"""Task-specific wrong audits the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _doc(fn):
    def mutate(text: str) -> str:
        doc = json.loads(text)
        fn(doc)
        return json.dumps(doc, indent=1, sort_keys=True) + "\n"

    return mutate


def _drop_last(rule: str):
    def fn(doc):
        i = max(i for i, v in enumerate(doc["violations"]) if v["rule"] == rule)
        del doc["violations"][i]

    return fn


def _resort(doc):
    doc["violations"].sort(key=lambda v: (v["line"], v["rule"]))


def _spurious_sequence_gap(doc):
    taken = {v["line"] for v in doc["violations"]}
    line = next(n for n in range(40, 10_000) if n not in taken)
    doc["violations"].append({"line": line, "rule": "sequence_gap", "txn_id": "T-000000"})
    _resort(doc)


def _zero_based(doc):
    for v in doc["violations"]:
        v["line"] -= 1


def _swap(doc):
    v = doc["violations"]
    v[-3], v[-2] = v[-2], v[-3]


def _bump_balance(account: str, delta: int):
    def fn(doc):
        doc["balances"][account] += delta

    return fn


def _malformed_with_id(doc):
    item = next(v for v in doc["violations"][1:] if v["rule"] == "malformed")
    item["txn_id"] = "T-000000"


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("missed_duplicate", _doc(_drop_last("duplicate_txn_id")), "missing 1 of"),
    NegativeCase("missed_malformed", _doc(_drop_last("malformed")), "missing 1 of"),
    NegativeCase("missed_sequence_gap", _doc(_drop_last("sequence_gap")), "missing 1 of"),
    NegativeCase("spurious_violation", _doc(_spurious_sequence_gap), "unexpected violation"),
    NegativeCase("zero_based_lines", _doc(_zero_based), "unexpected violation"),
    NegativeCase("violations_swapped", _doc(_swap), "order"),
    NegativeCase("duplicate_violation", _doc(lambda d: d["violations"].insert(3, dict(d["violations"][2]))),
                 "duplicate"),
    NegativeCase("balance_off_by_one_cent", _doc(_bump_balance("revenue:services", 1)), "balances wrong"),
    NegativeCase("rejected_txn_applied", _doc(_bump_balance("expenses:travel", -250)), "balances wrong"),
    NegativeCase("account_missing", _doc(lambda d: d["balances"].pop("assets:bank:new-savings")), "missing"),
    NegativeCase("balance_as_float", _doc(lambda d: d["balances"].update({"expenses:rent": 1.5})), "wrong type"),
    NegativeCase("malformed_with_txn_id", _doc(_malformed_with_id), "txn_id wrong"),
    NegativeCase("extra_item_key", _doc(lambda d: d["violations"][-1].update(detail="x")), "unexpected key"),
]
