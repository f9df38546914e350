"""Wrong free-subnet lists the grader must reject (spec 5.5.2)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _join(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def _edit(change):
    def mutate(text: str) -> str:
        lines = _lines(text)
        change(lines)
        return _join(lines)

    return mutate


# renamed_field renames JSON keys and leaves this text artifact unchanged; the format cases cover tokens.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "renamed_field"] + [
    # the host-bits allocation 10.40.5.0/23 covers 10.40.4.0/23: 10.40.4.0/26 is not free
    NegativeCase(name="host_bits_allocation_ignored", mutate=_edit(lambda ls: ls.insert(8, "10.40.4.0/26")),
                 expected_substring="1 listed subnet(s) are not valid"),
    # 10.40.7.255 is reserved: 10.40.7.128/25 is not free
    NegativeCase(name="reserved_address_ignored", mutate=_edit(lambda ls: ls.append("10.40.7.128/25")),
                 expected_substring="not valid"),
    # nested allocation 10.40.2.128/28 sits inside 10.40.2.0/24 anyway: 10.40.2.0/26 is taken
    NegativeCase(name="allocated_block_listed", mutate=_edit(lambda ls: ls.insert(3, "10.40.2.0/26")),
                 expected_substring="not valid"),
    NegativeCase(name="misaligned_block", mutate=_edit(lambda ls: ls.insert(1, "10.40.0.96/26")),
                 expected_substring="not valid"),
    NegativeCase(name="sorted_as_text", mutate=_edit(lambda ls: ls.sort()), expected_substring="order"),
    NegativeCase(name="smaller_block_first", mutate=_edit(lambda ls: ls.insert(4, ls.pop(5))), expected_substring="order"),
    NegativeCase(name="subnet_missing", mutate=_edit(lambda ls: ls.pop(9)), expected_substring="1 valid subnet(s) missing"),
    NegativeCase(name="duplicate_line", mutate=_edit(lambda ls: ls.insert(2, ls[2])), expected_substring="duplicate"),
    NegativeCase(name="no_prefix_length", mutate=_edit(lambda ls: ls.__setitem__(0, ls[0].split("/")[0])),
                 expected_substring="format"),
]
