"""Arm options of the built-in recipes, the ready arms file, and the stream parsers on recorded streams."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from artifactbench.bench import ArmError, build_agent, load_arms_file, parse_arm
from artifactbench.bench._agent_claude import parse_claude_stream
from artifactbench.bench._agent_codex import parse_codex_stream
from artifactbench.bench._transcript import REDACTED, Redactor

REPO = Path(__file__).resolve().parents[2]
STREAMS = Path(__file__).resolve().parent / "streams"


def test_onlycodes_arms_file_is_claude_code_tool_rich_then_code_only() -> None:
    arms = load_arms_file(REPO / "arms" / "onlycodes.yaml")
    assert [(a.name, a.agent, dict(a.options)["tools"]) for a in arms] == [
        ("tool_rich", "claude-code", "tool_rich"), ("code_only", "claude-code", "code_only")]
    agents = [build_agent(a) for a in arms]
    assert [(a.tools, a.max_turns) for a in agents] == [("tool_rich", 100), ("code_only", 100)]  # type: ignore[attr-defined]


def test_the_issue_arm_syntax_builds_an_openai_agent() -> None:
    arm = parse_arm("code_only=openai:model=M,base_url=http://127.0.0.1:8000/v1,api_key_env=MY_KEY,"
                    "tools=code_only")
    agent = build_agent(arm)
    assert (agent.model, agent.base_url, agent.api_key_env, agent.tools) == (  # type: ignore[attr-defined]
        "M", "http://127.0.0.1:8000/v1", "MY_KEY", "code_only")


@pytest.mark.parametrize(("text", "message"), [
    pytest.param("a=openai:tools=code_only", "needs model=", id="no-model"),
    pytest.param("a=claude-code:model=m,tools=everything", "tools='everything'", id="bad-surface"),
    pytest.param("a=openai:model=m,max_turns=many", "max_turns='many'", id="bad-int"),
    pytest.param("a=codex:model=m,sandboxx=x", "did you mean 'sandbox'", id="typo"),
])
def test_bad_recipe_options_are_one_line_errors(text: str, message: str) -> None:
    with pytest.raises(ArmError, match=message.replace("(", r"\(")) as err:
        build_agent(parse_arm(text))
    assert "\n" not in str(err.value)


def _events(name: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in (STREAMS / name).read_text().splitlines() if line.strip()]


def test_claude_stream_parser_on_a_recorded_stream() -> None:
    m = parse_claude_stream(_events("claude_code_only.jsonl"))
    assert (m.turns, m.input_tokens, m.output_tokens) == (2, 250, 25)
    assert m.cost == pytest.approx(0.001125) and dict(m.tool_calls) == {"mcp__exec__execute_code": 1}


def test_claude_stream_without_result_counts_messages() -> None:
    events = [e for e in _events("claude_code_only.jsonl") if e["type"] != "result"]
    m = parse_claude_stream(events)
    assert (m.turns, m.input_tokens, m.cost) == (2, None, None)


def test_codex_stream_parser_on_a_recorded_stream() -> None:
    m = parse_codex_stream(_events("codex_code_only.jsonl"))
    assert (m.turns, m.input_tokens, m.output_tokens, m.cost) == (2, 250, 25, None)
    assert dict(m.tool_calls) == {"mcp__exec__execute_code": 1} and m.code_runs == 1


def test_redactor_hides_key_values_and_named_env() -> None:
    env = {"MY_KEY": "sk-secret-123456", "GH_TOKEN": "ghp_abcdefgh", "PATH": "/usr/bin", "N": "1"}
    redact = Redactor.from_env(env, ["N"])
    text = redact("key sk-secret-123456 token ghp_abcdefgh path /usr/bin n 1")
    assert text == f"key {REDACTED} token {REDACTED} path /usr/bin n 1"


def test_records_carry_tool_calls_and_older_records_without_them_still_load() -> None:
    from artifactbench.bench._validate import check_record
    from artifactbench.errors import ArtifactBenchError

    base = {"version": 1, "run_id": "r", "instance_id": "t", "category": "algorithmic",
            "difficulty": "easy", "arm": "a", "agent": "openai", "run": 1, "started_at": "s",
            "ended_at": "e", "wall_s": 1.0, "agent_wall_s": 1.0, "grade_s": 0.1, "agent_exit": 0,
            "verdict": "PASS", "score": 1.0, "detail": "", "error_reason": None,
            "budgets": {"max_code_runs": 0, "max_wall_seconds": 0, "enforced": False}, "turns": 3,
            "tokens": 10, "cost": 0.1, "code_runs": 2, "task_digest": "d", "workspace_digest": "w",
            "artifact": None, "harness_version": "0"}
    old, _ = check_record(base, "results.jsonl:1")
    assert (old.tool_calls, old.input_tokens, old.transcript) == ((), None, None)
    new, _ = check_record({**base, "tool_calls": {"bash": 2, "Write": 1}, "input_tokens": 7,
                           "output_tokens": 3, "transcript": "transcripts/t/a/1.jsonl"}, "x:1")
    assert new.tool_calls == (("Write", 1), ("bash", 2)) and new.to_json()["tool_calls"] == {"Write": 1, "bash": 2}
    with pytest.raises(ArtifactBenchError, match=r"x:2: tool_calls=\['bash'\]: expected an object"):
        check_record({**base, "tool_calls": ["bash"]}, "x:2")
