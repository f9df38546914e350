"""The last reading before a `fail`: a key named nowhere but in a sentence that leaves parts open.

Prompts in the words of foreign corpora, each a phrasing no precise rule of _prompt reads as a grant.
"""

from __future__ import annotations

import pytest

from artifactbench.gates.core import doubt, example_extras, headings_only, map_keys, read_prompt

WORKING = (
    "Write `plan.json` with the chosen contracts and the revenue:\n\n"
    "```json\n{\"revenue\": 91500, \"picks\": [\"C12\", \"C44\"]}\n```\n\n"
    "Put in other stuff if you want to show your working (a day-by-day plan, per-contract amounts, whatever).\n"
    "Plan the season so that no two hive contracts overlap: the schedule is what the grader rebuilds.\n"
)


def test_a_key_named_only_where_the_prompt_leaves_parts_open_is_a_question():
    assert not read_prompt(WORKING).other_keys  # (no precise rule reads "other stuff if you want")
    severity, why = doubt(WORKING, "at $.day_plan[0].start_day")
    assert severity == "warn" and "'day_plan'" in why and "show your working" in why


@pytest.mark.parametrize("where", [
    "at $.picks[1]",  # (named in the example)
    "at $.revenue",
    "top level, key 'revenue'",
])
def test_a_key_the_format_example_names_stays_a_fail(where):
    assert doubt(WORKING, where) is None


def test_one_word_key_said_only_in_prose_is_not_named_but_a_phrase_names_a_longer_one():
    prompt = ("Report the schedule and the total cost in a JSON object. "
              "Additional keys are fine if you like to add them.")
    assert doubt(prompt, "at $.total_cost") is None  # ("the total cost": every word of it)
    assert doubt(prompt, "at $.schedule[2].crew")[0] == "warn"  # ("the schedule": a word any grant uses)


@pytest.mark.parametrize("prompt", [
    "Write `out.json` with `revenue`. No other keys are allowed.",
    "Write `out.json` with `revenue`. Extra keys are rejected by the grader.",
    "Write `out.json` with `revenue`. The input file may carry extra columns; ignore them.",
    "Write `out.json` with `revenue` and `picks` and nothing else.",
    "Write `out.json` with `revenue`; only these keys, please: extra keys fail.",
])
def test_a_refusal_or_a_sentence_about_the_input_opens_nothing(prompt):
    assert doubt(prompt, "at $.breakdown[0].amount") is None


def test_a_record_id_is_data_never_a_key_the_prompt_should_name():
    prompt = "Write `balances.json` mapping each account to its `balance`. You may add other fields if you like."
    assert doubt(prompt, "at $.ACC-1042.balance") is None
    assert doubt(prompt, "at $.ACC-1042.note")[0] == "warn"


def test_a_text_artifact_field_is_given_by_the_caller():
    prompt = ("Write `fit.toml` with `rate` and `residual`.\n\n"
              "Add any other keys you care to (iterations, method, a note) - they are ignored.")
    assert doubt(prompt, "line 4: 'method = \"bisection\"' -> '(dropped)'", ("method",))[0] == "warn"
    assert doubt(prompt, "line 2: 'rate = 0.25' -> '(dropped)'", ("rate",)) is None
    assert doubt(prompt, "line 7: '8' -> '1080'") is None  # (no key: a plain text line stays as it is)


def test_a_prompt_that_leaves_nothing_open_changes_nothing():
    assert doubt("Write `out.json` as {\"a\": 1}.", "at $.schedule[0].b") is None
    assert doubt("", "at $.schedule[0].b") is None


def test_headings_the_prompt_never_gives_beside_a_sentence_that_frees_them():
    prompt = ("Write `phenotypes.md`: one line per family, `F07: 3 tall : 1 short`.\n\n"
              "Headings and other notes are fine if they help you.\n")
    assert headings_only(["# Possible offspring phenotypes"]) == ("Possible offspring phenotypes",)
    assert headings_only(["# Possible offspring phenotypes", "F07: 3 tall : 1 short"]) == ()
    title = lambda: ("Possible offspring phenotypes",)  # noqa: E731
    severity, why = doubt(prompt, "line 1: '# Possible ...' -> '(dropped)'", (), title)
    assert severity == "warn" and "heading" in why
    named = prompt + "Start with a `# Possible offspring phenotypes` heading.\n"
    assert doubt(named, "line 1", (), title) is None
    assert doubt("Write `phenotypes.md`: one line per family.", "line 1", (), title) is None


def test_the_lines_a_change_touches_are_found_in_linear_time():
    from artifactbench.gates.fuzz._fuzz import _touched_lines
    before = "\n".join(["7"] * 30000)
    after = before.replace("7\n7", "7\n8\n7", 1)
    assert _touched_lines(before, after) == ["8"]
    assert _touched_lines("# T\na\nb", "a\nb") == ["# T"]


# Review of the first cut (an outsider's task dirs): flaws it hid, false fails it left.
GRANTED_IN_THE_SAME_SENTENCE = ("Write `out/plan.json` with `offers` (the accepted ids, any order) and `revenue` "
                                "(what they pay together); you may add other keys to show your working.")


def test_review_repros_keys_the_granting_sentence_names_before_its_grant_stay_named():
    assert doubt(GRANTED_IN_THE_SAME_SENTENCE, "at $.revenue") is None
    assert doubt(GRANTED_IN_THE_SAME_SENTENCE, "at $.timeline[0].pays")[0] == "warn"


def test_review_repros_a_map_of_records_keyed_by_name_is_data():
    prompt = ("Write `regions.json`, one object per region giving the region's `total` pay and its `count`: "
              "{\"Valley\": {\"total\": 1, \"count\": 2}}. Feel free to add other keys for your own checks.")
    data = map_keys({"Valley": {"total": 1, "count": 2}, "Coast": {"total": 3, "count": 1}})
    assert data == {"Valley", "Coast"}
    assert doubt(prompt, "at $.Coast.total", data_keys=data) is None
    assert doubt(prompt, "at $.Coast.spread", data_keys=data)[0] == "warn"
    assert map_keys({"total": 1, "count": 2}) == frozenset()  # (scalars: no map read)


def test_review_repros_a_csv_header_in_a_fenced_example_names_its_columns():
    prompt = "Write `out.csv` with this header:\n\n```csv\nregion,total,count\n```\n\nExtra columns are fine if you want them."
    assert doubt(prompt, "line 3, column 'total'", ("total",)) is None
    assert doubt(prompt, "line 3, column 'spread'", ("spread",))[0] == "warn"


@pytest.mark.parametrize("sentence", [
    "Optionally, add a `notes` string with remarks.",  # (one named key: the precise rules' to read)
    "You may use any tools or data you like to work it out.",
    "Optional last step: sanity-check your totals against the raw rows.",
])
def test_review_repros_sentences_that_free_no_part_of_the_answer_in_general_words(sentence):
    prompt = "Report the schedule and the revenue in `plan.json`. " + sentence
    assert doubt(prompt, "at $.schedule[0].start_day") is None


@pytest.mark.parametrize("tail", [
    "- we only look at `offers` and `revenue`.",
    "; it never counts against you.",
    ", it cannot hurt.",
])
def test_review_repros_a_reassurance_is_no_refusal(tail):
    prompt = WORKING.replace(
        "(a day-by-day plan, per-contract amounts, whatever).", "(a day-by-day plan, per-contract amounts, whatever)" + tail)
    assert doubt(prompt, "at $.day_plan[0].start_day")[0] == "warn"


# A second review (the loose reading with the round's rules): seven flaws it hid, each a fail again.
def test_second_review_repros_a_key_an_example_leaves_out_but_a_sentence_requires():
    prompt = ('Write `stations.json`:\n\n```json\n[{"station": "A", "count": 2}]\n```\n\nEach object must also have '
              'a `mean` key: the average value, rounded to 2 decimals. You may add other keys if you like.')
    data = [{"station": "A", "count": 2, "mean": 1.5}]
    assert doubt(prompt, "record 0, field 'mean'", extras=lambda: example_extras(prompt, data)) is None
    lines = 'One line per entry:\n\n```\n{"seq": 7, "status": "paid"}\n```\n\nExtra keys on a line are fine.'
    echoed = [{"seq": 1, "member": "M1", "status": "paid"}]
    assert doubt(lines + " Each service line comes with `member` and `code`.", "record 0, field 'member'",
                 extras=lambda: example_extras(lines, echoed)) is None  # ("comes with": an input's line, asked for)
    assert doubt(lines + " Input lines have `member`.", "record 0, field 'member'",
                 extras=lambda: example_extras(lines, echoed))[0] == "warn"


@pytest.mark.parametrize("sentence", [
    "You can print more details to the console while you work.",
    "You may find more information in the README.",
    "The grader can take a few seconds; any other details of the process are up to you.",
])
def test_second_review_repros_sentences_about_the_run_not_the_answer(sentence):
    prompt = "Report the schedule (each entry with its id, start day and end day) in `plan.json`. " + sentence
    assert doubt(prompt, "at $.schedule[0].start_day") is None


@pytest.mark.parametrize("sentence", [
    "You may add extra keys while debugging, but remove them before you submit: the grader rejects them.",
    "Extra fields are tolerated by `verify.py`, but the hidden grader rejects them.",
    "Extra keys are fine while you work, but the submitted file must contain only `offers` and `revenue`.",
    "Extra keys are fine inside `meta` but not at the top level.",
    "Extra keys are all rejected; the order of the keys is up to you.",
    "Any other key is an error, but indentation is up to you.",
    "Extra keys are not fine.",
    "Other keys are wrong; whitespace is fine.",
])
def test_second_review_repros_a_refusal_in_another_clause_still_refuses(sentence):
    prompt = "Write `plan.json` with `offers` and `revenue`. " + sentence
    assert not read_prompt(prompt).other_keys
    assert doubt(prompt, "at $.timeline[0].start_day") is None


def test_second_review_repros_a_list_whose_repeats_count_is_no_set():
    from artifactbench.gates.fuzz._fuzz import _scalar_member
    assert _scalar_member("json", '{"codes": ["R01", "R02"]}', "at $.codes[0]")
    crates = "`weights`: one entry per crate, so a weight appears as many times as you load crates of it."
    assert not _scalar_member("json", '{"weights": [12, 12, 30]}', "at $.weights[0]", crates)
    assert _scalar_member("json", '{"rows": [3, 7]}', "at $.rows[0]", "The order of the row numbers doesn't matter.")
    assert not _scalar_member("json", '{"w": [1.5, 2.5]}', "at $.w[0]")


def test_second_review_repros_percentage_points_of_a_fraction_keep_both_readings():
    from artifactbench.gates.core import stated_tolerance
    assert len(stated_tolerance("Report `late_share` as a fraction (e.g. 0.153), within 0.01 percentage "
                                "points.").readings) == 2
    assert example_extras("```\n" + "[" * 5000 + "\n```", {"a": 1}) == frozenset()  # (no RecursionError)


# A third review (this round's mutation and reading rules): false fails and a hidden flaw it found.
@pytest.mark.parametrize("sentence", [
    "You can add other keys if you want to show your working, but only `offers` and `revenue` are graded.",
    "Extra keys are allowed; only `total` is compared.",
    "Other fields may be added, but only if they are JSON numbers.",
    "You can add other keys, but please delete temporary files from out/.",
    "Extra keys are fine (e.g. a count of every failed check).",
])
def test_third_review_repros_grants_that_stay_grants(sentence):
    assert read_prompt("Write `plan.json` with `offers` and `revenue`. " + sentence).other_keys


def test_third_review_repros_a_definition_is_many_answers_unless_every_one_is_listed():
    from artifactbench.gates.core._prompt import _many_answers
    colouring = "A valid colouring is any assignment of colours that satisfies this rule."
    assert _many_answers(colouring, colouring + " Submit one.")
    lineups = "A line-up is any subset of them that satisfies all of these:"
    assert not _many_answers(lineups, lineups + " List every line-up, one per line.")


def test_third_review_repros_a_tie_phrase_that_frees_the_order_frees_it():
    from artifactbench.gates.fuzz._fuzz import _tie_swap_open
    said = ("Runners with the same net time are ordered by bib in the printed results, but their order among "
            "themselves does not matter here.")
    assert _tie_swap_open(said, "net_s")[0] == "info"


def test_third_review_repros_a_day_and_a_time_apart_are_no_tie():
    from artifactbench.gates.fuzz._tree_records import _tied_neighbours
    rows = [{"date": "2024-03-01", "time": "08:15", "n": 1}, {"date": "2024-03-01", "time": "17:05", "n": 2},
            {"date": "2024-03-02", "time": "09:00", "n": 3}, {"date": "2024-03-02", "time": "09:00", "n": 4}]
    assert _tied_neighbours((), rows) == [((), 2, 3)]


def test_third_review_repros_list_cells_of_words_and_extra_codes_said_fine():
    from artifactbench.gates.fuzz._fuzz import _extra_values_said
    from artifactbench.gates.fuzz._text_strategies import list_cell_injections
    notes = ["| batch | Note |", "|---|---|", "| B1 | late, cold |", "| B2 | warm |"]
    assert list_cell_injections(notes) == []
    assert _extra_values_said("`Codes` must contain at least the rules broken. Extra codes are fine, they are ignored.")
    assert not _extra_values_said("Extra codes are not allowed.")


def test_third_review_repros_a_wide_table_gives_a_bounded_share_to_each_column():
    # (every matching cell of one table was a full copy of its row: 216 MB for 10 000 rows x 60 list columns,
    # all the kept ones from the first column; now at most MAX_CELL_INJECTIONS, a share per column)
    from artifactbench.gates.fuzz._text_strategies import MAX_CELL_INJECTIONS, list_cell_injections
    header = "| id | " + " | ".join(f"c{k}" for k in range(60)) + " |"
    rule = "|---|" + "---|" * 60
    rows = [f"| {n} | " + " | ".join(f"A{n % 5}, B{k % 3}" for k in range(60)) + " |" for n in range(10_000)]
    found = list_cell_injections([header, rule, *rows])
    assert 0 < len(found) <= MAX_CELL_INJECTIONS and len({column for _, column, *_ in found}) > 1
