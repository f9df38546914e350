"""Task-specific wrong build plans the grader must reject (plus the applicable defaults)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _edit(fn):
    def mutate(text: str) -> str:
        return "\n".join(fn(text.splitlines())) + "\n"

    return mutate


def _build(lines):
    return [x for x in lines if not x.startswith(("cycle:", "blocked:"))]


def _swap_build(offset: int):
    def fn(lines):
        i = len(_build(lines)) // 2 + offset
        return lines[:i] + [lines[i + 1], lines[i]] + lines[i + 2:]

    return fn


def _first(prefix: str, lines) -> int:
    return next(i for i, x in enumerate(lines) if x.startswith(prefix))


def _blocked_into_build(lines):
    i = _first("blocked:", lines)
    return [lines[i].split()[1]] + lines[:i] + lines[i + 1:]


def _unsorted_cycle(lines):
    i = _first("cycle:", lines)
    names = lines[i].split()[1:]
    return lines[:i] + ["cycle: " + " ".join(names[::-1])] + lines[i + 1:]


def _cycles_first(lines):
    return [x for x in lines if x.startswith("cycle:")] + [x for x in lines if not x.startswith("cycle:")]


def _drop_blocked(lines):
    i = len(lines) - 2
    return lines[:i] + lines[i + 1:]


def _typo(lines):
    i = len(_build(lines)) - 3
    return lines[:i] + [lines[i] + "s"] + lines[i + 1:]


NEGATIVE_CASES = [
    # A plain list of package names has no JSON key to rename and no free-standing numeric literal, so these
    # two defaults would leave the text unchanged; "package_renamed" and the order cases cover the property.
    case for case in default_negative_cases() if case.name not in ("renamed_field", "off_by_one")
] + [
    NegativeCase("adjacent_build_lines_swapped", _edit(_swap_build(0)), "order"),
    NegativeCase("late_build_lines_swapped", _edit(_swap_build(20)), "order"),
    NegativeCase("blocked_package_built", _edit(_blocked_into_build), "unexpected"),
    NegativeCase("cycle_members_unsorted", _edit(_unsorted_cycle), "cycle"),
    NegativeCase("cycles_before_build", _edit(_cycles_first), "sections"),
    NegativeCase("blocked_line_dropped", _edit(_drop_blocked), "blocked: missing 1"),
    NegativeCase("build_line_duplicated", _edit(lambda ls: ls[:3] + [ls[2]] + ls[3:]), "duplicate"),
    NegativeCase("package_renamed", _edit(_typo), "unexpected"),
]
