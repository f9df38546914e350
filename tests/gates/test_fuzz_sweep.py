"""A fuzz finding names every field the grader leaves unchecked, not only the one its search shrank to."""

from __future__ import annotations

import shutil
from pathlib import Path

from artifactbench.gates import CheckOptions, resolve_gates, run_checks
from artifactbench.manifest import load_task

GOOD = Path(__file__).resolve().parents[1] / "fixtures" / "checks" / "good"


def test_a_finding_lists_the_other_unchecked_fields(tmp_path):
    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    rows = ['{"endpoint": "/a", "p95": 12, "p99": 40, "n": 300}', '{"endpoint": "/b", "p95": 30, "p99": 95, "n": 120}']
    (root / "grader" / "reference_output.jsonl").write_text("\n".join(rows) + "\n")
    # Checks the endpoints and n; p95 and p99 are never compared.
    (root / "grader" / "hidden.py").write_text('''
import json
from dataclasses import dataclass
from pathlib import Path

@dataclass(frozen=True)
class GradeResult:
    passed: bool
    score: float
    detail: str

def grade(scratch_dir):
    try:
        rows = [json.loads(l) for l in (Path(scratch_dir) / "output" / "p95.jsonl").read_text().splitlines() if l.strip()]
    except Exception as exc:
        return GradeResult(False, 0.0, f"unreadable: {type(exc).__name__}")
    got = [(r.get("endpoint"), r.get("n")) if isinstance(r, dict) else None for r in rows]
    ok = got == [("/a", 300), ("/b", 120)]
    return GradeResult(ok, float(ok), "rows match" if ok else "rows differ")
''')
    (root / "task.yaml").write_text((root / "task.yaml").read_text().replace(
        "structural_verifier: workspace/verify.py\n", ""))
    report = run_checks([load_task(root)], resolve_gates(["fuzz"]), options=CheckOptions()).tasks[0]
    found = next(k for c in report.checks for k in c.cases if k.name == "number_far")
    assert found.severity == "fail", found
    named = {f for f in ("'p95'", "'p99'") if f in found.detail}
    assert named == {"'p95'", "'p99'"} and "also accepted at" in found.detail, found.detail
    assert "'n'" not in found.detail.split("also accepted at", 1)[1]


def test_a_cut_that_keeps_numbers_within_the_stated_tolerance_is_the_same_answer():
    """"1559.1177870818951" cut to "1559.117" is a relative error of 5e-7 under a stated 0.1%."""
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.fuzz import FuzzPolicy
    from artifactbench.gates.fuzz._reference import Reference

    reference = "scenario,N_T\nbig_lake,20811.30555\nsmall_pond,1559.1177870818951\n"
    stated = read_prompt("A value is accepted if its relative error is below 0.1%.")
    ref = Reference("csv", reference, FuzzPolicy(), stated)
    assert ref.within_tolerance(reference.replace("1559.1177870818951", "1559.117"))
    assert not ref.within_tolerance(reference.replace("1559.1177870818951", "1561.2"))
    assert not ref.within_tolerance(reference.replace("small_pond", "big_pond"))
    silent = Reference("csv", reference, FuzzPolicy(), read_prompt("Write N_T per scenario."))
    assert not silent.within_tolerance(reference.replace("1559.1177870818951", "1559.117"))


def test_a_grader_refusing_a_reordering_the_prompt_allows_is_a_warning(tmp_path):
    """"The order of the entries does not matter", but the grader compares the list as given: an agent
    listing the same hosts in another order fails. The sound twin sorts first and stays quiet."""
    foreign = Path(__file__).resolve().parents[1] / "fixtures" / "foreign"
    root = tmp_path / "host_inventory_refused"
    shutil.copytree(foreign / "host_inventory_unordered", root)
    hidden = root / "grader" / "hidden.py"
    import json

    order = [r["hostname"] for r in json.loads(next((root / "grader").glob("*.json")).read_text())]
    hidden.write_text(hidden.read_text().replace("    rows = sorted(rows, key=lambda r: r['hostname'])\n", "").replace(
        "    if set(names) != set(WANT):",
        f"    if names != {order!r}:\n        return _fail('hosts out of place')\n    if set(names) != set(WANT):"))
    manifest = root / "task.yaml"
    manifest.write_text(manifest.read_text().replace("host_inventory_unordered", "host_inventory_refused"))
    tasks = [load_task(root), load_task(foreign / "host_inventory_unordered")]
    reports = run_checks(tasks, resolve_gates(["fuzz"]), options=CheckOptions()).tasks
    refused, sound = ([k for c in r.checks for k in c.cases if k.name == "swap_records"][0] for r in reports)
    assert refused.severity == "warn" and refused.detail.startswith("grader rejected"), refused
    assert sound.severity == "info" and "allowed by the prompt" in sound.detail, sound


def test_the_sweep_renders_only_the_mutants_taken(monkeypatch):
    """Each swept mutant is a whole document: a mapping of 20 000 keys swept eagerly was 20 000 renders
    (minutes, gigabytes) before the first of at most MAX_ALSO gradings."""
    import json

    from artifactbench.gates.fuzz import FuzzPolicy, place_examples
    from artifactbench.gates.fuzz._tree_targets import TreeTargets

    made = []
    real = TreeTargets.set_leaf
    monkeypatch.setattr(TreeTargets, "set_leaf", lambda self, *a: made.append(a) or real(self, *a))
    examples = place_examples("json", json.dumps({f"k{i}": i for i in range(2000)}), FuzzPolicy(), "number_far")
    first = next(iter(examples))
    assert first.where and len(made) == 1, len(made)
