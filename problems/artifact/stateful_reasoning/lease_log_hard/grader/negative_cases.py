"""Wrong lease states the grader must reject (spec 5.5.2).

Besides hand edits of the reference, one case per rule a first attempt can miss: the answer that the reference
solution gives when that one rule is changed the way a careless reading would change it, computed on this
task's own feed (regenerated from the declared generator with the spec's seed, sha256(instance_id)[:8]).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import tempfile
import types
from functools import cache
from pathlib import Path

from swebench.artifact_negative import NegativeCase, default_negative_cases

_HERE = Path(__file__).resolve().parent
INSTANCE_ID = "stateful_reasoning__lease_log_hard"


@cache
def _feed_dir() -> Path:
    spec = importlib.util.spec_from_file_location("_lease_generator", _HERE.parent / "workspace" / "generator.py")
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    seed = int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:8], 16)
    folder = Path(tempfile.mkdtemp(prefix="lease-negative-"))
    (folder / "lease_events.jsonl").write_text("".join(line + "\n" for line in generator.generate(seed)),
                                               encoding="utf-8")
    return folder


def _misreading(*edits: tuple[str, str]):
    """The reference solution with `edits` applied, run on the feed; ignores the text it is given."""
    def mutate(text: str) -> str:
        source = (_HERE / "solution.py").read_text(encoding="utf-8")
        for old, new in edits:
            if old not in source:
                raise ValueError(f"mutation anchor {old!r} not found in grader/solution.py")
            source = source.replace(old, new)
        module = types.ModuleType("_lease_misreading")
        exec(compile(source, "solution.py (mutated)", "exec"), module.__dict__)  # noqa: S102 - our own code
        return module.solve(_feed_dir())

    return mutate


# One misreading per stated rule.
_FIRST_COPY_WINS = _misreading((
    "            conflicts += 1\n            continue\n", "            conflicts += 1\n"))
_RAW_COPIES_COMPARED = _misreading(
    ('copies.setdefault(parsed["event_id"], []).append(parsed["meaning"])',
     'copies.setdefault(parsed["event_id"], []).append(parsed["meaning"] + (line,))'),
    ("ts, lock, client, op, extra = meanings[0]", "ts, lock, client, op, extra = meanings[0][:5]"))
_LENIENT_TIMESTAMPS = _misreading((
    "    match = _TS.fullmatch(text)\n    if not match:\n        return None\n",
    "    try:\n        parsed = datetime.fromisoformat(text.replace('Z', '+00:00'))\n    except ValueError:\n"
    "        return None\n    if parsed.tzinfo is None:\n        parsed = parsed.replace(tzinfo=timezone.utc)\n"
    "    return (parsed - _EPOCH) // timedelta(milliseconds=1)\n    match = None\n"))
_NO_TIE_BREAK = _misreading(('events.sort(key=lambda e: (e["ts"], e["event_id"]))', 'events.sort(key=lambda e: e["ts"])'))
_RENEW_CAN_SHORTEN = _misreading(('min(max(st["expires_at"], ts + e["extra"]), st["acquired_at"] + LEASE_CAP)',
                                  'min(ts + e["extra"], st["acquired_at"] + LEASE_CAP)'))
_NO_LEASE_CAP = _misreading(('min(max(st["expires_at"], ts + e["extra"]), st["acquired_at"] + LEASE_CAP)',
                             'max(st["expires_at"], ts + e["extra"])'))
_REVOKE_KEEPS_TOKEN = _misreading(('st.update(holder=None, token=st["token"] + 1)', 'st.update(holder=None)'))
_REVOKE_OF_EXPIRED_LEASE = _misreading((
    '            elif not live:\n                reason = "not_held"',
    '            elif st["holder"] is None:\n                reason = "not_held"'))
_OPERATOR_CHECK_SECOND = _misreading((
    '            if not client.startswith("ops:"):\n                reason = "forbidden"\n'
    '            elif not live:\n                reason = "not_held"',
    '            if not live:\n                reason = "not_held"\n'
    '            elif not client.startswith("ops:"):\n                reason = "forbidden"'))
_EXPIRY_INCLUSIVE = _misreading(('live = st["holder"] is not None and ts < st["expires_at"]',
                                 'live = st["holder"] is not None and ts <= st["expires_at"]'))
_HOLDER_AT_END_NOT_CHECKED = _misreading(('live = st["holder"] is not None and end < st["expires_at"]',
                                          'live = st["holder"] is not None'))
_CONFLICT_COPIES_AS_DUPLICATES = _misreading((
    "            conflicts += 1\n            continue\n",
    "            conflicts += 1\n            duplicates += len(meanings) - 1\n            continue\n"))


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


def _conflicts_off(state: dict) -> None:
    state["conflicts"] += 1


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
    NegativeCase(name="conflicts_count_off", mutate=_edit(_conflicts_off), expected_substring="conflicts: wrong count"),
    # misreadings of one stated rule each
    NegativeCase(name="conflicting_copies_first_wins", mutate=_FIRST_COPY_WINS, expected_substring="duplicates: wrong count"),
    NegativeCase(name="copies_compared_as_raw_lines", mutate=_RAW_COPIES_COMPARED, expected_substring="conflicts: wrong count"),
    NegativeCase(name="lenient_timestamp_parsing", mutate=_LENIENT_TIMESTAMPS, expected_substring="malformed: wrong count"),
    NegativeCase(name="same_instant_not_by_event_id", mutate=_NO_TIE_BREAK, expected_substring="rejected: 40 missing"),
    NegativeCase(name="renew_can_shorten_lease", mutate=_RENEW_CAN_SHORTEN, expected_substring="fields: expires_at"),
    NegativeCase(name="no_lease_cap", mutate=_NO_LEASE_CAP, expected_substring="fields: expires_at"),
    NegativeCase(name="revoke_keeps_token", mutate=_REVOKE_KEEPS_TOKEN, expected_substring="fields: token"),
    NegativeCase(name="revoke_of_expired_lease_accepted", mutate=_REVOKE_OF_EXPIRED_LEASE, expected_substring="fields: token"),
    NegativeCase(name="operator_checked_after_free", mutate=_OPERATOR_CHECK_SECOND, expected_substring="10 with the wrong reason"),
    NegativeCase(name="expiry_inclusive", mutate=_EXPIRY_INCLUSIVE, expected_substring="fields: renewals, token, writes"),
    NegativeCase(name="holder_at_end_not_checked", mutate=_HOLDER_AT_END_NOT_CHECKED, expected_substring="fields: expires_at, holder"),
    NegativeCase(name="conflict_copies_counted_as_duplicates", mutate=_CONFLICT_COPIES_AS_DUPLICATES,
                 expected_substring="duplicates: wrong count"),
]
