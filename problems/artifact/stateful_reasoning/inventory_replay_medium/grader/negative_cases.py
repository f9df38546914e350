"""Wrong inventory states the grader must reject (spec 5.5.2)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _edit(change):
    def mutate(text: str) -> str:
        state = json.loads(text)
        change(state)
        return json.dumps(state, indent=2, sort_keys=True) + "\n"

    mutate.__name__ = change.__name__
    return mutate


def _last_cell_reserved_plus_one(state: dict) -> None:
    sku = sorted(state["stock"])[-1]
    wh = sorted(state["stock"][sku])[-1]
    state["stock"][sku][wh]["reserved"] += 1


def _middle_cell_on_hand_minus_one(state: dict) -> None:
    sku = sorted(state["stock"])[len(state["stock"]) // 2]
    state["stock"][sku][sorted(state["stock"][sku])[1]]["on_hand"] -= 1


def _on_hand_as_string(state: dict) -> None:
    sku = sorted(state["stock"])[3]
    cell = state["stock"][sku][sorted(state["stock"][sku])[0]]
    cell["on_hand"] = str(cell["on_hand"])


def _drop_cell(state: dict) -> None:
    sku = sorted(state["stock"])[2]
    del state["stock"][sku][sorted(state["stock"][sku])[0]]


def _extra_cell(state: dict) -> None:
    state["stock"][sorted(state["stock"])[1]]["LIS"] = {"on_hand": 0, "reserved": 0}


def _open_orders_swapped(state: dict) -> None:
    orders = state["open_orders"]
    orders[3], orders[4] = orders[4], orders[3]


def _open_order_missing(state: dict) -> None:
    del state["open_orders"][len(state["open_orders"]) // 2]


def _rejected_seq_missing(state: dict) -> None:
    del state["rejected_seqs"][-1]


def _rejected_seq_duplicated(state: dict) -> None:
    seqs = state["rejected_seqs"]
    seqs.insert(10, seqs[10])


def _rejected_seqs_as_strings(state: dict) -> None:
    state["rejected_seqs"] = [str(s) for s in state["rejected_seqs"]]


def _rejected_seqs_descending(state: dict) -> None:
    state["rejected_seqs"].reverse()


def _malformed_count_off(state: dict) -> None:
    state["malformed_lines"] += 1


def _extra_top_level_key(state: dict) -> None:
    state["generated_at"] = "2026-03-02"


def _stock_key_missing(state: dict) -> None:
    del state["stock"]


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(name="last_cell_reserved_off", mutate=_edit(_last_cell_reserved_plus_one), expected_substring="wrong counts"),
    NegativeCase(name="middle_cell_on_hand_off", mutate=_edit(_middle_cell_on_hand_minus_one), expected_substring="wrong counts"),
    NegativeCase(name="on_hand_as_string", mutate=_edit(_on_hand_as_string), expected_substring="integers"),
    NegativeCase(name="cell_missing", mutate=_edit(_drop_cell), expected_substring="missing"),
    NegativeCase(name="extra_warehouse_cell", mutate=_edit(_extra_cell), expected_substring="unexpected warehouse"),
    NegativeCase(name="open_orders_unsorted", mutate=_edit(_open_orders_swapped), expected_substring="ascending"),
    NegativeCase(name="open_order_missing", mutate=_edit(_open_order_missing), expected_substring="open_orders: 1 missing"),
    NegativeCase(name="rejected_seq_missing", mutate=_edit(_rejected_seq_missing), expected_substring="rejected_seqs: 1 missing"),
    NegativeCase(name="rejected_seq_duplicated", mutate=_edit(_rejected_seq_duplicated), expected_substring="duplicate"),
    NegativeCase(name="rejected_seqs_as_strings", mutate=_edit(_rejected_seqs_as_strings), expected_substring="list of int"),
    NegativeCase(name="rejected_seqs_descending", mutate=_edit(_rejected_seqs_descending), expected_substring="ascending"),
    NegativeCase(name="malformed_count_off", mutate=_edit(_malformed_count_off), expected_substring="malformed_lines"),
    NegativeCase(name="extra_top_level_key", mutate=_edit(_extra_top_level_key), expected_substring="unexpected key"),
    NegativeCase(name="stock_key_missing", mutate=_edit(_stock_key_missing), expected_substring="missing"),
]
