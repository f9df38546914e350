"""Wrong drain-set lists the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _sets(text: str) -> list[list[str]]:
    return [json.loads(line)["drain"] for line in text.split("\n") if line.strip()]


def _dump(sets: list[list[str]]) -> str:
    return "".join(json.dumps({"drain": s}) + "\n" for s in sets)


def _edit(change):
    def mutate(text: str) -> str:
        sets = _sets(text)
        change(sets)
        return _dump(sets)

    return mutate


# What a solver that misses one stated rule lists (each set below is maximal valid under that mistake and
# not under the prompt's rules), found by an independent checker with that one rule switched off.
_WRONG_UNDER = {
    "learners_counted_as_voters": ["kv12", "kv13", "kv17", "kv30", "kv34", "kv6", "kv9"],
    "repeated_replica_counted_twice": ["kv12", "kv13", "kv25", "kv30", "kv34", "kv6", "kv9"],
    "retired_shard_counted": ["kv11", "kv17", "kv21", "kv37", "kv38", "kv6", "kv7"],
    "pinned_node_drained": ["kv10", "kv17", "kv25", "kv26", "kv3", "kv34", "kv6", "kv9"],
    "legacy_host_drained": ["kv-legacy-3", "kv10", "kv11", "kv17", "kv25", "kv3", "kv34", "kv9"],
    "down_voter_serving": ["kv10", "kv11", "kv13", "kv16", "kv17", "kv18", "kv30", "kv9"],
    "half_is_a_majority": ["kv10", "kv11", "kv17", "kv24", "kv25", "kv3", "kv34", "kv9"],
    "rack_left_empty": ["kv13", "kv29", "kv32", "kv4", "kv6", "kv8"],
    "rack_limit_ignored": ["kv10", "kv11", "kv17", "kv25", "kv3", "kv34", "kv6", "kv9"],
    "zone_limit_ignored": ["kv10", "kv11", "kv17", "kv20", "kv21", "kv25", "kv3", "kv6"],
}


def _listed(wrong: list[str]):
    def change(sets) -> None:
        sets.append(list(wrong))
        sets.sort(key=lambda s: (-len(s), s))

    return change


def _maximal_over_any_node(sets) -> None:
    # Maximality tested by adding any up node (a legacy host too) finds legacy hosts still addable, so this
    # set (the 7th line) looks non-maximal and is left out.
    sets.pop(6)


def _subset_added(sets) -> None:
    # A valid but non-maximal set: a two-node subset of a listed maximal set.
    sets.append(sets[7][:2])


def _one_node_swapped(sets) -> None:
    # Replacing one node of a listed set with a node that breaks a rule (or duplicates another set).
    names = sorted({n for s in sets for n in s})
    for s in sets:
        for other in names:
            candidate = sorted(set(s[1:]) | {other})
            if other not in s and len(candidate) == len(s) and candidate not in sets:
                s[:] = candidate
                return


def _ascending_size(sets) -> None:
    sets.append(sets[0][:1])
    sets.sort(key=lambda s: (len(s), s))


def _swap(sets) -> None:
    sets[3], sets[4] = sets[4], sets[3]


def _dup(sets) -> None:
    sets.insert(10, list(sets[10]))


def _unsorted(sets) -> None:
    sets[2].reverse()


def _drop(sets) -> None:
    sets.pop(len(sets) // 2)


# off_by_one bumps the first number literal; this artifact holds none (names only), so it would
# leave the text unchanged. The cases below change names and sets instead.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "off_by_one"] + [
    NegativeCase(name=name, mutate=_edit(_listed(wrong)), expected_substring="1 listed set(s) are not maximal")
    for name, wrong in _WRONG_UNDER.items()
] + [
    NegativeCase(name="maximality_over_non_candidates", mutate=_edit(_maximal_over_any_node),
                 expected_substring="1 maximal valid set(s) missing"),
    NegativeCase(name="non_maximal_subset", mutate=_edit(_subset_added), expected_substring="1 listed set(s) are not maximal"),
    NegativeCase(name="invalid_node_swapped_in", mutate=_edit(_one_node_swapped), expected_substring="not maximal valid"),
    NegativeCase(name="ascending_size", mutate=_edit(_ascending_size), expected_substring="not maximal"),
    NegativeCase(name="lines_swapped", mutate=_edit(_swap), expected_substring="order"),
    NegativeCase(name="duplicate_line", mutate=_edit(_dup), expected_substring="duplicate"),
    NegativeCase(name="names_unsorted", mutate=_edit(_unsorted), expected_substring="sorted"),
    NegativeCase(name="set_missing", mutate=_edit(_drop), expected_substring="1 maximal valid set(s) missing"),
]
