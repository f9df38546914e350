"""Negative sanity check of graders (spec 5.5): deliberately wrong artifacts a grader must reject."""

from artifactbench.negative._case import NegativeCase
from artifactbench.negative._isolated import MutateError, load_negative_cases_isolated
from artifactbench.negative._loader import load_negative_cases
from artifactbench.negative._mutations import (
    _mutate_empty,
    _mutate_off_by_one,
    _mutate_rename_one_field,
    _mutate_reverse_lines,
    _mutate_truncate_half,
    _mutate_wrap_in_list,
    default_negative_cases,
    is_default_mutation,
    why_unchanged,
)
from artifactbench.negative._outcome import CaseStatus, Severity, Verdict, classify

__all__ = [
    "CaseStatus",
    "MutateError",
    "NegativeCase",
    "Severity",
    "Verdict",
    "_mutate_empty",
    "_mutate_off_by_one",
    "_mutate_rename_one_field",
    "_mutate_reverse_lines",
    "_mutate_truncate_half",
    "_mutate_wrap_in_list",
    "classify",
    "default_negative_cases",
    "is_default_mutation",
    "load_negative_cases",
    "load_negative_cases_isolated",
    "why_unchanged",
]
