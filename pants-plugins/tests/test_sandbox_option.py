"""`[artifactbench].sandbox`: the checker's `check --sandbox`, a closed vocabulary mirrored from the core."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from artifactbench_pants.contract import SANDBOXES
from artifactbench_pants.goals.test import REPORT, check_argv
from artifactbench_pants.subsystem import CheckSandbox

CORE_CONTEXT = Path(__file__).resolve().parents[2] / "src" / "artifactbench" / "gates" / "core" / "_context.py"


def test_the_default_keeps_the_argv_and_its_cache_key() -> None:
    assert check_argv("t", "t.junit.xml", (), sandbox="none") == check_argv("t", "t.junit.xml", ()) == (
        "check", "--json-out", REPORT, "--junit-xml", "t.junit.xml", "--quiet", "--linked-task-files", "t")


def test_bwrap_asks_the_checker_for_its_sandbox_before_the_task_dir() -> None:
    argv = check_argv("t", "t.junit.xml", ("--gates", "positive"), sandbox="bwrap")
    assert argv[argv.index("--sandbox") + 1] == "bwrap"
    assert argv[-3:] == ("--gates", "positive", "t")


def test_an_unknown_sandbox_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"\[artifactbench\].sandbox = 'docker': must be one of none, bwrap"):
        check_argv("t", "t.junit.xml", (), sandbox="docker")


def test_the_choices_mirror_the_core() -> None:
    core = None
    for node in ast.parse(CORE_CONTEXT.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "SANDBOXES":
            core = tuple(ast.literal_eval(node.value))
    assert core is not None, f"{CORE_CONTEXT} lost SANDBOXES"
    assert SANDBOXES == core
    assert tuple(member.value for member in CheckSandbox) == SANDBOXES
