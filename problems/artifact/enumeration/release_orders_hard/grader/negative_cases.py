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


def _order(*steps: str) -> str:
    return " > ".join(steps)


# off_by_one (dropped too) bumps the first number literal; this artifact has none, so it would leave the
# text unchanged.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name not in ("renamed_field", "off_by_one")] + [
    # frontend before api: breaks the lower bound of the within rule
    NegativeCase(name="within_lower_bound", mutate=_edit(lambda ls: ls.insert(0, _order(
        "edge_canary_eu", "orders_migration", "frontend", "billing_migration", "api", "api_eu", "worker_eu", "search"))),
        expected_substring="1 listed order(s) are not valid"),
    # frontend three positions after api
    NegativeCase(name="within_gap_too_large", mutate=_edit(lambda ls: ls.append(_order(
        "search", "billing_migration", "api", "edge_canary_eu", "orders_migration", "frontend", "api_eu", "worker_eu"))),
        expected_substring="not valid"),
    # orders_migration (an EU step) deployed before the EU canary
    NegativeCase(name="canary_not_first", mutate=_edit(lambda ls: ls.append(_order(
        "search", "orders_migration", "edge_canary_eu", "billing_migration", "api", "frontend", "api_eu", "worker_eu"))),
        expected_substring="not valid"),
    # a high-risk migration first (alphabetically 'high' < 'medium', by risk_order it is higher)
    NegativeCase(name="high_risk_first", mutate=_edit(lambda ls: ls.insert(5, _order(
        "billing_migration", "api", "frontend", "edge_canary_eu", "orders_migration", "api_eu", "worker_eu", "search"))),
        expected_substring="not valid"),
    # two migrations back to back
    NegativeCase(name="migrations_back_to_back", mutate=_edit(lambda ls: ls.append(_order(
        "edge_canary_eu", "search", "billing_migration", "orders_migration", "api", "frontend", "api_eu", "worker_eu"))),
        expected_substring="not valid"),
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
