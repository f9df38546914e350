"""content_leaks: a string the answer repeats is vocabulary in the prompt (a rule name, a category), unless
the prompt names it together with another value of the same answer record: that states the answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, TaskContext
from artifactbench.gates.leaks import content_leaks_gate
from artifactbench.gates.leaks._records import reference_records
from artifactbench.manifest import load_task

NODES = ["auth-gateway", "billing-core", "ledger-sync", "notify-relay", "search-indexer", "media-transcoder",
         "audit-trail", "session-broker"]
EDGES = json.dumps([{"from": NODES[i], "to": NODES[(i + 1) % len(NODES)]} for i in range(len(NODES))], indent=1)
LABELS = frozenset(NODES)


def test_two_values_of_one_record_in_a_sentence_are_stated_not_vocabulary():
    from artifactbench.gates.leaks._content import _stated_together, _strings_in

    records = reference_records("json", EDGES)
    prose = "Hint: the chain runs " + " then ".join(NODES + [NODES[0]]) + "."
    assert _stated_together(prose, LABELS, [_strings_in(r, set()) for r in records]) == LABELS
    vocabulary = "A service is one of " + ", ".join(NODES) + ".\nEach name stands alone: `auth-gateway`."
    lines = [f"{n} -> worker" for n in NODES] * 2  # no record holds two of the names
    assert _stated_together(vocabulary, LABELS, [_strings_in(x, set()) for x in lines]) == frozenset()


def test_a_prompt_stating_a_whole_answer_of_repeated_values_is_a_leak(tmp_path: Path):
    """review8: every value of an edge list repeats (each service calls the next), so all of them were
    read as the prompt's vocabulary and a prompt spelling out the whole chain passed clean."""
    root = tmp_path / "chain"
    (root / "grader").mkdir(parents=True)
    (root / "workspace").mkdir()
    (root / "workspace" / "calls.log").write_text("".join(f"h{i}.int h{(i + 1) % 8}.int\n" for i in range(8)))
    (root / "grader" / "expected.json").write_text(EDGES)
    (root / "grader" / "hidden.py").write_text("def grade(scratch_dir):\n    raise NotImplementedError\n")
    (root / "prompt.md").write_text(
        "Map each host of `calls.log` to its service and write `chain.json`: a JSON array of objects "
        '`{"from": ..., "to": ...}`, one per call.\n\nHint: the chain runs '
        + " then ".join(NODES + [NODES[0]]) + ".\n")
    (root / "task.yaml").write_text(
        "instance_id: data_processing__chain\ncategory: data_processing\ndifficulty: easy\n"
        "problem_statement: prompt.md\nworkspace_dir: workspace/\noutput_artifact: chain.json\n"
        "hidden_grader: grader/hidden.py\nreference_output: grader/expected.json\n"
        "execution_budget:\n  max_code_runs: 0\n  max_wall_seconds: 0\n")
    ctx = TaskContext(load_task(root), CheckOptions())
    try:
        result = content_leaks_gate(ctx)
    finally:
        ctx.close()
    assert result.status == "fail", result
    assert any(c.name == "reference_values:prompt.md" and c.status == "FINDING" for c in result.cases), result


def test_many_sentences_against_many_records_stay_cheap():
    import time

    from artifactbench.gates.leaks._content import _stated_together, _strings_in

    n = 20_000
    records = reference_records("json", json.dumps([{"from": f"node-{i:05d}", "to": f"node-{i + 1:05d}"}
                                                    for i in range(n)]))
    labels = frozenset(f"node-{i:05d}" for i in range(1, n))
    prompt = "".join(" then ".join(f"node-{j:05d}" for j in range(i, i + 10)) + ".\n" for i in range(0, n, 10))
    started = time.monotonic()
    assert len(_stated_together(prompt, labels, [_strings_in(r, set()) for r in records])) == n - 1
    assert time.monotonic() - started < 3.0


def test_a_text_answers_strings_are_whole_tokens():
    """'.0.0' is no value of '2.0.0' (a prompt's '(X+1).0.0' quoted it), nor ':00-08:00' of a time range."""
    from artifactbench.gates.leaks import distinctive

    found = distinctive("text", "Released 2.0.0 at 07:00-08:00, build P-0714\n", min_digits=4).strings
    assert {"2.0.0", "07:00-08:00", "P-0714", "Released"} <= found
    assert not found & {".0.0", ":00-08:00", "-0714"}, found


def test_what_the_prompt_wrote_for_a_text_answer_is_not_its_content():
    from artifactbench.gates.leaks._blocks import answer_text, format_lines

    prompt = ("# Release audit\n\nOne table:\n\n```\n| version | verdict |\n|---|---|\n```\n\n"
              "Then a line `Bad releases: N`.\n")
    reference = "# Release audit\n\n| version | verdict |\n|---|---|\n| 1.0.1 | OK |\n\nBad releases: 2\n"
    text = answer_text(reference, prompt, format_lines(reference, prompt))
    assert "Release audit" not in text and "verdict" not in text and "Bad releases" not in text
    assert "1.0.1" in text and "2" in text


@pytest.mark.parametrize("reference, prompt, kept", [
    # the answer pasted into the prompt as plain bullets: digit-free lines it shares, but no title or label
    ("# Decoded\n\n- lantern\n- meadow\n", "Write `# Decoded`, then bullets.\n\n- lantern\n- meadow\n",
     {"lantern", "meadow"}),
    # `word: shift` lines the prompt holds whole: their labels are the answer, not a format
    ("lantern: 3\nmeadow: 11\n", "Expected:\n\nlantern: 3\nmeadow: 11\n", {"lantern", "meadow"}),
    # a time is no `label: value` line ("07:" in the prompt is no label of it)
    ("07:42\n08:17\n", "The arrivals are 07:42 and 08:17.", {"07:42", "08:17"}),
])
def test_lines_the_prompt_holds_with_their_values_stay_answer_content(reference, prompt, kept):
    """Before, every digit-free line the prompt also had, and every `x:` the prompt held, was dropped from a
    text answer's values: a prompt pasting the answer as plain lines quoted none of them (no finding)."""
    from artifactbench.gates.leaks import distinctive
    from artifactbench.gates.leaks._blocks import answer_text, format_lines

    text = answer_text(reference, prompt, format_lines(reference, prompt))
    assert kept <= {s.rstrip(":") for s in distinctive("text", text, min_digits=4).strings}, text
