"""load_task against one fixture directory per rule (tests/fixtures/manifest/<case>/)."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path, PurePosixPath

import pytest

from artifactbench.errors import ManifestError, Problem
from artifactbench.manifest import CATEGORIES, DIFFICULTIES, INSTANCE_ID_RE, ExecutionBudget, load_task

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "manifest"


def _problems(case: str | Path) -> tuple[Problem, ...]:
    with pytest.raises(ManifestError) as info:
        load_task(FIXTURES / case if isinstance(case, str) else case)
    assert str(info.value) == "\n".join(str(p) for p in info.value.problems)
    return info.value.problems


def _one(problems: tuple[Problem, ...], field: str) -> Problem:
    matching = [p for p in problems if p.field == field]
    assert len(matching) == 1, f"expected one problem on {field!r}, got: {[str(p) for p in problems]}"
    return matching[0]


# case, field, line, words the message must contain, words the hint must contain (None: no check)
BROKEN = [
    ("unknown_key_typo", "structral_verifier", 7, "unknown field", "did you mean 'structural_verifier'?"),
    ("unknown_budget_key_typo", "execution_budget.max_wall_second", 12, "unknown field",
     "did you mean 'max_wall_seconds'?"),
    ("duplicate_key", "category", 4, "duplicate key (first defined on line 2)", None),
    ("duplicate_nested_key", "execution_budget.max_code_runs", 13, "duplicate key (first defined on line 11)", None),
    ("bool_budget", "execution_budget.max_code_runs", 11, "non-negative integer, got bool", None),
    ("negative_budget", "execution_budget.max_wall_seconds", 12, "must be >= 0", None),
    ("float_budget", "execution_budget.max_code_runs", 11, "non-negative integer, got float", None),
    ("string_budget", "execution_budget.max_code_runs", 11, "non-negative integer, got str", None),
    ("budget_not_mapping", "execution_budget", 10, "must be a mapping", None),
    ("missing_budget_key", "execution_budget.max_code_runs", 10, "required field is missing", None),
    ("bad_id", "instance_id", 1, "must match ^[a-z][a-z0-9_]*__[a-z0-9_]+$", None),
    ("category_mismatch", "category", 2, "does not match the instance_id prefix 'data_processing'", None),
    ("noncanonical_category", "category", 2, "not a canonical category", "did you mean 'data_processing'?"),
    ("bad_difficulty", "difficulty", 3, "not a valid difficulty", "'easy'"),
    ("missing_required", "hidden_grader", None, "required field is missing", None),
    ("missing_file", "reference_output", 9, "file does not exist", None),
    ("absolute_path", "problem_statement", 4, "must be a relative path", None),
    ("dotdot_escape", "problem_statement", 4, "must not contain '..'", None),
    ("output_artifact_absolute", "output_artifact", 6, "must be a relative path", None),
    ("output_artifact_dotdot", "output_artifact", 6, "must not contain '..'", None),
    ("output_artifact_empty", "output_artifact", 6, "must not be empty", None),
    ("grader_in_workspace", "hidden_grader", 8, "must not lie inside workspace_dir", None),
    ("reference_in_workspace", "reference_output", 9, "must not lie inside workspace_dir", None),
    ("grader_wrong_name", "hidden_grader", 8, "must be named 'hidden.py'", None),
    ("verifier_outside_workspace", "structural_verifier", 7, "must lie inside workspace_dir", None),
    ("generator_outside_workspace", "workspace_generator", 13, "must lie inside workspace_dir", None),
    ("workspace_not_dir", "workspace_dir", 5, "must be a directory", None),
    ("statement_is_dir", "problem_statement", 4, "must be a regular file", None),
    ("tags_not_strings", "tags[1]", 13, "must be a string, got int", None),
    ("tags_not_list", "tags", 13, "must be a list of strings", None),
    ("null_optional", "structural_verifier", 7, "must be a string, got null", "omit the field"),
    ("yaml_syntax_error", "", 14, "YAML syntax error", None),
    ("not_a_mapping", "", 1, "must be a mapping of fields, got list", None),
    ("empty_manifest", "", None, "got an empty document", None),
    ("non_string_key", "", 13, "mapping keys must be plain strings, got int 3", None),
]


@pytest.mark.parametrize(("case", "field", "line", "words", "hint"), BROKEN, ids=[row[0] for row in BROKEN])
def test_broken_manifest_reports_field_line_and_file(case, field, line, words, hint):
    problem = _one(_problems(case), field)
    assert problem.line == line
    assert words in problem.message
    if hint is not None:
        assert problem.hint is not None and hint in problem.hint
    manifest = str(FIXTURES / case / "task.yaml")
    assert problem.file == manifest
    assert str(problem).startswith(f"{manifest}:{line}:" if line is not None else f"{manifest}:")


@pytest.mark.parametrize("case", [row[0] for row in BROKEN])
def test_every_broken_fixture_has_exactly_the_expected_problems(case):
    # Single-rule fixtures must trip their rule and nothing else, so each one really tests one rule.
    expected = {"unknown_budget_key_typo": 2}.get(case, 1)
    assert len(_problems(case)) == expected


def test_multiple_problems_are_reported_at_once_in_line_order():
    problems = _problems("multiple_problems")
    assert [(p.field, p.line) for p in problems] == [
        ("category", 2),
        ("difficulty", 3),
        ("problem_statement", 4),
        ("output_artifact", 6),
        ("execution_budget.max_code_runs", 10),
        ("execution_budget.max_wall_seconds", 11),
        ("colour", 12),
    ]
    assert _one(problems, "colour").value == "blue"
    assert _one(problems, "execution_budget.max_code_runs").value is True


def test_bad_value_is_carried_on_the_problem():
    problem = _one(_problems("noncanonical_category"), "category")
    assert problem.value == "data-processing"
    assert str(problem).endswith(
        "category='data-processing': not a canonical category (did you mean 'data_processing'?)"
    )


def test_symlink_resolving_outside_the_task_dir_is_rejected(tmp_path):
    task = tmp_path / "task"
    shutil.copytree(FIXTURES / "good_canonical", task)
    outside = tmp_path / "elsewhere.md"
    outside.write_text("not part of the task\n")
    (task / "prompt.md").unlink()
    (task / "prompt.md").symlink_to(outside)
    problem = _one(_problems(task), "problem_statement")
    assert problem.line == 4
    assert "resolves outside the task directory" in problem.message
    assert str(problem).startswith(f"{task / 'task.yaml'}:4: problem_statement='prompt.md'")


def test_symlinked_workspace_dir_escaping_is_rejected(tmp_path):
    task = tmp_path / "task"
    shutil.copytree(FIXTURES / "good_canonical", task)
    shutil.move(str(task / "workspace"), str(tmp_path / "shared_ws"))
    (task / "workspace").symlink_to(tmp_path / "shared_ws", target_is_directory=True)
    problems = _problems(task)
    assert "resolves outside" in _one(problems, "workspace_dir").message
    assert "resolves outside" in _one(problems, "structural_verifier").message


def test_symlink_staying_inside_the_task_dir_is_fine(tmp_path):
    task = tmp_path / "task"
    shutil.copytree(FIXTURES / "good_canonical", task)
    (task / "docs").mkdir()
    (task / "prompt.md").rename(task / "docs" / "prompt.md")
    (task / "prompt.md").symlink_to(task / "docs" / "prompt.md")
    assert load_task(task).problem_statement == task.resolve() / "prompt.md"


def test_missing_task_yaml_is_a_manifest_error(tmp_path):
    problem = _one(_problems(tmp_path), "")
    assert "no task.yaml" in problem.message
    assert problem.file == str(tmp_path / "task.yaml")


def test_good_canonical_loads_into_the_task_value():
    task = load_task(FIXTURES / "good_canonical")
    root = (FIXTURES / "good_canonical").resolve()
    assert task.root == root and task.manifest_path == root / "task.yaml"
    assert task.instance_id == "data_processing__p95_latency_easy"
    assert (task.category, task.difficulty) == ("data_processing", "easy")
    assert task.problem_statement == root / "prompt.md"
    assert task.workspace_dir == root / "workspace"  # trailing slash normalised away
    assert task.output_artifact == PurePosixPath("output/p95.jsonl")
    assert task.structural_verifier == root / "workspace" / "verify.py"
    assert task.workspace_generator is None
    assert task.hidden_grader == root / "grader" / "hidden.py"
    assert task.grader_dir == root / "grader"
    assert task.reference_output == root / "grader" / "reference_output.jsonl"
    assert task.execution_budget == ExecutionBudget(0, 0)
    assert task.tags == ("aggregation", "jsonl")
    assert task.seed == int(hashlib.sha256(b"data_processing__p95_latency_easy").hexdigest()[:8], 16)


def test_good_minimal_and_full_load():
    minimal = load_task(FIXTURES / "good_minimal")
    assert minimal.tags == () and minimal.structural_verifier is None and minimal.workspace_generator is None
    full = load_task(FIXTURES / "good_full")
    assert full.workspace_generator == full.root / "workspace" / "generator.py"
    assert full.problem_statement == full.root / "docs" / "statement.md"
    assert full.execution_budget == ExecutionBudget(max_code_runs=25, max_wall_seconds=600)
    assert full.tags == ("numerics", "root_finding")


def test_load_task_accepts_a_relative_path(monkeypatch):
    monkeypatch.chdir(FIXTURES)
    task = load_task("good_minimal")
    assert task.root.is_absolute() and task.instance_id == "algorithmic__minimal_easy"


def test_constants_match_the_spec():
    assert CATEGORIES == ("data_processing", "algorithmic", "verification_heavy", "enumeration",
                          "stateful_reasoning", "iterative_numerical")
    assert DIFFICULTIES == ("easy", "medium", "hard")
    assert INSTANCE_ID_RE.match("data_processing__p95_latency_easy")
    for bad in ("Data__x", "data_processing_x", "data__", "_a__b", "a__b-c", "a__b\n"):
        assert not INSTANCE_ID_RE.match(bad), bad
