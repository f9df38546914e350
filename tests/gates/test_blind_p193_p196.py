"""Rules from blind batches p193-p196, each with a twin that must keep its verdict."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _task  # noqa: E402

from artifactbench.gates.core import read_prompt, scenario_extras
from artifactbench.gates.core._accuracy import stated_tolerance
from artifactbench.gates.core._free_lines import added_parts, read_free_lines
from artifactbench.gates.fuzz._fuzz import _sections_freed
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
    assert _sections_freed(scenario) == "the file also has a [head_m] table, comments and an iterations key"
    assert scenario_extras(scenario)[0][1] == frozenset({"head_m", "iterations"})


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
    assert _more_places("  ROUND(AVG(w.o3_ppb), 2) AS avg_ppb", "  ROUND(AVG(w.o3_ppb), 3) AS avg_ppb")
    assert _more_places("y = round(total / n, 9)", "y = round(total / n, 10)")
    # a threshold or a divisor moved is no rounding's places
    assert not _more_places("HAVING COUNT(w.o3_ppb) >= 6", "HAVING COUNT(w.o3_ppb) >= 7")
    assert not _more_places("y = round(x / 7, 2)", "y = round(x / 8, 2)")
    assert not _more_places("y = round(x, 3)", "y = round(x, 2)")


_FLEET = ('[stations.AQ-101]\nstatus = "active"\nserial = "PMS-1"\n\n[stations.AQ-102]\nstatus = "faulted"\n'
          'serial = "PMS-2"\n\n[stations.AQ-103]\nstatus = "empty"\nserial = ""\n')
_FLEET_PROMPT = ("# Fleet\n\nWrite `fleet.toml` with one `[stations.<id>]` table per station holding its `status` and "
                 "`serial`. The tables may come in any order.\n")


def test_two_toml_sections_trade_places_whole_never_their_headers_alone(tmp_path):
    # (p196: `[stations.AQ-101]` swapped with `[stations.AQ-102]`, their keys left behind, was "a reordering the
    # prompt allows" that the grader rejected: a warning against a right grader)
    sound = _task(tmp_path, "fleet", "fleet.toml", _FLEET, _FLEET_PROMPT, """\
        got = tomllib.loads(text)["stations"]
        want = tomllib.loads('''%s''')["stations"]
        return got == want, "stations compared"
        """ % _FLEET)
    swaps = [k for k in _fuzz(sound).cases if k.name == "swap_records"]
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
    said = read_prompt("Then there is a line for its ticket_id; the set of codes on that line equals the set of rules.")
    assert said.leaves_open("duplicate_record", "record 0 (line 1), field 'violations.0'") is not None
    plain = read_prompt("Then there is a line for its ticket_id listing the codes of the rules it breaks.")
    assert plain.leaves_open("duplicate_record", "record 0 (line 1), field 'violations.0'") is None


def test_toml_tables_in_another_order_are_the_same_mapping_where_the_prompt_states_no_order(tmp_path):
    # (p199: two whole `[containers.X]` tables exchanged and accepted was "the prompt states no order for it", a warning)
    silent = _FLEET_PROMPT.replace(" The tables may come in any order.", "")
    task = _task(tmp_path, "silent", "fleet.toml", _FLEET, silent, """\
        got = tomllib.loads(text)["stations"]
        want = tomllib.loads('''%s''')["stations"]
        return got == want, "stations compared"
        """ % _FLEET)
    swaps = [k for k in _fuzz(task).cases if k.name == "swap_records"]
    assert swaps and all(k.severity != "warn" for k in swaps), [(k.severity, k.detail) for k in swaps]
