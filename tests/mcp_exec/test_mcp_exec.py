"""`artifactbench mcp-exec` through a real MCP client session (the SDK's stdio client)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from artifactbench.mcp_exec import read_code_runs

# The server gets this process's import path (a source checkout's src/, or a PEX's dirs).
IMPORT_PATH = os.pathsep.join(os.path.abspath(p) for p in sys.path if p and os.path.exists(p))


def _text(result) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


def _is_error(result) -> bool:
    """`is_error` in mcp 2.x, `isError` in 1.x."""
    return bool(getattr(result, "is_error", getattr(result, "isError", False)))


async def _session(tmp: Path, calls: list[tuple[str, str]], *extra: str) -> tuple[list, list[str]]:
    """Start the server as a child, list its tools, make the calls; returns (results, tool names)."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "artifactbench", "mcp-exec", "--cwd", str(tmp / "scratch"),
              "--counter-file", str(tmp / "runs.json"), *extra],
        env={"PYTHONPATH": IMPORT_PATH, "PATH": os.environ.get("PATH", os.defpath)},
        cwd=str(tmp / "scratch"))  # as a CLI starts it: from the job's scratch dir
    with open(tmp / "server.log", "w") as log:
        async with stdio_client(params, errlog=log) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            names = [t.name for t in (await s.list_tools()).tools]
            results = [await s.call_tool("execute_code", {"language": lang, "code": code})
                       for lang, code in calls]
    return results, names


def _run(tmp: Path, calls: list[tuple[str, str]], *extra: str) -> tuple[list, list[str]]:
    (tmp / "scratch").mkdir(exist_ok=True)
    return asyncio.run(_session(tmp, calls, *extra))


def test_runs_python_and_bash_in_the_scratch_dir_and_counts(tmp_path: Path) -> None:
    results, names = _run(tmp_path, [
        ("python", "import os, pathlib\npathlib.Path('out').mkdir()\n"
                   "pathlib.Path('out/a.txt').write_text('hi')\nprint(os.getcwd())"),
        ("bash", "cat out/a.txt; echo; echo oops >&2; exit 3"),
        ("python", "import os; print(os.environ.get('PYTHONPATH'))"),
    ])
    assert names == ["execute_code"]
    first, second, third = (_text(r) for r in results)
    assert str((tmp_path / "scratch").resolve()) in first and "[exit code 0]" in first
    assert (tmp_path / "scratch" / "out" / "a.txt").read_text() == "hi"
    assert second.startswith("hi\n") and "[stderr]\noops" in second and "[exit code 3]" in second
    assert "None" in third  # the server's own PYTHONPATH does not reach the code it runs
    assert not any(_is_error(r) for r in results)
    assert read_code_runs(tmp_path / "runs.json") == 3


def test_timeout_kills_the_call_and_still_counts(tmp_path: Path) -> None:
    (results, _) = _run(tmp_path, [("bash", "echo started; sleep 30")], "--timeout", "1")
    text = _text(results[0])
    assert "started" in text and "[timed out after 1s" in text
    assert read_code_runs(tmp_path / "runs.json") == 1


def test_output_is_capped_to_its_tail(tmp_path: Path) -> None:
    (results, _) = _run(tmp_path, [("python", "print('x' * 5000 + 'END')")], "--output-cap", "100")
    text = _text(results[0])
    assert "END" in text and "x" * 200 not in text
    assert "[output truncated: only the last 100 bytes" in text


def test_budget_refuses_calls_past_max_code_runs(tmp_path: Path) -> None:
    calls = [("bash", "echo run1"), ("bash", "echo run2"), ("bash", "touch should-not-exist")]
    results, _ = _run(tmp_path, calls, "--max-code-runs", "2")
    assert [_is_error(r) for r in results] == [False, False, True]
    assert "budget exhausted" in _text(results[2]) and "max_code_runs=2" in _text(results[2])
    assert not (tmp_path / "scratch" / "should-not-exist").exists()
    assert json.loads((tmp_path / "runs.json").read_text()) == {"code_runs": 2}
    # A restarted server keeps the count: the budget spans the whole job.
    again, _ = _run(tmp_path, [("bash", "echo run3")], "--max-code-runs", "2")
    assert _is_error(again[0]) and read_code_runs(tmp_path / "runs.json") == 2


def test_bad_language_is_a_tool_error_not_a_run(tmp_path: Path) -> None:
    results, _ = _run(tmp_path, [("ruby", "puts 1")])
    assert _is_error(results[0])
    assert read_code_runs(tmp_path / "runs.json") == 0


@pytest.mark.parametrize("args", [["--cwd", "/nonexistent-dir-xyz"], ["--timeout", "0"]])
def test_bad_flags_are_one_line_usage_errors(tmp_path: Path, args: list[str], capsys) -> None:
    from artifactbench.cli._main import main

    assert main(["mcp-exec", "--counter-file", str(tmp_path / "c.json"), *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("artifactbench: error: --")
