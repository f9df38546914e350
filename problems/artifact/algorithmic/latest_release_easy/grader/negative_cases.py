"""Wrong latest-version lists the grader must reject (plus the defaults that apply to plain text)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _lines(fn):
    def mutate(text: str) -> str:
        rows = [line.split("@") for line in text.splitlines()]
        rows = fn(rows) or rows
        return "".join("@".join(r) + "\n" for r in rows)

    return mutate


def _set_version(idx, fn):
    def change(rows):
        stable = [r for r in rows if r[1] != "none"]
        stable[idx][1] = fn(stable[idx][1])

    return change


def _minor_down(version):
    major, minor, patch = version.split(".")
    return f"{major}.{int(minor) + 1}.{patch}" if minor != "0" else f"{major}.{minor}.{int(patch) + 1}"


NEGATIVE_CASES = [
    # renamed_field renames a JSON key; plain text has none, so the text would not change.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("newer_minor_claimed", _lines(_set_version(-3, _minor_down)), "'version' wrong in 1"),
    NegativeCase("prerelease_reported", _lines(_set_version(10, lambda v: v + "-rc.1")), "'version' wrong in 1"),
    NegativeCase("v_prefix_kept", _lines(_set_version(4, lambda v: "v" + v)), "'version' wrong in 1"),
    NegativeCase("none_for_stable_package", _lines(_set_version(20, lambda v: "none")), "'version' wrong in 1"),
    NegativeCase("package_missing", _lines(lambda rows: rows.pop(30) and None), "missing 1 "),
    NegativeCase("lines_swapped", _lines(lambda rows: rows.__setitem__(slice(7, 9), [rows[8], rows[7]])), "order"),
    NegativeCase("space_separated", lambda text: text.replace("@", " ", 1), "is not '<package>@<version>'"),
    NegativeCase("package_repeated", _lines(lambda rows: rows.insert(12, list(rows[11])) or None), "duplicate"),
]
