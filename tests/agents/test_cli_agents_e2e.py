"""The REAL Claude Code and Codex CLIs (npm-installed) against the scripted model server.

Each arm must end in a PASS record whose turns, tokens and cost equal what the script served; a
scripted wrong answer must end in FAIL. Only the model is scripted; the CLIs, their tool handling and
the `artifactbench mcp-exec` server they start are the real programs.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from _scripted_server import ScriptedModel, Step, ToolCall  # pants: no-infer-dep
from _scripts import OUTPUT, TASK, code_steps, tool_steps, wrong_steps  # pants: no-infer-dep

from artifactbench.bench import read_results
from artifactbench.cli._bench import bench_main

pytestmark = pytest.mark.agent_cli
KEY = "sk-e2e-dummy-key-0000"
SONNET = (3.0, 15.0)  # USD per million input/output tokens: what Claude Code charges for this model


def _bench(tmp: Path, arm: str, monkeypatch) -> tuple[int, object]:
    monkeypatch.setenv("MY_KEY", KEY)
    rc = bench_main([str(TASK), f"--arm={arm}", "--runs-dir", str(tmp / "runs"), "--run-id", "r",
                     "--agent-timeout", "300"])
    [rec] = read_results(tmp / "runs" / "r" / "results.jsonl")
    return rc, rec


def _served(rec, model: ScriptedModel, prices: tuple[float, float]) -> None:
    turns, tin, tout = model.totals()
    assert not model.errors, model.errors
    # The task's prompt (sent on stdin) reached the model.
    assert "Deterministic build order" in json.dumps(model.requests[0])
    assert (rec.turns, rec.input_tokens, rec.output_tokens, rec.tokens) == (turns, tin, tout, tin + tout)
    assert rec.cost == pytest.approx((tin * prices[0] + tout * prices[1]) / 1e6)


def _transcript(tmp: Path, rec) -> str:
    text = (tmp / "runs" / "r" / rec.transcript).read_text()
    assert KEY not in text and KEY not in (tmp / "runs" / "r" / "results.jsonl").read_text()
    return text


def _claude(bin_dir: Path, model: ScriptedModel, tools: str) -> str:
    return (f"{tools}=claude-code:model=claude-sonnet-4-5,tools={tools},bin={bin_dir / 'claude'},"
            f"base_url={model.url},api_key_env=MY_KEY,max_turns=10,exec_timeout=60")


def test_claude_code_code_only_solves_through_execute_code(agent_clis, tmp_path, monkeypatch) -> None:
    with ScriptedModel(code_steps()) as model:
        rc, rec = _bench(tmp_path, _claude(agent_clis / "node_modules/.bin", model, "code_only"), monkeypatch)
    assert (rec.verdict, rec.error_reason) == ("PASS", None), (rec.detail, rec.stderr_tail)
    _served(rec, model, SONNET)
    assert rec.code_runs == 2 and dict(rec.tool_calls) == {"mcp__exec__execute_code": 2}
    offered = {t["name"] for t in model.requests[0]["tools"]}
    assert offered == {"mcp__exec__execute_code"}  # no native tool in the code_only arm
    assert '"type":"result"' in _transcript(tmp_path, rec)


def test_claude_code_tool_rich_writes_with_its_write_tool(agent_clis, tmp_path, monkeypatch) -> None:
    with ScriptedModel(tool_steps("Write", "file_path", "content")) as model:
        rc, rec = _bench(tmp_path, _claude(agent_clis / "node_modules/.bin", model, "tool_rich"), monkeypatch)
    assert (rec.verdict, rec.error_reason) == ("PASS", None), (rec.detail, rec.stderr_tail)
    _served(rec, model, SONNET)
    assert dict(rec.tool_calls) == {"Write": 1} and rec.code_runs == 0
    assert {"Bash", "Edit", "Read", "Write"} <= {t["name"] for t in model.requests[0]["tools"]}


def test_claude_code_wrong_answer_fails(agent_clis, tmp_path, monkeypatch) -> None:
    with ScriptedModel(wrong_steps()) as model:
        rc, rec = _bench(tmp_path, _claude(agent_clis / "node_modules/.bin", model, "code_only"), monkeypatch)
    assert (rec.verdict, rec.error_reason) == ("FAIL", None)
    _served(rec, model, SONNET)


def _codex(bin_dir: Path, model: ScriptedModel, tools: str) -> str:
    return (f"{tools}=codex:model=gpt-test,tools={tools},bin={bin_dir / 'codex'},"
            f"base_url={model.url}/v1,api_key_env=MY_KEY,price_input=1.25,price_output=10")


def test_codex_code_only_solves_through_execute_code(agent_clis, tmp_path, monkeypatch) -> None:
    with ScriptedModel(code_steps()) as model:
        rc, rec = _bench(tmp_path, _codex(agent_clis / "node_modules/.bin", model, "code_only"), monkeypatch)
    assert (rec.verdict, rec.error_reason) == ("PASS", None), (rec.detail, rec.stderr_tail)
    _served(rec, model, (1.25, 10.0))
    assert rec.code_runs == 2 and dict(rec.tool_calls) == {"mcp__exec__execute_code": 2}
    names = {t.get("name") for t in model.requests[0]["tools"]}
    assert "exec_command" not in names and "mcp__exec" in names  # the shell tool is disabled
    assert '"type":"turn.completed"' in _transcript(tmp_path, rec)


def test_codex_tool_rich_writes_with_its_shell_tool(agent_clis, tmp_path, monkeypatch) -> None:
    from _scripts import ANSWER  # pants: no-infer-dep

    write = ("python3 -c " + shlex.quote(
        f"import pathlib; p = pathlib.Path({OUTPUT!r}); p.parent.mkdir(exist_ok=True); "
        f"p.write_text({ANSWER!r})"))
    steps = [Step(tool_calls=(ToolCall("exec_command", {"cmd": write}),), input_tokens=900,
                  output_tokens=700), Step(text="Done.", input_tokens=1700, output_tokens=4)]
    with ScriptedModel(steps) as model:
        rc, rec = _bench(tmp_path, _codex(agent_clis / "node_modules/.bin", model, "tool_rich"), monkeypatch)
    assert (rec.verdict, rec.error_reason) == ("PASS", None), (rec.detail, rec.stderr_tail)
    _served(rec, model, (1.25, 10.0))
    assert dict(rec.tool_calls) == {"exec_command": 1} and rec.code_runs == 1


def test_codex_wrong_answer_fails(agent_clis, tmp_path, monkeypatch) -> None:
    with ScriptedModel(wrong_steps()) as model:
        rc, rec = _bench(tmp_path, _codex(agent_clis / "node_modules/.bin", model, "code_only"), monkeypatch)
    assert (rec.verdict, rec.error_reason) == ("FAIL", None)
    _served(rec, model, (1.25, 10.0))
    assert json.dumps(model.requests[-1]).count("wrote") >= 1  # the tool's output reached the model


def test_claude_code_bash_only_offers_only_bash(agent_clis, tmp_path, monkeypatch) -> None:
    from _scripts import ANSWER  # pants: no-infer-dep

    write = ("python3 -c " + shlex.quote(
        f"import pathlib; p = pathlib.Path({OUTPUT!r}); p.parent.mkdir(exist_ok=True); "
        f"p.write_text({ANSWER!r})"))
    steps = [Step(tool_calls=(ToolCall("Bash", {"command": write, "description": "write output"}),),
                  input_tokens=800, output_tokens=650), Step(text="Done.", input_tokens=1500, output_tokens=3)]
    with ScriptedModel(steps) as model:
        rc, rec = _bench(tmp_path, _claude(agent_clis / "node_modules/.bin", model, "bash_only"), monkeypatch)
    assert (rec.verdict, rec.error_reason) == ("PASS", None), (rec.detail, rec.stderr_tail)
    _served(rec, model, SONNET)
    assert {t["name"] for t in model.requests[0]["tools"]} == {"Bash"}
    assert dict(rec.tool_calls) == {"Bash": 1} and rec.code_runs == 1
