"""classify(): every row of the spec 5.5.4 status table, with the severity that decides the exit code."""

from __future__ import annotations

import pytest

from artifactbench.negative import NegativeCase, _mutate_reverse_lines, classify


def _custom(text: str) -> str:
    return text + "x"


DEFAULT = _mutate_reverse_lines

# id, mutate, expected_substring, currently_caught, per_task_file, accepted, detail, status, severity, words
ROWS = [
    ("pass_any_rejection", _custom, "", True, True, False, "nope", "PASS", "ok", "rejected"),
    ("pass_substring_case_insensitive", _custom, "ORDER", True, True, False, "wrong order", "PASS", "ok", ""),
    ("miss_custom", _custom, "", True, True, True, "fine", "MISS", "fail", "accepted"),
    ("miss_default_in_task_with_file", DEFAULT, "", True, True, True, "fine", "MISS", "fail", ""),
    ("weak_miss_default_without_file", DEFAULT, "", True, False, True, "fine", "WEAK_MISS", "warn",
     "negative_cases.py"),
    ("wrong_reason_custom_fails", _custom, "order", True, True, False, "bad value", "WRONG_REASON", "fail",
     "'order'"),
    ("wrong_reason_default_warns", DEFAULT, "order", True, False, False, "bad value", "WRONG_REASON", "warn", ""),
    ("expected_miss", _custom, "", False, True, True, "fine", "EXPECTED_MISS", "warn", "currently_caught=False"),
    ("now_caught_says_flip_the_flag", _custom, "", False, True, False, "nope", "PASS", "warn",
     "set currently_caught=True"),
]


@pytest.mark.parametrize(
    ("mutate", "wanted", "caught", "per_task_file", "accepted", "detail", "status", "severity", "words"),
    [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_classify_follows_the_status_table(mutate, wanted, caught, per_task_file, accepted, detail, status,
                                           severity, words):
    case = NegativeCase("c", mutate, expected_substring=wanted, currently_caught=caught, notes="#1")
    verdict = classify(case, per_task_file=per_task_file, accepted=accepted, detail=detail)
    assert (verdict.status.value, verdict.severity.value) == (status, severity)
    assert words in verdict.detail
