"""`pants test` on an `artifact_task`: the full check, one hermetic cached process per task."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Optional

from pants.core.goals.test import TestExtraEnv, TestFieldSet, TestRequest, TestResult, TestSubsystem
from pants.engine.fs import Digest, DigestContents, DigestSubset, MergeDigests, PathGlobs, Snapshot
from pants.engine.fs import GlobMatchErrorBehavior
from pants.engine.process import FallibleProcessResult, ProcessCacheScope
from pants.backend.python.util_rules.pex import VenvPexProcess
from pants.engine.rules import Get, MultiGet, collect_rules, rule
from pants.engine.target import Target
from pants.util.logging import LogLevel

from artifactbench_pants.checker import ArtifactTaskInputs, ArtifactTaskInputsRequest
from artifactbench_pants.contract import SANDBOXES, ContractError, report_from_json
from artifactbench_pants.render import render_missing_report, render_report
from artifactbench_pants.subsystem import ArtifactBenchSubsystem
from artifactbench_pants.target_types import (
    ArtifactTaskDependenciesField,
    ArtifactTaskSourcesField,
    ArtifactTaskTimeoutField,
)

REPORT = "report.json"
# With `[artifactbench].html_report` on, the check also writes this page (docs/adr/0002-html-reports.md);
# Pants copies a test's extra output to dist/test/<address, path-safe>/.
HTML = "report.html"


def junit_name(path_safe_spec: str) -> str:
    # Pants copies every test's XML into one --test-report dir: the name must be unique per task.
    return f"{path_safe_spec}.junit.xml"


@dataclass(frozen=True)
class ArtifactTaskTestFieldSet(TestFieldSet):
    required_fields = (ArtifactTaskSourcesField,)

    sources: ArtifactTaskSourcesField
    dependencies: ArtifactTaskDependenciesField
    timeout: ArtifactTaskTimeoutField

    @classmethod
    def opt_out(cls, tgt: Target) -> bool:
        return False


class ArtifactTaskTestRequest(TestRequest):
    tool_subsystem = ArtifactBenchSubsystem
    field_set_type = ArtifactTaskTestFieldSet


def check_argv(
    task_dir: str,
    junit: str,
    extra_args: "tuple[str, ...]",
    baseline: "Optional[str]" = None,
    html: bool = False,
    sandbox: str = "none",
) -> "tuple[str, ...]":
    """The checker's argv: only repo-relative paths, so the cache key is machine independent. The
    default sandbox adds nothing (the argv, and so the cache key, stays as it was before the option)."""
    if sandbox not in SANDBOXES:
        raise ValueError(f"[artifactbench].sandbox = {sandbox!r}: must be one of {', '.join(SANDBOXES)}")
    chosen = ("--baseline", baseline) if baseline else ()
    page = ("--html", HTML) if html else ()
    confined = ("--sandbox", sandbox) if sandbox != "none" else ()
    # --linked-task-files: Pants links large inputs from its store into each sandbox and drops them, which
    # moves a task file's ctime with no write (a ctime-only move is then settled by the file's bytes).
    return (
        "check", "--json-out", REPORT, "--junit-xml", junit, *page, "--quiet", "--linked-task-files", *chosen,
        *confined, *extra_args, task_dir,
    )


def baseline_globs(baseline: str) -> PathGlobs:
    """The baseline file as a process input (so its content is in the cache key); missing is an error."""
    return PathGlobs(
        [baseline],
        glob_match_error_behavior=GlobMatchErrorBehavior.error,
        description_of_origin="the option `[artifactbench].baseline`",
    )


def cache_scope(force: bool, cache_failures: bool) -> ProcessCacheScope:
    if force:
        return ProcessCacheScope.PER_SESSION
    return ProcessCacheScope.ALWAYS if cache_failures else ProcessCacheScope.SUCCESSFUL


def render_outcome(report_bytes: bytes, exit_code: int, stdout: str, stderr: str) -> str:
    try:
        report = report_from_json(report_bytes)
    except ContractError as err:
        return f"artifactbench: {err}\n" + render_missing_report(exit_code, stderr, stdout)
    if report is None:
        return render_missing_report(exit_code, stderr, stdout)
    return render_report(report)


@rule(desc="Check an artifact task", level=LogLevel.DEBUG)
async def run_artifact_task_checks(
    batch: ArtifactTaskTestRequest.Batch[ArtifactTaskTestFieldSet, Any],
    subsystem: ArtifactBenchSubsystem,
    test_subsystem: TestSubsystem,
    test_extra_env: TestExtraEnv,
) -> TestResult:
    field_set = batch.single_element
    inputs = await Get(
        ArtifactTaskInputs, ArtifactTaskInputsRequest(field_set.sources, field_set.dependencies)
    )
    digest = inputs.digest
    if subsystem.baseline:
        baseline_digest = await Get(Digest, PathGlobs, baseline_globs(subsystem.baseline))
        digest = await Get(Digest, MergeDigests([digest, baseline_digest]))
    timeout: Optional[int] = field_set.timeout.value or subsystem.timeout
    junit = junit_name(field_set.address.path_safe_spec)
    result = await Get(
        FallibleProcessResult,
        VenvPexProcess(
            inputs.checker,
            argv=check_argv(
                inputs.task_dir,
                junit,
                tuple(subsystem.check_args),
                subsystem.baseline,
                html=subsystem.html_report,
                sandbox=subsystem.sandbox.value,
            ),
            description=f"artifactbench check {inputs.task_dir}",
            input_digest=digest,
            output_files=(REPORT, junit, HTML) if subsystem.html_report else (REPORT, junit),
            extra_env=test_extra_env.env,
            timeout_seconds=timeout,
            cache_scope=cache_scope(test_subsystem.force, subsystem.cache_failures),
            level=LogLevel.DEBUG,
        ),
    )
    report_contents, junit_xml, html = await MultiGet(
        Get(DigestContents, DigestSubset(result.output_digest, PathGlobs([REPORT]))),
        Get(Snapshot, DigestSubset(result.output_digest, PathGlobs([junit]))),
        Get(Snapshot, DigestSubset(result.output_digest, PathGlobs([HTML]))),
    )
    report_bytes = report_contents[0].content if report_contents else b""
    base = TestResult.from_fallible_process_result(
        result,
        address=field_set.address,
        output_setting=test_subsystem.output,
        xml_results=junit_xml if junit_xml.files else None,
        extra_output=html if html.files else None,
        log_extra_output=bool(html.files),
    )
    # The rendered report replaces the checker's (quiet) stdout: gate and case come first.
    rendered = render_outcome(report_bytes, result.exit_code, base.stdout, base.stderr)
    return dataclasses.replace(base, stdout=rendered)


def rules():
    return [*collect_rules(), *ArtifactTaskTestRequest.rules()]
