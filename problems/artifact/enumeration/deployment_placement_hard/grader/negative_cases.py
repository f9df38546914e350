"""Wrong placement lists the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases

# What a solver that misses one stated rule lists: each placement below is valid with that one rule switched
# off (and only then), found by running the reference with the rule disabled. Replacing a valid line with it
# leaves one valid placement missing and one invalid listed.
_ONE_RULE_BROKEN = {
    # redis's spot toleration is for NoSchedule; node-c1's spot taint is NoExecute
    "toleration_effect": (0, {"api": ["node-a1", "node-c1"], "inference": ["node-b1"], "postgres": ["node-b1", "node-c2"],
                              "queue": ["node-a1", "node-a2"], "redis": ["node-a1", "node-c1"],
                              "web": ["node-a2", "node-b2", "node-b3", "node-c2"]}),
    # node-d1 is not ready
    "not_ready_node": (1, {"api": ["node-a1", "node-b2"], "inference": ["node-b1"], "postgres": ["node-b1", "node-c2"],
                           "queue": ["node-a1", "node-a2"], "redis": ["node-a1", "node-b2"],
                           "web": ["node-a2", "node-b2", "node-c2", "node-d1"]}),
    # node-c3 is cordoned
    "cordoned_node": (2, {"api": ["node-a1", "node-b2"], "inference": ["node-b1"], "postgres": ["node-b1", "node-c2"],
                          "queue": ["node-a1", "node-a2"], "redis": ["node-a1", "node-b2"],
                          "web": ["node-a2", "node-b2", "node-b3", "node-c3"]}),
    # node-a1's CPU fits only without its reservation
    "reserved_capacity": (3, {"api": ["node-a1", "node-b2"], "inference": ["node-b1"], "postgres": ["node-b1", "node-c2"],
                              "queue": ["node-a1", "node-a2"], "redis": ["node-a1", "node-b2"],
                              "web": ["node-a1", "node-a2", "node-b2", "node-c2"]}),
    # node-b3 has one existing pod and four slots: five pods there
    "existing_pods": (4, {"api": ["node-a1", "node-b3"], "inference": ["node-b1"], "postgres": ["node-b1", "node-c2"],
                          "queue": ["node-a1", "node-b3"], "redis": ["node-a1", "node-b3"],
                          "web": ["node-a2", "node-b2", "node-b3", "node-c2"]}),
    # api in zone a only: zones b and c are eligible for api and count 0
    "skew_empty_zone": (5, {"api": ["node-a1", "node-a2"], "inference": ["node-b1"], "postgres": ["node-b1", "node-b3"],
                            "queue": ["node-b2", "node-c2"], "redis": ["node-a1", "node-a2"],
                            "web": ["node-a1", "node-b2", "node-b3", "node-c2"]}),
    # only queue lists postgres in avoid
    "avoid_listed_once": (6, {"api": ["node-a1", "node-b2"], "inference": ["node-b1"], "postgres": ["node-b3", "node-c2"],
                              "queue": ["node-a1", "node-b3"], "redis": ["node-a1", "node-b2"],
                              "web": ["node-a2", "node-b2", "node-b3", "node-c2"]}),
}

# What a solver that misses one stated rule leaves out: the placement on this line is valid but excluded by
# that mistake (NotIn read as requiring the label, PreferNoSchedule read as blocking, skew counted over zones
# with no usable node).
_DROPPED_BY = {"notin_without_label": 13, "prefer_no_schedule_blocks": 4, "skew_over_unusable_zone": 20}


def _lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _join(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def _replace_with(rule: str):
    index, placement = _ONE_RULE_BROKEN[rule]

    def mutate(text: str) -> str:
        lines = _lines(text)
        lines[index] = json.dumps(placement, sort_keys=True)
        return _join(lines)

    mutate.__name__ = f"_break_{rule}"
    return mutate


def _edit_line(index: int, edit):
    def mutate(text: str) -> str:
        lines = _lines(text)
        value = json.loads(lines[index])
        edit(value)
        lines[index] = json.dumps(value, sort_keys=True)
        return _join(lines)

    return mutate


def _drop_line(index: int):
    def mutate(text: str) -> str:
        lines = _lines(text)
        return _join(lines[:index] + lines[index + 1:])

    return mutate


def _swap_adjacent(text: str) -> str:
    lines = _lines(text)
    lines[7], lines[8] = lines[8], lines[7]
    return _join(lines)


def _duplicate(text: str) -> str:
    lines = _lines(text)
    return _join(lines[:50] + [lines[49]] + lines[50:])


def _drop_one(text: str) -> str:
    lines = _lines(text)
    return _join(lines[:70] + lines[71:])


def _one_replica_short(value: dict) -> None:
    value["web"] = value["web"][:3]


def _unsorted_nodes(value: dict) -> None:
    value["web"] = list(reversed(value["web"]))


def _extra_key(value: dict) -> None:
    value["sidecar"] = []


def _string_value(value: dict) -> None:
    value["inference"] = value["inference"][0]


def _node_renamed(value: dict) -> None:
    value["queue"] = ["node-a1", "node-a9"]


# off_by_one is dropped: every number in this artifact sits inside a string, so it leaves the text
# unchanged; node_renamed and one_replica_short cover a single wrong value in a record instead.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "off_by_one"] + [
    NegativeCase(name=f"breaks_{rule}", mutate=_replace_with(rule), expected_substring="violate")
    for rule in _ONE_RULE_BROKEN
] + [
    NegativeCase(name=f"drops_{rule}", mutate=_drop_line(index), expected_substring="1 valid placement(s) missing")
    for rule, index in _DROPPED_BY.items()
] + [
    NegativeCase(name="adjacent_lines_swapped", mutate=_swap_adjacent, expected_substring="order"),
    NegativeCase(name="duplicate_line", mutate=_duplicate, expected_substring="duplicate"),
    NegativeCase(name="placement_missing", mutate=_drop_one, expected_substring="missing"),
    NegativeCase(name="one_replica_short", mutate=_edit_line(80, _one_replica_short), expected_substring="violate"),
    NegativeCase(name="node_renamed", mutate=_edit_line(33, _node_renamed), expected_substring="violate"),
    NegativeCase(name="node_list_unsorted", mutate=_edit_line(12, _unsorted_nodes), expected_substring="sorted"),
    NegativeCase(name="extra_service_key", mutate=_edit_line(5, _extra_key), expected_substring="unexpected"),
    NegativeCase(name="list_as_string", mutate=_edit_line(9, _string_value), expected_substring="type"),
]
