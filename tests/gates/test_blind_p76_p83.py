"""Rules from blind batches p76-p83 (tasks none of us wrote)."""

from __future__ import annotations

from types import SimpleNamespace

from artifactbench.gates.core import read_prompt
from artifactbench.gates.core._accuracy import stated_tolerance
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._fuzz import _new_entry, _place
from artifactbench.gates.fuzz._reference import Reference

_CALIBRATION = '[fine_rate]\ndaily_rate = 0.454704\nprojected_revenue = 48499.98\nmethod = "scan + bisection"\n'
_ALLOWS_METHOD = ("Write `calibration.toml` with `daily_rate` and `projected_revenue` under `[fine_rate]`. You're "
                  "welcome to add other keys (iterations, method, notes) and comments.")


def test_a_tree_place_is_its_path_with_indices_and_ids_aside():
    """p79: the scout's places were whole paths, `$.balances[0].counted` and `$.balances[5].counted` two
    places, so four counts were drawn and the signed `discrepancy` beside them never; p80: four copies of
    titles dropped (`T05-c2`, `T01-c2`: one place now), never a title (`T02`: another)."""
    assert _place("at $.balances[0].counted") == _place("at $.balances[5].counted") == "at $.balances[#].counted"
    assert _place("at $.balances[0].counted") != _place("at $.balances[25].discrepancy")
    assert _place("at $.titles.T05.copies, key 'T05-c2'") == _place("at $.titles.T01.copies, key 'T01-c2'")
    assert _place("at $.titles, key 'T02'") != _place("at $.titles.T05.copies, key 'T05-c2'")
    assert _place("at $.titles.T02.copies.T02-c1, key 'patron'") == "patron"
    assert _place("record 2, field 'qty'") == "qty"
    assert _place("at $.rows[3] <-> at $.rows[7]") == _place("at $.rows[1] <-> at $.rows[2]")


def test_a_key_the_prompt_calls_optional_may_go_though_it_stands_once():
    """p80: `method = "scan + bisection"` of "add other keys (iterations, method, notes)", dropped or cut
    from the end: a key of the prompt's own optional list, though the file holds it once (a key standing
    once is otherwise the answer's data, `bob = 7`)."""
    ref = Reference("text", _CALIBRATION, FuzzPolicy(), read_prompt(_ALLOWS_METHOD), "calibration.toml")
    dropped = _CALIBRATION.replace('method = "scan + bisection"\n', "")
    assert ref.dropped_key(dropped) == "method"
    assert ref.cut_keys(dropped) == ["method"]
    assert ref.cut_keys(_CALIBRATION.split("projected_revenue")[0]) == ["projected_revenue", "method"]
    assert ref.cut_keys("[fine_rate]\n") is not None  # (both keys cut: the caller asks whether each is optional)
    assert ref.cut_keys(_CALIBRATION.replace("0.454704", "0.5")) is None  # not a cut
    plain = Reference("text", _CALIBRATION, FuzzPolicy(), read_prompt("Write `calibration.toml`."), "calibration.toml")
    assert plain.dropped_key(dropped) is None  # (no optional list: a key standing once is data)
    assert read_prompt(_ALLOWS_METHOD).leaves_open("drop_key", "field 'method'") is not None
    assert read_prompt(_ALLOWS_METHOD).leaves_open("drop_key", "field 'daily_rate'") is None


def test_a_band_said_of_one_key_is_not_every_numbers_band():
    """p80: "to within ±0.0001" of the rate, and "`projected_revenue` must be the model's revenue at the
    rate you report (to within a dollar)": the revenue's band is $1 (not 0.0001: a 1-cent move was a false
    fail). A number no scoped band names keeps the loosest of them (a review: a stricter reading of the
    rest gave sound graders false fails wherever a band was scoped to the wrong word)."""
    text = ("Find the rate to within ±0.0001 of the exact value; report six decimal places.\n\n"
            "`projected_revenue` must be the model's revenue at the rate you report (to within a dollar).")
    stated = stated_tolerance(text)
    assert stated.band_at(("projected_revenue",), 48499.98) == 1.0
    assert stated.band_at(("daily_rate",), 0.45) == 1.0
    assert stated_tolerance("`fee` must be within one cent.").band_at(("fee",), 12.0) == 0.01
    # (one band said of no key: every number's, as before)
    assert stated_tolerance("Values within ±0.5 are accepted.").band_at(("x",), 3.0) == 0.5
    # (a key named far back in a sentence of several keys scopes nothing)
    mixed = stated_tolerance("`a`, `b` and `c` are floats, checked within ±0.01.")
    assert mixed.band_at(("a",), 1.0) == mixed.band_at(("z",), 1.0) == 0.01


def test_an_entry_under_a_new_key_is_what_other_keys_allow():
    """p78, p80, p76, p79: a `[units.MNBU8301874]` table, a copy `T01-c4`, a `[SD-x]` section, a bare
    `[V-23010]` header beside "extra keys (e.g. commodity, notes) don't matter" / "extra keys are ignored":
    another key, read literally (a warn), not a record the prompt makes wrong."""
    tree = Reference("json", "{}", FuzzPolicy(), read_prompt("x"), "state.json")
    toml = Reference("text", "[units.A1]\nbreach = true\n", FuzzPolicy(), read_prompt("x"), "w.toml")
    text = Reference("text", "A1 ok\n", FuzzPolicy(), read_prompt("x"), "w.txt")
    entry = SimpleNamespace(where="at $.titles.T01.copies, key 'T01-c4' (a new entry, a copy of 'T01-c1', scrambled)",
                            new="{}")
    assert _new_entry(tree, entry)
    assert not _new_entry(tree, SimpleNamespace(where="at $.rows, after item 3 (a copy of item 1)", new="{}"))
    section = SimpleNamespace(where="after line 4 (copy of section lines 1-4, renamed, numbers moved)", new="'...'")
    assert _new_entry(toml, section)
    header = SimpleNamespace(where="before line 1 (copy of line 3, numbers moved)", new="'[V-23010]'")
    assert _new_entry(toml, header)
    assert not _new_entry(toml, SimpleNamespace(where="before line 1 (copy of line 2)", new="'breach = false'"))
    assert not _new_entry(text, section)  # (not a config file)


def test_bands_joined_by_and_are_each_their_own():
    """p77: "prices must be within 0.01 of the true values and `max_profit` within 1.00": the 1.00 is the
    profit's (an "and" parts two bands as a comma does), and no relative band of 100% (the loosest
    reading made every price's band 1 + 100% of it, and a grader at 1% relative passed unseen)."""
    stated = stated_tolerance("Accuracy: prices must be within 0.01 of the true values and `max_profit` within "
                              "1.00, so a coarse grid won't do.")
    assert stated.band_at(("optimal_price",), 41.18) == 0.01
    assert stated.band_at(("max_profit",), 4886.82) == 1.0
    assert (0.0, 1.0) not in stated.readings
    # (a relative band said in words stays one, whatever its size)
    assert stated_tolerance("Values within a relative error of 2 are fine.").rel == 2.0


def test_a_prompt_ruling_out_other_entries_keeps_a_new_one_a_fail():
    """p49's planted flaw: "One section per container that is in the yard at the end — no section for boxes
    that have been loaded or gated out", beside "you may add ... extra keys": a new section is what the
    prompt rules out, not an extra key."""
    from artifactbench.gates.fuzz._fuzz import _NO_OTHER_ENTRY

    assert _NO_OTHER_ENTRY.search("One section per container in the yard — no section for boxes gated out.")
    assert _NO_OTHER_ENTRY.search("List those units only; departed units must not appear.")
    assert _NO_OTHER_ENTRY.search("Write no other tables.")
    assert not _NO_OTHER_ENTRY.search("One table per unit, keyed by container id. Extra keys don't matter.")
    assert not _NO_OTHER_ENTRY.search("Every title in the catalogue must appear; extra keys are ignored.")


def test_review_repros_of_the_p76_p83_rules():
    """An outside review of the rules above (a helper reading only the diff) found these; each is a test."""
    from artifactbench.gates.fuzz._fuzz import _NO_OTHER_ENTRY

    # a band scoped to a noun the key does not say, or to a file name: the other keys keep the loosest band
    heads = stated_tolerance("Accuracy: flows within 0.1% (relative); heads within ±0.5 m on every junction head.")
    assert heads.band_at(("head_m",), 28.0) >= 0.5
    two = stated_tolerance("Find the daily rate to within ±0.0001. `daily_rate` is written with six decimals and "
                           "the projected revenue at that rate must be within ±0.5 of the model's.")
    assert two.band_at(("projected_revenue",), 48499.98) >= 0.5
    example = stated_tolerance("Rates within 1e-4 of the exact rate. Every other number (for example `total_cost`) "
                               "must be within 0.5.")
    assert example.band_at(("total_revenue",), 1000.0) >= 0.5
    named_file = stated_tolerance("`summary.json` must give every region's revenue to within ±0.5.")
    assert named_file.band_at(("revenue",), 100.0) >= 0.5
    # a relative band in words is no absolute 1.5
    for text in ("Each `revenue` must be within 1.5 per cent of the exact projection.",
                 "Each `revenue` must be within 2 per mille of the exact projection.",
                 "Each `revenue` must be within 2 parts per thousand of the exact projection."):
        assert stated_tolerance(text).band_at(("revenue",), 1000.0) >= 1.5, text
    # "within a cent" of a rule, not of the answer's accuracy
    assert stated_tolerance("A bid and an ask within a cent count as tied.") is None
    # entries ruled out only where the prompt speaks of them
    for text in ("A copy with no entries in the log stays `on_shelf`.", "Print the path and nothing else on stdout.",
                 "Use only the entries dated 2024.", "Skip rows with no section code.", "Titles must not appear twice."):
        assert not _NO_OTHER_ENTRY.search(text), text
    for text in ("The keys of `titles` are exactly the catalogue's title ids.", "No title may be invented.",
                 "Only titles in the catalogue may appear."):
        assert _NO_OTHER_ENTRY.search(text), text
    # fields with digits are fields: p50_ms and p99_ms are two places
    assert _place("at $.stats.p50_ms") != _place("at $.stats.p99_ms")
    assert _place("at $.training, key 'beta1'") != _place("at $.training, key 'beta2'")
    # optional only in the clause that says so
    allows = read_prompt("Write `calibration.toml`. `daily_rate` and `projected_revenue` are required; a `method` "
                         "key is optional.")
    assert "method" in allows.optional_fields and "projected_revenue" not in allows.optional_fields


def test_a_top_level_key_the_prompt_never_names_is_left_open_but_a_record_id_is_not():
    """Review: `generated_by` and `sheet_rows` beside the answer's `balances`, never named by a prompt that
    spells its keys out, hold nothing the prompt fixes (a warn); a map of records keyed by id at the top
    (`{"t-01": 20.35}`), or of the data's own values (`{"north": 120}`: every top key unnamed), is the answer
    itself (a second review: a grader never checking the region totals was only a warn)."""
    allows = read_prompt("Write `balances.json` with `balances`: objects of `drug_code` and `counted`.")
    top = ("balances", "generated_by", "sheet_rows")
    assert allows.unnamed_key("number_far", "at $.sheet_rows", top)[0] == "warn"
    assert allows.unnamed_key("string_change", "at $.generated_by", top)[0] == "warn"
    assert allows.unnamed_key("number_nan", "at $.t-01", ("balances", "t-01")) is None
    assert allows.unnamed_key("number_far", "at $.balances[0].counted", top) is None
    assert allows.unnamed_key("inject_record", "at $.sheet_rows", top) is None
    regions = read_prompt("Write `totals.json`: a JSON object mapping each region in `sales.csv` to the sum of "
                          "its `amount` column.")
    assert regions.unnamed_key("number_far", "at $.north", ("north", "south", "east")) is None
    assert read_prompt("Write the balances as JSON.").unnamed_key("number_far", "at $.sheet_rows", top) is None


def test_second_review_repros_of_the_p76_p83_rules():
    """A second outside review, of the first review's fixes; each repro is a test."""
    # a field called optional stays optional beside a "required" one or a "must" of its own form
    for text in ("`balances` is required and `method` is optional.",
                 "You may add an optional `method` string (it must be under 200 characters).",
                 "`method` is optional and, if present, must be a string."):
        assert "method" in read_prompt(text).optional_fields, text
    assert read_prompt("`total`, `count` are mandatory, `notes` optional.").optional_fields == {"notes"}
    # a key's last word says what it is: `head_loss_m` has the losses' band, `price_change_pct` no price's
    heads = stated_tolerance("Heads must be within 0.01 m of the true values. Head losses must be within 0.5 m.")
    assert heads.band_at(("head_m",), 5.2) == 0.01 and heads.band_at(("head_loss_m",), 5.2) == 0.5
    prices = stated_tolerance("Prices must be within 0.01 of the true values; percentage changes within 0.1.")
    assert prices.band_at(("optimal_price",), 5.2) == 0.01 and prices.band_at(("price_change_pct",), 5.2) > 0.1
    # every noun of a list of subjects; none of a phrase "for each store"
    flows = stated_tolerance("Flows and pressures must be within 0.01 of the true values.")
    assert flows.states_for(("flow",)) and flows.states_for(("pressure",))
    stores = stated_tolerance("Results for each store must be within 0.01.")
    assert stores.scoped == () and stores.states_for(("revenue",))
