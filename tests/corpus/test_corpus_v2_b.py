"""Proof of the eighteen seed-v2 tasks of enumeration, stateful_reasoning and iterative_numerical.

For each task: the workspace materializes the same bytes twice, the author's solve() reproduces the
committed reference byte for byte, the grader passes the reference with score 1.0 and rejects every
NEGATIVE_CASES mutation for the stated reason, and missing, empty, binary, non-UTF-8, deeply nested and
NaN-bearing artifacts fail without raising. Numeric tasks also pass a change well inside their tolerance.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import types
from pathlib import Path

import pytest

from artifactbench.manifest import load_task
from artifactbench.workspace import materialize

REPO = Path(__file__).resolve().parents[2]
PROBLEMS = REPO / "problems" / "artifact"
TASKS = (
    "enumeration/maintenance_windows_easy", "enumeration/feature_flag_sets_easy",
    "enumeration/oncall_rosters_medium", "enumeration/free_subnets_medium",
    "enumeration/quorum_drain_hard", "enumeration/release_orders_hard",
    "stateful_reasoning/ticket_lifecycle_easy", "stateful_reasoning/config_store_replay_easy",
    "stateful_reasoning/circuit_breaker_medium", "stateful_reasoning/autoscaler_replay_medium",
    "stateful_reasoning/order_book_hard", "stateful_reasoning/ttl_lru_cache_hard",
    "iterative_numerical/colebrook_friction_easy", "iterative_numerical/bond_yield_easy",
    "iterative_numerical/service_pagerank_medium", "iterative_numerical/sensor_decay_fit_medium",
    "iterative_numerical/implied_vol_hard", "iterative_numerical/water_network_hard",
)
FORBIDDEN = ("grader", "hidden.py", "reference_output", "solution.py")


def _load(path: Path, name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module", params=TASKS)
def task(request, tmp_path_factory):
    task = load_task(PROBLEMS / request.param)
    scratch = tmp_path_factory.mktemp("m") / "scratch"
    materialize(task, scratch)
    name = task.instance_id
    return types.SimpleNamespace(
        task=task, dir=PROBLEMS / request.param, scratch=scratch, reference=task.reference_output,
        grader=_load(task.hidden_grader, f"grader_{name}"),
        solution=_load(task.grader_dir / "solution.py", f"solution_{name}"),
        negatives=_load(task.grader_dir / "negative_cases.py", f"negative_{name}"),
    )


def _grade(task, tmp_path: Path, content: str | bytes | None):
    scratch = tmp_path / "case"
    shutil.copytree(task.scratch, scratch)
    if content is not None:
        out = scratch / task.task.output_artifact
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return task.grader.grade(scratch)


def test_manifest_follows_corpus_conventions(task):
    t = task.task
    category, slug = t.instance_id.split("__")
    assert task.dir.parts[-2:] == (category, slug) and slug.endswith(t.difficulty)
    assert (t.execution_budget.max_code_runs, t.execution_budget.max_wall_seconds) == (0, 0)


def test_solution_reproduces_reference(task):
    assert task.solution.solve(task.scratch) == task.reference.read_text(encoding="utf-8")


def test_materialization_is_reproducible(task, tmp_path):
    again = tmp_path / "again"
    materialize(task.task, again)
    files = sorted(p.relative_to(task.scratch) for p in task.scratch.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert all((task.scratch / f).read_bytes() == (again / f).read_bytes() for f in files)


def test_reference_passes(task, tmp_path):
    result = _grade(task, tmp_path, task.reference.read_text(encoding="utf-8"))
    assert (result.passed, result.score) == (True, 1.0), result.detail


@pytest.mark.parametrize("content,needle", [
    (None, "not produced"), ("", "is empty"), ("  \n", "is empty"), (b"\xff\xfe\x00garbage", "failed to parse"),
    ("\x00garbage{[<", ""), ("[" * 100_000 + "]" * 100_000, ""), ('{"x": NaN}\n', ""), ("NaN\n", ""),
], ids=["missing", "empty", "blank", "not_utf8", "garbage", "deep_nesting", "nan_object", "nan"])
def test_bad_artifacts_fail_without_raising(task, tmp_path, content, needle):
    result = _grade(task, tmp_path, content)
    assert (result.passed, result.score) == (False, 0.0), result.detail
    assert needle in result.detail and len(result.detail) <= 500


def test_every_negative_case_rejected_for_its_reason(task, tmp_path):
    reference = task.reference.read_text(encoding="utf-8")
    names = [case.name for case in task.negatives.NEGATIVE_CASES]
    assert len(names) == len(set(names)) and len(names) > 8
    for n, case in enumerate(task.negatives.NEGATIVE_CASES):
        mutated = case.mutate(reference)
        assert mutated != reference, case.name
        result = _grade(task, tmp_path / str(n), mutated)
        assert not result.passed and result.score < 1.0, f"{case.name} accepted: {result.detail}"
        assert case.expected_substring.lower() in result.detail.lower(), (case.name, result.detail)


def test_workspace_and_prompt_name_no_grader_file(task):
    texts = [task.dir / "prompt.md"] + [p for p in task.scratch.rglob("*") if p.is_file()]
    for path in texts:
        text = path.read_text(encoding="utf-8")
        assert not any(word in text for word in FORBIDDEN), path


def _nudge_csv(column: int, delta):
    def change(text: str) -> str:
        lines = text.splitlines()
        out = [lines[0]]
        for line in lines[1:]:
            cells = line.split(",")
            cells[column] = repr(delta(float(cells[column])))
            out.append(",".join(cells))
        return "\n".join(out) + "\n"
    return change


def _nudge_jsonl(fields: dict):
    def change(text: str) -> str:
        records = [json.loads(line) for line in text.splitlines() if line.strip()]
        for r in records:
            for field, delta in fields.items():
                if r[field] is not None:
                    r[field] = delta(r[field])
        return "".join(json.dumps(r) + "\n" for r in records)
    return change


def _nudge_water(text: str) -> str:
    data = json.loads(text)
    for section in data.values():
        for key, value in section.items():
            if isinstance(value, float):
                section[key] = value + 4e-4
    return json.dumps(data)


WITHIN_TOLERANCE = {
    "iterative_numerical__colebrook_friction_easy": _nudge_csv(2, lambda f: f * (1 + 4e-8)),
    "iterative_numerical__bond_yield_easy": lambda t: json.dumps({k: v + 4e-9 for k, v in json.loads(t).items()}),
    "iterative_numerical__service_pagerank_medium": _nudge_csv(1, lambda r: r + 4e-10),
    "iterative_numerical__sensor_decay_fit_medium": _nudge_jsonl({"k": lambda k: k * (1 + 4e-6), "A": lambda a: a * (1 - 4e-6)}),
    "iterative_numerical__implied_vol_hard": _nudge_jsonl({"iv": lambda v: v + 4e-7}),
    "iterative_numerical__water_network_hard": _nudge_water,
}


def test_numeric_answers_inside_the_tolerance_pass(task, tmp_path):
    change = WITHIN_TOLERANCE.get(task.task.instance_id)
    if change is None:
        pytest.skip("exact-answer task")
    result = _grade(task, tmp_path, change(task.reference.read_text(encoding="utf-8")))
    assert (result.passed, result.score) == (True, 1.0), result.detail


def test_huge_numbers_fail_without_raising(task, tmp_path):
    """A 400-digit number where a decimal is expected: JSON parses it as an int no float can hold."""
    reference = task.reference.read_text(encoding="utf-8")
    huge = re.sub(r"(?<![\w.])-?[0-9]+\.[0-9]+", "1" + "0" * 400, reference)
    if huge == reference:
        pytest.skip("no decimal numbers in this artifact")
    result = _grade(task, tmp_path, huge)
    assert (result.passed, result.score < 1.0) == (False, True), result.detail
