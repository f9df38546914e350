"""Wrong roster lists the grader must reject (spec 5.5.2)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases

IDS = ("fri_night", "sat_day", "sat_night", "sun_day", "sun_night", "mon_early")


def _lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _join(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def _roster(*names: str) -> str:
    return " ".join(f"{s}={n}" for s, n in zip(IDS, names))


def _edit(change):
    def mutate(text: str) -> str:
        lines = _lines(text)
        change(lines)
        return _join(lines)

    return mutate


# off_by_one (dropped too) bumps the first number literal; this artifact has none, so it would leave the
# text unchanged.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name not in ("renamed_field", "off_by_one")] + [
    # rest rule: ines on shifts 0 and 2 has only one shift between them
    NegativeCase(name="too_little_rest", mutate=_edit(lambda ls: ls.append(_roster("ines", "kemal", "ines", "lea", "kemal", "noor"))),
                 expected_substring="not valid"),
    # trainee mo followed by pia, who has no skill to back him up
    NegativeCase(name="trainee_without_backup", mutate=_edit(lambda ls: ls.insert(0, _roster("noor", "kemal", "ines", "lea", "mo", "pia"))),
                 expected_substring="not valid"),
    # trainee on the last shift
    NegativeCase(name="trainee_on_last_shift", mutate=_edit(lambda ls: ls.insert(7, _roster("lea", "kemal", "ines", "jon", "pia", "mo"))),
                 expected_substring="not valid"),
    # jon and noor never together
    NegativeCase(name="never_together_broken", mutate=_edit(lambda ls: ls.insert(3, _roster("noor", "jon", "ines", "lea", "noor", "jon"))),
                 expected_substring="not valid"),
    # kemal is unavailable on fri_night
    NegativeCase(name="unavailable_engineer", mutate=_edit(lambda ls: ls.append(_roster("kemal", "jon", "ines", "lea", "kemal", "ines"))),
                 expected_substring="not valid"),
    NegativeCase(name="roster_missing", mutate=_edit(lambda ls: ls.pop(len(ls) // 2)), expected_substring="1 valid roster(s) missing"),
    NegativeCase(name="lines_swapped", mutate=_edit(lambda ls: ls.insert(11, ls.pop(10))), expected_substring="order"),
    NegativeCase(name="sorted_by_last_shift", mutate=_edit(lambda ls: ls.sort(key=lambda l: l.split()[::-1])), expected_substring="order"),
    NegativeCase(name="duplicate_line", mutate=_edit(lambda ls: ls.insert(5, ls[5])), expected_substring="duplicate"),
    NegativeCase(name="shifts_reordered", mutate=_edit(lambda ls: ls.__setitem__(2, " ".join(sorted(ls[2].split())))),
                 expected_substring="format"),
]
# renamed_field (dropped above) renames JSON keys and leaves this text artifact unchanged; shifts_reordered
# covers the token structure instead.
