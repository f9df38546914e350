"""detail_leaks' number rules: a reference value printed at a lower precision or as a short integer is
caught where the detail presents it as expected; a count of the graded artifact's own records is not a
leak, whatever reference value it equals."""

from __future__ import annotations

import csv
import json
import io

import pytest

from artifactbench.gates.leaks._derived import derived
from artifactbench.gates.leaks._verdict import as_expected
from artifactbench.gates.leaks._numbers import NumberIndex, ReferenceNumbers, printed_numbers
from artifactbench.gates.leaks._sizes import record_counts, resized

# A cohort-style answer: sizes stored as integers, rates at six decimals.
REFERENCE = {84.0: "84", 87.0: "87", 0.595238: "0.595238", 0.517241: "0.517241", 27.403846: "27.403846",
             240.0: "240", 13.0: "13.0"}
NOTHING = NumberIndex(())


def _kinds(detail: str, *, visible=(), artifact=(), counts=()) -> dict[str, str]:
    numbers = ReferenceNumbers(REFERENCE, visible, counts)
    return {m.printed: f"{m.kind}:{m.spelling}" for m in numbers.matches(detail, NumberIndex(artifact))}


def test_printed_numbers_are_whole_tokens_with_their_precision():
    found = {p.token: (p.step, p.digits) for p in printed_numbers("2024-01: size 84; t=0.5952, ORD-4471 1.5e-3.")}
    assert found == {"84": (None, 2), "0.5952": (pytest.approx(1e-4), 4), "1.5e-3": (pytest.approx(1e-4), 2)}


def test_a_reference_number_rounded_to_the_printed_decimals_matches():
    assert _kinds("retention[1] expected 0.5952, got 5.9524") == {"0.5952": "rounded:0.595238"}
    assert _kinds("mean_wait expected 27.40, or 27.4") == {"27.40": "rounded:27.403846", "27.4": "rounded:27.403846"}


def test_too_few_printed_digits_match_nothing():
    assert _kinds("expected 0.60 or 0.6 or 27") == {}  # two significant digits say too little


def test_a_short_integer_equal_to_a_reference_number_is_a_small_match():
    assert _kinds("size expected 84, got 8400") == {"84": "small:84"}
    assert _kinds("size expected 84.0") == {"84.0": "small:84"}
    # A stored 13.0 printed as 13 says no more than 13 does: small, not exact.
    assert _kinds("found 13") == {"13": "small:13.0"}


@pytest.mark.parametrize("where", ["visible", "artifact"])
def test_what_the_agent_sees_or_the_artifact_holds_is_no_weak_match(where):
    assert _kinds("expected 84 and 0.5952", **{where: (84.0, 0.59524)}) == {}


def test_the_answers_own_record_count_is_no_small_match():
    assert _kinds("expected 84 rows", counts=(84,)) == {}


def test_a_rounded_token_among_many_reference_numbers_is_no_evidence():
    crowded = {round(0.59 + i * 1e-4, 6) + 3e-6: str(round(0.59 + i * 1e-4, 6) + 3e-6) for i in range(20)}
    numbers = ReferenceNumbers(crowded, (), ())
    assert numbers.matches("expected 0.5952", NOTHING) == []


def test_an_exact_match_needs_three_digits_in_both_spellings():
    assert _kinds("27.403846, 13.0, 240 and 7") == {"27.403846": "exact:27.403846", "13.0": "exact:13.0",
                                                   "240": "small:240"}


@pytest.mark.parametrize(("detail", "value", "named"), [
    ("expected 41 data rows, found 13", "41", True),
    ("expected 41 data rows, found 13", "13", False),
    ("size expected 84, got 8400", "84", True),
    ("size expected 84, got 8400", "8400", False),
    ("the next row should be minute 134, level 1571.3296", "1571.3296", True),
    ("expected 3 rows but you have 812.5", "812.5", False),
])
def test_only_what_precedes_the_found_value_is_presented_as_expected(detail, value, named):
    assert as_expected(value, detail) is named


def test_resized_drops_and_repeats_the_last_record():
    csv_text = "t,x\n0,1.5\n1,2.5\n2,3.5"
    assert resized("csv", csv_text) == [("t,x\n0,1.5\n1,2.5\n", -1), ("t,x\n0,1.5\n1,2.5\n2,3.5\n2,3.5", 1)]
    assert resized("csv", "t,x\n") == []  # a header is no record
    assert [d for _, d in resized("json", '{"rows": [1, 2], "n": 2}')] == [-1, 1]
    assert resized("json", '{"rows": [1, 2]}')[1][0] == '{"rows": [1, 2, 2]}'
    assert resized("python", "x = 1\n") == []


def test_record_counts_count_lines_and_record_lists():
    assert record_counts("csv", "t,x\n0,1\n1,2\n") == {2, 3}
    assert record_counts("json", '{"a": [1, 2, 3], "b": {"c": 1}}') == {1, 3}


def _rows(text: str) -> int:
    return sum(1 for row in list(csv.reader(io.StringIO(text)))[1:] if row)


LEVELS = {m: 2025.0 - 3.6 * m for m in range(400)}
PROBE = "minute,level\n" + "".join(f"{m},{LEVELS[m]:.4f}\n" for m in range(133))


def test_a_count_of_the_artifacts_rows_follows_its_size():
    """'found 133' equals a reference minute, but it follows the probe's row count: derived."""
    def grader(text):
        return f"expected 400 rows, found {_rows(text)}"

    assert derived("csv", PROBE, grader(PROBE), {"133": "133"}, lambda token: True, grader) == {"133"}


def test_a_reference_value_next_to_a_count_does_not_follow_it():
    """The level of the next missing row moves to another reference value, never by exactly one."""
    def grader(text):
        n = _rows(text)
        return f"expected 400 rows, found {n}; next should be minute {n}, level {LEVELS[n]:.4f}"

    detail = grader(PROBE)
    level = f"{LEVELS[133]:.4f}"
    assert derived("csv", PROBE, detail, {"133": "133", level: level}, lambda token: True, grader) == {"133"}


def test_a_count_the_grader_stops_elsewhere_for_decides_nothing():
    def grader(text):
        return "a row is repeated" if _rows(text) == 134 else f"expected 400 rows, found {_rows(text)}"

    # Only the dropped-row variant reads the same, and it follows: derived.
    assert derived("csv", PROBE, grader(PROBE), {"133": "133"}, lambda token: True, grader) == {"133"}
    # A number that stays put on the variant that reads the same is not.
    assert derived("csv", PROBE, "expected 400 rows, first missing id 133", {"133": "133"},
                   lambda token: True, lambda text: "expected 400 rows, first missing id 133") == set()


def test_an_exception_message_in_a_reference_module_is_no_answer_value():
    from artifactbench.gates.leaks import distinctive

    code = ('def step(state, event):\n    if event not in ("coin", "push"):\n'
            '        raise ValueError("unknown event")\n    return "locked_state" if event == "push" else "unlocked_state"\n')
    found = distinctive("python", code).strings
    assert "unknown event" not in found and "locked_state" in found


def test_a_few_values_named_as_missing_that_the_agent_reads_anyway_are_info():
    """p6 (blind): "missing endpoint DELETE /api/orders/{id}" names what went wrong by a value of the
    input log, spec 3.3's own example of a fine detail; a value the agent cannot see stays a warn, and
    half of the answer stays a fail whatever the agent sees."""
    from artifactbench.gates.leaks._verdict import judge

    seen = judge("leak:drop_record", "drop_record", "missing endpoint GET /a", ["/a"], [], [], 28, frozenset({"/a"}))
    assert (seen.status, seen.severity) == ("WARNING", "info")
    hidden = judge("leak:drop_record", "drop_record", "missing route DRRD", ["DRRD"], [], [], 28, frozenset())
    assert (hidden.status, hidden.severity) == ("WARNING", "warn")
    half = judge("leak:truncate_records", "cut", "missing " + ", ".join("abcdefghijklmn"), list("abcdefghijklmn"),
                 [], [], 28, frozenset("abcdefghijklmn"))
    assert (half.status, half.severity) == ("FINDING", "fail")


def test_a_long_list_of_input_values_named_as_missing_stays_a_warn():
    """Which inputs make the answer is the answer of a filter task: a detail naming 13 of its 28 rows as
    missing picks them out, though the agent reads every one of them in its input."""
    from artifactbench.gates.leaks._verdict import judge

    rows = [f"row-{i}" for i in range(13)]
    many = judge("leak:truncate_records", "cut", "missing " + ", ".join(rows), rows, [], [], 28, frozenset(rows))
    assert (many.status, many.severity) == ("WARNING", "warn")
    two = judge("leak:drop_record", "drop_record", "missing row-1, row-2", rows[1:3], [], [], 28, frozenset(rows))
    assert (two.status, two.severity) == ("WARNING", "info")


@pytest.mark.parametrize("visible, says", [
    (frozenset(), "none of them in anything the agent sees"),
    (frozenset("abcdefg"), "7 of them in the agent's inputs, 7 in nothing the agent sees"),
    (frozenset("abcdefghijklmn"), "all 14 of them in the agent's inputs"),
], ids=["none-visible", "half-visible", "all-visible"])
def test_a_whole_answer_finding_says_how_many_values_the_agent_sees(visible, says):
    """The fail message of a detail quoting half the answer or more says truly how many of the quoted
    values the agent reads in its inputs (it said "none of them in anything the agent sees" always)."""
    from artifactbench.gates.leaks._verdict import judge

    half = judge("leak:truncate_records", "cut", "missing " + ", ".join("abcdefghijklmn"), list("abcdefghijklmn"),
                 [], [], 28, visible)
    assert (half.status, half.severity) == ("FINDING", "fail")
    assert says in half.detail
    if visible:
        assert "anything the agent sees" not in half.detail


def test_a_few_input_names_beside_a_big_answer_are_info():
    """p8's cron task: a detail naming the six jobs whose firings are wrong (names the agent reads in its
    crontab) beside an answer of 195 values says what went wrong, not the answer: info. The same six
    names beside an answer of 40 values pick out which inputs make it: still a warn."""
    from artifactbench.gates.leaks._verdict import judge

    jobs = ["friday-onward", "leap-report", "month-end-snapshot", "night-batch", "payroll-check", "reindex"]
    detail = "194 firing(s) missing; jobs affected: " + ", ".join(jobs)
    big = judge("leak:truncate_records", "cut", detail, jobs, [], [], 195, frozenset(jobs))
    assert (big.status, big.severity) == ("WARNING", "info"), big
    small = judge("leak:truncate_records", "cut", detail, jobs, [], [], 40, frozenset(jobs))
    assert (small.status, small.severity) == ("WARNING", "warn"), small
    hidden = judge("leak:truncate_records", "cut", detail, jobs, [], [], 195, frozenset(jobs[:5]))
    assert hidden.severity == "warn", hidden  # one of them is in nothing the agent sees


def test_a_fifth_of_a_filter_tasks_chosen_rows_named_as_missing_stays_a_warn():
    """review8: which 40 of 400 input accounts are flagged is the answer; its rows carry 5 distinctive
    values each (200), so 8 ids named as missing were 1/25 of the values and read as info, though they
    pick out a fifth of the rows the task asks for. The share is of the records too; p8's six job names
    beside 194 firings stay info."""
    from artifactbench.gates.leaks._verdict import judge

    ids = [f"acct-{i:04d}" for i in range(12, 400, 47)][:8]
    detail = "missing flagged accounts: " + ", ".join(ids)
    rows = judge("leak:drop_record", "drop_record", detail, ids, [], [], 200, frozenset(ids), records=40)
    assert (rows.status, rows.severity) == ("WARNING", "warn"), rows
    jobs = ["friday-onward", "leap-report", "month-end-snapshot", "night-batch", "payroll-check", "reindex"]
    firings = judge("leak:truncate_records", "cut", "194 firing(s) missing; jobs affected: " + ", ".join(jobs),
                    jobs, [], [], 195, frozenset(jobs), records=194)
    assert (firings.status, firings.severity) == ("WARNING", "info"), firings


@pytest.mark.parametrize("fmt, text, records", [
    ("json", json.dumps([{"a": i} for i in range(40)], indent=2), 40),
    ("json", json.dumps({"jobs": {"x": 1}, "firings": [1, 2, 3], "late": [4]}), 4),
    ("json", json.dumps({"host": "a", "port": 8080}), 1),
    ("jsonl", "".join(json.dumps({"a": i}) + "\n" for i in range(7)) + "\n", 7),
    ("csv", "id,name\n1,a\n2,b\n", 2),
    ("text", "one\n\ntwo\nthree\n", 3),
])
def test_record_total_counts_records_not_lines(fmt, text, records):
    from artifactbench.gates.leaks._sizes import record_total

    assert record_total(fmt, text) == records


def test_how_many_rows_the_artifact_lacks_follows_its_size_the_other_way():
    """'267 expected rows missing' (400 - 133) equals a reference level's minute, but it moves against
    the probe's row count (268, 266): derived; a count past the reference's own is not read as one."""
    def grader(text):
        return f"{400 - _rows(text)} expected row(s) missing"

    assert derived("csv", PROBE, grader(PROBE), {"267": "267"}, lambda token: True, grader, 400) == {"267"}
    # Without the reference's record count the number is beyond what the artifact can count.
    assert derived("csv", PROBE, grader(PROBE), {"267": "267"}, lambda token: True, grader) == set()

    def mixed(text):  # follows on one variant, not on the other: not derived
        return f"{400 - _rows(text) if _rows(text) < 133 else 267} expected row(s) missing"

    assert derived("csv", PROBE, mixed(PROBE), {"267": "267"}, lambda token: True, mixed, 400) == set()
