"""A YAML alias bomb in a reference or a workspace file is refused in linear time, never walked."""

from __future__ import annotations

import signal
import time

import pytest

from artifactbench.gates.fuzz import parse
from artifactbench.gates.leaks._records import records_in

BOMB = "\n".join(
    [f"l0: &l0 [{', '.join(['x'] * 10)}]"]
    + [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 9)]
) + "\n"


@pytest.fixture(autouse=True)
def _no_hang():
    def stop(*_):
        raise TimeoutError("walked the expanded alias tree")
    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_a_bomb_does_not_parse_as_a_yaml_artifact():
    started = time.monotonic()
    with pytest.raises(ValueError, match="aliases expand"):
        parse("yaml", BOMB)
    assert time.monotonic() - started < 5


def test_a_bomb_in_a_workspace_file_yields_no_records_from_the_document():
    started = time.monotonic()
    found = records_in(BOMB)
    assert time.monotonic() - started < 5
    assert all(not (isinstance(r, tuple) and r[0] == "list" and len(r[1]) == 10) for r in found)


def test_ordinary_aliases_still_parse():
    assert parse("yaml", "base: &b {rate: 3}\nfirst: *b\nsecond: *b\n").data == {
        "base": {"rate": 3}, "first": {"rate": 3}, "second": {"rate": 3}}


def test_an_alias_of_itself_is_refused_not_walked_forever():
    with pytest.raises(ValueError):
        parse("yaml", "a: &a [1, *a]\n")
