"""_pyast.parse: CPython 3.11's AST conversion race between threads (check -j N) is retried, not an
internal error of the gate that happened to parse (seen on a third-party corpus at -j 2)."""

from __future__ import annotations

import ast

import pytest

from artifactbench import _pyast


def test_a_conversion_race_is_parsed_again(monkeypatch):
    real, calls = ast.parse, []

    def racy(source, filename="<unknown>", mode="exec"):
        calls.append(source)
        if len(calls) == 1:
            raise SystemError("AST constructor recursion depth mismatch (before=39, after=36)")
        return real(source, filename=filename, mode=mode)

    monkeypatch.setattr(_pyast.ast, "parse", racy)
    assert isinstance(_pyast.parse("x = 1\n").body[0], ast.Assign)
    assert len(calls) == 2


def test_other_errors_are_not_retried(monkeypatch):
    calls = []

    def broken(source, filename="<unknown>", mode="exec"):
        calls.append(source)
        raise SystemError("something else")

    monkeypatch.setattr(_pyast.ast, "parse", broken)
    with pytest.raises(SystemError, match="something else"):
        _pyast.parse("x = 1\n")
    assert len(calls) == 1


def test_syntax_errors_raise_as_before():
    with pytest.raises(SyntaxError):
        _pyast.parse("x = (")

