"""Self-test of the negative sanity check (spec 5.5.4): every status fires, defaults behave exactly."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.errors import GraderLoadError
from artifactbench.manifest import load_task
from artifactbench.negative import NegativeCase, default_negative_cases, load_negative_cases
from swebench.artifact_negative import (
    _mutate_empty,
    _mutate_off_by_one,
    _mutate_rename_one_field,
    _mutate_reverse_lines,
    _mutate_truncate_half,
    _mutate_wrap_in_list,
)

FIXTURES = Path(__file__).parent / "fixtures" / "checks"
TOOL = Path(__file__).resolve().parent.parent / "tools" / "check_grader_negative.py"
RENAMED = "__renamed_by_negative_check"

# ---- the default mutations, exactly (spec 5.5.1) --------------------------------------------------------

MUTATIONS = [
    ("empty/text", _mutate_empty, "a\nb\n", ""),
    ("empty/already_empty", _mutate_empty, "", ""),
    ("truncate/even", _mutate_truncate_half, "abcdef", "abc"),
    ("truncate/odd_floor", _mutate_truncate_half, "abcde", "ab"),
    ("truncate/one_byte", _mutate_truncate_half, "a", ""),
    # "héllo wörld" is 13 bytes: the cut at byte 6 is a character boundary after "héllo"
    ("truncate/utf8_counts_bytes", _mutate_truncate_half, "héllo wörld", "héllo"),
    # "éé" is 4 bytes: byte 2 starts the second é, so exactly one é remains
    ("truncate/utf8_boundary", _mutate_truncate_half, "éé", "é"),
    # "aé" is 3 bytes: the cut at byte 1 falls before é
    ("truncate/never_splits_char", _mutate_truncate_half, "aéb", "a"),
    ("truncate/emoji", _mutate_truncate_half, "😀😀", "😀"),
    ("reverse/lines", _mutate_reverse_lines, "a\nb\nc\n", "c\nb\na\n"),
    ("reverse/blank_lines_stay", _mutate_reverse_lines, "a\n\nb\nc", "c\n\nb\na"),
    ("reverse/whitespace_only_is_blank", _mutate_reverse_lines, "a\n  \nb\n", "b\n  \na\n"),
    ("reverse/single_line_unchanged", _mutate_reverse_lines, "only\n", "only\n"),
    ("rename/jsonl_first_key_first_object", _mutate_rename_one_field, '{"a": 1, "b": 2}\n{"a": 3}\n',
     f'{{"a{RENAMED}": 1, "b": 2}}\n{{"a": 3}}\n'),
    ("rename/json_list_of_objects", _mutate_rename_one_field, '[{"x": 1}, {"x": 2}]',
     f'[{{"x{RENAMED}": 1}}, {{"x": 2}}]'),
    ("rename/json_object_keeps_newline", _mutate_rename_one_field, '{"k": [1], "z": 0}\n',
     f'{{"k{RENAMED}": [1], "z": 0}}\n'),
    ("rename/nested_first_object", _mutate_rename_one_field, '[[], {"deep": {"x": 1}}]',
     f'[[], {{"deep{RENAMED}": {{"x": 1}}}}]'),
    ("rename/not_json_unchanged", _mutate_rename_one_field, "plain text\n", "plain text\n"),
    ("rename/json_without_object_unchanged", _mutate_rename_one_field, "[1, 2]", "[1, 2]"),
    ("off_by_one/int", _mutate_off_by_one, "total 41 of 50", "total 42 of 50"),
    ("off_by_one/leading_zeros", _mutate_off_by_one, "id 007", "id 008"),
    ("off_by_one/decimal_keeps_precision", _mutate_off_by_one, "x=2.50", "x=3.50"),
    ("off_by_one/negative", _mutate_off_by_one, "t -5 k", "t -4 k"),
    ("off_by_one/exponent", _mutate_off_by_one, "v 1e3", "v 1001"),
    ("off_by_one/not_inside_words", _mutate_off_by_one, "p95 v2 then 10", "p95 v2 then 11"),
    ("off_by_one/json_skips_strings", _mutate_off_by_one, '{"p": "/v2/9", "n": 12}', '{"p": "/v2/9", "n": 13}'),
    ("off_by_one/no_number_unchanged", _mutate_off_by_one, "no digits", "no digits"),
    ("wrap/text", _mutate_wrap_in_list, '{"a": 1}', '[{"a": 1}]'),
    ("wrap/empty", _mutate_wrap_in_list, "", "[]"),
]


@pytest.mark.parametrize(("mutate", "given", "expected"), [m[1:] for m in MUTATIONS], ids=[m[0] for m in MUTATIONS])
def test_default_mutation_exact_behaviour(mutate, given, expected):
    assert mutate(given) == expected


def test_rename_never_collides_with_an_existing_key():
    text = json.dumps({"a": 1, f"a{RENAMED}": 2})
    renamed = json.loads(_mutate_rename_one_field(text))
    assert set(renamed) == {f"a{RENAMED}_", f"a{RENAMED}"} and renamed[f"a{RENAMED}"] == 2


def test_truncate_keeps_undecodable_bytes_byte_exact():
    raw = b"\xff\xfeAB"
    text = raw.decode("utf-8", "surrogateescape")
    assert _mutate_truncate_half(text).encode("utf-8", "surrogateescape") == b"\xff\xfe"


def test_default_cases_are_the_six_in_spec_order():
    cases = default_negative_cases()
    assert [c.name for c in cases] == ["empty", "truncated_half", "reversed_lines", "renamed_field",
                                       "off_by_one", "wrap_in_list"]
    assert all(c.expected_substring == "" and c.currently_caught and c.notes == "" for c in cases)
    assert default_negative_cases() is not default_negative_cases()  # callers may append safely


def test_negative_case_is_frozen_with_spec_defaults():
    case = NegativeCase(name="x", mutate=str.upper)
    assert (case.expected_substring, case.currently_caught, case.notes) == ("", True, "")
    with pytest.raises(dataclasses.FrozenInstanceError):
        case.name = "y"  # type: ignore[misc]


# ---- the per-task loader ----------------------------------------------------------------------------------

def test_loader_defaults_without_a_file():
    cases, per_task = load_negative_cases(load_task(FIXTURES / "neg_all_pass"))
    assert per_task is False and [c.name for c in cases][0] == "empty"


def test_loader_reads_negative_cases_py():
    cases, per_task = load_negative_cases(load_task(FIXTURES / "neg_miss"))
    assert per_task is True and [(c.name, c.expected_substring) for c in cases] == [("reversed_order", "order")]


def test_loader_rejects_duplicate_names_naming_file_and_entry():
    with pytest.raises(GraderLoadError) as err:
        load_negative_cases(load_task(FIXTURES / "neg_bad_cases"))
    message = str(err.value)
    assert "negative_cases.py" in message and "NEGATIVE_CASES[1].name='twice'" in message
    assert "duplicate" in message


@pytest.mark.parametrize(("source", "needle"), [
    ("X = 1\n", "NEGATIVE_CASES"),
    ("NEGATIVE_CASES = 'no'\n", "must be a list"),
    ("NEGATIVE_CASES = []\n", "is empty"),
    ("from swebench.artifact_negative import NegativeCase\nNEGATIVE_CASES = [NegativeCase('a', 3)]\n",
     "NEGATIVE_CASES[0].mutate"),
    ("import no_such_module_anywhere\n", ":1: import failed: ModuleNotFoundError"),
    ("def broken(:\n", "import failed: SyntaxError"),
], ids=["undefined", "not_a_list", "empty", "not_callable", "import_error", "syntax_error"])
def test_loader_errors_are_one_line_and_clear(tmp_path, source, needle):
    task = _copy_task(tmp_path, "neg_all_pass")
    (task.grader_dir / "negative_cases.py").write_text(source)
    with pytest.raises(GraderLoadError) as err:
        load_negative_cases(task)
    assert needle in str(err.value) and "Traceback" not in str(err.value)


def test_loader_imports_sibling_helpers_without_leaking_them(tmp_path):
    task = _copy_task(tmp_path, "neg_all_pass")
    (task.grader_dir / "helpers_for_negative.py").write_text("SUB = 'mismatch'\n")
    (task.grader_dir / "negative_cases.py").write_text(
        "from helpers_for_negative import SUB\nfrom swebench.artifact_negative import NegativeCase\n"
        "NEGATIVE_CASES = [NegativeCase('x', str.upper, expected_substring=SUB)]\n")
    cases, _ = load_negative_cases(task)
    assert cases[0].expected_substring == "mismatch"
    assert "helpers_for_negative" not in sys.modules
    assert str(task.grader_dir) not in sys.path


# ---- every status fires, end to end through the negative gate ---------------------------------------------

def _copy_task(tmp_path: Path, name: str):
    import shutil

    shutil.copytree(FIXTURES / name, tmp_path / name)
    return load_task(tmp_path / name)


def _negative(task, timeout_s: float = 20.0):
    report = check_task(task, _gates(["negative"]), CheckOptions(grader_timeout_s=timeout_s))
    (check,) = report.checks
    return check, {c.name: (c.status, c.detail) for c in check.cases}


def _gates(names):
    return resolve_gates(names)


STATUS_FIXTURES = [
    # fixture, expected gate status, {case: status}
    ("neg_all_pass", "pass", {n: "PASS" for n in ("empty", "truncated_half", "reversed_lines",
                                                  "renamed_field", "off_by_one", "wrap_in_list")}),
    ("neg_weak_miss", "warn", {"reversed_lines": "WEAK_MISS", "off_by_one": "PASS"}),
    ("neg_miss", "fail", {"reversed_order": "MISS"}),
    # a task that ships negative_cases.py gets MISS (not WEAK_MISS) even for a re-imported default
    ("neg_miss_default_in_file", "fail", {"reversed_lines": "MISS", "empty": "PASS"}),
    ("neg_wrong_reason_custom", "fail", {"reversed_order": "WRONG_REASON"}),
    ("neg_wrong_reason_default", "warn", {"empty_says_missing": "WRONG_REASON", "empty": "PASS"}),
    ("neg_expected_miss", "warn", {"reversed_order": "EXPECTED_MISS", "undocumented": "EXPECTED_MISS"}),
    ("neg_error_raises", "error", {"raises": "ERROR"}),
    ("neg_error_unchanged", "error", {"identity": "ERROR"}),
    ("neg_skipped", "pass", {"renamed_field": "SKIPPED", "off_by_one": "SKIPPED",
                             "reversed_lines": "SKIPPED", "empty": "PASS", "wrap_in_list": "PASS"}),
    ("neg_empty_reference", "pass", {n: "SKIPPED" for n in ("empty", "truncated_half", "reversed_lines",
                                                            "renamed_field", "off_by_one", "wrap_in_list")}),
    ("neg_bad_cases", "error", {}),
]


@pytest.mark.parametrize(("fixture", "gate_status", "expected"), STATUS_FIXTURES, ids=[f[0] for f in STATUS_FIXTURES])
def test_negative_status_fires(fixture, gate_status, expected):
    check, cases = _negative(load_task(FIXTURES / fixture))
    assert check.status == gate_status, check
    for name, status in expected.items():
        assert cases[name][0] == status, (name, cases[name])


def test_error_details_say_why():
    _, cases = _negative(load_task(FIXTURES / "neg_error_raises"))
    assert "mutate raised ValueError: mutation exploded" in cases["raises"][1]
    _, cases = _negative(load_task(FIXTURES / "neg_error_unchanged"))
    assert "unchanged" in cases["identity"][1]
    _, cases = _negative(load_task(FIXTURES / "neg_skipped"))
    assert "not JSON" in cases["renamed_field"][1] and "no numeric literal" in cases["off_by_one"][1]


def test_currently_caught_false_without_issue_warns_in_detail():
    _, cases = _negative(load_task(FIXTURES / "neg_expected_miss"))
    assert "WARNING" in cases["undocumented"][1] and "issue" in cases["undocumented"][1]
    assert "WARNING" not in cases["reversed_order"][1] and "#123" in cases["reversed_order"][1]


def test_expected_substring_is_case_insensitive(tmp_path):
    task = _copy_task(tmp_path, "neg_all_pass")
    (task.grader_dir / "negative_cases.py").write_text(
        "from swebench.artifact_negative import NegativeCase, _mutate_off_by_one\n"
        "NEGATIVE_CASES = [NegativeCase('bump', _mutate_off_by_one, expected_substring='VALUES MISMATCH')]\n")
    check, cases = _negative(task)
    assert cases["bump"][0] == "PASS" and check.status == "pass"


def test_grader_timeout_is_error():
    check, cases = _negative(load_task(FIXTURES / "neg_error_timeout"), timeout_s=1.0)
    assert check.status == "error" and cases["hangs_the_grader"][0] == "ERROR"
    assert "timeout" in cases["hangs_the_grader"][1]


def test_missing_reference_is_error():
    task = dataclasses.replace(load_task(FIXTURES / "neg_all_pass"),
                               reference_output=FIXTURES / "neg_all_pass" / "grader" / "absent.jsonl")
    check, cases = _negative(task)
    assert check.status == "error" and cases["reference_output"][0] == "ERROR"


def test_tool_prints_one_line_per_case_and_exits_nonzero_on_miss():
    import subprocess

    run = subprocess.run([sys.executable, str(TOOL), str(FIXTURES / "neg_miss"), str(FIXTURES / "neg_weak_miss")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    lines = run.stdout.splitlines()
    assert any(line.startswith("MISS") and "reversed_order" in line for line in lines)
    assert any(line.startswith("WEAK_MISS") and "reversed_lines" in line for line in lines)
    assert sum("data_processing__chk_neg_weak_miss" in line for line in lines) == 6
