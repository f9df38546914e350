"""Rules from blind batches p100-p107 (tasks by helpers that saw only the spec): planted flaws their runs
missed and false fails, in the batches' own words."""

from __future__ import annotations

from artifactbench.gates.fuzz._fuzz import _record_fields_granted
from artifactbench.gates.fuzz._reference import Reference


def _ref(text: str) -> Reference:
    return Reference("json", text, policy=None, allows=None, artifact="state.json")  # (the fields it reads)


def test_fields_granted_inside_records_are_not_new_records_of_a_map():
    # p100: "you may add other fields to the specimen records" beside a map of specimen records keyed by id,
    # whose grader only walks the expected ids: a disposed specimen kept in the map is a wrong record, not a field
    ref = _ref('{"specimens": {"S1": {"status": "SPUN", "location": "F1"}, "S2": {"status": "HELD", "location": "F2"}},'
               ' "disposed": ["S3"]}')
    where = "at $.specimens, key 'S9' (a new entry, a copy of 'S1', scrambled)"
    assert _record_fields_granted("you may add other fields to the specimen records (e.g. hold reason)", ref, where)
    assert _record_fields_granted("other fields per specimen are fine", ref, where)
    # a grant of keys in general, or a map whose values are not records of one shape: the warn stands
    assert not _record_fields_granted("Key order doesn't matter, and extra keys are ignored.", ref, where)
    mixed = _ref('{"specimens": {"S1": {"status": "SPUN"}, "S2": {"status": "HELD", "location": "F2"}}}')
    assert not _record_fields_granted("you may add other fields to the specimen records", mixed, where)


def test_a_list_on_one_line_has_its_neighbours_swapped_and_its_stated_order_is_read():
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.fuzz._text_strategies import LIST_ITEMS_SWAPPED, list_item_swaps
    lines = ["[Y1]", "cars = GATX55614, TILX29319, BNSF53438", "cut =", "codes: R01, R01, R07",
             "| trip | rules |", "|---|---|", "| T1 | R01, R02 |", "note = cold, wet day"]
    swaps = list_item_swaps(lines, tuple(range(len(lines))))
    assert [(i, key, k) for i, key, k, _ in swaps] == [(1, "cars", 0), (3, "codes", 1), (6, "rules", 0), (7, "note", 0)]
    assert swaps[0][3] == "cars = TILX29319, GATX55614, BNSF53438" and swaps[2][3] == "| T1 | R02, R01 |"
    # p101: "each with a `cars` key: comma-separated, ordered from the switch end toward the bumper", which a
    # grader comparing sorted lists never checked: a finding; where no sentence orders the list, the fuzz gate
    # makes the prompt's "no order stated" an info
    where = f"line 2, field 'cars.0' {LIST_ITEMS_SWAPPED}"
    ordered = read_prompt("* One section per track, each with a `cars` key: comma-separated,\n  ordered from the "
                          "switch end toward the bumper.\n* `moves`: the numbers of all refused moves, ascending.\n")
    assert "cars" in ordered.ordered_by and ordered.leaves_open("swap_records", where) is None
    silent = read_prompt("* One section per track, each with a `cars` key: comma-separated.\n"
                         "* `moves`: the numbers of all refused moves, ascending.\n")
    assert silent.leaves_open("swap_records", where)[0] == "warn"
