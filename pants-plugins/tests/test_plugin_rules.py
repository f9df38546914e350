"""RuleRunner tests of the plugin's rules: target, tailor and dependency inference."""
from __future__ import annotations

import typing

import pytest

from pants.backend.python import target_types_rules
from pants.backend.python.dependency_inference import module_mapper
from pants.backend.python.target_types import PythonRequirementTarget, PythonSourcesGeneratorTarget
from pants.core.goals.tailor import AllOwnedSources, PutativeTarget, PutativeTargets
from pants.core.target_types import FileSourceField
from pants.core.util_rules import source_files
from pants.core.util_rules.source_files import SourceFiles, SourceFilesRequest
from pants.engine.addresses import Address
from pants.engine.fs import Digest, DigestContents, PathGlobs
from pants.engine.internals.scheduler import ExecutionError
from pants.engine.target import InferredDependencies
from pants.testutil.rule_runner import QueryRule, RuleRunner

from artifactbench_pants import dependency_inference, tailor, task_files
from artifactbench_pants.dependency_inference import (
    ArtifactTaskDependenciesInferenceFieldSet,
    InferArtifactTaskDependencies,
)
from artifactbench_pants.tailor import PutativeArtifactTaskTargetsRequest
from artifactbench_pants.target_types import (
    ArtifactTaskSourcesField,
    ArtifactTaskTarget,
    ArtifactTaskTimeoutField,
)

TASK = "problems/artifact/data_processing/p95"


@pytest.fixture
def rule_runner() -> RuleRunner:
    runner = RuleRunner(
        rules=[
            *tailor.rules(),
            *task_files.rules(),
            *source_files.rules(),
            QueryRule(SourceFiles, [SourceFilesRequest]),
            *dependency_inference.rules(),
            *module_mapper.rules(),
            *target_types_rules.rules(),
            QueryRule(PutativeTargets, [PutativeArtifactTaskTargetsRequest, AllOwnedSources]),
            QueryRule(InferredDependencies, [InferArtifactTaskDependencies]),
            QueryRule(Digest, [PathGlobs]),
            QueryRule(DigestContents, [Digest]),
        ],
        target_types=[ArtifactTaskTarget, PythonRequirementTarget, PythonSourcesGeneratorTarget],
    )
    runner.set_options(["--artifactbench-checker=src:cli", "--python-enable-resolves=false"])
    return runner


def _task_files(grader: str) -> dict:
    return {
        f"{TASK}/task.yaml": "instance_id: x\n",
        f"{TASK}/prompt.md": "do it\n",
        f"{TASK}/workspace/input.txt": "1\n",
        f"{TASK}/grader/hidden.py": grader,
        f"{TASK}/grader/helper.py": "import json\n",
        f"{TASK}/BUILD": "artifact_task()\n",
    }


def test_artifact_task_owns_the_task_layout_by_default(rule_runner: RuleRunner) -> None:
    rule_runner.write_files(_task_files("import helper\n"))
    tgt = rule_runner.get_target(Address(TASK))
    assert tgt[ArtifactTaskSourcesField].value == ("task.yaml", "prompt.md", "workspace/**", "grader/**")
    assert ArtifactTaskTarget.help and "pants test" in ArtifactTaskTarget.help


def test_tailor_adds_tasks_but_nothing_inside_workspace_or_grader(rule_runner: RuleRunner) -> None:
    rule_runner.write_files(
        {
            "problems/artifact/a/one/task.yaml": "",
            "problems/artifact/a/one/workspace/task.yaml": "",  # an input file that happens to be named so
            "problems/artifact/a/one/grader/task.yaml": "",
            "problems/artifact/b/two/task.yaml": "",
            "problems/artifact/b/owned/task.yaml": "",
        }
    )
    got = rule_runner.request(
        PutativeTargets,
        [
            PutativeArtifactTaskTargetsRequest(("problems/artifact/a/one", "problems/artifact/a/one/workspace",
                                                "problems/artifact/a/one/grader", "problems/artifact/b/two",
                                                "problems/artifact/b/owned")),
            AllOwnedSources(["problems/artifact/b/owned/task.yaml"]),
        ],
    )
    assert got == PutativeTargets(
        [
            PutativeTarget.for_target_type(ArtifactTaskTarget, "problems/artifact/a/one", "one", ["task.yaml"]),
            PutativeTarget.for_target_type(ArtifactTaskTarget, "problems/artifact/b/two", "two", ["task.yaml"]),
        ]
    )


@pytest.mark.parametrize(
    ("config", "option", "expected"),
    [
        ('version = 1\n[corpus]\nroots = ["teams/search/benchmarks"]\n', [], ["teams/search/benchmarks/r/one"]),
        ("", ["--artifactbench-task-roots=['ml/evals']"], ["ml/evals/two"]),
        ("", [], ["ml/evals/two", "teams/search/benchmarks/r/one"]),
    ],
    ids=["roots_from_artifactbench_toml", "roots_from_the_option", "no_roots_anywhere"],
)
def test_tailor_stays_under_the_task_roots(
    rule_runner: RuleRunner, config: str, option: "list[str]", expected: "list[str]"
) -> None:
    files = {"teams/search/benchmarks/r/one/task.yaml": "", "ml/evals/two/task.yaml": ""}
    if config:
        files["artifactbench.toml"] = config
    rule_runner.write_files(files)
    rule_runner.set_options(["--artifactbench-checker=src:cli", "--python-enable-resolves=false", *option])
    got = rule_runner.request(
        PutativeTargets,
        [PutativeArtifactTaskTargetsRequest(("teams/search/benchmarks/r/one", "ml/evals/two")), AllOwnedSources([])],
    )
    assert sorted(pt.path for pt in got) == expected


def _infer(rule_runner: RuleRunner) -> set:
    tgt = rule_runner.get_target(Address(TASK))
    result = rule_runner.request(
        InferredDependencies,
        [InferArtifactTaskDependencies(ArtifactTaskDependenciesInferenceFieldSet.create(tgt))],
    )
    return set(result.include)


def test_inference_adds_the_checker_and_grader_requirements(rule_runner: RuleRunner) -> None:
    rule_runner.write_files(
        {
            **_task_files("import numpy as np\nimport helper\nimport json\nfrom yaml import safe_load\n"),
            "src/BUILD": "python_requirement(name='cli', requirements=['stand-in'])\n",
            "3rdparty/BUILD": (
                "python_requirement(name='numpy', requirements=['numpy'])\n"
                "python_requirement(name='pyyaml', requirements=['pyyaml'], modules=['yaml'])\n"
                "python_requirement(name='unused', requirements=['requests'])\n"
            ),
        }
    )
    assert _infer(rule_runner) == {
        Address("src", target_name="cli"),
        Address("3rdparty", target_name="numpy"),
        Address("3rdparty", target_name="pyyaml"),
    }


def test_inference_can_be_limited_to_the_checker(rule_runner: RuleRunner) -> None:
    rule_runner.write_files(
        {
            **_task_files("import numpy\n"),
            "tools/BUILD": "python_requirement(name='checker', requirements=['stand-in'])\n",
            "3rdparty/BUILD": "python_requirement(name='numpy', requirements=['numpy'])\n",
        }
    )
    rule_runner.set_options(
        ["--artifactbench-checker=tools:checker", "--no-artifactbench-infer-grader-imports",
         "--python-enable-resolves=false"]
    )
    assert _infer(rule_runner) == {Address("tools", target_name="checker")}


def test_timeout_must_be_positive_and_help_can_read_the_field(rule_runner: RuleRunner) -> None:
    # `pants help artifact_task` introspects compute_value's annotations (it crashed without them).
    assert "raw_value" in typing.get_type_hints(ArtifactTaskTimeoutField.compute_value)
    rule_runner.write_files({**_task_files(""), f"{TASK}/BUILD": "artifact_task(timeout=0)\n"})
    with pytest.raises(ExecutionError, match="timeout=0 must be a positive number"):
        rule_runner.get_target(Address(TASK))


def test_dependents_get_the_task_files_as_plain_files(rule_runner: RuleRunner) -> None:
    rule_runner.write_files(_task_files("import helper\n"))
    tgt = rule_runner.get_target(Address(TASK))
    files = rule_runner.request(
        SourceFiles,
        [SourceFilesRequest([tgt[ArtifactTaskSourcesField]], for_sources_types=(FileSourceField,), enable_codegen=True)],
    )
    assert f"{TASK}/task.yaml" in files.files and f"{TASK}/grader/hidden.py" in files.files


def test_baseline_is_an_input_and_an_argument(rule_runner: RuleRunner) -> None:
    # [artifactbench].baseline: the file travels into the sandbox (its digest is in the cache key)
    # and the checker gets --baseline; a missing file is an error naming the option.
    from artifactbench_pants.goals.test import baseline_globs, check_argv

    rule_runner.write_files({"ci/baseline.json": '{"version": 1, "kind": "check-baseline", "findings": []}\n'})
    digest = rule_runner.request(Digest, [baseline_globs("ci/baseline.json")])
    (content,) = rule_runner.request(DigestContents, [digest])
    assert content.path == "ci/baseline.json" and b"check-baseline" in content.content
    with pytest.raises(ExecutionError, match=r"\[artifactbench\]\.baseline"):
        rule_runner.request(Digest, [baseline_globs("ci/missing.json")])
    argv = check_argv("t", "j.xml", ("--gates", "positive"), "ci/baseline.json")
    assert argv[argv.index("--baseline") + 1] == "ci/baseline.json" and argv[-1] == "t"
    assert "--baseline" not in check_argv("t", "j.xml", ())
