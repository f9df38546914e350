"""Wrong zone reports the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _doc(fn):
    def mutate(text: str) -> str:
        doc = json.loads(text)
        fn(doc)
        return json.dumps(doc, indent=1) + "\n"

    return mutate


def _drop_rule(rule):
    def fn(doc):
        v = doc["violations"]
        v.pop(max(i for i, x in enumerate(v) if x["rule"] == rule))

    return fn


def _relative_name(doc):
    v = next(x for x in doc["violations"][3:] if x["name"])
    v["name"] = v["name"].split(".")[0]


def _first_duplicate_too(doc):
    v = doc["violations"]
    d = next(x for x in v if x["rule"] == "duplicate_record")
    v.insert(0, {"line": 1, "name": d["name"], "rule": "duplicate_record"})


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("cname_partner_missing", _doc(_drop_rule("cname_conflict")), "missing 1 violation"),
    NegativeCase("duplicate_missing", _doc(_drop_rule("duplicate_record")), "missing 1 violation"),
    NegativeCase("dangling_missing", _doc(_drop_rule("dangling_target")), "missing 1 violation"),
    NegativeCase("mx_to_cname_missing", _doc(_drop_rule("mx_to_cname")), "missing 1 violation"),
    NegativeCase("syntax_missing", _doc(_drop_rule("syntax")), "missing 1 violation"),
    NegativeCase("name_not_absolute", _doc(_relative_name), "unexpected 1 violation"),
    NegativeCase("first_occurrence_reported", _doc(_first_duplicate_too), "unexpected 1 violation"),
    NegativeCase("comments_counted", _doc(lambda d: d.update(records=d["records"] + 9)), "records count wrong"),
    NegativeCase("adjacent_swapped", _doc(lambda d: d["violations"].__setitem__(slice(4, 6), d["violations"][5:3:-1])),
                 "order"),
    NegativeCase("line_as_string", _doc(lambda d: d["violations"][2].update(line=str(d["violations"][2]["line"]))),
                 "wrong type"),
]
