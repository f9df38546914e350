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


def _draws(fmt: str, reference: str, kind: str, prompt: str = "") -> list:
    import random

    from artifactbench.gates.fuzz._draws import REFUSED
    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._strategies import mutation_draws
    draws = mutation_draws(fmt, reference, FuzzPolicy(), kind, prompt)
    return [m for m in draws.values(random.Random(0)) if m is not REFUSED] if draws is not None else []


def test_a_list_inside_the_answer_is_cut_short_too():
    # p104: `fills` compared with zip(got, expected), beside four lists compared in full; drops drawn from all
    # five lists' records met only the others before the kind stopped
    answer = '{"queues": {"B1": ["P1", "P2", "P3"]}, "fills": [{"id": 1}, {"id": 2}, {"id": 3}], "expired": []}'
    wheres = {m.where for m in _draws("json", answer, "truncate_records")}
    assert "at $.fills[0] and after cut (keep 0 of 3 records)" in wheres
    assert "at $.queues.B1[2] and after cut (keep 2 of 3 records)" in wheres
    assert not any("expired" in w for w in wheres)  # (an empty list has nothing to cut)
    rows = '[{"id": 1}, {"id": 2}]'
    assert {m.where for m in _draws("json", rows, "truncate_records")} == {"keep 0 of 2 records", "keep 1 of 2 records"}


def test_word_cells_of_a_markdown_table_are_changed():
    # p106: the `location` column never compared; string_change met only one-word lines
    report = ("# Mishandled bags\n\n| tag | status | location | flight |\n|---|---|---|---|\n"
              "| 0724209070 | LEFT_BEHIND | SORTER | LX318 |\n| 0724230655 | FLOWN | 2024-03-14 | 12.5 |\n")
    changed = {(m.where, m.old) for m in _draws("text", report, "string_change")}
    assert ("line 5, column 'location'", "'SORTER'") in changed and ("line 5, column 'status'", "'LEFT_BEHIND'") in changed
    assert not any("0724209070" in old or "2024-03-14" in old or "12.5" in old for _, old in changed)


def test_a_shape_of_placeholders_only_claims_no_line_of_prose():
    from artifactbench.gates.core import read_prompt
    # p106: the input's `<timestamp> <EVENT> <arguments...>` read as a line the answer shows, which made the
    # free note "Replayed from `scans.log`." graded, and a title replaced by a copy of it a false fail
    prompt = ("`scans.log` is the raw scan log. Each line is\n\n```\n<timestamp> <EVENT> <arguments...>\n```\n\n"
              "Write `report.md` with a Markdown table `| tag | status |`. You can put a title or notes above the "
              "table if you like; don't put any other table in the file.\n")
    reference = "# Mishandled bags\n\nReplayed from `scans.log`.\n\n| tag | status |\n|---|---|\n| 1 | LOST |\n"
    lines = reference.splitlines()
    free = read_prompt(prompt).free_lines
    assert free.kinds(reference)[2] == "free"
    assert free.confined(reference, "\n".join([lines[2], *lines[1:]]) + "\n")
    assert not free.confined(reference, reference.replace("| 1 | LOST |", "| 1 | FOUND |"))


def test_a_band_in_days_of_a_key_named_by_days_is_absolute_and_the_smallest_move_is_scouted_first():
    from artifactbench.gates.core import stated_tolerance
    from artifactbench.gates.fuzz._near import WARN_FACTOR, factor_of
    # p105: "`day_within_1pt` within ±0.15 days" read as 0.15 days and 15 % both, and the scout met that key
    # only at 100x and 16x, while a grader holding it to 15 % relative accepts 8x
    said = stated_tolerance("Accuracy we need: `fg` within ±0.0002 and `day_within_1pt` within ±0.15 days.")
    assert said.band_at(("day_within_1pt",), 9.556) == 0.15 and said.band_at(("fg",), 1.01) == 0.0002
    prompt = "Accuracy we need: `fg` within ±0.0002 and `day_within_1pt` within ±0.15 days.\n"
    mutants = _draws("text", "[B1]\nfg = 1.013796\nday_within_1pt = 9.556\n", "number_near", prompt)
    assert {factor_of(m.where) for m in mutants[:2]} == {WARN_FACTOR}
    assert {m.where.split(",")[1] for m in mutants[:2]} == {" key 'fg'", " key 'day_within_1pt'"}
