"""`swebench.artifact_negative` as the spec names it (5.5): a re-export of artifactbench.negative.

Graders' grader/negative_cases.py files import NegativeCase and default_negative_cases from here; the
objects are the same as artifactbench.negative's, so a re-imported default stays a default.
"""

from artifactbench.negative import (
    NegativeCase,
    _mutate_empty,
    _mutate_off_by_one,
    _mutate_rename_one_field,
    _mutate_reverse_lines,
    _mutate_truncate_half,
    _mutate_wrap_in_list,
    default_negative_cases,
)

__all__ = [
    "NegativeCase",
    "_mutate_empty",
    "_mutate_off_by_one",
    "_mutate_rename_one_field",
    "_mutate_reverse_lines",
    "_mutate_truncate_half",
    "_mutate_wrap_in_list",
    "default_negative_cases",
]
