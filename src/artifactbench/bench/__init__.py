"""The benchmark runner: agents, arms, runs, append-only records, summaries and paired statistics.

See docs/agents.md for the agent plug-in contract and the command-template recipes.
"""

from artifactbench.bench._agents import (Agent, AgentRequest, AgentResult, NoopAgent, OracleAgent,
                                         Permissions)
from artifactbench.bench._arms import BUILTIN_AGENTS, Arm, ArmError, build_agent, load_arms_file, parse_arm, unique_arms
from artifactbench.bench._command import CommandAgent, read_metrics
from artifactbench.bench._isolate import SandboxMode, resolve_mode
from artifactbench.bench._records import RECORD_VERSION, RunRecord
from artifactbench.bench._progress import make_progress
from artifactbench.bench._render import render_markdown, render_text
from artifactbench.bench._report import regrade_run, report_run, write_summary
from artifactbench.bench._runner import BenchConfig, config_from_run_json, run_bench
from artifactbench.bench._stats import (BootstrapCI, McNemar, PassRateDiff, RatioCI, mcnemar_exact,
                                       paired_bootstrap_ci, pass_rate_diff, ratio_ci)
from artifactbench.bench._checked import check_results
from artifactbench.bench._store import (ResultsFile, RunStore, load_results, new_run_id, read_results,
                                       read_results_bytes)
from artifactbench.bench._summary import summarize
from artifactbench.bench._validate import MAX_RUNS, positive_seconds

__all__ = [
    "BUILTIN_AGENTS",
    "MAX_RUNS",
    "RECORD_VERSION",
    "Agent",
    "AgentRequest",
    "AgentResult",
    "Arm",
    "ArmError",
    "BenchConfig",
    "BootstrapCI",
    "CommandAgent",
    "McNemar",
    "NoopAgent",
    "OracleAgent",
    "PassRateDiff",
    "Permissions",
    "RatioCI",
    "ResultsFile",
    "RunRecord",
    "RunStore",
    "SandboxMode",
    "build_agent",
    "check_results",
    "config_from_run_json",
    "load_arms_file",
    "load_results",
    "make_progress",
    "mcnemar_exact",
    "new_run_id",
    "paired_bootstrap_ci",
    "parse_arm",
    "pass_rate_diff",
    "positive_seconds",
    "ratio_ci",
    "read_metrics",
    "read_results",
    "read_results_bytes",
    "regrade_run",
    "render_markdown",
    "render_text",
    "report_run",
    "resolve_mode",
    "run_bench",
    "summarize",
    "unique_arms",
    "write_summary",
]
