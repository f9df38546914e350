"""How a grader's error reads in a finding: one line, short, naming where in the grader."""

from __future__ import annotations


def test_a_grader_error_quoting_a_deep_input_stays_readable():
    """A traceback line quoting 100 000 '[' is shortened to a count, not 900 characters of brackets."""
    from artifactbench.gates.core import error_text
    from artifactbench.grading import GradeOutcome

    deep = "[" * 100_000
    outcome = GradeOutcome(None, "RecursionError: maximum recursion depth exceeded", "exception",
                           f'Traceback:\n  File "/task/grader/hidden.py", line 9, in grade\n    json.loads("{deep}")\n'
                           "RecursionError: maximum recursion depth exceeded", 0.1, "", "")
    text = error_text(outcome)
    assert "[[[...(" in text and "x '['" in text and "hidden.py" in text and len(text) < 400
