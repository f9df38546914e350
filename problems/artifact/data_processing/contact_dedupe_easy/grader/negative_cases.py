"""Wrong deduplications the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _recs(fn):
    def mutate(text: str) -> str:
        recs = [json.loads(line) for line in text.splitlines() if line.strip()]
        recs = fn(recs) or recs
        return "".join(json.dumps(r) + "\n" for r in recs)

    return mutate


def _later_kept(recs):
    rec = [r for r in recs if r["merged_ids"]][-1]
    rec["id"], rec["merged_ids"][0] = rec["merged_ids"][0], rec["id"]
    rec["merged_ids"].sort()


def _unsorted_merged(recs):
    rec = next(r for r in recs[5:] if len(r["merged_ids"]) > 1)
    rec["merged_ids"].reverse()


def _not_lowercased(recs):
    recs[-3]["email"] = recs[-3]["email"].capitalize()


def _split_group(recs):
    rec = [r for r in recs if r["merged_ids"]][3]
    other = rec["merged_ids"].pop()
    recs.insert(recs.index(rec) + 1, {"email": rec["email"] + " ", "id": other, "merged_ids": [], "name": rec["name"]})


def _ids_as_strings(recs):
    recs[4]["merged_ids"] = [str(i) for i in recs[4]["merged_ids"]] or ["1"]


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("later_row_kept", _recs(_later_kept), "wrong in 1 contact"),
    NegativeCase("merged_ids_unsorted", _recs(_unsorted_merged), "merged_ids"),
    NegativeCase("email_not_lowercased", _recs(_not_lowercased), "unexpected"),
    NegativeCase("whitespace_not_stripped", _recs(_split_group), "unexpected"),
    NegativeCase("contact_missing", _recs(lambda r: r.pop(40) and None), "missing 1 "),
    NegativeCase("contact_duplicated", _recs(lambda r: r.insert(8, dict(r[7])) or None), "duplicate"),
    NegativeCase("adjacent_swapped", _recs(lambda r: r.__setitem__(slice(10, 12), [r[11], r[10]])), "order"),
    NegativeCase("name_normalized", _recs(lambda r: r[20].__setitem__("name", r[20]["name"].upper() + "X")), "name"),
    NegativeCase("merged_ids_as_strings", _recs(_ids_as_strings), "wrong type"),
    NegativeCase("blank_email_kept", _recs(lambda r: r.insert(0, {"email": "", "id": 1, "merged_ids": [],
                                                                    "name": "x"}) or None), "unexpected"),
]
