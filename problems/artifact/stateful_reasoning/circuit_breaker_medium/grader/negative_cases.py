"""Wrong breaker reports the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _edit(change):
    def mutate(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data, indent=1) + "\n"

    return mutate


def _merge_probe(data: dict) -> None:
    # Reporting open -> closed directly instead of open -> half_open -> closed.
    tr = data["transitions"]
    i = next(i for i in range(len(tr) - 1) if tr[i]["to"] == "half_open" and tr[i + 1]["to"] == "closed")
    tr[i]["to"] = "closed"
    del tr[i + 1]


def _ts_off(data: dict) -> None:
    data["transitions"][-5]["ts_ms"] += 1


def _swap_same_ts(data: dict) -> None:
    tr = data["transitions"]
    i = next(i for i in range(len(tr) - 1) if tr[i]["ts_ms"] == tr[i + 1]["ts_ms"])
    tr[i], tr[i + 1] = tr[i + 1], tr[i]


def _sorted_by_target(data: dict) -> None:
    data["transitions"].sort(key=lambda t: (t["target"], t["ts_ms"]))


def _drop_last(data: dict) -> None:
    data["transitions"].pop()


def _state_renamed(data: dict) -> None:
    for t in data["transitions"]:
        if t["to"] == "half_open":
            t["to"] = "half-open"
            break


def _rejected_off(data: dict) -> None:
    data["rejected"][sorted(data["rejected"])[-1]] -= 1


def _rejected_omit(data: dict) -> None:
    del data["rejected"][sorted(data["rejected"])[0]]


def _rejected_str(data: dict) -> None:
    key = sorted(data["rejected"])[1]
    data["rejected"][key] = str(data["rejected"][key])


def _extra_field(data: dict) -> None:
    data["transitions"][3]["reason"] = "threshold"


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(name="probe_not_separate", mutate=_edit(_merge_probe), expected_substring="transitions: first difference"),
    NegativeCase(name="late_ts_off", mutate=_edit(_ts_off), expected_substring="first difference"),
    NegativeCase(name="same_ts_swapped", mutate=_edit(_swap_same_ts), expected_substring="first difference"),
    NegativeCase(name="grouped_by_target", mutate=_edit(_sorted_by_target), expected_substring="first difference"),
    NegativeCase(name="last_transition_missing", mutate=_edit(_drop_last), expected_substring="1 too few"),
    NegativeCase(name="state_misspelled", mutate=_edit(_state_renamed), expected_substring="unknown state"),
    NegativeCase(name="rejected_count_off", mutate=_edit(_rejected_off), expected_substring="1 wrong count"),
    NegativeCase(name="rejected_target_missing", mutate=_edit(_rejected_omit), expected_substring="1 target(s) missing"),
    NegativeCase(name="rejected_as_string", mutate=_edit(_rejected_str), expected_substring="integers"),
    NegativeCase(name="transition_extra_key", mutate=_edit(_extra_field), expected_substring="exactly the keys"),
]
