"""Wrong TLS audits the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _doc(fn):
    def mutate(text: str) -> str:
        doc = json.loads(text)
        fn(doc["endpoints"])
        return json.dumps(doc, indent=1) + "\n"

    return mutate


def _drop_code(code: str, which: int = -1):
    def fn(eps):
        e = [e for e in eps if code in e["problems"]][which]
        e["problems"].remove(code)

    return fn


def _add_code(code: str, which: int = 0):
    def fn(eps):
        e = [e for e in eps if code not in e["problems"] and "unknown_certificate" not in e["problems"]][which]
        e["problems"] = sorted(e["problems"] + [code])

    return fn


def _unknown_plus_more(eps):
    e = next(e for e in eps if e["problems"] == ["unknown_certificate"])
    e["problems"] = ["hostname_mismatch", "unknown_certificate"]


def _unsorted_codes(eps):
    e = next(e for e in eps if len(e["problems"]) > 1)
    e["problems"].reverse()


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("wildcard_too_broad", _doc(_drop_code("hostname_mismatch")), "codes missed somewhere: hostname_mismatch"),
    NegativeCase("expiry_boundary_wrong", _doc(_add_code("expired", 3)), "codes reported wrongly somewhere: expired"),
    NegativeCase("rootless_chain_untrusted", _doc(_add_code("untrusted_root", 1)), "untrusted_root"),
    NegativeCase("path_len_missed", _doc(_drop_code("path_len_exceeded", 0)), "path_len_exceeded"),
    NegativeCase("key_usage_missed", _doc(_drop_code("key_usage", 2)), "key_usage"),
    NegativeCase("checks_after_unknown", _doc(_unknown_plus_more), "wrong in 1 endpoint"),
    NegativeCase("codes_unsorted", _doc(_unsorted_codes), "'problems' wrong in 1"),
    NegativeCase("endpoint_missing", _doc(lambda e: e.pop(40)), "missing 1 endpoint"),
    NegativeCase("endpoints_swapped", _doc(lambda e: e.__setitem__(slice(2, 4), [e[3], e[2]])), "order"),
    NegativeCase("port_as_string", _doc(lambda e: e[5].update(port=str(e[5]["port"]))), "wrong type"),
]
