"""Rules from blind batches p153-p164 (missed flaws of p148 and p153 first, then the false findings and missed
flaws of the later batches' first runs), each with a twin that must keep its verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _leaks, _task  # noqa: E402

# An audit's answer: which events break which rule (p148's shape).
_RULES = ("BAD_CODE", "OCCUPIED", "EARLY_RETURN", "NOT_IN_LOCKER")
_EVENTS = [{"event_id": f"E{100 + 7 * i:04d}", "rule": _RULES[i % 4]} for i in range(24)]
_AUDIT = "".join(json.dumps(e) + "\n" for e in _EVENTS)
_AUDIT_PROMPT = "# Audit\n\nWrite `audit.jsonl`: one `{\"event_id\", \"rule\"}` object per violation, any order.\n"


def _audit_grader(listing: str) -> str:
    return f"""\
        want = {{e["event_id"]: e["rule"] for e in map(json.loads, {_AUDIT!r}.splitlines())}}
        got = {{}}
        for line in text.splitlines():
            if line.strip():
                e = json.loads(line)
                got[e["event_id"]] = e["rule"]
        missed = sorted(set(want) - set(got))
        wrong = [e for e in want if e in got and got[e] != want[e]]
        extra = [e for e in got if e not in want]
        if missed or wrong or extra:
            return False, {listing}
        return True, "all found"
        """


def test_p148_a_capped_list_of_missed_records_pages_through_the_answer(tmp_path):
    # "29 missed: E0128 (SIZE_MISMATCH), ..." six at a time: an agent adding what each run names reads it all
    root = _task(tmp_path, "capped", "audit.jsonl", _AUDIT, _AUDIT_PROMPT, _audit_grader(
        'f"{len(missed)} missed: " + ", ".join(f"{e} ({want[e]})" for e in missed[:4]) + '
        'f"; {len(wrong)} wrong; {len(extra)} extra"'))
    found = _fails(_leaks(root))
    assert any(f.startswith("paged:") for f in found), found
    # a twin names the missed ids alone ("missing endpoint /api/v2/users", page after page): a warning
    ids = _task(tmp_path, "ids", "audit.jsonl", _AUDIT, _AUDIT_PROMPT, _audit_grader(
        'f"{len(missed)} missed: " + ", ".join(missed[:4])'))
    check = _leaks(ids)
    assert not _fails(check) and any(k.name == "paged" and k.severity == "warn" for k in check.cases), check.cases
    # its twin counts what is missing and names none: nothing to page through
    twin = _task(tmp_path, "counted", "audit.jsonl", _AUDIT, _AUDIT_PROMPT, _audit_grader(
        'f"{len(missed)} missed; {len(wrong)} wrong; {len(extra)} extra"'))
    assert not _fails(_leaks(twin))


_BAGS = [{"tag": f"0{220897612 + 31 * i}", "time_s": 130 + (i % 5), "path": ["CI3", f"M{i % 3}", "MU02"]}
         for i in range(20)]
_ROUTES = "".join(json.dumps(b) + "\n" for b in _BAGS)


def _routes_grader(line: str) -> str:
    return f"""\
        want = {{b["tag"]: b for b in map(json.loads, {_ROUTES!r}.splitlines())}}
        got = {{b["tag"]: b for b in map(json.loads, text.splitlines()) if b}}
        if set(got) != set(want):
            return False, f"{{len(set(want) ^ set(got))}} bag(s) missing or unknown"
        wrong = []
        for tag in sorted(want):
            e, g = want[tag], got[tag]
            if e["time_s"] != g["time_s"] or e["path"] != g["path"]:
                wrong.append({line})
        return not wrong, f"{{len(wrong)}} bags wrong; " + "; ".join(wrong[:3])
        """


def test_p153_an_expected_time_with_its_unit_glued_on_is_the_answer(tmp_path):
    # "0220897612: expected 135s via CI3>M2>..., got 1020s via ...": each time also sits in another bag, left as
    # it was, and the tags are strings of digits with a leading zero (ids: never moved as numbers)
    prompt = "# Routes\n\nWrite `routes.jsonl`: `tag`, `time_s` (seconds, integer) and `path` per bag.\n"
    root = _task(tmp_path, "routes", "routes.jsonl", _ROUTES, prompt, _routes_grader(
        'f"{tag}: expected {e[\'time_s\']}s via {\'>\'.join(e[\'path\'])}, got {g[\'time_s\']}s via '
        '{\'>\'.join(g[\'path\'])}"'))
    found = _fails(_leaks(root))
    assert any("expected" in f and "presents reference value" in f for f in found), found
    # its twin prints only what the artifact holds
    twin = _task(tmp_path, "routes_got", "routes.jsonl", _ROUTES, prompt, _routes_grader(
        'f"{tag}: wrong route, got {g[\'time_s\']}s via {\'>\'.join(g[\'path\'])}"'))
    assert not _fails(_leaks(twin))


def _content_leaks(root: Path):
    from artifactbench.gates import check_task, resolve_gates
    from artifactbench.manifest import load_task
    from _blind_task import OPTIONS
    report = check_task(load_task(root), resolve_gates(["content_leaks"]), OPTIONS)
    return next(c for c in report.checks if c.gate == "content_leaks")


def test_p156_a_prompt_example_row_that_is_a_record_of_the_answer(tmp_path):
    reference = ("| batch | beer | fg | k | days |\n|---|---|---|---|---|\n"
                 "| 24-027 | Hazy | 1.0121 | 0.412 | 8.95 |\n| 24-031 | Amber | 1.0118 | 0.383 | 9.87 |\n")
    grader = "return text.strip() == REF.strip(), 'differs'"
    example = "| 24-031 | 1.0118 | 0.383 | 9.87 |"  # (the name column left out)
    root = _task(tmp_path, "fits", "fits.md", reference, f"# Fits\n\nOne row a batch, e.g.\n\n{example}\n",
                 f"REF = {reference!r}\n{grader}")
    check = _content_leaks(root)
    assert any(k.name == "example_row:prompt.md" and k.severity == "warn" for k in check.cases), check.cases
    # its twin's example row is made up
    twin = _task(tmp_path, "fits_made_up", "fits.md", reference,
                 "# Fits\n\nOne row a batch, e.g.\n\n| 24-031 | 1.0100 | 0.300 | 9.00 |\n", f"REF = {reference!r}\n{grader}")
    assert all(k.name != "example_row:prompt.md" for k in _content_leaks(twin).cases)


def test_p160_a_lenient_graders_words_free_what_they_name():
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.core._free_lines import read_free_lines
    said = ("The grader does not mind row order, extra columns (gallery, contents, a comment), header capitalisation, "
            "a `kg` unit after the number, or any prose before or after the table; every case in `cases.csv` must "
            "appear exactly once.")
    allows = read_prompt(said)
    # (the clause naming `cases.csv` is the output's: the grant and the prose stay the report's)
    assert allows.unordered and {"gallery", "contents"} <= allows.granted and allows.other_keys_free
    assert "commentary" in read_free_lines(said).parts
    forgiving = ("The grader is forgiving about presentation: row order, column order, extra columns such as a note, "
                 "an introduction or summary around the table, and listing the same finding twice are all fine.")
    allows = read_prompt(forgiving)
    assert allows.unordered and allows.set_sentences
    # its twins: the same words refusing, or a permission taken back after "but"
    assert not read_prompt("Row order matters; the grader checks it.").unordered
    assert not read_prompt("The grader does not mind the order, but repeating a line is an error.").set_sentences
    assert not read_prompt("Every case must appear exactly once; extra columns are rejected.").other_keys_free


def test_p162_items_under_a_dont_worry_about_label_are_freed():
    from artifactbench.gates.core import read_prompt
    prompt = ("**Don't**\n\n- Don't output a request twice.\n\n**Don't worry about**\n\n"
              "- Row order, extra columns after the five required ones, or quoting style.\n"
              "- Case of the `status` values.\n\nThen write the file.\n")
    assert read_prompt(prompt).unordered
    # a list under a label that frees nothing frees nothing
    assert not read_prompt("**Do**\n\n- Row order: by `request_id`.\n- Extra columns after the five.\n").unordered


def test_p157_a_value_held_against_the_artifacts_own_is_the_expected_one():
    from artifactbench.gates.leaks._verdict import as_expected
    assert as_expected("458.2", "node pressures: J1 pressure 5582.0 vs 458.2")
    assert as_expected("84.61", "calibration: c_old 1846.10 outside tolerance of 84.61")
    assert as_expected("135", "0220897612: expected 135s via CI3>M2, got 1020s")
    # what the grader found is not what it wanted
    assert not as_expected("5582.0", "node pressures: J1 pressure 5582.0 is out of range")


def test_p158_a_text_artifacts_unchanged_lines_keep_their_numbers_when_varied():
    from artifactbench.gates.leaks._probes import varied
    reference = "## Stock\n| sku | on_hand |\n| A-1 | 164 |\n\n## Invoices\n| inv | charges |\n| INV-1010 | 496.50 |\n"
    mutant = reference.replace("496.50", "496.58")
    moved = varied("text", mutant, reference, by_line=True)
    # the grader that stops at its first problem still stops at the changed invoice, not at the stock table
    assert "| A-1 | 164 |" in moved and "496.58" not in moved and "INV-1010" in moved
    # nothing differs from the reference line for line (a truncation): every number moves, as before
    assert "164" not in varied("text", reference.split("## Invoices")[0], reference, by_line=True)
    # (moved whole, as the first try does: a sum over the other lines moves with them)
    assert "164" not in varied("text", mutant, reference)


def test_p162_an_input_database_view_that_is_the_answer(tmp_path):
    import sqlite3
    db = tmp_path / "ill.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE loans(lender TEXT, days INT);"
                       "INSERT INTO loans VALUES ('ABC', 3), ('ABC', 5), ('XYZ', 9);"
                       "CREATE VIEW rpt AS SELECT lender, AVG(days) AS avg_days FROM loans GROUP BY lender;")
    conn.close()
    grader = f"""\
        import sqlite3
        conn = sqlite3.connect({str(db)!r})
        try:
            got = conn.execute(text).fetchall()
        except sqlite3.Error as exc:
            return False, f"query failed: {{type(exc).__name__}}"
        want = conn.execute("SELECT lender, AVG(days) FROM loans GROUP BY lender").fetchall()
        return sorted(got) == sorted(want), "rows differ"
        """
    reference = "SELECT lender, AVG(days) AS avg_days FROM loans GROUP BY lender;\n"
    prompt = "# Scorecard\n\nWrite `query.sql`: one SELECT giving each lender's average days.\n"
    root = _task(tmp_path, "view", "query.sql", reference, prompt, grader)
    (root / "workspace" / "ill.sqlite").write_bytes(db.read_bytes())
    check = _content_leaks(root)
    assert any(k.name.startswith("copy_passes:ill.sqlite:rpt") and k.severity == "fail" for k in check.cases), check.cases
    # its twin's database has no view
    conn = sqlite3.connect(root / "workspace" / "ill.sqlite")
    conn.execute("DROP VIEW rpt")
    conn.commit()
    conn.close()
    assert not any(k.name.startswith("copy_passes") for k in _content_leaks(root).cases)


def test_p164_an_input_table_holding_one_part_of_the_answer():
    from artifactbench.gates.leaks._columns import copied_columns
    lots = [{"lot_id": f"L-{i:04d}", "item": ("rice", "pasta", "beans")[i % 3], "remaining_kg": 9.3 + i} for i in range(6)]
    answer = {"totals": {f"t{i}": 10.5 * i for i in range(6)}, "lots": lots}
    table = [{"lot_id": r["lot_id"], "item": r["item"], "kg_on_shelf": str(r["remaining_kg"])} for r in lots]
    whole, parts = copied_columns(answer, [table])
    assert not whole and parts and parts[0].startswith("lots")
    # the whole answer when it is only that part; nothing when one field is the task's own
    assert copied_columns({"lots": lots}, [table])[0]
    other = [{**row, "kg_on_shelf": "1.0"} for row in table]
    assert copied_columns({"lots": lots}, [other]) == (False, [])
    # a filter's input holds more rows than the answer: the answer is which rows
    assert copied_columns({"lots": lots[:5]}, [table]) == (False, [])


def test_p159_an_annotated_sample_line_frees_its_key():
    from artifactbench.gates.core import read_prompt
    prompt = ("Output `rig.toml`:\n\n```toml\nratio = 2.05\niterations = 17           # optional, not marked\n"
              "total_credit = 740.0    # within 0.05 h\n```\n")
    allows = read_prompt(prompt)
    assert "iterations" in allows.free_fields and "total_credit" not in allows.optional_fields
    # (a note that requires the key frees nothing)
    assert "ratio" not in read_prompt("```toml\nratio = 2.05   # required, not optional\n```\n").optional_fields


def test_p157_anything_before_the_first_block_is_free_whatever_it_reads_like():
    from artifactbench.gates.core._free_lines import read_free_lines
    reference = "PUMP STUDY\nstations: 4\n\n=== SCENARIO a ===\nfeasible: 2\nH1 | 10\nH2 | 12\n"
    free = read_free_lines("Anything before the first block (a title, notes) is ignored. Each block looks like this.")
    assert free.before_any and free.confined(reference, "feasible: 1070\n" + reference)
    # "a title before the block" frees a title, not a line that reads like one of the block's keys
    assert not read_free_lines("You may put a title or notes before the first block.").before_any


def test_p163_labels_each_shared_by_many_records_are_no_whole_answer():
    from artifactbench.gates.leaks._verdict import judge
    detail = "LOGIC200-K7: 202 complete die(s) missing; SENS300-B: 105 complete die(s) missing"
    case = judge("leak", "probe", detail, ["LOGIC200-K7", "SENS300-B", "MEMS110-T"], [], [], 5,
                 frozenset({"LOGIC200-K7", "SENS300-B", "MEMS110-T"}), 1846)
    assert case is not None and case.severity != "fail"
    # the same share of an answer of five records is the answer
    case = judge("leak", "probe", detail, ["LOGIC200-K7", "SENS300-B", "MEMS110-T"], [], [], 5,
                 frozenset({"LOGIC200-K7", "SENS300-B", "MEMS110-T"}), 5)
    assert case is not None and case.severity == "fail"


def test_p159_a_band_in_the_graders_source_looser_than_stated(tmp_path):
    from artifactbench.gates.core import stated_tolerance
    from artifactbench.gates.fuzz._grader_bands import grader_band_case
    reference = "ratio = 2.04615741\ntotal_credit = 740.0\n"
    stated = stated_tolerance("- `ratio`: within 0.0005 of the exact root.\n- `total_credit`: within 0.05 h.\n")
    grader = tmp_path / "hidden.py"
    for source, loose in (("RATIO_TOL = 5e-3\nTOTAL_TOL = 0.05\n", True),
                          ("TOL = {'ratio': 0.005}\ndef ok(g, w):\n    return abs(g - w) <= TOL['ratio']\n", True),
                          ("RATIO_TOL = 5e-4\nTOTAL_TOL = 0.05\n", False),  # (as stated)
                          # (a band of a trip's credit worked out at the agent's ratio is no band of `ratio`)
                          ("def ok(t, ratio):\n    return abs(float(t) - _credit(t, ratio)) <= 0.05\n", False)):
        grader.write_text(source)
        case = grader_band_case(grader, "text", reference, stated)
        assert (case is not None and case.severity == "warn" and "`ratio`" in case.detail) == loose, (source, case)


def test_p154_a_qualifier_stays_with_the_band_it_follows():
    from artifactbench.gates.core import stated_tolerance
    stated = stated_tolerance("`holdover_hours` within 0.5 % (relative), `t0_c` within 0.02 °C and `rmse_c` "
                              "within 0.002 °C.")
    # (`rmse_c` within 0.002 °C is not 0.2% of 0.1: an 8x move of 0.0017 is within it)
    assert stated.band_at(("rmse_c",), 0.1) >= 0.002
    assert stated.band_at(("holdover_hours",), 10.0) == 0.05


def test_review_repros_of_the_p153_p164_rules(tmp_path):
    import sqlite3
    import time
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.core._accuracy import lenient_lists
    from artifactbench.gates.core._free_lines import read_free_lines
    from artifactbench.gates.leaks._columns import input_table
    from artifactbench.gates.leaks._content import _example_row, _quick_views
    from artifactbench.gates.leaks._probes import written_out
    from artifactbench.gates.leaks._verdict import as_expected
    # a value the detail prints elsewhere writes out no record: "first 3 shown" beside priority-3 tickets
    reference = "".join(json.dumps({"id": f"T-1{i:02d}", "priority": 1 + i % 4}) + "\n" for i in range(12))
    assert written_out("jsonl", reference, ["T-100", "T-101", "T-102"],
                       "9 missing (first 3 shown): T-100, T-101, T-102") == 0
    assert written_out("jsonl", reference, ["T-100", "T-101"], "missing: T-100 (priority 1), T-101 (priority 2)") == 2
    # "vs" between two names, or beside the artifact's own number only in words: no expected value
    assert not as_expected("Herons", "round 1: fixture Lions vs Herons missing")
    assert not as_expected("1323.61", "not sorted at 1-2: -1541.18 vs 1323.61", strict=True)
    # (an inequality's other side is the expected one, strict or not: p118's planted leak)
    assert as_expected("75.60", "T24680: balance_due 78.66 != 75.60", strict=True)
    # lenient words said of the input or of another program free nothing of the output
    for said in ("The grader does not mind row order in the input, and it does not mind customers that appear "
                 "twice there.", "The upstream tool does not mind duplicates, but the grader does: listing an id "
                 "twice fails."):
        allows = read_prompt(said)
        assert not allows.unordered and not allows.set_sentences, said
    assert not read_prompt("The legacy importer does not mind extra keys; the grader checks that each record has "
                           "exactly `customer` and `total`.").other_keys
    # a sample's note about the value's format frees no key
    notes = read_prompt("```yaml\nhost: web-01  # lower case; surrounding whitespace is ignored\n"
                        "p95_ms: 812.5  # one decimal; a trailing zero is optional\n```\n")
    assert not notes.optional_fields and not notes.free_fields
    # a permission about the input's lines, or taken back, frees no part of the report
    for said in ("Don't worry about comment lines in the input log; the report must have no comments or headings.",
                 "Don't worry about headings: there must be none.",
                 "We do not mark spelling in comments of your script; the report itself must contain only the host lines."):
        assert not read_free_lines(said).parts, said
    # a lenient label's list ends at the blank line after its items
    assert lenient_lists("Not graded:\n- row order\n\n- `id`: the id\n").split("\n")[-2] == "- `id`: the id"
    # a ragged input row does not crash the answer-columns reading
    ragged = tmp_path / "regions.csv"
    ragged.write_text("region,total\nN,1,extra\nS,2\n")
    assert all(None not in row for row in input_table(ragged))
    # an example row matches an answer row column by column, not cell by cell anywhere
    assert _example_row("| web-01 | 0 | 1 | 100.0 |", "| host | a | b | c |\n|---|---|---|---|\n"
                                                      "| web-01 | 1 | 0 | 100.0 |\n", "") is None
    # a view that never ends is read for at most VIEW_SECONDS here and never graded
    db = tmp_path / "slow.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE VIEW endless AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                       "SELECT x FROM c; CREATE VIEW quick AS SELECT 1 AS one;")
    conn.close()
    started = time.monotonic()
    assert _quick_views(db, 8) == ["quick"] and time.monotonic() - started < 10


def test_p164_a_field_tables_row_states_the_band_of_its_own_key():
    from artifactbench.gates.core import stated_tolerance
    rows = ("| `alpha` | number | yes | the minimiser, correct to within **0.005** |\n"
            "| `next_week` | number | yes | the forecast at the `alpha` you report, within **0.05** visits |\n")
    scoped = {noun: (a, r) for noun, a, r in stated_tolerance(rows).scoped}
    assert scoped["alpha"] == (0.005, 0.005) and scoped["next_week"][0] == 0.05


def test_p157_rows_a_prompt_names_as_not_checked_are_free():
    from artifactbench.gates.core._free_lines import read_free_lines
    reference = ("## Calibration\n\n| parameter | value |\n|---|---:|\n| c_old | 84.61 |\n"
                 "| target_pressure_kpa | 263.01 |\n| solver_iterations | 6 |\n")
    free = read_free_lines("Rows such as the target pressure and the number of iterations are nice to have but not "
                           "checked.")
    assert free.kinds(reference)[4:] == ("graded", "free", "free")
    assert free.confined(reference, reference.replace("263.01", "363.01"))
    assert not free.confined(reference, reference.replace("84.61", "94.61"))
    # rows the prompt requires are no such rows
    assert not read_free_lines("Rows such as the target pressure are required and checked.").free_rows


def test_p168_rows_merged_before_comparing_and_a_field_looked_at_only_for_some_records():
    from artifactbench.gates.core import read_prompt
    merged = read_prompt("If you prefer one row per issue and rule, that is fine too, as the rows for the same issue "
                         "are merged before I compare.")
    assert merged.set_sentences
    assert merged.leaves_open("duplicate_record", "line 7") is not None
    only = read_prompt("`patient` is only looked at for RESERVED and ISSUED units, so fill it or leave it blank "
                       "elsewhere as you like.")
    assert "patient" in only.optional_fields and "patient" not in only.free_fields
    # twins: rows not merged, a field always looked at
    assert not read_prompt("Each issue on one row; rows for the same issue are an error.").set_sentences
    assert "patient" not in read_prompt("`patient` is checked for every unit.").optional_fields


def test_p166_are_free_a_count_returned_and_a_verifiers_kinds_and_counts():
    from artifactbench.gates.core._free_lines import read_free_lines
    from artifactbench.gates.fuzz._verifier_consistency import value_mutants
    from artifactbench.gates.leaks._verdict import as_expected
    assert read_free_lines("The title line, the `## Notes` section and any other text are free.").parts
    assert not read_free_lines("The report must be free of notes and headings.").parts
    assert not as_expected("24", "hidden snapshot 1: expected 29 rows, query returned 24")
    assert as_expected("29", "hidden snapshot 1: expected 29 rows, query returned 24")
    # a two-valued column (a kind) and a count of the record's own list are not moved to a midpoint
    boxes = [{"no": f"B{i}", "length": (20, 40)[i % 2], "weight": 10.5 + 3 * i,
              "candidate_count": i % 3, "candidates": list(range(i % 3))} for i in range(6)]
    moved = {m.describe().split(":")[1].strip() for m, _ in value_mutants("json", json.dumps({"boxes": boxes}))}
    assert not any("length" in d or "candidate_count" in d for d in moved) and any("weight" in d for d in moved), moved
