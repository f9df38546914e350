"""Rules from blind batches p193-p196, each with a twin that must keep its verdict."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _task  # noqa: E402

from artifactbench.gates.core import read_prompt, scenario_extras
from artifactbench.gates.core._accuracy import stated_tolerance
from artifactbench.gates.core._free_lines import added_parts, read_free_lines
from artifactbench.gates.fuzz._fuzz import _free_sections_only, _sections_freed
from artifactbench.gates.spec._negative import _more_places

_CREWS = ('{"oic": "FF-1", "driver": "FF-2", "riders": 4}\n{"oic": "FF-1", "driver": "FF-3", "riders": 4}\n'
          '{"oic": "FF-2", "driver": "FF-3", "riders": 3}\n')


def _crews_prompt(outcome: str) -> str:
    return ("# Crewings\n\nWrite `crews.jsonl`, one JSON object per legal crewing:\n\n"
            '```json\n{"oic": "<person id>", "driver": "<person id>"}\n```\n\n'
            "Each crewing appears exactly once.\n\n## Acceptance scenarios\n\n```gherkin\n"
            "Feature: crewings\n\n  Scenario: Complete list\n    Given the roster\n    When the crewings are listed\n"
            "    Then every legal crewing appears in the file\n\n"
            "  Scenario: Extra keys\n    Given each line has an extra \"riders\" key\n    When the file is checked\n"
            f"    Then {outcome}\n```\n")


_CREWS_GRADER = """\
    rows = [json.loads(x) for x in text.splitlines() if x.strip()]
    got = sorted((r["oic"], r["driver"]) for r in rows)
    return got == [("FF-1", "FF-2"), ("FF-1", "FF-3"), ("FF-2", "FF-3")], "crewings compared"
    """


def test_a_key_an_acceptance_scenario_adds_and_still_passes_is_extra(tmp_path):
    # (p193: "Given ... each line has an extra "riders" key ... Then the check still passes": the scenario names
    # `riders` only to grant it; a grader ignoring it is right)
    prompt = _crews_prompt("the check still passes")
    assert scenario_extras(prompt) == (('each line has an extra "riders" key', frozenset({"riders"})),)
    assert "riders" in read_prompt(prompt).free_fields
    sound = _task(tmp_path, "scenario", "crews.jsonl", _CREWS, prompt, _CREWS_GRADER)
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # its twin's scenario rejects the key: a scenario that fails grants nothing, and `riders` stays graded
    refused = _crews_prompt("the check fails")
    assert scenario_extras(refused) == ()
    assert "riders" not in read_prompt(refused).free_fields
    flawed = _task(tmp_path, "refused", "crews.jsonl", _CREWS, refused, _CREWS_GRADER)
    assert any("riders" in f for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))


def test_a_scenario_without_an_added_part_grants_no_key():
    # a scenario that passes a correct answer names what the answer holds, not what it may add
    prompt = ("```gherkin\n  Scenario: Totals\n    Given a file whose \"total\" key is the sum\n    When it is checked\n"
              "    Then the check still passes\n```\n")
    assert scenario_extras(prompt) == ()


def test_other_keys_and_tables_free_the_sections_a_scenario_adds():
    # (p193: "Other keys and tables (heads, ...) are welcome and are not checked" and "Given the file also has a
    # [head_m] table ... Then the check still passes")
    assert _sections_freed("Other keys and tables (heads, iteration counts, notes) are welcome and are not checked.")
    assert _sections_freed("No other keys and tables are welcome.") is None
    scenario = ("```gherkin\n  Scenario: Extra content is fine\n    Given the file also has a [head_m] table, comments "
                "and an iterations key\n    When it is checked\n    Then the check still passes\n```\n")
    assert scenario_extras(scenario)[0][1] == frozenset({"head_m", "iterations"})
    # the table the scenario adds is free, not every table: a required one stays graded (review)
    reference = "[flows]\nP1 = 1.5\n\n[head_m]\nJ1 = 94.3\n"
    assert _free_sections_only(reference, reference.replace("94.3", "1943.0"), scenario) == "[head_m]"
    assert _free_sections_only(reference, reference.replace("1.5", "150.0"), scenario) is None
    assert _sections_freed(scenario) is None


def test_a_named_column_or_row_the_answer_may_add_and_is_ignored_is_free():
    # (p194: "You MAY add a `Total` column and/or a `Total` row; they are ignored.")
    said = "You MAY add a `Total` column and/or a `Total` row; they are ignored."
    assert added_parts(said) == [("Total", "column"), ("Total", "row")]
    assert "Total" in read_prompt(said).free_fields
    assert read_free_lines(said).free_rows == (frozenset({"total"}),)
    # a column it adds and then grades frees nothing
    assert added_parts("You may add a `Total` column; it is checked against the row sums.") == []
    assert "Total" not in read_prompt("You must add a `Total` column; it is ignored by nobody.").free_fields


def test_accepted_if_within_a_band_of_the_converged_value_is_the_answers_band():
    # (p194: "A cell is accepted if it is within **0.01** of the fully converged value": the answer's band, not a
    # method's stopping rule)
    stated = stated_tolerance("A cell is accepted if it is within **0.01** of the fully converged value.")
    assert stated is not None and stated.abs == 0.01
    # a stopping rule stays a method's
    assert stated_tolerance("Iterate until every row sum is within 1e-6 of its target, then stop when converged.") is None


def test_one_more_decimal_place_in_a_programs_rounding_is_no_wrong_answer():
    # (p196: off_by_one turned `ROUND(AVG(w.o3_ppb), 2)` into `3` under "within 0.05 of the unrounded average")
    assert _more_places("SELECT o.station_id,\n  ROUND(AVG(w.o3_ppb), 2) AS avg_ppb\nFROM t AS w;",
                        "SELECT o.station_id,\n  ROUND(AVG(w.o3_ppb), 3) AS avg_ppb\nFROM t AS w;")
    assert _more_places("SELECT round(total / n, 9) AS y FROM t", "SELECT round(total / n, 10) AS y FROM t")
    # a threshold or a divisor moved is no rounding's places
    assert not _more_places("HAVING COUNT(w.o3_ppb) >= 6", "HAVING COUNT(w.o3_ppb) >= 7")
    assert not _more_places("y = round(x / 7, 2)", "y = round(x / 8, 2)")
    assert not _more_places("y = round(x, 3)", "y = round(x, 2)")


_FLEET = ('[stations.AQ-101]\nstatus = "active"\nserial = "PMS-1"\n\n[stations.AQ-102]\nstatus = "faulted"\n'
          'serial = "PMS-2"\n\n[stations.AQ-103]\nstatus = "empty"\nserial = ""\n')
_FLEET_PROMPT = ("# Fleet\n\nWrite `fleet.toml` with one `[stations.<id>]` table per station holding its `status` and "
                 "`serial`. The tables may come in any order.\n")


def _fleet_swaps(tmp_path: Path, name: str, prompt: str) -> list:
    """The swap_records cases of a fleet task whose grader compares the stations' tables as mappings."""
    task = _task(tmp_path, name, "fleet.toml", _FLEET, prompt, """\
        got = tomllib.loads(text)["stations"]
        want = tomllib.loads('''%s''')["stations"]
        return got == want, "stations compared"
        """ % _FLEET)
    return [k for k in _fuzz(task).cases if k.name == "swap_records"]


def test_two_toml_sections_trade_places_whole_never_their_headers_alone(tmp_path):
    # (p196: `[stations.AQ-101]` swapped with `[stations.AQ-102]`, their keys left behind, was "a reordering the
    # prompt allows" that the grader rejected: a warning against a right grader)
    swaps = _fleet_swaps(tmp_path, "fleet", _FLEET_PROMPT)
    assert swaps and all(k.severity != "warn" for k in swaps), [(k.severity, k.detail) for k in swaps]
    assert not any("'[stations.AQ-10" in k.detail and "<->" in k.detail and "sections swapped" not in k.detail
                   for k in swaps), [k.detail for k in swaps]


def test_a_scenarios_step_words_are_clauses_not_an_input_or_a_condition():
    # (p197: "Given ... extra columns (for example which requirement binds) are present ... Then the check still
    # passes" grants other columns; "Given" is no input's word, "When" opens no condition)
    layout = ("```gherkin\n  Scenario: layout is free\n    Given the rows are in any order,\n"
              "      extra columns (for example which requirement binds) are present\n    Then the check still passes\n```\n")
    allows = read_prompt(layout)
    assert allows.other_keys and allows.other_keys_free
    # the twin's extra columns fail the check: no grant
    refused = layout.replace("Then the check still passes", "Then the check fails")
    assert not read_prompt(refused).other_keys
    band = ("```gherkin\n  Scenario: spacing found to the stated accuracy\n    Given a class that is compliant\n"
            "    When its spacing_m is compared with the true largest compliant spacing\n    Then it is within 0.05 m of it\n```\n")
    stated = stated_tolerance(band)
    assert stated is not None and stated.abs == 0.05, stated
    # a key written bare in a step is the band's key, as a quoted one is
    scoped = stated_tolerance("```gherkin\n  Scenario: photometry\n    Given a row\n    Then e_min_lux is within 1 % of "
                              "the recomputed E_min\n```\n")
    assert scoped is not None and ("e_min_lux", 0.0, 0.01) in scoped.scoped, scoped


def test_an_order_asked_for_and_then_said_unchecked_is_free():
    # (p200: "Rows SHOULD be sorted by partition name; it makes the committee's diff easier, but it is not checked.")
    assert read_prompt("Rows SHOULD be sorted by partition name; it makes the diff easier, but it is not checked.").unordered
    assert read_prompt("Rows must be sorted by name (not checked).").unordered
    # an order the grader checks, or a "not" of something else, stays
    assert not read_prompt("Rows must be sorted by `name`; the grader checks it.").unordered
    assert not read_prompt("Rows are sorted by `name`, but it is not the only key.").unordered


def test_the_set_of_items_on_a_line_frees_a_repeat_in_that_lines_list():
    # (p197: "the set of codes on that line equals the set of rules it breaks": a code listed twice is the same set)
    said = read_prompt('Write one object per ticket, `{"ticket_id": "...", "violations": ["CODE", ...]}`.\n\n'
                       "Then there is a line for its ticket_id; the set of codes on that line equals the set of rules.")
    assert said.leaves_open("duplicate_record", "record 0 (line 1), field 'violations.0'") is not None
    plain = read_prompt("Then there is a line for its ticket_id listing the codes of the rules it breaks.")
    assert plain.leaves_open("duplicate_record", "record 0 (line 1), field 'violations.0'") is None


def test_toml_tables_in_another_order_are_the_same_mapping_where_the_prompt_states_no_order(tmp_path):
    # (p199: two whole `[containers.X]` tables exchanged and accepted was "the prompt states no order for it", a warning)
    silent = _FLEET_PROMPT.replace(" The tables may come in any order.", "")
    swaps = _fleet_swaps(tmp_path, "silent", silent)
    assert swaps and all(k.severity != "warn" for k in swaps), [(k.severity, k.detail) for k in swaps]


def _scenario(given: str, then: str, more: str = "") -> str:
    return ("# Task\n\nWrite `out.json` with keys `total_kwh`, `peak_kw`.\n\n```gherkin\n  Scenario: s\n"
            f"    Given {given}\n{more}    When the file is checked\n    Then {then}\n```\n")


def test_review_a_scenario_grants_only_the_keys_a_step_adds_and_passes():
    # (an outside review of the rules above: each of these freed a key the prompt grades)
    assert scenario_extras(_scenario("the output also has a `notes` key", "the check still passes",
                                     "    And the `total_kwh` key is rounded to 1 decimal\n"))[0][1] == {"notes"}
    for given, then in [("the output has no extra `debug` key", "the check still passes"),
                        ("the input meters.csv also has an extra `comment` column", "the check still passes"),
                        ("an answer with extra decimal places in `total_kwh`", "the check still passes"),
                        ("other rows have the `peak_kw` key set to null", "the check still passes"),
                        ("the output also has a `debug` key", "the answer also scores 0"),
                        ("the output also has a `debug` key", "the file is not graded at all"),
                        ("the output also has a `debug` key",
                         "the check still passes for the other keys, but `debug` is reported as invalid")]:
        prompt = _scenario(given, then)
        assert scenario_extras(prompt) == (), given
        assert not {"debug", "total_kwh", "peak_kw", "comment"} & read_prompt(prompt).free_fields, given
    deleted = ("```gherkin\n  Scenario: s\n    Given the output also has a `debug` key\n    When the `debug` key is "
               "deleted\n    Then the check still passes\n```\n")
    assert scenario_extras(deleted) == ()
    # a prose line after the scenario is no step of it
    after = ("```gherkin\n  Scenario: s\n    Given the output also has a `notes` column\n    Then the check still passes"
             "\n```\nGiven the sensor export `raw.csv`, compute the `mean_ppb` of each `site` over the day.\n")
    assert scenario_extras(after) == (("the output also has a `notes` column", frozenset({"notes"})),)
    assert not {"mean_ppb", "site"} & read_prompt(after).free_fields
    # "still passes" grants other keys only as a scenario's outcome
    prose = ("Write `out.csv` with columns `site`, `mean_ppb`.\n\nIf the input has extra columns the check still passes, "
             "but your output must have exactly these two columns.\n")
    assert not read_prompt(prose).other_keys


def test_review_a_scenario_frees_the_table_it_adds_and_outside_scenarios_steps_stay_prose():
    solver = ("```gherkin\n  Scenario: s\n    Given the [solver] table also has an extra `debug` key\n"
              "    Then the check still passes\n```\n")
    reference = "[AQ-101]\npm25 = 12.4\n\n[solver]\niterations = 12\n"
    assert _free_sections_only(reference, reference.replace("12.4", "99.9"), solver) is None
    # a condition in prose stays one, wherever a scenario stands
    prose = ("Report `long_run`, one decimal; anything within 0.1 of the true steady state is accepted.\n\n"
             "When all branches are already within 5% today the answer is 0.\n\n```gherkin\n  Scenario: s\n"
             "    Given a ledger\n    Then it is reported\n```\n")
    assert stated_tolerance(prose).readings == ((0.1, 0.0),)
    # a method's acceptance rule is no band of the answer
    assert stated_tolerance("Each trial step is accepted if it lands within 0.5 of the converged root estimated so "
                            "far; otherwise halve it.") is None
    assert stated_tolerance("A cell update is accepted if it is within 10% of the converged value from the coarse "
                            "grid; otherwise it is recomputed.") is None


def test_review_an_unchecked_order_a_line_set_and_added_parts_free_no_more_than_they_say():
    for said in ["Rows must be sorted by `date`, but this is not checked by the public verify.py; the hidden grader "
                 "enforces the order.",
                 "Rows must be sorted by `date`. The header is sorted alphabetically too, but it is not checked.",
                 "Rows must be sorted by `date` and the `codes` cell is sorted alphabetically, but it is not checked."]:
        assert read_prompt(said).ordered_by and not read_prompt(said).unordered, said
    witnesses = ("Write `audit.jsonl`, one object per incident: `{\"id\": ..., \"codes\": [...], \"witnesses\": [...]}`. "
                 "`witnesses` lists each witness badge once, in the order they reported.\n\nThe set of codes on that "
                 "line equals the set of rules the incident breaks.\n")
    assert read_prompt(witnesses).leaves_open("duplicate_record", "record 1, field 'witnesses.0'") is None
    for said in ["You may add a `Total` row, but it has to equal the column sums; blank lines are ignored.",
                 "You can keep the `Total` row from the template; it is checked against the sums, while the `Notes` "
                 "row is ignored.",
                 "You may add a `Total` column; the grader is strict about it, unlike the `Notes` line, which is "
                 "ignored."]:
        assert added_parts(said) == [], said


def test_review_one_more_place_only_where_the_rows_stay_the_same():
    assert not _more_places("SELECT site FROM readings WHERE ROUND(score, 1) >= 4.5;",
                            "SELECT site FROM readings WHERE ROUND(score, 2) >= 4.5;")
    assert not _more_places("SELECT ROUND(temp_c, 0) AS bin, COUNT(*) FROM readings GROUP BY 1;",
                            "SELECT ROUND(temp_c, 1) AS bin, COUNT(*) FROM readings GROUP BY 1;")
    assert not _more_places("SELECT x FROM (SELECT ROUND(a, 2) AS v FROM t) WHERE v > 3",
                            "SELECT x FROM (SELECT ROUND(a, 3) AS v FROM t) WHERE v > 3")
    assert _more_places("SELECT s, ROUND(AVG(v), 2) AS avg_v FROM t GROUP BY s HAVING COUNT(v) >= 6 ORDER BY s;",
                        "SELECT s, ROUND(AVG(v), 3) AS avg_v FROM t GROUP BY s HAVING COUNT(v) >= 6 ORDER BY s;")


def test_review_tables_under_array_entries_never_trade_places():
    from artifactbench.gates.fuzz._fuzz import _tables_reordered
    from artifactbench.gates.fuzz._mutation import Mutation
    runs = ('[[runs]]\nid = "R1"\n\n[runs.result]\nflow = 3.2\n\n[[runs]]\nid = "R2"\n\n[runs.result]\nflow = 4.1\n')
    swapped = Mutation("swap_records", "lines 4-5 <-> lines 10-11 (sections swapped)", "'[runs.result]'",
                       "'[runs.result]'", runs)
    assert not _tables_reordered(swapped, runs)
    plain = "[a]\nx = 1\n\n[b]\nx = 2\n"
    assert _tables_reordered(Mutation("swap_records", "lines 1-2 <-> lines 4-5 (sections swapped)", "'[a]'", "'[b]'",
                                      plain), plain)


def test_a_grants_examples_run_to_its_clauses_end_and_two_free_keys_may_trade_values(tmp_path):
    # (p126: "extra keys are fine — e.g. a `registered_voters` total per style, or a top-level `election` string —
    # and are ignored"; `election` and a style's `registered_voters` swapped was a finding once header lines no
    # longer swapped)
    allows = read_prompt("Write `styles.toml`.\n\n* extra keys are fine — e.g. a `registered_voters` total per style, "
                         "or a top-level `election` string — and are ignored.\n")
    assert {"registered_voters", "election"} <= allows.granted
    from artifactbench.gates.fuzz._fuzz import _swapped_keys
    toml = 'election = "2026 General"\n\n[[style]]\nid = "BS-001"\nregistered_voters = 4917\n'
    assert _swapped_keys(toml, "line 1 <-> line 5") == ("election", "registered_voters")
    assert _swapped_keys(toml, "line 1 <-> line 3") == ()


def test_the_order_of_bracketed_toml_tables_said_free_is_free():
    # (p126: "the order of the `[[style]]` tables in the file does not matter (we go by `id`), but the order *inside*
    # `contests` and `splits` does": two whole `[[style]]` entries exchanged were a finding once sections swapped whole)
    said = read_prompt("* the order of the `[[style]]` tables in the file does not matter (we go by `id`), but the "
                       "order\n  *inside* `contests` and `splits` does;\n")
    assert said.allows_kind("swap_records", "lines 4-8 <-> lines 10-14 (sections swapped)")
    assert not read_prompt("* the order of the `[[style]]` tables in the file matters.\n").unordered
