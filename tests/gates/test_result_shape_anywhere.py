"""A verdict of passed=False with score 1.0 is a contract finding wherever a gate meets it, reported once.

Blind batch p9: two CSV graders gave it for rows in another order, but the contract gate's own artifacts
never showed it (reversing the lines moves the header last, which those graders reject first), so only
graders without a header check were caught.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.manifest import load_task

OPTIONS = CheckOptions(grader_timeout_s=20.0, fuzz_examples=30, fuzz_seconds=10.0)
GRADER = '''
import csv, io
from dataclasses import dataclass
from pathlib import Path

@dataclass
class GradeResult:
    passed: bool
    score: float
    detail: str

def grade(scratch_dir):
    try:
        rows = list(csv.reader(io.StringIO((Path(scratch_dir) / "counts.csv").read_text())))
    except Exception:
        return GradeResult(False, 0.0, "unreadable")
    if not rows or rows[0] != ["team", "wins"]:
        return GradeResult(False, 0.0, "the header must be team,wins")
    want = [["ash", "4"], ["birch", "9"], ["cedar", "2"], ["dune", "7"]]
    if rows[1:] == want:
        return GradeResult(True, 1.0, "all counts right")
    if sorted(rows[1:]) == sorted(want):
        return GradeResult(False, {score}, "rows out of order")
    return GradeResult(False, 0.0, "wrong counts")
'''


def _task(tmp_path: Path, score: float) -> Path:
    root = tmp_path / "task"
    (root / "grader").mkdir(parents=True)
    (root / "workspace").mkdir()
    (root / "workspace" / "games.txt").write_text("ash beat birch\n")
    (root / "task.yaml").write_text(textwrap.dedent("""\
        instance_id: data_processing__team_wins_shape
        category: data_processing
        difficulty: easy
        problem_statement: prompt.md
        workspace_dir: workspace/
        output_artifact: counts.csv
        hidden_grader: grader/hidden.py
        reference_output: grader/reference_output.csv
        execution_budget:
          max_code_runs: 10
          max_wall_seconds: 300
    """))
    (root / "prompt.md").write_text("Count each team's wins from `games.txt` into `counts.csv` with the header "
                                    "`team,wins`, one row per team, sorted by team name.\n")
    (root / "grader" / "reference_output.csv").write_text("team,wins\nash,4\nbirch,9\ncedar,2\ndune,7\n")
    (root / "grader" / "hidden.py").write_text(GRADER.replace("{score}", repr(score)))
    return root


def _shape_cases(report) -> list[tuple[str, str]]:
    return [(check.gate, case.status) for check in report.checks for case in check.cases
            if case.name == "result_shape" and case.status != "OK"]


def test_score_one_on_a_failing_verdict_is_found_once_where_the_contract_does_not_meet_it(tmp_path):
    report = check_task(load_task(_task(tmp_path, 1.0)), resolve_gates(["negative", "contract", "fuzz"]), OPTIONS)
    found = _shape_cases(report)
    assert len(found) == 1 and found[0][1] == "FINDING", found
    detail = next(c.detail for check in report.checks for c in check.cases if c.name == "result_shape"
                  and c.status == "FINDING")
    assert "passed=False with score=1" in detail and "rows out of order" in detail, detail


def test_a_consistent_score_is_no_finding(tmp_path):
    report = check_task(load_task(_task(tmp_path, 0.5)), resolve_gates(["negative", "contract", "fuzz"]), OPTIONS)
    assert _shape_cases(report) == []
