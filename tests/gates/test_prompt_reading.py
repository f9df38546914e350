"""read_prompt: what a prompt leaves open, read with general rules (table-driven)."""

from __future__ import annotations

import pytest

from artifactbench.gates.core import read_prompt

CASES = [
    ("order-does-not-matter", "One object per host. The order of the entries does not matter.",
     dict(unordered=True)),
    ("any-order", "List the users, one per line (any order).", dict(unordered=True)),
    ("sorted-states-an-order", "Entries MUST be sorted by `hostname`, ascending.",
     dict(unordered=False, ordered_by=("hostname",))),
    ("silent", "Write the totals.", dict(unordered=False, ordered_by=())),
    ("optional-field-in-table-row", "| `incident` | the id |\n| `comment` | free-form text; optional and not graded |",
     dict(optional_fields=frozenset({"comment"}))),
    ("required-is-not-optional", "| `severity` | required: sev1 above 120 minutes |", dict(optional_fields=frozenset())),
    ("abs-tolerance", "Means within 1.5 of the true mean are accepted.", dict(abs_tolerance=1.5)),
    ("rel-tolerance", "A tolerance of 2% applies.", dict(rel_tolerance=0.02)),
    ("rounding", "Amounts are rounded to two decimal places.", dict(abs_tolerance=0.005)),
]


@pytest.mark.parametrize("text, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_read_prompt(text, expected):
    allows = read_prompt(text)
    for name, value in expected.items():
        assert getattr(allows, name) == value, (name, allows)


@pytest.mark.parametrize("text, tolerance", [
    ("Each value must be within 1e-6 of the true value.", 1e-6),
    ("Each component within **1e-8** (absolute) of the exact solution.", 1e-8),
    ("A tolerance of 2.5E-3 is used.", 2.5e-3),
    ("Answers within 10^-6 pass.", 1e-6),
    ("Answers within `10**-4` pass.", 1e-4),
    ("Means within 1.5 of the true mean are accepted.", 1.5),
])
def test_tolerances_in_scientific_and_markdown_notation(text, tolerance):
    """Before, "within 1e-6" read as an absolute tolerance of 1 (and 10^-6 as 10): a grader accepting
    numbers far off was then excused by the prompt."""
    assert read_prompt(text).abs_tolerance == pytest.approx(tolerance, rel=1e-12)


# Negated order wordings: each frees the output's order ...
UNORDERED = [
    ("neither-nor-matters", "Write one array per pack. **Neither the order of the packs nor the\norder of the "
                            "labels inside a pack matters.**"),
    ("neither-x-nor-order", "Neither the spacing nor the order of the keys matters."),
    ("is-irrelevant", "The order of the entries in `crews.json` is irrelevant."),
    ("is-immaterial", "Row ordering is immaterial."),
    ("of-no-importance", "The order of the lines is of no importance."),
    ("need-not-be-sorted", "The rows need not be sorted."),
    ("does-not-have-to-be-sorted", "Your list does not have to be sorted."),
    ("no-order-required", "No particular order is required."),
    ("order-does-not-count", "Line order does not count."),
    ("irrespective", "Emit the pairs irrespective of order."),
    ("order-independent", "The comparison is order-independent."),
    ("no-particular-order-imperative", "List the matching ids, one per line, in no particular order."),
    ("no-particular-order-your", "Your rows may come in no particular order."),
    ("any-line-order", "Every parcel exactly once; any line order; extra keys ignored."),
    ("any-row-order-in-parentheses", "`out.csv` with a header and one row per project (any row order)."),
    ("row-order-free", "Write `stock.csv` with one row per SKU that appears in any event (row order free):"),  # blind p19
    ("line-order-is-free", "Line order is free; keys within a line are fixed."),
    ("in-any-line-order", "Each parcel exactly once, in any line order."),
    ("may-appear-in-any-order", "Rows may appear in any order."),
    ("arbitrary-order", "Write the rows in an arbitrary order."),
    ("in-any-sequence", "Lines may be emitted in any sequence."),
    ("order-is-up-to-you", "Row order is up to you."),
    ("order-is-free", "The line order is free."),
    ("order-not-significant", "The order of lines is not significant."),
    ("emphasis", "The order of the lines *does not* matter."),
    ("written-file-rows-unordered", "Write `out/irr.csv`, one row per project. The rows of `irr.csv` are unordered."),
    ("same-but-for-order", "The lines may come in any order, but each roster must appear exactly once (two lines "
                           "that differ only in the order of names are the same roster)."),
]
# ... and these do not: they state an order, negate something else, or describe the given data.
STILL_ORDERED = [
    ("order-matters", "The order matters: one line per job, in the order they finished."),
    ("neither-nor-unrelated", "Neither the names nor the weights may change, and the order matters."),
    ("input-in-no-particular-order", "`plan.csv` lists the tasks. The rows are in no particular order."),
    ("input-rows-can-be", "A job can have several rows (rows are in no particular order); the latest counts."),
    ("not-necessarily-input", "The input is not necessarily complete; write the rows sorted by `id`."),
    ("columns-free-rows-sorted", "Rows sorted by `id`; the columns may come in any order."),
    ("keys-free-lines-increasing", "Lines in increasing `hours` (the keys inside a line may come in any order)."),
    ("any-sequence-of-moves", "Find any sequence of moves that clears the board; write one move per line."),
    ("order-given", "Write the rows in the order given in `jobs.csv`."),
    ("names-free-rows-in-order-of-input", "Names may come in any order; rows in the order of the input file."),
    ("input-rows-unordered", "Compute the IRR of each project in `cashflows.csv` (`project,period,amount`; rows are "
                             "unordered). Write `out/irr.csv`, one row per project."),
    # (the lines' order is kept after "differ only in the order of names" is taken out: "follow the order of")
    ("names-free-lines-follow-order", "The names inside a list may come in any order (two lines that differ only "
                                      "in the order of names are the same roster), but the lines follow the order "
                                      "of `crew.json`."),
    ("keys-free-lines-keep-order", "Keys may come in any order, but the lines keep the order of the log."),
    ("any-spacing-same-order-as", "Spacing and key order are free; lines in the same order as `jobs.csv`."),
]


@pytest.mark.parametrize("text", [c[1] for c in UNORDERED], ids=[c[0] for c in UNORDERED])
def test_negated_order_wordings_free_the_order(text):
    allows = read_prompt(text)
    assert allows.unordered, text
    assert allows.leaves_open("swap_records", "record 0 <-> record 1")[0] == "info"


@pytest.mark.parametrize("text", [c[1] for c in STILL_ORDERED], ids=[c[0] for c in STILL_ORDERED])
def test_other_wordings_leave_the_order_unsaid_or_stated(text):
    allows = read_prompt(text)
    assert not allows.unordered, allows.unordered_sentences
    found = allows.leaves_open("swap_records", "record 0 <-> record 1")
    assert found is None or found[0] != "info", found


@pytest.mark.parametrize("text, fields", [
    ("Write one row per sample in increasing `t`.", ("t",)),
    ("Rows sorted by `id`; the columns may come in any order.", ("id",)),
    ("List the lines by decreasing `score`.", ("score",)),
    ("Rows in alphabetical order of `name`.", ("name",)),
])
def test_sentences_that_state_an_order_are_read_as_ordered(text, fields):
    """Before, "in increasing `t`" stated no order (a swap was only a warning), and a sentence that freed
    the columns' order ("columns in any order") freed the rows' order as well."""
    allows = read_prompt(text)
    assert not allows.unordered and allows.ordered_by == fields, allows
    assert allows.leaves_open("swap_records", "record 0 <-> record 1") is None


def test_the_grader_sorting_rows_itself_states_no_order():
    allows = read_prompt("Rows may be in any order; the grader compares them sorted by `id`.")
    assert allows.unordered


def test_order_kinds_follow_what_the_prompt_states():
    nested = "record 1, field 'lines.0' <-> record 1, field 'lines.1'"
    assert read_prompt("Rows sorted by invoice id.").allows_kind("swap_records", nested)  # says nothing of lines
    assert not read_prompt("Rows sorted by invoice id.").allows_kind("swap_records", "record 0 <-> record 1")
    assert not read_prompt("Keep `lines` in the order of lines.csv.").allows_kind("swap_records", nested)
    assert read_prompt("Any order.").allows_kind("reversed_lines")
    assert not read_prompt("Any order.").allows_kind("drop_record")


def test_optional_fields_match_the_fuzzers_descriptions():
    allows = read_prompt("The `note` field is optional.")
    assert allows.allows_field("record 2 (line 3), field 'note'")
    assert allows.allows_field("record 0, key 'note'")
    assert not allows.allows_field("record 0, field 'total'")
    assert allows.within_tolerance(10.0, 10.0) and not allows.within_tolerance(10.0, 11.0)


def test_an_order_word_counts_only_where_the_sentence_names_the_output():
    hint = "Enumerating the subsets ordered by size and stopping at the first hit is fast enough."
    assert read_prompt(hint).ordered_by == ()
    assert read_prompt("Apply each rule to every input row, in order.").ordered_by == ()
    assert read_prompt("The rows are sorted by `day`.").ordered_by == ("day",)
    # the nested-list exemption reads the JSON path form too
    allows = read_prompt("Write `best` and `members`. Results sorted by `best`.")
    assert allows.allows_kind("swap_records", "at $.members[0] <-> at $.members[1]")
    assert not read_prompt("List `members` in ascending order.").allows_kind(
        "swap_records", "at $.members[0] <-> at $.members[1]")


FREE = [
    ("re-evaluated-by", "`score` is re-evaluated by the grader.", "score"),
    ("grader-re-evaluates-it", "`energy`: the value at your point; the grader re-evaluates it.", "energy"),
    ("grader-recomputes-field", "The grader recomputes `checksum` from your rows.", "checksum"),
    ("grader-ignores-field", "The grader ignores `remarks` entirely.", "remarks"),
    ("field-is-ignored", "Any `debug` key is ignored.", "debug"),
    ("informational", "Reported `loss` is informational only.", "loss"),
]


@pytest.mark.parametrize("text, field", [c[1:] for c in FREE], ids=[c[0] for c in FREE])
def test_fields_the_grader_does_not_take_from_the_artifact(text, field):
    allows = read_prompt(text)
    assert field in allows.free_fields
    assert allows.leaves_open("number_far", f"at $.{field}")[0] == "info"
    assert allows.leaves_open("type_change", f"record 0 (line 1), field '{field}'")[0] == "info"


def test_a_free_fields_stated_type_still_counts():
    allows = read_prompt("The grader re-evaluates `f` at your point. All fields must be finite numbers.")
    assert allows.leaves_open("number_far", "at $.f")[0] == "info"
    assert allows.leaves_open("type_change", "at $.f") is None  # null is not a finite number
    assert allows.leaves_open("drop_key", "top level, key 'f'")[0] == "warn"  # the schema names it
    assert read_prompt("The grader re-evaluates `f`.").leaves_open("type_change", "at $.f")[0] == "info"


def test_negated_or_unrelated_wording_frees_nothing():
    assert read_prompt("Use `macro_f1` = mean of per-class F1, NOT recomputed from `macro_p`.").free_fields == frozenset()
    assert read_prompt("An `event` on a closed `session` is ignored.").free_fields == frozenset()
    assert read_prompt("The grader re-evaluates `f` on your `x`.").leaves_open("number_far", "at $.x") is None


def test_optional_field_path_forms_and_severities():
    allows = read_prompt("- `plan`: (optional but checked if present) one list per worker.")
    assert allows.leaves_open("duplicate_record", "at $.plan[0]") == ("warn", "the prompt calls 'plan' optional")
    assert allows.leaves_open("drop_key", "top level, key 'plan'")[0] == "info"
    assert allows.leaves_open("number_far", "at $.plan[1][0]")[0] == "warn"
    assert allows.leaves_open("number_far", "at $.cost") is None


def test_duplicates_inside_a_normalised_list():
    allows = read_prompt("Edges within a graph may come in any order; they are normalized by the grader.")
    assert allows.leaves_open("duplicate_record", "record 2 (line 3), field 'edges.1'")[0] == "info"
    assert allows.leaves_open("duplicate_record", "record 2 (line 3)") is None  # a repeated record is not
    plain = read_prompt("Every graph is one line: its edge list, normalized by the grader.")
    assert plain.leaves_open("duplicate_record", "record 2 (line 3), field '1'")[0] == "info"
    assert read_prompt("One graph per line.").leaves_open("duplicate_record", "record 2 (line 3), field '1'") is None


def test_stated_thresholds_and_vague_tolerances():
    assert "RMSE" in read_prompt("Your model must reach an RMSE below 0.5.").threshold
    assert read_prompt("There are at most 40 jobs.").threshold == ""
    vague = read_prompt("The grader uses a small tolerance on `p95`.")
    assert vague.within_tolerance(812.0, 813.0) and not vague.within_tolerance(8.0, 9.0)


# General grants of keys the prompt does not list ...
OTHER_KEYS = [
    ("may-add-other-keys", "You may add other keys to a line (for example a per-region breakdown); they are ignored."),
    ("additional-fields-ignored", "Additional fields are ignored."),
    ("extra-keys-allowed", "Extra top-level keys are allowed."),
    ("other-columns-not-graded", "Other columns in your output are not graded."),
    ("grader-ignores-unknown", "The grader ignores any unknown properties."),
    ("keys-other-than", "Keys other than these are not checked."),
    ("objects-may-contain", "Each object may contain further fields."),
]
# ... and wordings that grant nothing: they refuse other keys, or speak of the input files.
NO_OTHER_KEYS = [
    ("extra-rejected", "Extra keys are rejected."),
    ("not-allowed", "Additional fields are not allowed."),
    ("must-not", "Lines must not contain other keys."),
    ("do-not-add", "Do not add other fields; they are ignored at best and may fail the line."),
    ("no-other-keys", "No other keys are allowed."),
    ("input-extra-columns", "`stock.csv` may have extra columns; they are ignored."),
    ("input-word", "The input may contain additional fields, which can be ignored."),
    ("imperative-ignore", "Ignore any extra columns."),
    ("no-grant-word", "Write one object per region with the keys above."),
    # a grant about the input's records, in a prompt that closes the output's keys elsewhere
    ("closed-elsewhere", "Each event has `id` and `op`. Other fields are ignored.\n\nWrite one object with "
                         "exactly these keys: `region`, `units`."),
    ("refused-elsewhere", "Other keys are fine in the log. Your output must not contain extra fields."),
]
REQUIRED = "Write one line per region:\n\n```json\n{\"region\": \"north\", \"units\": 3}\n```\n\n"


@pytest.mark.parametrize("text", [c[1] for c in OTHER_KEYS], ids=[c[0] for c in OTHER_KEYS])
def test_a_general_grant_frees_keys_the_prompt_never_names(text):
    """Before, only a key the prompt named as optional was left open: a breakdown the prompt allows in
    general terms ("other keys are ignored") made every accepted change to it a `fail`."""
    allows = read_prompt(REQUIRED + text)
    assert allows.other_keys
    assert allows.leaves_open("number_far", "record 0 (line 1), field 'by_day.mon'")[0] == "warn"
    assert allows.leaves_open("drop_key", "record 2 (line 3), key 'by_day'")[0] == "info"
    assert allows.leaves_open("rename_key", "at $.rows[1], key 'note'")[0] == "info"
    assert allows.leaves_open("drop_key", "column 'note'")[0] == "info"
    # the keys the prompt names stay strict, and so do changes that are not confined to other keys
    assert allows.leaves_open("number_far", "record 0 (line 1), field 'units'") is None
    assert allows.leaves_open("drop_key", "record 2 (line 3), key 'region'") is None
    assert allows.leaves_open("drop_record", "record 2 (line 3)") is None


@pytest.mark.parametrize("text", [c[1] for c in NO_OTHER_KEYS], ids=[c[0] for c in NO_OTHER_KEYS])
def test_refusals_and_input_sentences_free_no_key(text):
    allows = read_prompt(REQUIRED + text)
    assert allows.other_keys == "", allows.other_keys
    assert allows.leaves_open("number_far", "record 0 (line 1), field 'by_day.mon'") is None
    assert allows.leaves_open("drop_key", "record 2 (line 3), key 'by_day'") is None


def test_a_key_the_prompt_names_is_not_an_other_key():
    allows = read_prompt("Write `region`, `units` and `share` (the region's share of all units). "
                         "Each line lists the USD total. You may add other keys (e.g. `note`); they are ignored.")
    assert allows.leaves_open("number_far", "record 0, field 'share'") is None  # quoted in the schema
    assert allows.leaves_open("number_far", "record 0, field 'usd_total'") is None  # as words: "USD total"
    # the grant's own example of the keys it says are ignored
    assert allows.leaves_open("string_change", "record 0, field 'note'")[0] == "info"
    # inside a named key's value, the inner keys are its data, not other keys
    assert allows.leaves_open("number_far", "record 0, field 'units.mon'") is None
    # a change inside a list of records reaches their own keys
    assert allows.leaves_open("number_far", "at $.regions[0].extra")[0] == "warn"
    assert allows.other_key("at $.extra[0] <-> at $.extra[1]") == "extra"
    assert allows.other_key("at $.extra[0] <-> at $.units[1]") is None  # both places must be other keys


def test_a_stated_type_for_all_fields_keeps_type_changes_strict():
    allows = read_prompt(REQUIRED + "All fields must be numbers. Other keys are ignored.")
    assert allows.leaves_open("type_change", "record 0, field 'by_day'") is None
    assert allows.leaves_open("number_far", "record 0, field 'by_day'")[0] == "warn"


@pytest.mark.parametrize("text, abs_tol, rel_tol", [
    ("Each component of `x` must be within **1e-8** (absolute) of the exact solution.", 1e-8, 0.0),
    ("`E` must be within **1e-9 radians** of the true solution, so print it with 12 significant digits.",
     1e-9, 1e-9),  # neither absolute nor relative: both (the loosest reading); printing digits is format
    ("A value `x` is accepted when |x - x_true| <= 1e-9 * |x_true|.", 0.0, 1e-9),
    ("Each root must be correct to ten significant figures.", 0.0, 1e-9),
    ("Means within 0.5% of the truth pass.", 0.0, 0.005),
    ("Each `k` must be within an absolute 1e-6 of force / extension.", 1e-6, 0.0),
    ("The relative error must be below 1e-4.", 0.0, 1e-4),
    ("Compute the mean of each column of `sensors.csv` to within an absolute 1e-6.", 1e-6, 0.0),
    # in places (blind p13: a ledger "correct to the cent" graded with a relative 1e-3)
    ("Money columns must be correct to the cent (write them with 2 decimals).", 0.01, 0.0),
    ("Each rate is checked to four decimal places.", 1e-4, 0.0),
])
def test_a_stated_accuracy_is_read(text, abs_tol, rel_tol):
    stated = read_prompt(text).stated
    assert stated is not None and (stated.abs, stated.rel) == (abs_tol, rel_tol), stated


@pytest.mark.parametrize("text", [
    "Iterate until successive values are within 1e-12 of each other.",  # how to compute, not the answer
    "Write up to 3 records.",
    "The grader uses a small tolerance.",
    "Print every value to 6 significant figures.",
    "Round each mean to 2 decimal places.",
    "Convert each expense to USD and round it to the cent before adding it up.",  # how to compute
    "The readings in `sensors.csv` are accurate to within 1e-6.",  # the input's accuracy, not the answer's
    "Input timestamps are given within 0.001 s of the true time.",
])
def test_no_stated_accuracy_is_read_into(text):
    assert read_prompt(text).stated is None


@pytest.mark.parametrize("text, expected", [("Values must be within 1e-6.", 1e-6), ("Values must be within 0.5.", 0.5)])
def test_a_tolerance_ending_its_sentence_is_read_whole(text, expected):
    """The full stop after "1e-6" is not part of the number: it was read as 1 (and "0.5." not at all)."""
    assert read_prompt(text).abs_tolerance == expected


@pytest.mark.parametrize("text", [
    "There are usually several optimal assignments; any optimal one is fine.",
    "Any timetable that satisfies both rules is acceptable.",
    "The shortest route is not necessarily unique.",
])
def test_a_prompt_accepting_more_than_one_answer_leaves_an_exchange_open(text):
    allows = read_prompt(text)
    severity, why = allows.leaves_open("swap_values", "record 0, field 'slot', exchanged with record 1; "
                                                       "the records also differ in 'exam'")
    assert severity == "warn" and "more than one answer" in why


def test_an_exchange_that_only_repairs_optional_values_is_open_and_others_are_not():
    """In a two-field record, exchanging `package` is exchanging the optional `constraint`."""
    allows = read_prompt("- `constraint`: the violated constraint (optional).\nOne line per package.")
    place = "record 0, field 'package', exchanged with record 1; the records also differ in "
    assert allows.leaves_open("swap_values", place + "'constraint'")[0] == "warn"
    assert allows.leaves_open("swap_values", place + "'constraint', 'version'") is None
    assert read_prompt("One line per package.").leaves_open("swap_values", place + "'constraint'") is None


@pytest.mark.parametrize("text", [
    "The order of the roots within a line, and the order of the lines, do not matter.",
])
def test_more_order_free_wordings(text):
    assert read_prompt(text).unordered


def test_a_free_form_field_is_free_and_only_it():
    allows = read_prompt("`notes` is free-form and optional: anything there is fine. `total` must be exact.")
    assert "notes" in allows.free_fields and "total" not in allows.free_fields
    assert read_prompt("| `notes` | free-form text for the ops team |\n| `total` | integer |").free_fields == {"notes"}
    assert read_prompt("`summary` is free-form; `total` must be exact.").free_fields == {"summary"}


def test_keys_a_grant_lists_are_free_where_it_says_they_are_not_checked():
    """p6 (blind): "you can include extra columns (vendor, amounts, ...) if they help the reviewers - they
    are not checked": `vendor` is named elsewhere (the input's columns, the matching rules), yet the grant
    lists it among the columns nobody checks. Before, seven accepted changes to it were `fail` findings."""
    allows = read_prompt("Go through `invoices.csv` (`invoice_id, vendor, amount`). Two invoices match when the "
                         "vendor is the same. Save `first_id` and `second_id`. Row order does not matter, and you "
                         "can include extra columns (vendor, amounts, …) if they help the reviewers — they are "
                         "not checked.")
    assert allows.leaves_open("string_change", "record 0 (line 2), field 'vendor'")[0] == "info"
    assert allows.leaves_open("number_far", "record 0 (line 2), field 'first_amount'")[0] == "info"  # "amounts"
    assert allows.leaves_open("number_far", "record 0 (line 2), field 'first_id'") is None
    kept = read_prompt("Save `first_id` and `second_id`. You may add other columns (such as `vendor`).")
    assert kept.leaves_open("string_change", "record 0 (line 2), field 'vendor'")[0] == "warn"  # allowed, not unchecked


def test_a_required_key_holding_a_word_a_grant_lists_stays_graded():
    """A grant listing "amounts" says nothing of a required `amount_due` the prompt names as an output
    column: a grader ignoring it was downgraded to info (fuzz and Reference.open_change)."""
    from artifactbench.gates.fuzz import FuzzPolicy
    from artifactbench.gates.fuzz._reference import Reference

    prompt = ("Write `out.csv` with the columns `invoice_id` and `amount_due`. You can include extra columns "
              "(vendor, amounts, ...) if they help the reviewers - they are not checked.")
    allows = read_prompt(prompt)
    assert not allows.granted_free("amount_due") and allows.granted_free("vendor")
    assert allows.granted_free("first_amount")  # named nowhere: the listed word is all there is to go by
    reference = "invoice_id,amount_due,vendor\nINV-1,120.50,acme\nINV-2,99.99,globex\n"
    ref = Reference("csv", reference, FuzzPolicy(), allows)
    assert ref.open_change(reference.replace("120.50", "2205.00")) is None
    assert ref.open_change(reference.replace("acme", "zzz"))[0] == "info"


@pytest.mark.parametrize("sentence", ["Columns other than (order_id, amount) are not checked.",
                                      "Keys besides e.g. order_id and amount are ignored.",
                                      "Fields not listed (order_id, amount) are ignored."])
def test_keys_listed_after_other_than_are_the_ones_not_granted(sentence):
    allows = read_prompt("Write `out.csv`. " + sentence)
    assert not allows.granted and not allows.free_fields
    assert allows.leaves_open("number_far", "record 0 (line 2), field 'amount'") is None


def test_a_cut_that_loses_only_unchecked_cells_is_left_open():
    from artifactbench.gates.fuzz import FuzzPolicy
    from artifactbench.gates.fuzz._reference import Reference

    prompt = ("Save `first_id` and `second_id`. You can include extra columns (vendor, amounts) if they help; "
              "they are not checked.")
    reference = "first_id,second_id,vendor,amount\nA,B,Globex,1.50\nC,D,Acme,2.00\n"
    ref = Reference("csv", reference, FuzzPolicy(), read_prompt(prompt))
    assert ref.open_change("first_id,second_id,vendor,amount\nA,B,Globex,1.50\nC,D")[0] == "info"
    assert ref.open_change("first_id,second_id,vendor,amount\nA,B,Globex,1.50\nC,X") is None
@pytest.mark.parametrize("text", [
    "Each value must be within 10^400 of the truth.",  # beyond a float: was OverflowError
    "The tolerance: 10**-99999.",
    "Each value must be correct to " + "9" * 5000 + " significant figures.",  # int() refuses 5000 digits
    "Values are rounded to " + "9" * 5000 + " decimal places.",
    "within 10^" + "9" * 5000,
], ids=["power_400", "power_minus_99999", "huge_significant", "huge_decimals", "huge_power"])
def test_numbers_beyond_range_in_a_prompt_are_read_without_raising(text):
    allows = read_prompt(text)
    assert allows.stated is None or allows.stated.abs < 1e6


@pytest.mark.parametrize("text", [
    "Values must be within" + " " * 30_000 + "reason.",  # \s*[*`_]*\s* split the spaces every way
    "Your fit must achieve RMSE <" + " " * 30_000 + "x.",
    "Intro" + "\n " * 15_000 + "x",  # a list-item lookahead of \s* crossed every line of the run
    "The order of" + " " * 1_500 + "x.",  # cubic: three repeats shared the run (13 s; days at 30 000)
], ids=["spaces_after_within", "spaces_after_threshold", "blank_lines_with_spaces", "spaces_after_order_of"])
def test_long_runs_of_spaces_are_read_in_linear_time(text):
    """Each took 5 to 20 s before (quadratic in the run; minutes at 100 000 characters)."""
    import time

    read_prompt.cache_clear()
    started = time.monotonic()
    read_prompt(text)
    assert time.monotonic() - started < 2.0


@pytest.mark.parametrize("prompt, where, nested, frees", [
    # said of the items inside a wave: a wave's names, never the list of waves
    ("The order of the names *inside* a wave does not matter; the waves themselves must be in order 0, 1, 2.",
     "at $.layers[1][0] <-> at $.layers[1][3]", 1, True),
    ("The order of the names *inside* a wave does not matter; the waves themselves must be in order 0, 1, 2.",
     "at $.layers[0] <-> at $.layers[1]", 1, False),
    # two kinds of nested list and a clause naming neither: which one it frees is not said
    ("The order of the names inside a team does not matter.", "record 0, field 'members.0' <-> record 0, "
     "field 'members.1'", 2, False),
    ("The order of the `members` inside a team does not matter.", "record 0, field 'members.0' <-> record 0, "
     "field 'members.1'", 2, True),
    # the list itself named, in a clause of its own
    ("Rows may come in any order, and `tags` may be in any order too.",
     "record 2, field 'tags.0' <-> record 2, field 'tags.1'", 1, True),
    ("Rows may come in any order, but `tags` must be sorted alphabetically.",
     "record 2, field 'tags.0' <-> record 2, field 'tags.1'", 1, False),
    # lists in general, in an output that nests none
    ("The order of items inside each of the three lists does not matter.", "at $.open[0] <-> at $.open[2]", 0, True),
    # key order is not list order
    ("The keys inside an object may come in any order.", "at $.layers[1][0] <-> at $.layers[1][3]", 1, False),
    # top-level records are rows_unordered's
    ("The order of the names inside a wave does not matter.", "record 0 (line 1) <-> record 2 (line 3)", 1, False),
])
def test_a_clause_frees_the_order_of_the_nested_list_it_speaks_of(prompt, where, nested, frees):
    assert bool(read_prompt(prompt).frees_list(where, nested)) is frees


def test_a_refused_line_swap_frees_rows_only_between_rows_of_one_shape():
    """"rows in any order" frees the table's rows: a row swapped with the header the prompt prescribes,
    the rule row or a closing sentence is no reordering it allows (blind p6's session report)."""
    from artifactbench.gates.fuzz import FuzzPolicy
    from artifactbench.gates.fuzz._reference import Reference

    prompt = "One row per user (rows in any order), under this header:\n\n| user | sessions |\n|---|---|\n"
    reference = "# Report\n\n| user | sessions |\n|---|---|\n| alice | 3 |\n| bruno | 4 |\n\nNothing else found.\n"
    ref = Reference("text", reference, FuzzPolicy(), read_prompt(prompt))
    assert ref.records_swapped("line 5 <-> line 6", prompt)  # two data rows
    assert not ref.records_swapped("line 3 <-> line 5", prompt)  # the header the prompt shows
    assert not ref.records_swapped("line 4 <-> line 6", prompt)  # the rule row
    assert not ref.records_swapped("line 6 <-> line 8", prompt)  # a row and a sentence
    assert not ref.records_swapped("line 6 <-> line 80", prompt)  # no such line
    assert Reference("jsonl", '{"a": 1}\n{"a": 2}\n', FuzzPolicy(), read_prompt(prompt)).records_swapped(
        "record 0 (line 1) <-> record 1 (line 2)", prompt)
