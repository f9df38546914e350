"""Rules from blind batches p249-p256, each with a twin that must keep its verdict."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _cases, _fails, _fuzz, _task, _twins, _with_verifier  # noqa: E402

from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.gates.core import read_prompt
from artifactbench.gates.core._accuracy import stated_tolerance
from artifactbench.gates.fuzz import without_free_tails
from artifactbench.manifest import load_task


def test_recommended_keys_are_optional_and_a_clause_of_names_shares_its_verb():
    # (p249: "`line` and `reason` are required in each entry; `event` and `sample` are recommended")
    allows = read_prompt("Each entry: `line` and `reason` are required in each `[[rejected]]` entry; `event` and "
                         "`sample` are recommended. Extra keys are ignored.\n")
    assert {"event", "sample"} <= allows.optional_fields
    assert not {"line", "reason"} & allows.optional_fields
    # twins: an adjective of the domain frees nothing, nor "recommended to" (an instruction)
    assert "dose" not in read_prompt("`dose` is the recommended dose in mg; it is required.\n").optional_fields
    assert "rate" not in read_prompt("`rate` and `total` are required; `rate` is recommended to be rounded.\n") \
        .optional_fields
    # "`event` and `sample` are optional" after a required clause frees both, as it freed only the second before
    both = read_prompt("`line` is required; `event` and `sample` are optional.\n").optional_fields
    assert {"event", "sample"} <= both and "line" not in both


_FREEZER = '[samples."S-101"]\nlocation = "F1/A1"\nvolume_ul = 40.0\n\n[samples."S-102"]\nlocation = "F1/A2"\n' \
           'volume_ul = 12.5\n\n[samples."S-104"]\nlocation = "F1/A4"\nvolume_ul = 3.0\n\n' \
           '[[rejected]]\nline = 8\nreason = "unknown_sample"\n'
_FREEZER_PROMPT = ("Write `inventory.toml`: one `[samples.\"<id>\"]` table per sample still in the freezer, then one "
                   "`[[rejected]]` entry per refused event.\n\n`line` and `reason` are required in each `[[rejected]]` "
                   "entry. Extra keys are ignored. Discarded samples must not appear under `[samples]`.\n")


def _freezer_grader(extra: bool) -> str:
    return f"""\
    got, want = tomllib.loads(text), tomllib.loads({_FREEZER!r})
    if {"not set(want['samples']) <= set(got['samples'])" if extra else "set(got['samples']) != set(want['samples'])"}:
        return False, "sample set differs"
    for sid, rec in want["samples"].items():
        if got["samples"][sid].get("location") != rec["location"] \\
                or abs(got["samples"][sid].get("volume_ul", -1) - rec["volume_ul"]) > 0.01:
            return False, "sample " + sid + " differs"
    pairs = [(r.get("line"), r.get("reason")) for r in got.get("rejected", [])]
    return pairs == [(r["line"], r["reason"]) for r in want["rejected"]], "rejections compared"
    """


def test_a_table_more_of_a_keyed_collection_is_a_record_whatever_extra_keys_free(tmp_path):
    # (p249's planted flaw: a discarded sample still listed passed; the injected `[samples."S-4010"]` was read as one
    # of the "extra keys" the prompt ignores)
    _twins(tmp_path, "freezer", "inventory.toml", _FREEZER, _FREEZER_PROMPT, _freezer_grader(True),
           _freezer_grader(False), "inject_record", "[samples.")


_CATALOG = '[artists.AR-001]\ntracks = ["TR-0001", "TR-0002", "TR-0011"]\n\n[artists.AR-002]\n' \
           'tracks = ["TR-0003", "TR-0005"]\n\n[playlists.PL-01]\ntracks = ["TR-0011", "TR-0001", "TR-0005"]\n\n' \
           '[playlists.PL-02]\ntracks = ["TR-0005", "TR-0002", "TR-0003"]\n'


def _catalog_prompt(note: str) -> str:
    return ("Write `catalog.toml` with the final state. Key order, table order and whitespace are free.\n\n```toml\n"
            '[artists.AR-900]\ntracks = ["TR-9001", "TR-9003"]        # sorted ascending\n\n[playlists.PL-900]\n'
            f'tracks = ["TR-9003", "TR-9001"]        # {note}\n```\n')


def _catalog_grader(sort_playlists: bool) -> str:
    key = "sorted" if sort_playlists else "list"
    return f"""\
    got, want = tomllib.loads(text), tomllib.loads({_CATALOG!r})
    if got.get("artists") != want["artists"]:
        return False, "artists differ"
    if set(got.get("playlists", {{}})) != set(want["playlists"]):
        return False, "playlists differ"
    ok = all({key}(got["playlists"][p]["tracks"]) == {key}(w["tracks"]) for p, w in want["playlists"].items())
    return ok, "playlists compared"
    """


def test_a_sample_lines_note_orders_its_list_and_each_collection_gets_a_turn(tmp_path):
    # (p251's planted flaw: playlists compared sorted where the sample says "playlist order, first entry first"; the
    # note was not read, and the artists' `tracks` took the one turn every `tracks` list had)
    allows = read_prompt(_catalog_prompt("playlist order, first entry first"))
    assert allows.list_order("tracks", "playlists.PL-01") and allows.list_order("tracks", "artists.AR-001")
    assert allows.list_order("blocked", "tracks.TR-0001") == ""
    _twins(tmp_path, "catalog", "catalog.toml", _CATALOG, _catalog_prompt("playlist order, first entry first"),
           _catalog_grader(True), _catalog_grader(False), "swap_records", "items of its list swapped")
    # a note freeing the order ("any order") orders nothing: the same sorted compare is right
    unsorted = _CATALOG.replace('"TR-0011", "TR-0001", "TR-0005"', '"TR-0001", "TR-0005", "TR-0011"') \
        .replace('"TR-0005", "TR-0002", "TR-0003"', '"TR-0002", "TR-0003", "TR-0005"')
    free = _task(tmp_path, "catalog_free", "catalog.toml", unsorted, _catalog_prompt("any order"), _catalog_grader(True))
    assert not any("PL-" in f or "line 8" in f or "line 11" in f for f in _fails(_fuzz(free))), _fails(_fuzz(free))


_WAVES = "event_count = 3\n\n[[event]]\nstation = \"07481\"\nstart = 2023-06-02\npeak_date = 2023-06-04\n" \
         "peak_c = 31.8\n\n[[event]]\nstation = \"07481\"\nstart = 2023-07-15\npeak_date = 2023-07-16\n" \
         "peak_c = 31.4\n\n[[event]]\nstation = \"08391\"\nstart = 2023-06-25\npeak_date = 2023-06-27\npeak_c = 39.1\n"
_WAVES_PROMPT = "Write `waves.toml`: `event_count`, then one `[[event]]` per heatwave with `station`, `start` (a " \
                "TOML date), `peak_date` (the first day of the peak) and `peak_c`.\n"


def _waves_grader(peak_date: bool) -> str:
    fields = "('station', 'start', 'peak_c', 'peak_date')" if peak_date else "('station', 'start', 'peak_c')"
    return f"""\
    import datetime
    got, want = tomllib.loads(text), tomllib.loads({_WAVES!r})
    if got.get("event_count") != want["event_count"] or len(got.get("event", [])) != len(want["event"]):
        return False, "event count differs"
    for g, w in zip(got["event"], want["event"]):
        if not isinstance(g.get("peak_date"), datetime.date):
            return False, "peak_date must be a date"
        if any(g.get(k) != w[k] for k in {fields}):
            return False, "an event differs"
    return True, "events compared"
    """


def test_a_toml_date_is_given_another_real_day(tmp_path):
    # (p256's planted flaw: `peak_date` checked to be a date, never compared; every mutant of its digits was no date)
    _twins(tmp_path, "waves", "waves.toml", _WAVES, _WAVES_PROMPT, _waves_grader(False), _waves_grader(True),
           "string_change", "peak_date")


_LINT = "# lint report\nstops.txt:15: E001 duplicate stop_id\nstops.txt:16: E002 invalid coordinates\n" \
        "trips.txt:2: E004 unknown service_id\nstop_times.txt:58: E005 unknown stop_id\n" \
        "stop_times.txt:102: W101 segment faster than 100 km/h\ntrips.txt:5: W102 fewer than 2 stop_times\n"


def _lint_prompt() -> str:
    return ("Write `lint.txt`, one finding per line:\n\n```\n<file>:<line>: <CODE> <free-text message>\n```\n\n"
            "The message after the code is free text and is not checked. Lines starting with `#` are ignored.\n\n"
            "| code | rule |\n|---|---|\n| E001 | duplicate stop_id |\n| E002 | invalid coordinates |\n"
            "| E004 | unknown service_id |\n| E005 | unknown stop_id |\n| W101 | faster than 100 km/h |\n"
            "| W102 | fewer than 2 stop_times |\n")


def _lint_grader(lines: bool) -> str:
    part = "l.split()[:2]" if lines else "l.split()[1:2]"
    return f"""\
    def keyed(body):
        return sorted({part} for l in body.splitlines() if l.strip() and not l.startswith("#"))
    return keyed(text) == keyed({_LINT!r}), "findings compared"
    """


def test_a_free_text_message_after_placeholders_is_free_and_no_leak(tmp_path):
    # (p252: `<file>:<line>: <CODE> <free-text message>`; the `100` of W101's message changed, and the message's words
    # counted as the answer's values the prompt "leaked")
    assert without_free_tails(_LINT, _lint_prompt()).splitlines()[5] == "stop_times.txt:102: W101"
    sound = _task(tmp_path, "lint", "lint.txt", _LINT, _lint_prompt(), _lint_grader(True))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    report = check_task(load_task(sound), resolve_gates(["content_leaks"]),
                        CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0))
    assert not [k.name for c in report.checks for k in c.cases if k.severity == "fail"]
    # its twin grades the codes only: a wrong line number, before the free text, passes
    flawed = _task(tmp_path, "lint_codes", "lint.txt", _LINT, _lint_prompt(), _lint_grader(False))
    assert _fails(_fuzz(flawed)), _fails(_fuzz(flawed))


def test_a_band_of_every_value_naming_a_key_aside_is_every_values():
    # (p254's planted flaw: "Each of the seven numeric values (three per chart plus `sigma_hat`) must be within
    # ±0.00001 mm" was read as `sigma_hat`'s band alone)
    stated = stated_tolerance("* Each of the seven numeric values (three per chart plus `sigma_hat`) must be within "
                              "±0.00001 mm of our value.\n")
    assert stated.general and not stated.scoped
    # twin: the key as the subject keeps the band its own
    own = stated_tolerance("* `sigma_hat` (the process spread) must be within ±0.00001 mm of our value.\n")
    assert [n for n, _, _ in own.scoped] == ["sigma_hat"]


_PLANS = "plan_count = 3\n\n[cheapest]\nn = 132\nc = 3\n\n" + "".join(
    f"[[plan]]\nn = {n}\nc = {c}\npa = {pa}\n\n" for n, c, pa in ((132, 3, 0.955747), (133, 3, 0.954723),
                                                                   (141, 4, 0.982131)))
_PLANS_PROMPT = "Write `plans.toml`: `plan_count`, the `[cheapest]` plan, and one `[[plan]]` table per valid plan " \
                "(`n`, `c`, `pa` within 1e-6). The plans must be exactly the valid ones: none missing, none extra.\n"


def _plans_grader(extra: bool) -> str:
    test = "all(k in got_plans for k in want_plans)" if extra else "sorted(got_plans) == sorted(want_plans)"
    return f"""\
    got, want = tomllib.loads(text), tomllib.loads({_PLANS!r})
    if got.get("plan_count") != len(got.get("plan", [])) or got.get("cheapest") != want["cheapest"]:
        return False, "plan_count or cheapest wrong"
    got_plans = {{(p.get("n"), p.get("c")): p.get("pa") for p in got["plan"]}}
    want_plans = {{(p["n"], p["c"]): p["pa"] for p in want["plan"]}}
    if not {test}:
        return False, "plan set differs"
    return all(abs(got_plans[k] - v) <= 1e-6 for k, v in want_plans.items()), "plans compared"
    """


def test_one_array_table_more_with_its_count_raised(tmp_path):
    # (p254's planted flaw: extra plans never refused where `plan_count` is only checked against the answer's own)
    _twins(tmp_path, "plans", "plans.toml", _PLANS, _PLANS_PROMPT, _plans_grader(True), _plans_grader(False),
           "inject_record", "count raised")


def test_a_key_pattern_with_xx_states_the_band_of_each_key_it_fits():
    # (p258's planted flaw: "| `pXX_ms` | ±0.5 ms (abs) |" read as the band of a key named `pxx_ms`; the grader's 50 %
    # relative band on p50_ms, p95_ms and p99_ms went unseen)
    stated = stated_tolerance("| col | tol |\n|---|---|\n| `loss_pct` | ±0.01 (abs) |\n| `pXX_ms` | ±0.5 ms (abs) |\n")
    assert stated.states_for(("p95_ms",)) and stated.states_for(("p50_ms",))
    assert stated.band_at(("p99_ms",), 460.0) == 0.5 and stated.band_at(("loss_pct",), 2.0) == 0.01
    # twins: a key the pattern does not fit has no band; a word with "nn" in it is no pattern
    assert not stated.states_for(("p95_count",)) and not stated.states_for(("pa_ms",))
    annual = stated_tolerance("`annual_total` within ±0.5.\n")
    assert annual.states_for(("annual_total",)) and not annual.states_for(("a12ual_total",))


_AUDIT = "PAY RUN AUDIT\nL003: UNKNOWN_CODE\nL005: AMOUNT_MISMATCH\nL008: RATE_MISMATCH\n" \
         "L014: AMOUNT_MISMATCH, DEPRECATED_CODE\nL018: AMOUNT_MISMATCH\nflagged_lines: 5\n"
_AUDIT_PROMPT = "Write `audit.txt`: a title line, one line per flagged pay-run line (`L<nnn>: CODE[, CODE...]`, the " \
                "codes that apply, exactly), then `flagged_lines: <n>`. Clean lines must not be listed.\n"


def _audit_grader(extra: bool) -> str:
    return f"""\
    if text.splitlines()[:1] != ["PAY RUN AUDIT"]:
        return False, "title line missing"
    lines = [l for l in text.splitlines()[1:] if l.strip()]
    *rows, total = lines
    if total != "flagged_lines: " + str(len(rows)):
        return False, "flagged_lines does not match the lines listed"
    if len({{r.split(":")[0] for r in rows}}) != len(rows):
        return False, "a line is listed twice"
    got = {{r.split(":")[0]: set(c.strip() for c in r.split(":", 1)[1].split(",")) for r in rows}}
    want = {{r.split(":")[0]: set(c.strip() for c in r.split(":", 1)[1].split(","))
            for r in {_AUDIT!r}.splitlines()[1:-1]}}
    if {"any(k not in got or not want[k] <= got[k] for k in want)" if extra else "got != want"}:
        return False, "flagged lines differ"
    return True, "all flagged lines reported"
    """


def test_one_line_more_of_an_id_led_kind_with_its_count_raised(tmp_path):
    # (p257's planted flaw: a false positive never refused, `flagged_lines` checked against the answer's own lines;
    # `L014: AMOUNT_MISMATCH, DEPRECATED_CODE` is of another shape than the one-code lines, so no shape held 13)
    _twins(tmp_path, "audit", "audit.txt", _AUDIT, _AUDIT_PROMPT, _audit_grader(True), _audit_grader(False),
           "inject_record", "count raised")


_LEDGER = "LEDGER\n1 ACCEPTED\n2 REJECTED not_owned\n3 ACCEPTED\n\nMANAGER Ana\nbank 8.0\nhits 4\n" \
          "squad P004 P007 P022\n\nMANAGER Bruno\nbank 2.6\nhits 16\nsquad P001 P009 P014\n"
_LEDGER_PROMPT = "Write `ledger.txt`: `LEDGER`, one line per event in seq order, then one block per manager: " \
                 "`MANAGER <name>`, then `bank`, `hits` and `squad` lines.\n"


def _ledger_grader(sets: bool) -> str:
    read = "set" if sets else "list"
    return f"""\
    def lines(body):
        return {read}(l for l in body.splitlines() if l.strip())
    return lines(text) == lines({_LEDGER!r}), "ledger compared"
    """


def test_a_blocks_key_line_repeated_as_it_was_is_open_a_record_line_is_not(tmp_path):
    # (p260: `squad P001 ...` twice in one manager's block, which a grader reading the block's keys reads the same)
    lenient = _task(tmp_path, "ledger", "ledger.txt", _LEDGER, _LEDGER_PROMPT, _ledger_grader(True))
    check = _fuzz(lenient)
    dup = next(k for k in check.cases if k.name == "duplicate_record")
    # its event lines repeated (`1 ACCEPTED` twice) are records more: still a finding, the key lines' copies a warn
    assert dup.severity == "fail", dup
    shown = dup.detail.split("->")[0]
    assert not any(key in shown for key in ("bank", "hits", "squad", "MANAGER")), dup.detail
    from artifactbench.gates.fuzz._fuzz import _block_key_line
    assert _block_key_line(_LEDGER, "line 9") == "squad" and _block_key_line(_LEDGER, "line 2") is None
    assert _block_key_line(_LEDGER, "line 6") == "MANAGER"


def test_review_repros_of_the_p249_p260_rules(tmp_path):
    from artifactbench.gates.core._prompt import _ordered_list_notes
    from artifactbench.gates.fuzz._fuzz import _block_key_line
    # a list of required keys goes on past its clause: only the optional clause's names are optional
    assert read_prompt("Required keys: `id`, `name`, `score`; `note` and `tags` are optional.\n").optional_fields \
        == {"note", "tags"}
    # "recommended" said of how to write a key frees no key; said of the keys, "but not required", it does
    assert not read_prompt("`total` is required. Rounding `total` to two decimals is recommended.\n").optional_fields
    assert read_prompt("The `event`, `sample` fields are recommended but not required.\n").optional_fields \
        == {"event", "sample"}
    # "Within a region, rows may be in any order": the rows' order, as "Inside a line the ids ..." is not
    assert read_prompt("Within a region, rows may be in any order.\n").unordered
    assert not read_prompt("Inside a line the ids may come in any order.\n").unordered
    # a block's one finding line is no field of a block of fields
    lint = "== stops.txt ==\nerror 15 duplicate stop_id\n\n== trips.txt ==\nerror 2 unknown route\n"
    assert _block_key_line(lint, "line 2") is None
    # notes freeing a list's order order nothing; a note under another collection says nothing of this one's
    sample = "```toml\n[artists.AR-900]\ntracks = [\"TR-9001\"]  # sorted ascending\n[playlists.PL-900]\n" \
             "tracks = [\"TR-9003\"]  # no particular order\n```\n"
    assert ("tracks", "playlists", "") in _ordered_list_notes(sample)
    only_artists = read_prompt("```toml\n[artists.AR-900]\ntracks = [\"TR-9001\"]  # sorted ascending\n```\n")
    assert only_artists.list_order("tracks", "playlists.PL-01") == "" \
        and only_artists.list_order("tracks", "artists.AR-001")
    # a literal format line's lines are no free text of a placeholder head that fits them too
    dupes = "```\n<stop_id>: <free-text reason>\ntotal: <n>\n```\n"
    assert without_free_tails("S-0412: same as S-0103\ntotal: 3\n", dupes).splitlines() == ["S-0412:", "total: 3"]
    # records beyond the right ones, freed in words
    assert read_prompt("Every valid plan must be present; extra `[[plan]]` tables are ignored.\n").extra_records
    assert read_prompt("False positives are not penalised.\n").extra_records
    assert not read_prompt("Extra columns are ignored. Extra rows are not allowed.\n").extra_records
    # an aside excluding a key from every value's band gives it no share of that band
    excluded = stated_tolerance("Every value (other than `ratio`) must be within ±0.5 of ours.\n")
    assert not (excluded.general and not excluded.scoped)


_STOPS = "S-0412\nS-0977\nS-1203\nS-1588\n"
_STOPS_PROMPT = "List the duplicate stops in `dupes.txt`, one id per line.\n\n| stop | why |\n|---|---|\n" \
                "| S-0412 | shares coords with S-0103 |\n| S-0977 | shares coords with S-0590 |\n" \
                "| S-1203 | same name as S-0015 |\n| S-1588 | same name as S-0330 |\n"


def test_a_table_of_the_answers_ids_is_a_leak_not_vocabulary(tmp_path):
    # (review: `_definitions` read a table listing exactly the answer's ids, each with why, as the answer's codes)
    root = _task(tmp_path, "stops", "dupes.txt", _STOPS, _STOPS_PROMPT,
                 f"return text.split() == {_STOPS!r}.split(), 'ids compared'\n")
    report = check_task(load_task(root), resolve_gates(["content_leaks"]),
                        CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0))
    assert [k.name for c in report.checks for k in c.cases if k.severity == "fail"] == ["reference_values:prompt.md"]


def test_a_checklist_line_is_a_sentence_its_snake_case_name_a_key():
    # (p263: "EXTRA KEYS ........ PERMITTED, IGNORED" and "TOLERANCE conc_mg_l ..... +/- 0.02 mg/L (ABSOLUTE)": the
    # leader dots ran the checklist into one sentence; the grant and the key's band went unread)
    checklist = ("    REQUIRED KEYS .......................... result_id, flag\n"
                 "    EXTRA KEYS ............................. PERMITTED, IGNORED\n"
                 "    TOLERANCE conc_mg_l .................... +/- 0.02 mg/L (ABSOLUTE)\n"
                 "    TOLERANCE t_below_10_h ................. +/- 0.05 h\n")
    allows = read_prompt(checklist)
    assert allows.other_keys and allows.other_keys_free
    stated = stated_tolerance(checklist)
    assert stated.band_at(("conc_mg_l",), 25.0) == 0.02 and stated.band_at(("t_below_10_h",), 80.0) == 0.05
    # twin: a line of dots in prose is no checklist line ("Wait.... then go" stays as written)
    assert read_prompt("Wait.... then go.\n").other_keys == ""


_LEDGER_TOML = 'rejected_events = ["E008", "E017", "E018"]\nbalance = 4.25\n'


def _ledger_toml_grader(ids: bool) -> str:
    test = 'got["rejected_events"] == want["rejected_events"]' if ids else \
        'len(got["rejected_events"]) == len(want["rejected_events"]) and ' \
        'all(re.fullmatch(r"E\\d{3}", e) for e in got["rejected_events"])'
    return f"""\
    import re
    got, want = tomllib.loads(text), tomllib.loads({_LEDGER_TOML!r})
    if not abs(got.get("balance", -1) - want["balance"]) <= 0.001:
        return False, "balance differs"
    return {test}, "ledger compared"
    """


def test_an_array_id_no_other_value_offers_is_given_the_next_id_up(tmp_path):
    # (p262's planted flaw: `rejected_events` compared by count, each id by its shape; every string mutant was
    # `mutant-value`, which the shape check refused)
    _twins(tmp_path, "ledger_toml", "ledger.toml", _LEDGER_TOML, "Write `ledger.toml`: `rejected_events`, the ids of "
           "the rejected events in log order, and `balance`.\n", _ledger_toml_grader(False), _ledger_toml_grader(True),
           "string_change", "'E009'")


def test_a_band_per_unit_goes_to_the_keys_of_that_unit_and_a_suffix_names_keys():
    # (p264: "(±0.01 ML, ±$1)" after `delivered_ml`, `released_ml` and `revenue_usd` held revenue to a cent; "every
    # `_mm` column to ±0.05 mm" after "`kc` to ±0.001 and" read as every number's band, the 10x loose grader unseen)
    pair = stated_tolerance("- `delivered_ml`, `released_ml` and `revenue_usd` must agree with the plan you give "
                            "(±0.01 ML, ±$1).\n")
    assert pair.band_at(("revenue_usd",), 596152.19) == 1.0 and pair.band_at(("delivered_ml",), 400.0) == 0.01
    # twin: one unit for two bands pairs nothing (the keys keep the first band, as before)
    same = stated_tolerance("`a_mm` and `b_mm` within ±0.05 mm and ±0.1 mm.\n")
    assert same.band_at(("b_mm",), 10.0) == 0.05
    suffix = stated_tolerance("We'll check `kc` to ±0.001 and every `_mm` column to **±0.05 mm**, day by day.\n")
    assert suffix.band_at(("eta_mm",), 9.2) == 0.05 and suffix.band_at(("kc",), 0.35) == 0.001
    assert not suffix.states_for(("mm",)) and not suffix.states_for(("eta_cm",))


_FINDINGS = "H-0004 VARIETY\nH-0005 DATES\nH-0007 DUPLICATE\nH-0012 DATES\nH-0016 MOISTURE\nH-0016 VARIETY\nTOTAL 6\n"
_FINDINGS_PROMPT = "Write `audit.txt`: one line per finding, `<record_id> <CODE>` (a record may have several), lines in " \
                   "any order, then `TOTAL <n>`. Blank lines and lines starting with `#` are ignored.\n"


def _findings_grader(pairs: bool) -> str:
    key = "set(rows)" if pairs else "sorted(row.split()[0] for row in rows)"
    return f"""\
    def read(body):
        return [l for l in body.splitlines() if l.strip() and not l.startswith(("#", "TOTAL"))]
    def key(rows):
        return {key}
    lines, want = read(text), read({_FINDINGS!r})
    if not text.rstrip().endswith("TOTAL " + str(len(lines))) or len(lines) != len(want):
        return False, "count wrong"
    return key(lines) == key(want), "findings compared"
    """


def test_codes_exchanged_between_plain_lines(tmp_path):
    # (p264's planted flaw: which records were flagged and how many findings compared, never which code each got;
    # plain lines had only their numbers exchanged, and a record flagged twice stopped the run being read)
    _twins(tmp_path, "findings", "audit.txt", _FINDINGS, _FINDINGS_PROMPT, _findings_grader(False),
           _findings_grader(True), "swap_values", "column 2")


_PRICES = "sku,ticket_price\n004512,47.99\n004519,58.99\n004530,63.99\n004541,71.99\n"
_PRICES_PROMPT = "Write `prices.csv` (`sku`, `ticket_price`): each SKU's clearance price. SKUs are six digits as in " \
                 "the input; every ticket price ends in .99.\n"


def _prices_task(tmp_path: Path, name: str, check: str) -> Path:
    root = _task(tmp_path, name, "prices.csv", _PRICES, _PRICES_PROMPT, f"return text == {_PRICES!r}, 'compared'")
    return _with_verifier(root, "import csv\nfrom pathlib import Path\n\ndef verify(path):\n"
                          "    for row in csv.DictReader(Path(path).open()):\n"
                          "        assert len(row['sku']) == 6 and row['sku'].isdigit(), 'sku must be 6 digits'\n"
                          + check)


def test_a_verifier_checking_how_values_are_written_is_structural(tmp_path):
    # (p261: verify.py's "ticket_price must end in .99" rejected every midpoint, and a zero-padded sku's midpoint,
    # `004512` -> `4515`, was no six-digit id: both read as checks of the answer)
    shape = "        assert row['ticket_price'].endswith('.99'), 'ticket_price must end in .99'\n"
    assert _cases(_prices_task(tmp_path, "shape", shape), "verifier_consistency") == []
    # its twin knows each price: the answer
    known = "        assert float(row['ticket_price']) < 72 and float(row['ticket_price']) in (47.99, 58.99, 63.99, 71.99)\n"
    assert any(sev == "fail" for _, sev in _cases(_prices_task(tmp_path, "known", known), "verifier_consistency"))


def test_second_review_repros_of_the_p261_p264_rules(tmp_path):
    from artifactbench.gates.core._accuracy import dotted_leaders
    from artifactbench.gates.fuzz._text_strategies import _next_id, plain_value_swaps
    # a key named in a checklist label as an exception or a condition is no subject: the band stays every value's,
    # and no key is freed by "MAY BE OMITTED" said of records
    except_line = stated_tolerance("    TOLERANCE (all fields except row_id) ... +/- 0.5\n    ROW ORDER ....... INPUT\n")
    assert except_line is not None and except_line.general and not except_line.scoped
    assert dotted_leaders("    SAMPLES WITH qc_flag = 1 ..... MAY BE OMITTED\n").strip() == \
        "SAMPLES WITH qc_flag = 1: MAY BE OMITTED."
    assert "qc_flag" not in read_prompt("    SAMPLES WITH qc_flag = 1 ..... MAY BE OMITTED\n").optional_fields
    # "+/- 0.5" is a distance, as "±0.5" is
    assert except_line.band_at(("conc_mg_l",), 25.1) == 0.5
    # the next id up only for ids, of the same width
    assert _next_id("E008", {"E009"}) == "E007" and _next_id("E999", set()) == "E998"
    assert _next_id("12.5 mg/L", set()) is None and _next_id("mg", set()) is None
    # a tie's two records in each other's places under their ranks is no code moved between records
    ranks = "1 alice 90\n2 bob 90\n3 carol 85\n4 dave 70\n".splitlines()
    assert not any(a == 0 and b == 1 for a, b, *_ in plain_value_swaps(ranks, (0, 1, 2, 3), lambda x, y: x != y))
    # a second band after the paired list is its own key's
    paired = stated_tolerance("- `delivered_ml` and `revenue_usd` must agree with the plan (±0.01 ML, ±$1), and "
                              "`margin_pct` to ±0.5 %.\n")
    assert paired.band_at(("revenue_usd",), 500.0) == 1.0 and paired.band_at(("margin_pct",), 10.0) == 0.05


def _bikes_task(tmp_path: Path, name: str, check: str) -> Path:
    text = "station,bikes_needed\nS1,41\nS2,71\nS3,12\nS4,95\n"
    root = _task(tmp_path, name, "bikes.csv", text, "Write `bikes.csv` (`station`, `bikes_needed`).\n",
                 f"return text == {text!r}, 'compared'")
    return _with_verifier(root, "import csv\nfrom pathlib import Path\n\ndef verify(path):\n"
                          "    for row in csv.DictReader(Path(path).open()):\n" + check)


def test_a_kept_shape_never_lands_nearer_than_the_midpoint(tmp_path):
    # (review: a verifier holding each value within 30 % of a table of the answer accepted `41` -> `51`, nearer than the
    # midpoint `56` it rejected, and was called a check of how values are written)
    near = "        assert abs(int(row['bikes_needed']) - {'S1': 41, 'S2': 71, 'S3': 12, 'S4': 95}[row['station']]) " \
           "<= 0.3 * {'S1': 41, 'S2': 71, 'S3': 12, 'S4': 95}[row['station']]\n"
    assert any(sev == "fail" for _, sev in _cases(_bikes_task(tmp_path, "near", near), "verifier_consistency"))
    # its twin checks how the values are written: whole numbers ending in 1, 2 or 5 (the reference's last digits)
    shape = "        assert row['bikes_needed'][-1] in '125', 'last digit'\n"
    assert _cases(_bikes_task(tmp_path, "shape", shape), "verifier_consistency") == []


def test_a_clock_time_within_the_minutes_stated_is_open():
    # (p225, on this session's final regression: `ready_at` "06:02" -> "06:03", another rack's time, under "`ready_at`
    # within ±1 minute")
    from artifactbench.gates.fuzz._fuzz import _clock_within
    prompt = "- Tolerances: `proof_units` within ±0.05 units; `ready_at` within ±1 minute.\n"
    assert _clock_within(prompt, "ready_at", "'06:02'", "'06:03'")
    assert not _clock_within(prompt, "ready_at", "'06:02'", "'06:04'")  # (twin: two minutes off)
    assert not _clock_within(prompt, "unloaded_at", "'06:02'", "'06:03'")  # (twin: a key with no band)
