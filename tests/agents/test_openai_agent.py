"""The built-in `openai` agent through a whole bench run against the scripted model server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _scripted_server import ScriptedModel, Step  # pants: no-infer-dep
from _scripts import TASK, code_steps, tool_steps, wrong_steps  # pants: no-infer-dep

from artifactbench.bench import read_results
from artifactbench.cli._bench import bench_main

KEY = "sk-test-secret-value-123"


def _bench(tmp: Path, model: ScriptedModel, monkeypatch, tools: str = "code_only",
           extra: str = "") -> tuple[int, list]:
    monkeypatch.setenv("MY_KEY", KEY)
    arm = (f"--arm={tools}=openai:model=m-1,base_url={model.url}/v1,api_key_env=MY_KEY,tools={tools},"
           f"price_input=3,price_output=15,backoff_s=0.01{extra}")
    rc = bench_main([str(TASK), arm, "--runs-dir", str(tmp / "runs"), "--run-id", "r"])
    return rc, read_results(tmp / "runs" / "r" / "results.jsonl")


def _check_metrics(rec, model: ScriptedModel) -> None:
    assert "Deterministic build order" in json.dumps(model.requests[0])  # the task's prompt
    turns, tin, tout = model.totals()
    assert (rec.turns, rec.input_tokens, rec.output_tokens, rec.tokens) == (turns, tin, tout, tin + tout)
    assert rec.cost == pytest.approx((tin * 3 + tout * 15) / 1e6)


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "streamed-sse"])
def test_code_only_solves_a_seed_task_through_execute_code(tmp_path, monkeypatch, stream: bool) -> None:
    with ScriptedModel(code_steps()) as model:
        rc, [rec] = _bench(tmp_path, model, monkeypatch, extra=f",stream={str(stream).lower()}")
    assert all(bool(r.get("stream")) == stream for r in model.requests)
    assert rc == 0 and not model.errors and not model.steps
    assert (rec.verdict, rec.error_reason, rec.code_runs) == ("PASS", None, 2)
    _check_metrics(rec, model)
    assert dict(rec.tool_calls) == {"execute_code": 2}
    # Only execute_code was offered; the tool results went back to the model.
    assert [t["function"]["name"] for t in model.requests[0]["tools"]] == ["execute_code"]
    assert "packages.toml" in json.dumps(model.requests[1]["messages"])
    log = tmp_path / "runs" / "r" / rec.transcript
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert [e["event"] for e in events].count("response") == 3 and events[-1]["event"] == "end"
    assert KEY not in log.read_text()


def test_wrong_answer_ends_in_fail(tmp_path, monkeypatch) -> None:
    with ScriptedModel(wrong_steps()) as model:
        rc, [rec] = _bench(tmp_path, model, monkeypatch)
    assert (rc, rec.verdict, rec.error_reason) == (0, "FAIL", None)
    _check_metrics(rec, model)


def test_tool_rich_writes_with_its_write_tool(tmp_path, monkeypatch) -> None:
    with ScriptedModel(tool_steps("write_file", "path", "content")) as model:
        rc, [rec] = _bench(tmp_path, model, monkeypatch, tools="tool_rich")
    assert (rec.verdict, rec.code_runs, dict(rec.tool_calls)) == ("PASS", 0, {"write_file": 1})
    names = [t["function"]["name"] for t in model.requests[0]["tools"]]
    assert names == ["read_file", "write_file", "edit_file", "list_dir", "grep", "bash"]
    _check_metrics(rec, model)


def test_retries_429_and_5xx_with_backoff(tmp_path, monkeypatch) -> None:
    steps = [Step(status=429), Step(status=503), *code_steps()]
    with ScriptedModel(steps) as model:
        rc, [rec] = _bench(tmp_path, model, monkeypatch)
    assert rec.verdict == "PASS"
    _check_metrics(rec, model)  # the failed attempts are no turns and cost nothing
    events = [json.loads(x) for x in (tmp_path / "runs" / "r" / rec.transcript).read_text().splitlines()]
    assert [e["status"] for e in events if e["event"] == "retry"] == [429, 503]


def test_max_turns_stops_the_loop(tmp_path, monkeypatch) -> None:
    with ScriptedModel(code_steps()) as model:
        rc, [rec] = _bench(tmp_path, model, monkeypatch, extra=",max_turns=1")
    assert (rec.verdict, rec.turns, rec.code_runs) == ("FAIL", 1, 1)


def test_path_outside_the_scratch_dir_is_refused(tmp_path, monkeypatch) -> None:
    from _scripted_server import ToolCall  # pants: no-infer-dep

    steps = [Step(tool_calls=(ToolCall("read_file", {"path": "../../../../etc/hostname"}),)),
             Step(text="gave up")]
    with ScriptedModel(steps) as model:
        _bench(tmp_path, model, monkeypatch, tools="tool_rich")
    assert "outside the working directory" in json.dumps(model.requests[1]["messages"])


def test_code_run_budget_refuses_past_max_code_runs_and_the_count_reaches_the_record(
        tmp_path, monkeypatch) -> None:
    import shutil

    task = tmp_path / "tasks" / TASK.name
    shutil.copytree(TASK, task)
    manifest = task / "task.yaml"
    manifest.write_text(manifest.read_text().replace("max_code_runs: 0", "max_code_runs: 1"))
    monkeypatch.setenv("MY_KEY", KEY)
    with ScriptedModel(code_steps()) as model:
        arm = (f"--arm=code_only=openai:model=m,base_url={model.url}/v1,api_key_env=MY_KEY,"
               "tools=code_only")
        bench_main([str(task), arm, "--enforce-budgets", "--runs-dir", str(tmp_path / "runs"),
                    "--run-id", "r"])
    [rec] = read_results(tmp_path / "runs" / "r" / "results.jsonl")
    # The first run (ls) used the budget; the write was refused, so nothing was produced.
    assert (rec.verdict, rec.code_runs, rec.max_code_runs, rec.artifact) == ("FAIL", 1, 1, None)
    assert "budget exhausted" in json.dumps(model.requests[2]["messages"])


def test_bash_only_offers_only_bash_and_counts_its_runs(tmp_path, monkeypatch) -> None:
    from _scripted_server import ToolCall  # pants: no-infer-dep
    from _scripts import ANSWER, OUTPUT  # pants: no-infer-dep

    script = f"mkdir -p output && cat > {OUTPUT} <<'ANSWER_EOF'\n{ANSWER}ANSWER_EOF\n"
    steps = [Step(tool_calls=(ToolCall("bash", {"command": script}),), input_tokens=10, output_tokens=5),
             Step(text="done", input_tokens=20, output_tokens=1)]
    with ScriptedModel(steps) as model:
        rc, [rec] = _bench(tmp_path, model, monkeypatch, tools="bash_only")
    assert [t["function"]["name"] for t in model.requests[0]["tools"]] == ["bash"]
    assert (rec.verdict, rec.code_runs, dict(rec.tool_calls)) == ("PASS", 1, {"bash": 1})
    _check_metrics(rec, model)
