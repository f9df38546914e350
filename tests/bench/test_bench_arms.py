"""Arms from the command line and YAML; plug-in agents loaded as module:attr or file.py:attr."""

from __future__ import annotations

from pathlib import Path

import pytest

from artifactbench.bench import Arm, ArmError, build_agent, load_arms_file, parse_arm, read_results
from artifactbench.bench import CommandAgent, NoopAgent, OracleAgent, read_metrics
from artifactbench.cli._bench import bench_main

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "bench"
PLUGIN = FIX / "plugins" / "bench_plugin_agent.py"


@pytest.mark.parametrize(("text", "arm"), [
    pytest.param("base=noop", Arm("base", "noop"), id="builtin"),
    pytest.param("o=oracle:", Arm("o", "oracle"), id="builtin-empty-options"),
    pytest.param("c=command:argv=my-agent --p {prompt_file},pass_env=HOME",
                 Arm("c", "command", (("argv", "my-agent --p {prompt_file}"), ("pass_env", "HOME"))),
                 id="command-with-options"),
    pytest.param("p=pkg.mod:Factory:size=3", Arm("p", "pkg.mod:Factory", (("size", "3"),)),
                 id="plugin-with-options"),
    pytest.param("p=pkg.mod:Factory", Arm("p", "pkg.mod:Factory"), id="plugin"),
])
def test_parse_arm(text: str, arm: Arm) -> None:
    assert parse_arm(text) == arm


@pytest.mark.parametrize(("text", "words"), [
    pytest.param("noequals", "NAME=AGENT", id="no-equals"),
    pytest.param("x=orcale", "did you mean 'oracle'", id="typo"),
    pytest.param("bad name=noop", "name=", id="bad-name"),
    pytest.param("x=command:argvv=a", "did you mean 'argv'", id="unknown-option"),
    pytest.param("x=noop:a", "key=value", id="option-without-value"),
])
def test_parse_arm_errors_say_what_to_do(text: str, words: str) -> None:
    with pytest.raises(ArmError, match=words):
        parse_arm(text)


def test_arms_file_and_errors(tmp_path) -> None:
    good = tmp_path / "arms.yaml"
    good.write_text("arms:\n  - name: base\n    agent: noop\n  - name: cli\n    agent: command\n"
                    "    options:\n      argv: [my-agent, --prompt-file, '{prompt_file}']\n"
                    "      pass_env: [HOME]\n")
    base, cli = load_arms_file(good)
    assert base == Arm("base", "noop")
    agent = build_agent(cli)
    assert isinstance(agent, CommandAgent)
    assert agent.argv == ("my-agent", "--prompt-file", "{prompt_file}") and agent.pass_env == ("HOME",)
    dup = tmp_path / "dup.yaml"
    dup.write_text("arms:\n  - {name: a, agent: noop}\n  - {name: a, agent: oracle}\n")
    with pytest.raises(ArmError, match="repeated: a"):
        load_arms_file(dup)
    empty = tmp_path / "empty.yaml"
    empty.write_text("arms: []\n")
    with pytest.raises(ArmError, match="non-empty list"):
        load_arms_file(empty)


def test_builtin_agents_build() -> None:
    assert isinstance(build_agent(Arm("o", "oracle")), OracleAgent)
    assert isinstance(build_agent(Arm("n", "noop")), NoopAgent)
    with pytest.raises(ArmError, match="cannot load"):
        build_agent(Arm("p", "no_such_module_xyz:attr"))


def test_plugin_agents_run_and_a_crashing_plugin_fails(tmp_path) -> None:
    task = FIX / "tasks" / "algorithmic__sum_easy"
    argv = [str(task), f"--arm=right={PLUGIN}:make", f"--arm=wrong={PLUGIN}:make:text=7",
            f"--arm=crash={PLUGIN}:Crashing", "--runs-dir", str(tmp_path), "--run-id", "p"]
    assert bench_main(argv) == 0
    recs = {r.arm: r for r in read_results(tmp_path / "p" / "results.jsonl")}
    assert (recs["right"].verdict, recs["right"].turns, recs["right"].cost) == ("PASS", 1, 0.5)
    assert recs["wrong"].verdict == "FAIL"
    assert (recs["crash"].verdict, recs["crash"].error_reason) == ("FAIL", "agent_exception")
    assert "plug-in bug" in recs["crash"].detail


@pytest.mark.parametrize(("file_text", "stdout", "expected"), [
    pytest.param('{"turns": 3, "tokens": 9, "cost_usd": 0.25}', "", {"turns": 3, "tokens": 9, "cost": 0.25},
                 id="file"),
    pytest.param(None, 'work\nARTIFACTBENCH_METRICS {"turns": 2, "cost": 1}\n', {"turns": 2, "cost": 1.0},
                 id="last-stdout-line"),
    pytest.param(None, 'ARTIFACTBENCH_METRICS {"turns": 2}\nmore output\n', {}, id="not-last-line"),
    pytest.param("{not json", "", {}, id="malformed-file"),
    pytest.param('{"turns": -1, "tokens": true}', "", {}, id="bad-values-ignored"),
    # (the agent writes both: nested deeper than the JSON reader goes is no report, never a traceback)
    pytest.param("[" * 100_000, "", {}, id="deep-file"),
    pytest.param(None, "ARTIFACTBENCH_METRICS " + "[" * 100_000 + "\n", {}, id="deep-stdout-line"),
    # (an integer of 400 digits raised OverflowError and turned a right answer into a FAIL; 1.7e308 summed to
    # an Infinity in summary.json; outside attack, session 17)
    pytest.param('{"tokens": 1' + "0" * 400 + ', "turns": 2}', "", {"turns": 2}, id="huge-int"),
    pytest.param('{"tokens": 1.7e308, "cost": 0.5}', "", {"cost": 0.5}, id="huge-float"),
])
def test_read_metrics(tmp_path, file_text, stdout, expected) -> None:
    path = tmp_path / "metrics.json"
    if file_text is not None:
        path.write_text(file_text)
    assert read_metrics(path, stdout) == expected


def test_a_metrics_file_that_is_a_link_is_never_followed(tmp_path) -> None:
    """Outside attack (session 17): an agent linked its metrics file to a host file, which the harness (root)
    read and quoted into the record."""
    secret = tmp_path / "secret.json"
    secret.write_text('{"turns": 7, "tokens": 9}')
    link = tmp_path / "metrics.json"
    link.symlink_to(secret)
    assert read_metrics(link, "") == {}
