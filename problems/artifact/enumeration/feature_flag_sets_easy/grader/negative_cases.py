"""Wrong flag-combination lists the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _lines(text: str) -> list[list[str]]:
    return [json.loads(line)["enabled"] for line in text.split("\n") if line.strip()]


def _dump(combos: list[list[str]]) -> str:
    return "".join(json.dumps({"enabled": c}) + "\n" for c in combos)


def _edit(change):
    def mutate(text: str) -> str:
        combos = _lines(text)
        change(combos)
        return _dump(combos)

    return mutate


def _no_empty(combos) -> None:
    combos.remove([])


def _transitive_missed(combos) -> None:
    # push_digest needs async_export, which needs new_storage: leaving new_storage out is inconsistent.
    combos.append(["async_export", "push_digest"])


def _one_way_conflict(combos) -> None:
    # rate_limit_off does not list push_digest, but push_digest lists it: still a conflict.
    combos.append(["async_export", "new_storage", "push_digest", "rate_limit_off"])


def _lexicographic_only(combos) -> None:
    combos.sort()


def _swap(combos) -> None:
    combos[5], combos[6] = combos[6], combos[5]


def _dup(combos) -> None:
    combos.insert(9, list(combos[9]))


def _unsorted_names(combos) -> None:
    big = next(c for c in combos if len(c) >= 2)
    big.reverse()


def _drop_largest(combos) -> None:
    combos.pop()


# off_by_one bumps the first number literal; this artifact holds none (names only), so it would
# leave the text unchanged. The cases below change names and sets instead.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "off_by_one"] + [
    NegativeCase(name="all_disabled_missing", mutate=_edit(_no_empty), expected_substring="1 consistent one(s) missing"),
    NegativeCase(name="transitive_requirement_missed", mutate=_edit(_transitive_missed), expected_substring="1 listed combination(s) are inconsistent"),
    NegativeCase(name="one_way_conflict_missed", mutate=_edit(_one_way_conflict), expected_substring="inconsistent"),
    NegativeCase(name="ordered_by_names_only", mutate=_edit(_lexicographic_only), expected_substring="order"),
    NegativeCase(name="lines_swapped", mutate=_edit(_swap), expected_substring="order"),
    NegativeCase(name="duplicate_line", mutate=_edit(_dup), expected_substring="duplicate"),
    NegativeCase(name="names_unsorted", mutate=_edit(_unsorted_names), expected_substring="sorted"),
    NegativeCase(name="largest_missing", mutate=_edit(_drop_largest), expected_substring="missing"),
]
