"""Wrong port-plan lists the grader must reject (spec 5.5.2)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _join(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def _swap_adjacent(text: str) -> str:
    lines = _lines(text)
    lines[4], lines[5] = lines[5], lines[4]
    return _join(lines)


def _sorted_as_text(text: str) -> str:
    # The classic mistake: ordering lines as strings puts metrics=10081 before metrics=9100.
    return _join(sorted(_lines(text)))


def _duplicate_middle(text: str) -> str:
    lines = _lines(text)
    middle = len(lines) // 2
    return _join(lines[: middle + 1] + [lines[middle]] + lines[middle + 1:])


def _drop_last(text: str) -> str:
    return _join(_lines(text)[:-1])


def _reserved_gateway(text: str) -> str:
    # 8443 is a gateway candidate but reserved on the host (rule 2).
    lines = _lines(text)
    tokens = lines[6].split()
    tokens[3] = "gateway=8443"
    lines[6] = " ".join(tokens)
    return _join(lines)


def _admin_port_clash(text: str) -> str:
    # auth=8083 opens its admin listener on 8084, which cache also takes (rule 4).
    lines = _lines(text)
    lines.insert(10, "api=8080 auth=8083 cache=8084 gateway=80 metrics=9100")
    return _join(lines)


def _firewall_block(text: str) -> str:
    # api in block 80, auth in block 100 (rule 5).
    lines = _lines(text)
    lines.append("api=8080 auth=10081 cache=6379 gateway=80 metrics=9100")
    return _join(lines)


def _services_reordered(text: str) -> str:
    lines = _lines(text)
    tokens = lines[2].split()
    tokens[0], tokens[1] = tokens[1], tokens[0]
    lines[2] = " ".join(tokens)
    return _join(lines)


def _service_renamed(text: str) -> str:
    # Stands in for the default renamed_field, which only applies to JSON artifacts.
    lines = _lines(text)
    lines[3] = lines[3].replace("cache=", "redis=")
    return _join(lines)


# renamed_field is dropped: it renames JSON keys and leaves this plain-text artifact unchanged;
# _service_renamed covers the same property (every service name is required) for this format.
NEGATIVE_CASES = [case for case in default_negative_cases() if case.name != "renamed_field"] + [
    NegativeCase(name="adjacent_lines_swapped", mutate=_swap_adjacent, expected_substring="order"),
    NegativeCase(name="sorted_as_text", mutate=_sorted_as_text, expected_substring="order"),
    NegativeCase(name="duplicate_line", mutate=_duplicate_middle, expected_substring="duplicate"),
    NegativeCase(name="last_plan_missing", mutate=_drop_last, expected_substring="missing"),
    NegativeCase(name="reserved_port_used", mutate=_reserved_gateway, expected_substring="violate"),
    NegativeCase(name="admin_listener_clash", mutate=_admin_port_clash, expected_substring="violate"),
    NegativeCase(name="firewall_block_split", mutate=_firewall_block, expected_substring="violate"),
    NegativeCase(name="services_out_of_order", mutate=_services_reordered, expected_substring="format"),
    NegativeCase(name="service_renamed", mutate=_service_renamed, expected_substring="format"),
]
