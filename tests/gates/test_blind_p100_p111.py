"""Rules from blind batches p100-p111 (tasks by helpers that saw only the spec): planted flaws their runs
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
    from artifactbench.gates.fuzz._text_strategies import LIST_ITEMS_SWAPPED, list_item_swaps, list_key
    lines = ["[Y1]", "cars = GATX55614, TILX29319, BNSF53438", "cut =", "codes: R01, R01, R07",
             "| trip | rules | stops |", "|---|---|---|", "| T1 | R01, R02 | A1, B2 |", "note = cold, wet day"]
    swaps = list_item_swaps(lines, tuple(range(len(lines))))
    # (the first pair of different neighbours and the last: a grader checking only a list's head meets the
    # second; every list cell of a row; review)
    assert [(i, key, k) for i, key, k, _ in swaps] == [
        (1, "cars", 1), (1, "cars", 0), (3, "codes", 1), (6, "rules", 0), (6, "stops", 0), (7, "note", 0)]
    assert swaps[0][3] == "cars = GATX55614, BNSF53438, TILX29319" and swaps[3][3] == "| T1 | R02, R01 | A1, B2 |"
    where = f"line 2, field 'cars.0' {LIST_ITEMS_SWAPPED}"
    assert list_key(where) == "cars" and list_key("line 2 <-> line 3") is None
    # p101: "each with a `cars` key: comma-separated, ordered from the switch end toward the bumper", which a
    # grader comparing sorted lists never checked: the list's own order
    ordered = read_prompt("* One section per track, each with a `cars` key: comma-separated,\n  ordered from the "
                          "switch end toward the bumper.\n* `moves`: the numbers of all refused moves, ascending.\n")
    assert "cars" in ordered.ordered_by and ordered.leaves_open("swap_records", where) is None
    assert ordered.list_order("cars").startswith("* One section per track")
    # an order of the records that hold the list, or one the sentence frees, is none of the list's (review)
    for other in ("Write `yard.ini`: one section per track, sorted by track name, each with a `cars` key listing "
                  "the cars on it, comma-separated.",
                  "One Markdown table `| line | stops |`, the rows ordered from the north end toward the south end "
                  "of the network.",
                  "Print `team = a, b, c` lines, teams sorted by name; members may be listed in any order."):
        key = "stops" if "stops" in other else "team" if "team" in other else "cars"
        assert read_prompt(other).list_order(key) == "", other
    silent = read_prompt("* One section per track, each with a `cars` key: comma-separated.\n"
                         "* `moves`: the numbers of all refused moves, ascending.\n")
    assert silent.leaves_open("swap_records", where)[0] == "warn" and silent.list_order("cars") == ""


def test_review_repro_a_long_run_of_dashes_is_read_in_linear_time():
    import time

    from artifactbench.gates.fuzz._text_strategies import table_word_cells
    lines = ["| a | b |", "|---|---|", "| x | Y1 |", "|" + "-" * 20_000 + " end", "|" + "-" * 20_000 + "x |"]
    started = time.monotonic()
    table_word_cells(lines, tuple(range(len(lines))))
    assert time.monotonic() - started < 1.0  # (a regex of runs around `-{3,}` took 10 s at 2 000 dashes)


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
    assert not any("0724209070" in old or "12.5" in old for _, old in changed)
    # (a date cell is no word: it is moved a day, never given one; blind p354)
    assert all("a date moved a day later" in where for where, old in changed if "2024-03-14" in old)


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
    # a key's first word in another unit than the band's says nothing of the key's unit: read both ways, as
    # before (`day_length` in hours "within 5 minutes" was read as 5 minutes of a day; review)
    length = stated_tolerance("`day_length` is in hours. Each `day_length` must be within 5 minutes of the true value.")
    assert length.band_at(("day_length",), 18.72) >= 5
    half = stated_tolerance("`second_half` is in minutes. Each `second_half` must be within 3 seconds of it.")
    assert half.band_at(("second_half",), 48.0) > 3  # (`second`: an ordinal, not the unit)
    prompt = "Accuracy we need: `fg` within ±0.0002 and `day_within_1pt` within ±0.15 days.\n"
    mutants = _draws("text", "[B1]\nfg = 1.013796\nday_within_1pt = 9.556\n", "number_near", prompt)
    assert {factor_of(m.where) for m in mutants[:2]} == {WARN_FACTOR}
    assert {m.where.split(",")[1] for m in mutants[:2]} == {" key 'fg'", " key 'day_within_1pt'"}


def test_review_repros_free_prefixes_short_lists_and_headings_never_spoken_of():
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.fuzz._fuzz import _SPEAKS_OF_HEADINGS, _header_row
    # a note line with a word prefix, and comment lines the author "may add": free lines
    note = read_prompt("Write `counts.txt` with one line `<gate> <count>` per gate. You may put one free-text note "
                       "line first, starting with `Note:`; it is ignored.").free_lines
    assert note.prefixes == ("Note:",) and note.kinds("Note: by hand\nG1 12\n") == ("free", "graded")
    hashes = read_prompt("Write `bags.txt` with one line per bag. You may add comment lines starting with `#` "
                         "anywhere.").free_lines
    assert hashes.prefixes == ("#",)
    assert not read_prompt("Lines of `scans.log` starting with `#` are notes; you may add them to the count."
                           ).free_lines  # (the input's lines)
    # a list the prompt lets be shorter: dropping, cutting or repeating inside it is open
    allows = read_prompt("Write `nearest.json`: `nearest` lists up to three ids of the stations closest to it, "
                         "closest first. Fewer than three is fine (at least one).")
    assert allows.short_list("nearest") and not allows.short_list("stations")
    witnesses = read_prompt("`witnesses` lists at least one line id of a line breaking that rule; you need not list "
                            "them all.")
    assert witnesses.short_list("witnesses")
    assert not read_prompt("`codes` lists every code that applies (at least one).").short_list("codes")
    # a table's header row and the prompt's words for headings
    table = "# Hits\n\n| trip | rules |\n|---|---|\n| T1 | R01 |\n"
    assert _header_row(table, "| trip | rules |") and not _header_row(table, "| T1 | R01 |")
    assert not _SPEAKS_OF_HEADINGS.search("Write `hits.md` holding one Markdown table, a row per trip.")
    assert _SPEAKS_OF_HEADINGS.search("Start the file with a title line.")


def test_review_repro_a_key_list_line_is_not_reversed_into_a_stray_key():
    answer = "[T1]\ncars = GATX1, TILX2, BNSF3\n\n[T2]\ncars = UP4, CSX5\n\n[T3]\ncars = NS6, KCS7, CN8\n"
    assert not any("parts in reverse" in m.where for m in _draws("text", answer, "inject_record"))


def test_second_review_repros_grants_read_no_wider_than_their_words():
    from types import SimpleNamespace

    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.fuzz._fuzz import _given_lines
    # a prefix the graded lines carry, or one whose line "has to be correct", frees nothing
    for graded in ("Write `counts.txt` with one line per depot, e.g. `east 2`. You may write the lines starting "
                   "with `Depot:` (as in `Depot: east 2`). The counts must be exact.",
                   "Write `counts.txt`. You may add a last line starting with `Total:` that gives the number of "
                   "pallets over all depots; if you add it, it has to be correct."):
        free = read_prompt(graded).free_lines
        assert not (free and free.prefixes), graded
    # a short list is the quoted key's own clause, or the clause that leads to it, or one after it naming nothing
    def short(prompt: str, key: str) -> bool:
        return bool(read_prompt(prompt).short_list(key))
    assert not short("`codes` lists every distinct error code in the log, sorted ascending, and `nearest` lists up "
                     "to three station ids.", "codes")
    assert not short("`means` lists the mean reading of each sensor, rounded to up to 2 decimals, in sensor order.",
                     "means")
    assert not short("`hits` lists the numbers N of the log lines that carry at least one `ERROR` token.", "hits")
    assert short("Up to three station ids within 5 km go in `nearest`; fewer than three is fine.", "nearest")
    assert short("The nearest list holds up to three station ids within 5 km of the depot, in any order.", "nearest")
    assert short("`nearest` holds the closest station ids, closest first; fewer than three is fine.", "nearest")
    # a list's order said after a word for what the key is ("`cars` line")
    assert read_prompt("Each section's `cars` line gives the ids comma-separated, ordered from the switch end "
                       "toward the bumper.").list_order("cars")
    # a header or heading a template of the workspace (or the prompt) gives as it stands is the answer's
    ctx = SimpleNamespace(workspace_lines=lambda: frozenset({"## Stock by depot", "| depot | pallets |"}))
    assert _given_lines(ctx, "Fill in `template.md`; keep its first lines.", ["## Stock by depot"])
    assert _given_lines(ctx, "Start with `# Report`:\n\n# Report\n", ["# Report"])
    assert not _given_lines(ctx, "Write a table.", ["# Mishandled bags"])


def test_blind_p108_p111_rules():
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.core._free_lines import read_free_lines
    from artifactbench.gates.fuzz._text_strategies import list_item_swaps
    from artifactbench.gates.leaks._content import _inner_units
    # p110: `key=a,b,c` pairs inside a line, and "One line per section (every section in `sections.json`, in any
    # order)" frees the lines (a file's name is no field) while "the `waitlist` list must be in queue order"
    # orders one list of each line, in a sentence that frees another
    line = ["CS101-01 cap=2 enrolled=S230,S307,S327 waitlist=S539,S321,S348"]
    assert {(key, k) for _, key, k, _ in list_item_swaps(line, (0,))} == {
        ("enrolled", 1), ("enrolled", 0), ("waitlist", 1), ("waitlist", 0)}
    allows = read_prompt("**Output format.** One line per section (every section in `sections.json`, in any "
                         "order):\n\n```\n<section_id> enrolled=<ids> waitlist=<ids>\n```\n\nThe `enrolled` list can "
                         "be in any order you like, but the `waitlist`\nlist must be in queue order, front of the line "
                         "first. No other lines.\n")
    assert allows.unordered and "sections.json" not in allows.field_unordered
    assert allows.list_order("waitlist") and not allows.list_order("enrolled")
    # p109: "add extra columns after the four required ones" pins no part of the free text around the table
    free = read_free_lines("You can put notes or other text around the table, and add extra columns after the four "
                           "required ones if you find them useful.")
    assert free.parts and read_free_lines("The file must start with the required title line.").parts == frozenset()
    # p109: the statuses a state machine defines, repeated over a map of bookings, are vocabulary: each booking
    # is its own record, not the whole document one
    units, ids = _inner_units("json", '{"bookings": {"BK1": {"status": "CANCELLED", "sailing": "ARD-0730"}, '
                                      '"BK2": {"status": "NO_SHOW", "sailing": "ARD-0730"}}, "sailings": {"ARD-0730": '
                                      '{"status": "DEPARTED", "flags": ["LATE-SAIL"]}}}')
    assert {"CANCELLED", "ARD-0730", "BK1"} in units and {"DEPARTED", "ARD-0730", "LATE-SAIL"} in units
    assert len(units) == 3 and ids == {"BK1", "BK2", "ARD-0730"}


def test_each_smallest_move_is_a_place_of_its_own():
    from artifactbench.gates.fuzz._fuzz import _place
    # p95 (rerun): a 1 %-relative grader of "within 0.01 percentage points" accepts 8x at 37.116 and rejects it
    # at -6.889; placed by field, the second extreme of `annual_irr_pct` waited behind larger moves
    small = _place("line 13, key 'annual_irr_pct', 8x the prompt's tolerance")
    other = _place("line 11, key 'annual_irr_pct', 8x the prompt's tolerance")
    assert small != other
    assert _place("line 13, key 'annual_irr_pct', 16x the prompt's tolerance") == \
        _place("line 11, key 'annual_irr_pct', 16x the prompt's tolerance") == "annual_irr_pct@16x"


def test_p111_a_band_for_the_noun_and_on_or_before_in_sql():
    from artifactbench.gates.core import stated_tolerance
    from artifactbench.gates.fuzz._sql_weaken import _BOUND_WORDS
    # "±0.01 °C for the MKT and ±0.1 h for the headroom": each band its key's (a 0.1 %-relative grader in
    # kelvin, ±0.28 °C, hid behind the headroom's 0.1 read as every number's)
    said = stated_tolerance("Solve it however you like, but the numbers need to be good to ±0.01 °C for the MKT "
                            "and ±0.1 h for the headroom.")
    assert said.band_at(("mkt_c",), 4.707) == 0.01 and said.band_at(("headroom_h",), 37.3) == 0.1
    assert stated_tolerance("Every number must be within 0.01 for the values we compute.").general
    assert _BOUND_WORDS.search("`expiry_date` on or before `as_of` + 30 days")


def test_third_review_repros_ids_pair_with_their_values_and_lists_order_in_their_own_clause():
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.fuzz._text_strategies import list_item_swaps
    from artifactbench.gates.leaks._content import _inner_units, _stated_together
    # a status named with its booking's id is the answer, though each status alone is vocabulary
    units, ids = _inner_units("json", '{"bookings": {"BK501": {"state": "settled"}, "BK502": {"state": "voided"}, '
                                      '"BK503": {"state": "settled"}}}')
    labels = frozenset({"settled", "voided"})
    assert _stated_together("Check yourself: BK501 settled, BK502 voided.", labels, units, ids) >= labels
    assert not _stated_together("A booking is settled, or voided when cancelled.", labels, units, ids) & labels
    # the key quoted, the order in its own clause
    assert not read_prompt("The price of each of the skus is in `prices.csv`, sorted by code. Write `orders.txt`: "
                           "one line per order, in any order.").list_order("skus")
    assert not read_prompt("Sum the prices of the `skus`, then write the totals in ascending order of order id."
                           ).list_order("skus")
    reversed_ = read_prompt("The `waitlist` list must be in queue order (first come first), while the `enrolled` "
                            "list can be in any order you like.")
    assert reversed_.list_order("waitlist") and not reversed_.list_order("enrolled")
    # a logfmt line is pairs, not one list keyed by its first key
    line = ["section=CS101-01 cap=2 enrolled=S230,S307 waitlist=S539,S321,S348"]
    assert {key for _, key, _, _ in list_item_swaps(line, (0,))} == {"enrolled", "waitlist"}


def test_blind_p112_p115_rules():
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.fuzz._fuzz import _tie_swap_open
    # p112: "when two stations have the same `net_flow`, the lower `station_id` comes first" names a tie-break
    said = ("Rows must be sorted by `net_flow` ascending; when two stations have the same `net_flow`, the lower "
            "`station_id` comes first.")
    assert _tie_swap_open(said, "net_flow") is None
    # p115: "Oven names are up to you": the `oven` field's value is the answer's to choose
    allows = read_prompt('Write `oven_plan.json`:\n\n```json\n{"ovens": [{"oven": "OV1", "jobs": ["J07"]}]}\n```\n\n'
                         "- Oven names are up to you, and so is the order of the `ovens` list.\n")
    assert allows.leaves_open("string_change", "at $.ovens[0].oven")[0] == "info"
    assert allows.leaves_open("type_change", "at $.ovens[0].oven")[0] == "warn"
    assert allows.leaves_open("drop_key", "at $.ovens[2], key 'oven'")[0] == "warn"
    assert allows.leaves_open("string_change", "at $.ovens[0].jobs[0]") is None


def test_p112_words_only_free_lines_hold_are_no_leak(tmp_path):
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent))
    from _leak_task import content_leaks
    # "# East district — night rebalancing" above a route, of "Headings, notes or a short explanation around the
    # list are welcome": the title's words, which the prompt's own story uses, are no answer values
    reference = ("# East district — night rebalancing\n\nTruck leaves D0 empty, capacity 12.\n\n1. S12 (+3)\n"
                 "2. S08 (+8)\n3. S01 (-5)\n\nTotal driving time: 178 min\n")
    prompt = ("## Night rebalancing run\n\nTonight one truck has to put the east district back in balance. The "
              "truck leaves the depot empty and comes back at the end. Write `route.md`: a numbered list of "
              "stops, then `Total driving time: <N> min`. Headings, notes or a short explanation around the list "
              "are welcome; only the list items and the total line are read.\n")
    result = content_leaks(tmp_path, "route", "route.md", reference, prompt, {"network.json": "{}\n"})
    assert not [c for c in result.cases if c.name.startswith("reference_values") and c.status == "FINDING"]


def test_a_script_answer_keeps_its_comment_words_in_the_leak_count(tmp_path):
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent))
    from _leak_task import content_leaks
    # (blind p66, in this session's regression: the free-lines filter, applied to a SQL script whose comments the
    # prompt frees, left its keywords the bulk of its values, and the prompt's own `CREATE TABLE` schema then read
    # as a leak, 5 of 10; a script's words stay counted as they were)
    case = Path(__file__).parents[1] / "fixtures" / "leak_cases" / "sql_schema_in_prompt"
    result = content_leaks(tmp_path, "plan", "output/course_plan.sql", (case / "reference_output.sql").read_text(),
                           (case / "prompt.md").read_text(), {"catalog.json": (case / "catalog.json").read_text()})
    assert not [c for c in result.cases if c.name.startswith("reference_values") and c.status == "FINDING"], result
