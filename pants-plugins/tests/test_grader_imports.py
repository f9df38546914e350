"""Grader import scanning (plain unit tests)."""
from __future__ import annotations

import pytest

from artifactbench_pants.imports import imported_modules, third_party_candidates
from artifactbench_pants.layout import grader_local_modules, grader_python_files, is_task_manifest


@pytest.mark.parametrize(
    "source, expected",
    [
        pytest.param("import numpy as np\nfrom scipy.stats import norm\n", {"numpy", "scipy.stats"}, id="plain"),
        pytest.param("from . import helper\nfrom .x import y\n", set(), id="relative-skipped"),
        pytest.param("def f():\n    import yaml\n", {"yaml"}, id="nested"),
        pytest.param(
            "import json, numpy\nmatch x:\n    case 1:\n        pass\n", {"json", "numpy"}, id="py310-syntax-falls-back"
        ),
    ],
)
def test_imported_modules(source: str, expected: set) -> None:
    assert set(imported_modules(source)) == expected


def test_local_grader_modules_are_not_candidates() -> None:
    got = third_party_candidates(["import helper\nimport numpy\nfrom helper.sub import x\n"], ["helper"])
    assert got == {"numpy"}


@pytest.mark.parametrize(
    "path, expected",
    [
        ("problems/artifact/a/b/task.yaml", True),
        ("problems/artifact/a/b/workspace/task.yaml", False),
        ("problems/artifact/a/b/grader/fixtures/task.yaml", False),
        ("problems/artifact/a/b/prompt.md", False),
    ],
)
def test_is_task_manifest(path: str, expected: bool) -> None:
    assert is_task_manifest(path) is expected


def test_grader_files_and_local_modules() -> None:
    files = ["t/task.yaml", "t/grader/hidden.py", "t/grader/helper.py", "t/grader/pkg/__init__.py", "t/workspace/x.py"]
    graders = grader_python_files("t", files)
    assert graders == ("t/grader/hidden.py", "t/grader/helper.py", "t/grader/pkg/__init__.py")
    assert grader_local_modules("t", graders) == ("helper", "hidden", "pkg")
