"""The spec's import names for task authors (3.1, 5.5.2) are the project's own objects."""

from __future__ import annotations

import dataclasses

import pytest

import artifactbench.grading as grading
import artifactbench.negative as negative

MUTATIONS = ["_mutate_empty", "_mutate_truncate_half", "_mutate_reverse_lines", "_mutate_rename_one_field",
             "_mutate_off_by_one", "_mutate_wrap_in_list"]


@pytest.mark.parametrize("name", ["NegativeCase", "default_negative_cases", *MUTATIONS])
def test_artifact_negative_reexports_the_same_object(name):
    from swebench import artifact_negative

    assert getattr(artifact_negative, name) is getattr(negative, name)
    assert name in artifact_negative.__all__


def test_default_cases_use_the_six_named_functions_in_spec_order():
    from swebench.artifact_negative import default_negative_cases

    assert [c.mutate.__name__ for c in default_negative_cases()] == MUTATIONS


def test_artifact_models_grade_result_is_the_spec_dataclass():
    from swebench.artifact_models import GradeResult

    assert GradeResult is grading.GradeResult
    assert [f.name for f in dataclasses.fields(GradeResult)] == ["passed", "score", "detail"]
    result = GradeResult(passed=True, score=1.0, detail="ok")
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.passed = False  # type: ignore[misc]
