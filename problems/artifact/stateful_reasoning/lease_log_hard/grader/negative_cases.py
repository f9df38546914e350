"""Wrong lease states the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _edit(change):
    def mutate(text: str) -> str:
        state = json.loads(text)
        change(state)
        return json.dumps(state, indent=2, sort_keys=True) + "\n"

    mutate.__name__ = change.__name__
    return mutate


def _held_lock(state: dict) -> dict:
    return next(state["locks"][n] for n in sorted(state["locks"]) if state["locks"][n]["holder"] is not None)


def _swap_rejected(state: dict) -> None:
    rejected = state["rejected"]
    rejected[20], rejected[21] = rejected[21], rejected[20]


def _rejected_by_id(state: dict) -> None:
    state["rejected"].sort(key=lambda item: item["event_id"])


def _wrong_reason(state: dict) -> None:
    item = next(i for i in state["rejected"][len(state["rejected"]) // 2:] if i["reason"] == "not_holder")
    item["reason"] = "stale_token"


def _drop_rejected(state: dict) -> None:
    del state["rejected"][-3]


def _duplicate_rejected(state: dict) -> None:
    state["rejected"].insert(40, dict(state["rejected"][40]))


def _unknown_reason(state: dict) -> None:
    state["rejected"][7]["reason"] = "expired"


def _holder_changed(state: dict) -> None:
    lock = _held_lock(state)
    lock["holder"] = "worker-a" if lock["holder"] != "worker-a" else "worker-b"


def _expires_plus_one(state: dict) -> None:
    _held_lock(state)["expires_at"] += 1


def _last_lock_writes(state: dict) -> None:
    state["locks"][sorted(state["locks"])[-1]]["writes"] += 1


def _renewals_minus_one(state: dict) -> None:
    state["locks"][sorted(state["locks"])[2]]["renewals"] -= 1


def _token_as_string(state: dict) -> None:
    lock = state["locks"][sorted(state["locks"])[1]]
    lock["token"] = str(lock["token"])


def _extra_lock_field(state: dict) -> None:
    state["locks"][sorted(state["locks"])[0]]["acquired_by"] = []


def _extra_lock(state: dict) -> None:
    state["locks"]["shard-99/primary"] = dict(state["locks"][sorted(state["locks"])[0]])


def _duplicates_off(state: dict) -> None:
    state["duplicates"] -= 1


def _malformed_off(state: dict) -> None:
    state["malformed"] += 1


def _drop_duplicates_key(state: dict) -> None:
    del state["duplicates"]


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(name="rejected_adjacent_swapped", mutate=_edit(_swap_rejected), expected_substring="order"),
    NegativeCase(name="rejected_sorted_by_id", mutate=_edit(_rejected_by_id), expected_substring="order"),
    NegativeCase(name="rejected_wrong_reason", mutate=_edit(_wrong_reason), expected_substring="1 with the wrong reason"),
    NegativeCase(name="rejected_entry_missing", mutate=_edit(_drop_rejected), expected_substring="1 missing"),
    NegativeCase(name="rejected_entry_duplicated", mutate=_edit(_duplicate_rejected), expected_substring="duplicate"),
    NegativeCase(name="rejected_unknown_reason", mutate=_edit(_unknown_reason), expected_substring="reason code"),
    NegativeCase(name="holder_changed", mutate=_edit(_holder_changed), expected_substring="holder"),
    NegativeCase(name="expires_at_off_by_one", mutate=_edit(_expires_plus_one), expected_substring="expires_at"),
    NegativeCase(name="last_lock_writes_off", mutate=_edit(_last_lock_writes), expected_substring="writes"),
    NegativeCase(name="renewals_off", mutate=_edit(_renewals_minus_one), expected_substring="renewals"),
    NegativeCase(name="token_as_string", mutate=_edit(_token_as_string), expected_substring="integers"),
    NegativeCase(name="extra_lock_field", mutate=_edit(_extra_lock_field), expected_substring="exactly the keys"),
    NegativeCase(name="extra_lock", mutate=_edit(_extra_lock), expected_substring="unexpected"),
    NegativeCase(name="duplicates_count_off", mutate=_edit(_duplicates_off), expected_substring="duplicates: wrong count"),
    NegativeCase(name="malformed_count_off", mutate=_edit(_malformed_off), expected_substring="malformed: wrong count"),
    NegativeCase(name="duplicates_key_missing", mutate=_edit(_drop_duplicates_key), expected_substring="missing"),
]
