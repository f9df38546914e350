"""Task-specific wrong lint reports the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _doc(fn):
    def mutate(text: str) -> str:
        doc = json.loads(text)
        fn(doc)
        return json.dumps(doc, indent=2, sort_keys=True) + "\n"

    return mutate


def _drop_rule(rule: str):
    def fn(doc):
        i = max(i for i, v in enumerate(doc["violations"]) if v["rule"] == rule)
        del doc["violations"][i]

    return fn


def _swap(doc):
    v = doc["violations"]
    v[3], v[4] = v[4], v[3]


def _duplicate(doc):
    doc["violations"].insert(6, dict(doc["violations"][5]))


def _extra_finding(doc):
    doc["violations"].append({"file": "services/wishlist.json", "key": "owner", "rule": "unknown_key"})
    doc["violations"].sort(key=lambda v: (v["file"], v["rule"], v["key"]))


def _wrong_rule(doc):
    v = next(v for v in doc["violations"][2:] if v["rule"] == "port_range" or v["rule"] == "replicas_range")
    v["rule"] = "port_range" if v["rule"] == "replicas_range" else "replicas_range"
    doc["violations"].sort(key=lambda v: (v["file"], v["rule"], v["key"]))


def _set(key, value):
    def fn(doc):
        doc["violations"][-1][key] = value

    return fn


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("conflict_partner_missing", _doc(_drop_rule("port_conflict")), "missing 1 of"),
    NegativeCase("invalid_json_missing", _doc(_drop_rule("invalid_json")), "missing 1 of"),
    NegativeCase("last_violation_missing", _doc(lambda d: d["violations"].pop()), "missing 1 of"),
    NegativeCase("adjacent_swapped", _doc(_swap), "order"),
    NegativeCase("duplicate_violation", _doc(_duplicate), "duplicate"),
    NegativeCase("spurious_violation", _doc(_extra_finding), "unexpected violation"),
    NegativeCase("wrong_rule_id", _doc(_wrong_rule), "unexpected violation"),
    NegativeCase("file_without_folder", _doc(_set("file", "wishlist.json")), "unexpected violation"),
    NegativeCase("extra_item_key", _doc(_set("line", "1")), "unexpected key"),
    NegativeCase("count_as_string", _doc(lambda d: d.update(files_checked=str(d["files_checked"]))), "wrong type"),
    NegativeCase("files_checked_counts_other_files", _doc(lambda d: d.update(files_checked=d["files_checked"] + 2)),
                 "files_checked wrong"),
    NegativeCase("violations_as_object", _doc(lambda d: d.update(violations={"all": d["violations"]})), "wrong type"),
]
