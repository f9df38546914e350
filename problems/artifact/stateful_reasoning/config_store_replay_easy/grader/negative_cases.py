"""Wrong store dumps the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _edit(change):
    def mutate(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data, indent=1) + "\n"

    return mutate


def _numeric_key(data: dict) -> str:
    return next(k for k, v in sorted(data["store"].items()) if v.lstrip("-").isdigit())


def _value_as_int(data: dict) -> None:
    key = _numeric_key(data)
    data["store"][key] = int(data["store"][key])


def _value_off(data: dict) -> None:
    key = [k for k, v in sorted(data["store"].items()) if v.lstrip("-").isdigit()][-1]
    data["store"][key] = str(int(data["store"][key]) + 1)


def _drop_key(data: dict) -> None:
    del data["store"][sorted(data["store"])[3]]


def _deleted_key_kept(data: dict) -> None:
    data["store"]["zz.renamed_away"] = "on"


def _failed_missing(data: dict) -> None:
    del data["failed_lines"][len(data["failed_lines"]) // 2]


def _failed_extra(data: dict) -> None:
    # Counting a DEL of a missing key as a failure.
    data["failed_lines"] = sorted(set(data["failed_lines"]) | {1})


def _failed_desc(data: dict) -> None:
    data["failed_lines"].reverse()


def _failed_strings(data: dict) -> None:
    data["failed_lines"] = [str(n) for n in data["failed_lines"]]


def _failed_dup(data: dict) -> None:
    data["failed_lines"].insert(2, data["failed_lines"][2])


def _extra_top(data: dict) -> None:
    data["applied"] = 100


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(name="value_not_string", mutate=_edit(_value_as_int), expected_substring="not strings"),
    NegativeCase(name="counter_off_by_one", mutate=_edit(_value_off), expected_substring="1 with a wrong value"),
    NegativeCase(name="key_missing", mutate=_edit(_drop_key), expected_substring="1 key(s) missing"),
    NegativeCase(name="stale_key_kept", mutate=_edit(_deleted_key_kept), expected_substring="1 unexpected"),
    NegativeCase(name="failed_line_missing", mutate=_edit(_failed_missing), expected_substring="failed_lines: 1 missing"),
    NegativeCase(name="failed_line_extra", mutate=_edit(_failed_extra), expected_substring="failed_lines"),
    NegativeCase(name="failed_lines_descending", mutate=_edit(_failed_desc), expected_substring="ascending"),
    NegativeCase(name="failed_lines_strings", mutate=_edit(_failed_strings), expected_substring="list of integers"),
    NegativeCase(name="failed_line_duplicated", mutate=_edit(_failed_dup), expected_substring="duplicate"),
    NegativeCase(name="extra_top_level_key", mutate=_edit(_extra_top), expected_substring="keys"),
]
