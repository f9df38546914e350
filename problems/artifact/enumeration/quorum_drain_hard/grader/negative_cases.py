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
    NegativeCase(name="non_maximal_subset", mutate=_edit(_subset_added), expected_substring="1 listed set(s) are not maximal"),
    NegativeCase(name="invalid_node_swapped_in", mutate=_edit(_one_node_swapped), expected_substring="not maximal valid"),
    NegativeCase(name="ascending_size", mutate=_edit(_ascending_size), expected_substring="not maximal"),
    NegativeCase(name="lines_swapped", mutate=_edit(_swap), expected_substring="order"),
    NegativeCase(name="duplicate_line", mutate=_edit(_dup), expected_substring="duplicate"),
    NegativeCase(name="names_unsorted", mutate=_edit(_unsorted), expected_substring="sorted"),
    NegativeCase(name="set_missing", mutate=_edit(_drop), expected_substring="1 maximal valid set(s) missing"),
]
