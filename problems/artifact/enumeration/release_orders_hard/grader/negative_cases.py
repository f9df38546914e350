"""Wrong release-order lists the grader must reject (spec 5.5.2)."""

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


def _listed(order: str):
    def change(lines: list[str]) -> None:
        lines.append(order)
        lines.sort()

    return change


# What a solver that misses one stated rule lists: each order below is admissible with that one rule switched
# off (and only then), found by running the reference search with the rule disabled.
_WRONG_UNDER = {
    # rate_limits (a config) last
    "last_step_kind_ignored": "edge_canary_eu > edge_canary_us > orders_migration > search > billing_migration"
    " > api_eu > worker_eu > checkout > api > frontend > cdn_config > rate_limits",
    # orders_migration and billing_migration back to back
    "migrations_back_to_back": "edge_canary_eu > edge_canary_us > cdn_config > rate_limits > orders_migration"
    " > billing_migration > api_eu > api > worker_eu > frontend > checkout > search",
    # global steps before both canaries
    "global_not_in_canary_region": "cdn_config > rate_limits > edge_canary_us > edge_canary_eu > orders_migration"
    " > api_eu > worker_eu > checkout > billing_migration > api > search > frontend",
    # frontend one position before api: only |distance| was checked
    "within_lower_bound": "edge_canary_eu > edge_canary_us > orders_migration > cdn_config > rate_limits"
    " > checkout > billing_migration > frontend > api > api_eu > worker_eu > search",
    # orders_migration (5) and checkout (7): one step between, two are required
    "risky_spacing_off_by_one": "edge_canary_eu > edge_canary_us > cdn_config > rate_limits > orders_migration"
    " > search > checkout > api_eu > billing_migration > worker_eu > api > frontend",
    # a medium-risk step first
    "first_step_risk_ignored": "edge_canary_us > checkout > billing_migration > api > edge_canary_eu > frontend"
    " > search > orders_migration > api_eu > cdn_config > rate_limits > worker_eu",
}


def _adjacent_one_way(lines: list[str]) -> None:
    # Reading `adjacent` as "a right before b" drops every order with cdn_config right before rate_limits,
    # the first line among them.
    lines.pop(0)


def _done_step_included(lines: list[str]) -> None:
    # A done step deployed again: a thirteen-step line.
    lines[5] = "audit_log > " + lines[5]


# off_by_one (dropped too) bumps the first number literal; this artifact has none, so it would leave the
# text unchanged.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name not in ("renamed_field", "off_by_one")] + [
    NegativeCase(name=name, mutate=_edit(_listed(order)), expected_substring="1 listed order(s) are not valid")
    for name, order in _WRONG_UNDER.items()
] + [
    NegativeCase(name="adjacent_read_one_way", mutate=_edit(_adjacent_one_way),
                 expected_substring="1 valid order(s) missing"),
    NegativeCase(name="done_step_included", mutate=_edit(_done_step_included), expected_substring="format"),
    NegativeCase(name="order_missing", mutate=_edit(lambda ls: ls.pop(30)), expected_substring="1 valid order(s) missing"),
    NegativeCase(name="lines_swapped", mutate=_edit(lambda ls: ls.insert(12, ls.pop(11))), expected_substring="order"),
    NegativeCase(name="sorted_by_last_step", mutate=_edit(lambda ls: ls.sort(key=lambda l: l.split(" > ")[::-1])),
                 expected_substring="order"),
    NegativeCase(name="duplicate_line", mutate=_edit(lambda ls: ls.insert(3, ls[3])), expected_substring="duplicate"),
    NegativeCase(name="comma_separated", mutate=_edit(lambda ls: ls.__setitem__(0, ls[0].replace(" > ", ","))),
                 expected_substring="format"),
]
# renamed_field (dropped above) renames JSON keys and leaves this text artifact unchanged; comma_separated
# covers a malformed line instead.
