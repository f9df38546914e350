"""What every gate shares: the task context, result values, the runner and case helpers.

Gate implementations live in the sibling packages (spec, leaks, contract, fuzz); this package
imports none of them.
"""

from artifactbench.gates.core._accuracy import implied_precision, sentences, singular, stated_tolerance
from artifactbench.gates.core._artifact_file import tree_stats
from artifactbench.gates.core._baseline import (BaselineError, Finding, apply_baseline, baseline_target_problem,
                                                findings, read_baseline, write_baseline)
from artifactbench.gates.core._common import (
    ERROR,
    FINDING,
    OK,
    SKIPPED,
    WARNING,
    FuzzBudget,
    cap,
    counts,
    error_text,
    raise_site,
    finish,
    fuzz_budget,
    grader_timeout,
    reference_text,
    stateful_case,
)
from artifactbench.gates.core._comment_marks import ALL_LINE_MARKS, BLOCK_COMMENTS, declared_marks, line_marks
from artifactbench.gates.core._bounds import MAX_TIMEOUTS, GraderBlocked
from artifactbench.gates.core._context import SANDBOXES, Cancelled, CheckOptions, TaskContext
from artifactbench.gates.core._doubt import columns_beyond, doubt, example_extras, headings_only, map_keys, record_map
from artifactbench.gates.core._free_lines import (
    SENTENCE, common_ends, fenced_blocks, prose_paragraphs, prose_sentences, uncommented,
)
from artifactbench.gates.core._prompt import ID_KEY, list_key_of, where_paths
from artifactbench.gates.core._prompt import _names as field_names  # (every field name a fuzzer description holds)
from artifactbench.gates.core._prompt import (
    ALSO_DIFFER, ORDER_KINDS, PromptAllows, StatedTolerance, read_prompt, scenario_extras,
)
from artifactbench.gates.core._run import check_task, display_path, run_checks
from artifactbench.gates.core._select import Gate, GateFunc, select_gates
from artifactbench.gates.core._text import MARKUP_SUFFIXES, markup_content, one_line, outcome_reason, whole_token
from artifactbench.gates.core._values import (
    CASE_STATUSES,
    REPORT_VERSION,
    SEVERITIES,
    CaseResult,
    CheckResult,
    Report,
    TaskReport,
)

__all__ = [
    "scenario_extras",
    "ALL_LINE_MARKS",
    "BLOCK_COMMENTS",
    "line_marks",
    "declared_marks",
    "ID_KEY",
    "common_ends",
    "where_paths",
    "field_names",
    "columns_beyond",
    "doubt",
    "headings_only",
    "example_extras",
    "map_keys",
    "singular",
    "stated_tolerance",
    "sentences",
    "implied_precision",
    "tree_stats",
    "BaselineError",
    "Finding",
    "apply_baseline",
    "baseline_target_problem",
    "findings",
    "read_baseline",
    "write_baseline",
    "CASE_STATUSES",
    "SEVERITIES",
    "ERROR",
    "FINDING",
    "OK",
    "REPORT_VERSION",
    "SKIPPED",
    "WARNING",
    "Cancelled",
    "CaseResult",
    "CheckOptions",
    "SANDBOXES",
    "CheckResult",
    "FuzzBudget",
    "Gate",
    "GraderBlocked",
    "MAX_TIMEOUTS",
    "GateFunc",
    "ALSO_DIFFER",
    "ORDER_KINDS",
    "PromptAllows",
    "StatedTolerance",
    "Report",
    "TaskContext",
    "TaskReport",
    "cap",
    "check_task",
    "counts",
    "display_path",
    "error_text",
    "raise_site",
    "finish",
    "fuzz_budget",
    "grader_timeout",
    "one_line",
    "whole_token",
    "markup_content",
    "MARKUP_SUFFIXES",
    "fenced_blocks",
    "prose_paragraphs",
    "uncommented",
    "list_key_of",
    "record_map",
    "prose_sentences",
    "SENTENCE",
    "read_prompt",
    "outcome_reason",
    "reference_text",
    "run_checks",
    "select_gates",
    "stateful_case",
]
