"""Wrong validation reports the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases

# Record order is graded (sorted by row, then column), so swapping records is a real change.


def _recs(fn):
    def mutate(text: str) -> str:
        recs = [json.loads(line) for line in text.splitlines() if line.strip()]
        recs = fn(recs) or recs
        return "".join(json.dumps(r) + "\n" for r in recs)

    return mutate


def _drop_rule(rule):
    def fn(recs):
        i = max(i for i, r in enumerate(recs) if r["rule"] == rule)
        recs.pop(i)

    return fn


def _first_unique_too(recs):
    """The first occurrence of a duplicated value reported as well."""
    recs.insert(0, {"row": 2, "column": "order_id", "rule": "unique"})


def _enum_as_type(recs):
    r = next(r for r in recs if r["rule"] == "enum")
    r["rule"] = "type"


def _zero_based_rows(recs):
    for r in recs:
        r["row"] -= 2


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("unique_missing", _recs(_drop_rule("unique")), "missing 1 violation"),
    NegativeCase("row_length_missing", _recs(_drop_rule("row_length")), "missing 1 violation"),
    NegativeCase("max_length_missing", _recs(_drop_rule("max_length")), "missing 1 violation"),
    NegativeCase("first_duplicate_reported", _recs(_first_unique_too), "unexpected 1 violation"),
    NegativeCase("enum_reported_as_type", _recs(_enum_as_type), "unexpected 1 violation"),
    NegativeCase("data_rows_from_zero", _recs(_zero_based_rows), "unexpected"),
    NegativeCase("adjacent_swapped", _recs(lambda r: r.__setitem__(slice(6, 8), [r[7], r[6]])), "order"),
    NegativeCase("violation_repeated", _recs(lambda r: r.insert(3, dict(r[2])) or None), "duplicate"),
    NegativeCase("row_as_string", _recs(lambda r: r[1].__setitem__("row", str(r[1]["row"]))), "wrong type"),
]
