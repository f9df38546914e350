"""Findings that hold on tasks written elsewhere: tests/fixtures/foreign/ holds twins in the style of an
imported corpus (other prompt layout, plain-class GradeResult, their own file names). Every sound twin
passes every default gate (no fail or error anywhere); every flawed twin fires the gate and case named
here with severity `fail`; where the prompt leaves a choice open, the finding is only a `warn`, and where it
says in words that the change is fine (any order, a field the grader re-evaluates, a set it normalizes, a
relation it defines), only `info`."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, resolve_gates, run_checks
from artifactbench.manifest import load_task

FOREIGN = Path(__file__).resolve().parents[1] / "fixtures" / "foreign"
OPTIONS = CheckOptions(grader_timeout_s=20.0, generator_timeout_s=20.0, verifier_timeout_s=20.0,
                       fuzz_examples=60, fuzz_seconds=10.0)

# sound twin -> the false-positive class it stands for
SOUND = {
    "host_inventory_unordered": "order mutants where the prompt says order does not matter",
    "incident_summary_optional": "changed/dropped field the prompt calls optional",
    "slugify_docstring": "off-by-one inside a docstring of a code artifact",
    "invoice_totals_recomputed": "a value the grader computed from the agent's own artifact",
    "shipment_delays_ids": "input ids and digits carved out of dates in a detail",
    "ledger_format_example": "a prompt's format example made of the answer's keys and brackets",
    "kv_parser_summary": "a hidden-test grader that reports a count",
    "mfa_audit_capped": "a grader that reports how many are missing",
    "sensor_means_generated": "a declared workspace generator naming grader files (never copied)",
    "sensor_means_tolerance": "an off-by-one within the tolerance the prompt states",
    "orbit_fit_reevaluated": "a field the prompt says the grader re-evaluates (any word order)",
    "pantry_pick_recomputed": "a detail value computed from the artifact's own ids and the input",
    "crew_cover_any_order": "an order word in an algorithm hint; a $.key[i] list with no order stated",
    "network_trees_normalised": "a repeated member of a list the prompt says is normalized as a set",
    "checkout_funnel_invariant": "a verifier enforcing a cross-field identity the prompt defines",
    "trainer_config_choices": "answer values listed as allowed choices in a workspace rules file",
    "meter_log_oversized": "bulk data over spec 8's shipped-file limit, written by the declared generator",
    "bulletin_reflow_input": "a short prose input the prompt names, holding every word of a reflowed answer",
    "crate_packs_unordered": "'neither the order of the sets nor the order of the parts inside a set matters'",
    "sparse_codes_format": "a format example showing the answer's first two short lines",
    "depot_loads_extra": "a key the prompt never names, under 'objects may carry other keys'",
    "clinic_waits_banded": "a detail printing the file's own figures rounded, a workspace value, small counts",
    "tank_drain_counted": "'found N' rows where N, a count of the graded file, equals a reference value",
    "uptime_digest_free_text": "changes to the headings and notes of a Markdown report the prompt declares free",
    "depot_stock_layout": "a table's header and rule rows and a heading the prompt prescribes as the layout",
    "parcel_hours_any_line_order": "'in any line order'",
    "spring_rates_stated": "a grader whose tolerance is the one the prompt states",
    "dose_rates_relative": "a grader applying the relative band the prompt states, as a relative band",
    "league_table_any_tie": "a grader accepting tied teams in either order, as the prompt says",
    "word_groups_any_order": "a grader comparing the groups as a set, as the prompt says their order is free",
    "table_lint_rule_names": "a prompt defining the rule names the answer repeats, with an input file as its example",
    "league_points_paired": "records whose values may trade places only within the tolerance band",
    "roman_numerals_hidden": "a grader testing every input, beyond the worked examples the prompt shows",
    "compass_turn_enumerated": "a grader testing exactly the prompt's examples, which are every input it allows",
    "roster_lines_any_order": "'lines may come in any order' beside 'differ only in the order of names'",
    "release_audit_titled": "a title and column names the prompt wrote; 'you may add a title or other prose'",
    "contract_picks_working": "keys added 'to show your working (a timeline, ...)'; picks copied from the input",
    "contract_picks_more_stuff": "a key named only in 'put more stuff in the file if it helps you (a timeline, ...)'",
    "chill_audit_summary": "a summary table without the graded column; 'other columns you find useful'",
    "vault_counts_signed": "a signed field checked with its sign, beside two count fields of the same records",
    "copy_states_extra_keys": "an entry under a new key of a keyed map, where 'extra keys are ignored'",
    "team_wins_sorted_strict": "a grader rejecting unsorted rows with a score that says so",
    "talk_slots_domain": "a prompt listing the slots a schedule fills, never which talk goes where",
    "build_waves_any_order": "'the order of the modules inside a wave does not matter': a grader sorting each",
    "orbit_batch_quota_kept": "'passes when at least 8 of the 10 orbits meet the tolerance', as the grader does",
    "gauge_levels_keyed": "an object keyed by station id; a tolerance stated of `mean_cm` alone, NaN rejected",
    "region_revenue_sql_run": "an SQL query run on several databases: constants that no test crosses are left open",
    "pallet_mixes_distinct": "an enumeration compared as a set of distinct mixes, in any line order",
    "tram_board_columns": "a fixed-width board compared line by line, padding included",
    "meter_totals_sql_fresh": "an SQL query run on the workspace's month and on another one",
    "door_counts_sh_fresh": "a shell script run on the workspace's log and on another day's",
    "bin_stock_both_ways": "an object keyed by bin ids compared both ways; a required `bins` beside a grant's example",
    "pump_duty_all_listed": "a detail listing as missing every pump of the input, all of them in the answer",
    "yard_sections_exact": "an INI answer whose sections are compared both ways, a `[summary]` beside them",
    "tap_flags_compared": "a 0/1 flag column compared cell by cell",
    "permit_flags_typed": "JSON `true`/`false` asked for and compared with their type",
    "fuel_table_absolute": "a Markdown table's column compared within the ±1 kg the prompt states",
    "hire_depots_sql_edges_held": "an SQL query tested on a day with an idle depot and a hire still out",
    "policy_term_ends_tested": "a module's hidden tests that reach both ends of a term the prompt calls inclusive",
    "stock_usage_split_checked": "each part of a total checked, so parts moved against each other fail",
    "policy_term_ends_untested": "a module's tests that never reach an end of the term: a warn, as a flip may change nothing",
    "ferry_desk_cases_reached": "a module's tests that reach more lanes than cars, a closure on a sailing day, a tie",
    "ferry_desk_cases_unreached": "tests that never reach those three stated cases: a warn naming each",
}
# flawed twin -> (gate, case) that must fire with severity fail
FLAWED = {
    "vault_counts_abs_sign": ("fuzz", "number_sign"),  # abs() on a signed discrepancy: a shortage as an overage
    "host_inventory_ordered": ("fuzz", "swap_records"),
    "incident_summary_required": ("fuzz", "string_change"),
    "slugify_unchecked": ("fuzz", "stub_function"),
    "invoice_totals_expected": ("detail_leaks", "leak:number_far"),  # (its number_sign probe: the same line)
    "ledger_example_is_answer": ("content_leaks", "reference_records:prompt.md"),
    "kv_parser_verbose": ("detail_leaks", "hidden_suite"),
    "mfa_audit_uncapped": ("detail_leaks", "answer_set"),
    "sensor_means_loose": ("negative", "off_by_one"),
    "orbit_fit_declared": ("fuzz", "number_far"),
    "gauge_levels_nan_blind": ("fuzz", "number_nan"),  # under a station id, not an "other key" (blind p14)
    "region_revenue_sql_keywords": ("fuzz", "swap_records"),  # a grader looking for words, never running it
    "pantry_pick_expected": ("detail_leaks", "leak:number_far"),
    "crew_cover_sorted": ("fuzz", "swap_records"),
    "network_trees_strict": ("fuzz", "duplicate_record"),
    "checkout_funnel_pinned": ("verifier_consistency", "value_midpoint:1"),
    "trainer_config_baked": ("content_leaks", "reference_values:workspace/rules.py"),
    "bulletin_reflow_sample": ("content_leaks", "reference_line:workspace/display_notes.md"),
    "crate_packs_ranked": ("fuzz", "swap_records"),
    "sparse_codes_example_is_answer": ("content_leaks", "reference_block:prompt.md"),
    "depot_loads_unchecked": ("fuzz", "number_far"),  # behind accepted changes to its other keys
    "clinic_waits_quoted": ("detail_leaks", "leak:number_far"),  # expected values at 2 and 4 decimals
    "tank_drain_hinted": ("detail_leaks", "answer_set"),  # a reference level next to the row count, once
    "uptime_digest_unchecked_column": ("fuzz", "number_far"),  # behind the free heading and notes
    "uptime_digest_pinned_title": ("fuzz", "drop_record"),  # the title the prompt pins is not free
    "depot_stock_rows_shown": ("content_leaks", "reference_line:prompt.md"),
    "parcel_hours_increasing": ("fuzz", "swap_records"),  # "keys ... in any order" frees no line order
    "spring_rates_lax": ("fuzz", "number_near"),  # 5e-2 where the prompt says within an absolute 1e-6
    "league_points_pooled": ("fuzz", "swap_values"),  # checks the multiset of points, not who has them
    "roman_numerals_examples": ("fuzz", "examples_only"),  # tests only the four examples the prompt shows
    "release_audit_count_unchecked": ("fuzz", "number_far"),  # behind the title the prompt lets one add
    "team_wins_score_one": ("fuzz", "result_shape"),  # passed=False with score 1.0 on rows out of order
    "talk_slots_announced": ("content_leaks", "reference_values:prompt.md"),  # each talk named with its slot
    "spring_rates_nan_blind": ("fuzz", "number_nan"),  # `abs(k - want) > TOL` lets NaN through
    "orbit_batch_half_passes": ("fuzz", "number_far"),  # passes at 5 of 10 where the prompt says 8
    "pallet_mixes_counted": ("fuzz", "replace_record"),  # each line valid and the count right, never distinct
    "tram_board_tokens": ("fuzz", "collapse_spaces"),  # compares split() tokens of a fixed-width board
    "meter_totals_sql_same": ("fuzz", "constant_query"),  # runs the query on the workspace's data alone
    "door_counts_sh_sample": ("fuzz", "constant_script"),  # runs the script on the workspace's log alone
    "bin_stock_one_way": ("fuzz", "inject_record"),  # walks the expected bins only: one more entry passes
    "yard_sections_expected_only": ("fuzz", "inject_record"),  # walks the expected sections: one more passes
    "tap_flags_unchecked": ("fuzz", "bool_flip"),  # checks is_transfer is 0 or 1, never which
    "permit_flags_loose": ("fuzz", "bool_number"),  # `got == want`: 1 passes for `true`
    "fuel_table_relative": ("fuzz", "number_near"),  # 1% relative where the prompt says ±1 kg
    "hire_depots_sql_edges_missing": ("fuzz", "sql_weaken"),  # no idle depot, no NULL `returned_at` in its data
    "kiln_cure_relative": ("fuzz", "number_near"),  # 1% relative where the prompt says ±0.01 (hours, °C)
    "contract_picks_timeline_unread": ("fuzz", "number_far"),  # never reads the `timeline` the prompt asks for
    "stock_usage_totals_only": ("fuzz", "keep_total"),  # the parts add up to the right total: waste booked as cogs passes
}
# twin whose grader is stricter than its prompt -> (gate, case) reported as warn: it fails right answers
STRICTER = {
    "dose_rates_absolute": ("fuzz", "number_within"),  # an absolute 1e-3 under "relative error below 0.1%"
    "league_table_name_tiebreak": ("fuzz", "tie_order"),  # breaks ties by name: "either order", says the prompt
    "word_groups_listed_order": ("fuzz", "swap_records"),  # "the groups may be listed in any order"; == on the list
    "roster_lines_listed_order": ("fuzz", "swap_records"),  # "the lines may come in any order"; == line by line
    "build_waves_listed_order": ("fuzz", "swap_records"),  # "inside a wave does not matter"; == wave by wave
}
# sound twin -> (gate, case) reported as warn: the prompt leaves this open
WARN_ONLY = {
    "copy_states_extra_keys": ("fuzz", "inject_record"),  # a phantom copy id is an extra key, read literally
    "sensor_means_tolerance": ("negative", "off_by_one"),  # its own negative_cases.py lists the case
    "crew_cover_any_order": ("fuzz", "swap_records"),  # no order stated: silence, not permission
    "policy_term_ends_untested": ("fuzz", "py_weaken"),  # never a loss on either end of the term
    "ferry_desk_cases_unreached": ("fuzz", "py_weaken"),  # never more lanes than cars, a closure, a tie
    "meter_log_oversized": ("materialize", "size_limit"),  # generated, so spec 8's limit is advice here
    "compass_turn_enumerated": ("fuzz", "examples_only"),  # "one of N, E, S, W": the examples are the domain
    "talk_slots_domain": ("content_leaks", "reference_values:prompt.md"),  # the domain, or a hint to it
    "contract_picks_working": ("fuzz", "number_far"),  # a timeline 'to show your working': never graded
    "contract_picks_more_stuff": ("fuzz", "number_far"),  # words no precise rule reads: core/_doubt
    "chill_audit_summary": ("fuzz", "truncate_text"),  # the last row's free `Note` cut short
}
# sound twin -> (gate, case) reported as info: the prompt says in words that this is fine
INFO_ONLY = {
    "host_inventory_unordered": ("fuzz", "swap_records"),
    "incident_summary_optional": ("fuzz", "drop_key"),
    "orbit_fit_reevaluated": ("fuzz", "number_far"),
    "network_trees_normalised": ("fuzz", "duplicate_record"),
    "network_trees_normalised_": ("negative", "reversed_lines"),
    "checkout_funnel_invariant": ("verifier_consistency", "value_midpoint:0"),
    "crate_packs_unordered": ("fuzz", "swap_records"),
    "word_groups_any_order": ("fuzz", "swap_records"),
    # "other keys" allowed and ignored, beside a table of the keys: `by_size` is not among them (a warning
    # until blind p119, before a table of keys was read as the prompt's list of them)
    "depot_loads_extra": ("fuzz", "number_far"),
    "depot_loads_extra_": ("fuzz", "drop_key"),
    "depot_loads_extra__": ("negative", "renamed_field"),
    "uptime_digest_free_text": ("fuzz", "drop_record"),
    "uptime_digest_free_text_": ("fuzz", "number_far"),
    "uptime_digest_free_text__": ("negative", "off_by_one"),
    "uptime_digest_free_text___": ("negative", "wrap_in_list"),
    "parcel_hours_any_line_order": ("fuzz", "swap_records"),
    "parcel_hours_any_line_order_": ("negative", "reversed_lines"),
    "roster_lines_any_order": ("fuzz", "swap_records"),
    "release_audit_titled_": ("fuzz", "drop_record"),
    # a line of marks only ("]") beside "you may add a title or other prose lines": it holds no answer
    # (this was a warning until blind p13, whose author read such a line as the prose the prompt frees)
    "release_audit_titled__": ("negative", "wrap_in_list"),
}


@cache
def reports() -> dict:
    tasks = [load_task(FOREIGN / name) for name in sorted({**SOUND, **FLAWED, **STRICTER})]
    report = run_checks(tasks, resolve_gates(None), jobs=2, options=OPTIONS)
    return {t.instance_id.split("__", 1)[1]: t for t in report.tasks}


def _bad(task) -> list[str]:
    return [f"{c.gate}: {k.name} {k.status} [{k.severity}] {k.detail}" for c in task.checks for k in c.cases
            if k.severity in ("fail", "error")] + [f"{c.gate}: {c.status}: {c.summary}" for c in task.checks
                                                   if c.status in ("fail", "error") and not c.cases]


def test_every_fixture_is_covered_by_the_table():
    on_disk = {p.name for p in FOREIGN.iterdir() if (p / "task.yaml").is_file()}
    assert on_disk == set(SOUND) | set(FLAWED) | set(STRICTER)


@pytest.mark.parametrize("name", sorted(SOUND), ids=lambda n: f"{n}: {SOUND[n]}")
def test_sound_twin_is_clean_on_every_default_gate(name):
    task = reports()[name]
    assert _bad(task) == [] and task.status == "pass"


@pytest.mark.parametrize("name", sorted(FLAWED))
def test_flawed_twin_fires_with_severity_fail(name):
    gate, case = FLAWED[name]
    check = next(c for c in reports()[name].checks if c.gate == gate)
    assert check.status == "fail", check
    assert any(k.name == case and k.severity == "fail" for k in check.cases), check


@pytest.mark.parametrize("name", sorted(STRICTER))
def test_a_grader_stricter_than_its_prompt_is_a_warning(name):
    gate, case = STRICTER[name]
    task = reports()[name]
    assert _bad(task) == [], _bad(task)  # rejecting right answers is not accepting wrong ones
    check = next(c for c in task.checks if c.gate == gate)
    assert any(k.name == case and k.severity == "warn" and "would fail" in k.detail for k in check.cases), check


@pytest.mark.parametrize("name", sorted(WARN_ONLY))
def test_what_the_prompt_leaves_open_is_only_a_warning(name):
    gate, case = WARN_ONLY[name]
    check = next(c for c in reports()[name].checks if c.gate == gate)
    assert any(k.name == case and k.severity == "warn" for k in check.cases), check


@pytest.mark.parametrize("key", sorted(INFO_ONLY))
def test_what_the_prompt_allows_in_words_is_only_info(key):
    gate, case = INFO_ONLY[key]
    check = next(c for c in reports()[key.rstrip("_")].checks if c.gate == gate)
    assert any(k.name == case and k.severity == "info" for k in check.cases), check


def test_an_accepted_change_to_an_other_key_hides_no_finding_on_a_named_one():
    """The fuzzer's search goes on past mutants the prompt leaves open: before, the first accepted change
    (to the unnamed `by_size`) was shrunk and reported as a warning, and the unchecked `parcels` was lost."""
    check = next(c for c in reports()["depot_loads_unchecked"].checks if c.gate == "fuzz")
    found = next(k for k in check.cases if k.name == "number_far")
    assert found.severity == "fail" and "field 'parcels'" in found.detail, found
    sound = next(c for c in reports()["depot_loads_extra"].checks if c.gate == "fuzz")
    assert all(k.severity != "fail" for k in sound.cases), sound


def test_a_rounded_expected_value_is_named_with_the_reference_value():
    check = next(c for c in reports()["clinic_waits_quoted"].checks if c.gate == "detail_leaks")
    found = next(k for k in check.cases if k.name == "leak:number_far")
    assert "rounded) as the expected answer" in found.detail, found


def test_the_row_count_beside_a_leaked_level_is_not_reported():
    check = next(c for c in reports()["tank_drain_hinted"].checks if c.gate == "detail_leaks")
    found = next(k for k in check.cases if k.name == "answer_set")  # (the truncations: the same line)
    leaked = found.detail.split("presents reference value(s) ", 1)[1].split(" as the expected", 1)[0]
    assert leaked.count(",") == 0 and "." in leaked, found  # the level alone, not the count or the minute


def test_free_headings_and_notes_hide_no_finding_in_the_table():
    """The heading's number was the first thing the fuzzer changed: before, its acceptance was the finding
    reported (line 1), and the unchecked `incidents` column was never named. Mutants confined to free
    lines are now left open and do not use up the search, so the table cell is what is reported."""
    check = next(c for c in reports()["uptime_digest_unchecked_column"].checks if c.gate == "fuzz")
    found = next(k for k in check.cases if k.name == "number_far")
    assert found.severity == "fail" and re.search(r"number_far: line ([5-9]|10):", found.detail), found


def test_a_grader_somewhat_looser_than_the_prompt_is_named_by_the_largest_move_it_accepts(tmp_path):
    """Accepted at 8x the stated tolerance but not at 16x, or at 16x (a grader 20x looser: 2% where the prompt
    says 0.1%, blind p52) or 100x: each a fail where the band is stated of the number's own key one way only
    ("Each `k` must be within an absolute 1e-6"): 8x that is past any misreading of it (blind p116, p126,
    p134, p146 each planted a band 10x looser than stated). A band two readings give stays a warn at 8x
    (test_blind_p145_p152)."""
    import shutil

    for tol, factor in (("1.2e-5", "8x"), ("2e-5", "16x")):
        root = tmp_path / f"spring_rates_{tol}"
        shutil.copytree(FOREIGN / "spring_rates_stated", root)
        hidden = root / "grader" / "hidden.py"
        hidden.write_text(hidden.read_text().replace("TOL = 1e-6", f"TOL = {tol}"))
        report = run_checks([load_task(root)], resolve_gates(["fuzz"]), options=OPTIONS).tasks[0]
        found = next(k for c in report.checks for k in c.cases if k.name == "number_near")
        assert found.severity == "fail" and factor in found.detail, (tol, found)


def test_a_grader_exactly_ten_times_looser_is_caught_at_every_field(tmp_path):
    """A grader whose tolerance is exactly 10x the prompt's accepted a move of exactly 10x at some fields
    and not at others (rounding at its boundary), so whether it was named depended on which field the
    search tried (p6's reservoir task). Moves of 8x are accepted at every field."""
    import shutil

    root = tmp_path / "spring_rates_tenfold"
    shutil.copytree(FOREIGN / "spring_rates_stated", root)
    hidden = root / "grader" / "hidden.py"
    hidden.write_text(hidden.read_text().replace("TOL = 1e-6", "TOL = 1e-5"))
    report = run_checks([load_task(root)], resolve_gates(["fuzz"]), options=OPTIONS).tasks[0]
    found = next(k for c in report.checks for k in c.cases if k.name == "number_near")
    assert found.severity == "fail" and "8x" in found.detail, found


def test_nan_is_a_number_kind_of_its_own():
    """A grader comparing `abs(got - want) > tol` passes NaN (every comparison with it is False): p10's
    plate_heat grader did, and so did seven of these fixtures' own sound graders before they compared
    `not abs(got - want) <= tol`."""
    from artifactbench.gates.fuzz import FuzzPolicy
    from artifactbench.gates.fuzz._strategies import place_examples

    found = list(place_examples("json", '{"a": 1.5, "b": 2}', FuzzPolicy(), "number_nan"))
    assert [m.text for m in found] == ['{"a": NaN, "b": 2}', '{"a": 1.5, "b": NaN}'], [m.text for m in found]
    assert [m.text for m in place_examples("csv", "k,v\nx,2.50\n", FuzzPolicy(), "number_nan")] == ["k,v\nx,nan\n"]


def test_stated_cases_the_tests_never_reach_are_each_named():
    """The guard's case past equals, the `or` operand that alone decides, the sort key's tie-break: a
    raise (or the tie-break taken out) the sound twin's tests meet, the flawed twin's never."""
    def case(name):
        return next(k for c in reports()[name].checks if c.gate == "fuzz" for k in c.cases if k.name == "py_weaken")
    assert case("ferry_desk_cases_reached").status == "OK"
    detail = case("ferry_desk_cases_unreached").detail
    for what in ("a raise where `lanes > cars`", "a raise where `or day in set(closures)` decides the guard",
                 "the sort key's last part `v[\"plate\"]` taken out", "no test of it reaches that case"):
        assert what in detail, detail
