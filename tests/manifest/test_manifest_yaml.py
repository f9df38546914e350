"""The line-tracking YAML reader on its own: lines, duplicates at any depth, unsupported constructs."""

from __future__ import annotations

import pytest

from artifactbench.manifest._yaml import dotted, load_yaml


def test_lines_of_keys_and_values_are_recorded():
    doc, problems = load_yaml("a: 1\nb:\n  c: x\n  d:\n    - p\n    - q\n", "f.yaml")
    assert problems == ()
    assert doc.data == {"a": 1, "b": {"c": "x", "d": ["p", "q"]}}
    assert doc.key_lines[("b", "c")] == 3
    assert doc.value_lines[("b", "d", 1)] == 6
    assert doc.line_of(("b", "d", 1)) == 6
    assert doc.line_of(("b", "missing")) == 2  # falls back to the nearest ancestor


@pytest.mark.parametrize(
    ("text", "field", "line", "first"),
    [
        ("a: 1\nb: 2\na: 3\n", "a", 3, 1),
        ("a:\n  b:\n    c: 1\n    c: 2\n", "a.b.c", 4, 3),
        ("l:\n  - k: 1\n    k: 2\n", "l[0].k", 3, 2),
        ("{x: 1, x: 2}\n", "x", 1, 1),
    ],
    ids=["top", "depth3", "in_list", "flow"],
)
def test_duplicate_keys_are_problems_at_any_depth(text, field, line, first):
    _, problems = load_yaml(text, "f.yaml")
    assert [(p.field, p.line) for p in problems] == [(field, line)]
    assert f"first defined on line {first}" in problems[0].message
    assert str(problems[0]).startswith(f"f.yaml:{line}: ")


def test_each_extra_duplicate_is_reported():
    _, problems = load_yaml("a: 1\na: 2\na: 3\n", "f.yaml")
    assert [(p.line, p.value) for p in problems] == [(2, 2), (3, 3)]


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("a: [1, 2\n", 2, "YAML syntax error"),
        ("a: 1\n---\nb: 2\n", 2, "expected a single document"),
        ("a: !!python/object:os.system x\n", 1, "unsupported YAML"),
        ("base: &x {b: 1}\nc:\n  <<: *x\n", 3, "unsupported YAML"),
    ],
    ids=["unclosed", "two_documents", "python_tag", "merge_key"],
)
def test_bad_yaml_becomes_one_problem_with_a_line(text, line, words):
    doc, problems = load_yaml(text, "f.yaml")
    assert doc.data is None
    assert len(problems) == 1 and problems[0].line == line and words in problems[0].message


def test_booleans_stay_booleans():
    doc, _ = load_yaml("a: true\nb: 1\nc: '1'\n", "f.yaml")
    assert doc.data == {"a": True, "b": 1, "c": "1"} and doc.data["a"] is True


def test_dotted_paths():
    assert dotted(("execution_budget", "max_code_runs")) == "execution_budget.max_code_runs"
    assert dotted(("tags", 2)) == "tags[2]"
    assert dotted(()) == ""
