"""Proof of every task under problems/, parametrized over the tasks the core discovers.

Each task is materialized by the core (artifactbench.workspace.materialize) and graded in isolated
processes (artifactbench.grading: grade() for the reference, a GraderSession for the many cases), the way
the harness grades an agent. For every task: it follows the corpus conventions, its solve() reproduces the
committed reference, the grader passes the reference with score 1.0 and rejects every NEGATIVE_CASES
mutation with its expected substring, rejects missing, empty and garbage artifacts without raising, the
structural verifier accepts the reference and rejects garbage, and nothing the agent sees leaks the answer.
Task-specific tests pin tolerances and hostile modules. Timings live in tools/bench_corpus.py.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import types
from dataclasses import dataclass
from pathlib import Path

import pytest

from artifactbench.grading import GradeResult, GraderSession, grade
from artifactbench.manifest import Task, discover
from artifactbench.negative import load_negative_cases
from artifactbench.workspace import copy_tree, materialize

REPO = Path(__file__).resolve().parents[2]
TASKS = {t.instance_id: t for t in discover([REPO / "problems"])}
FORBIDDEN = ("grader", "hidden.py", "reference_output", "solution.py")
GRADE_TIMEOUT_S = 60.0


def _load(path: Path, name: str) -> types.ModuleType:
    """An author's helper module (solution, verifier), imported here: only graders need isolation."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Proven:
    task: Task
    scratch: Path  # the materialized workspace: never written to
    session: GraderSession

    @property
    def reference(self) -> str:
        return self.task.reference_output.read_text(encoding="utf-8")

    def with_artifact(self, where: Path, text: str | None) -> Path:
        """A copy of the scratch dir holding `text` as the output artifact (None: no artifact)."""
        copy_tree(self.scratch, where)
        if text is not None:
            out = where / self.task.output_artifact
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text, encoding="utf-8", newline="")
        return where

    def grade(self, where: Path, text: str | None) -> GradeResult:
        outcome = self.session.grade(self.with_artifact(where, text))
        assert outcome.ok and outcome.result is not None, f"grader failed: {outcome.error_kind}: {outcome.error}"
        return outcome.result


@pytest.fixture(scope="module", params=sorted(TASKS))
def proven(request, tmp_path_factory):
    task = TASKS[request.param]
    scratch = materialize(task, tmp_path_factory.mktemp(task.instance_id) / "scratch").scratch_dir
    with GraderSession(task, timeout_s=GRADE_TIMEOUT_S) as session:
        yield Proven(task, scratch, session)


def test_the_corpus_is_discovered():
    assert len(TASKS) >= 12 and len({t.category for t in TASKS.values()}) >= 6


def test_manifest_follows_corpus_conventions(proven):
    task = proven.task
    category, slug = task.instance_id.split("__")
    assert task.root.parts[-2:] == (category, slug)
    assert task.category == category and slug.endswith(task.difficulty)
    assert (task.execution_budget.max_code_runs, task.execution_budget.max_wall_seconds) == (0, 0)
    assert all(t == t.lower() and " " not in t for t in task.tags)


def test_solution_reproduces_reference(proven):
    solution = _load(proven.task.grader_dir / "solution.py", f"solution_{proven.task.instance_id}")
    assert solution.solve(proven.scratch) == proven.reference


def test_reference_passes_in_a_fresh_grader_process(proven, tmp_path):
    outcome = grade(proven.task, proven.with_artifact(tmp_path / "ref", proven.reference), timeout_s=GRADE_TIMEOUT_S)
    assert outcome.ok and outcome.result is not None, outcome.error
    assert (outcome.result.passed, outcome.result.score) == (True, 1.0), outcome.result.detail


@pytest.mark.parametrize("text,needle", [
    (None, "not produced"), ("", "is empty"), ("  \n", "is empty"), ("  \n\n", "empty"),
    ("\x00garbage{[<", ""), ("\x00garbage{[\n", ""), ("[]", ""), ("[" * 100_000 + "]" * 100_000, ""),
], ids=["missing", "empty", "blank", "blank_lines", "garbage", "garbage_line", "json_list", "deep_nesting"])
def test_bad_artifacts_rejected_without_raising(proven, tmp_path, text, needle):
    result = proven.grade(tmp_path / "case", text)
    assert (result.passed, result.score) == (False, 0.0), result.detail
    assert needle in result.detail and len(result.detail) <= 500


def _negative_params():
    params = []
    for iid in sorted(TASKS):
        cases, shipped = load_negative_cases(TASKS[iid])
        assert shipped, f"{iid} ships no grader/negative_cases.py"
        names = [case.name for case in cases]
        assert len(names) == len(set(names)) and len(names) > 6, (iid, names)
        params += [pytest.param(iid, case, id=f"{iid}-{case.name}") for case in cases]
    return params


@pytest.mark.parametrize("proven,case", _negative_params(), indirect=["proven"])
def test_negative_case_rejected_for_its_reason(proven, case, tmp_path):
    mutated = case.mutate(proven.reference)
    assert mutated != proven.reference, "a negative case must change the text"
    result = proven.grade(tmp_path / "case", mutated)
    assert not result.passed and result.score < 1.0, f"{case.name} accepted: {result.detail}"
    assert case.expected_substring.lower() in result.detail.lower(), (case.name, result.detail)
    assert len(result.detail) <= 500


def test_inputs_in_the_scratch_dir_do_not_change_the_verdict(proven, tmp_path):
    scratch = proven.with_artifact(tmp_path / "s", None)
    for path in sorted(p for p in scratch.rglob("*") if p.is_file() and p.name != "verify.py"):
        path.write_text("", encoding="utf-8")  # an agent that clears the inputs gains nothing
    out = scratch / proven.task.output_artifact
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(proven.reference, encoding="utf-8")
    assert proven.session.grade(scratch).result.passed


def test_workspace_and_prompt_leak_nothing(proven):
    task = proven.task
    reference_lines = {ln.strip() for ln in proven.reference.splitlines()}
    # Import lines are boilerplate every Python file shares, not a leak of the answer.
    reference_lines = {ln for ln in reference_lines if len(ln) > 12 and not ln.startswith(("from ", "import "))}
    texts = [task.problem_statement] + [p for p in task.workspace_dir.rglob("*") if p.is_file()]
    texts += [p for p in proven.scratch.rglob("*") if p.is_file()]
    for path in texts:
        text = path.read_text(encoding="utf-8")
        for word in FORBIDDEN:
            assert word not in text, (path, word)
        assert not reference_lines & {ln.strip() for ln in text.splitlines()}, path


def test_structural_verifier_accepts_reference_and_rejects_garbage(proven, tmp_path, monkeypatch):
    if proven.task.structural_verifier is None:
        pytest.skip("task ships no structural verifier")
    scratch = proven.with_artifact(tmp_path / "v", proven.reference)
    monkeypatch.chdir(scratch)  # the agent runs it from its scratch dir
    rel = proven.task.structural_verifier.relative_to(proven.task.workspace_dir)
    module = _load(scratch / rel, f"verify_{proven.task.instance_id}")
    artifact = scratch / proven.task.output_artifact
    module.verify(artifact)
    for n, bad in enumerate(("[not the format\n", "\n".join(reversed(proven.reference.splitlines())) + "\n")):
        # A new path per case: reversed lines keep the size, and a module verifier could meet a stale .pyc.
        path = artifact.with_name(f"bad{n}{artifact.suffix}")
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(AssertionError):
            module.verify(path)


def test_generator_is_deterministic(proven, tmp_path):
    generator = proven.task.workspace_generator
    if generator is None:
        pytest.skip("no generator")
    digests = []
    for run in ("a", "b"):
        out = tmp_path / run
        subprocess.run([sys.executable, "-I", "-S", str(generator), "--seed", "7", "--output-dir", str(out),
                        "--instance-id", proven.task.instance_id], check=True, cwd=tmp_path, timeout=120)
        digests.append({p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()})
    assert digests[0] == digests[1] and digests[0]
    assert sum(len(b) for b in digests[0].values()) < 2_000_000


# Task-specific pins: hostile modules, partial credit and tolerances stated by the prompts.
RATE_LIMITER = "algorithmic__rate_limiter_hard"
LOAN_XIRR = "iterative_numerical__loan_xirr_medium"
BOARD_HEAT = "iterative_numerical__board_heat_hard"
NOISY = "import sys\nprint('RESULT', 'x' * 50)\nprint('garbage {[')\nsys.stderr.write('noise\\n')\n"


@pytest.mark.parametrize("proven", [RATE_LIMITER], indirect=True)
@pytest.mark.parametrize("prefix,passes,needle", [
    (NOISY, True, "all"),
    pytest.param("import time\nwhile True:\n    time.sleep(0.05)\n", False, "timed out", marks=pytest.mark.slow),
    ("import sys\nsys.stdin.read()\n", True, "all"),
    ("import socket\nsocket.create_connection(('192.0.2.1', 80), timeout=0.5)\n", False, "failed to import"),
], ids=["prints_garbage_but_correct", "hangs", "reads_stdin", "uses_network"])
def test_rate_limiter_grader_survives_hostile_modules(proven, tmp_path, prefix, passes, needle):
    anchor = "from __future__ import annotations\n"
    result = proven.grade(tmp_path / "case", proven.reference.replace(anchor, anchor + prefix, 1))
    assert result.passed is passes and needle in result.detail, result.detail


@pytest.mark.parametrize("proven", [RATE_LIMITER], indirect=True)
def test_rate_limiter_grader_is_deterministic_and_scores_partially(proven, tmp_path):
    text = proven.reference.replace("self._keys.get(key)", "self._keys.get(key := \"all\")")
    assert text != proven.reference
    first, second = proven.grade(tmp_path / "a", text), proven.grade(tmp_path / "b", text)
    assert first == second and not first.passed and 0.0 < first.score < 1.0


def _shift_csv_value(text: str, index: int, delta: float) -> str:
    lines = [ln for ln in text.split("\n") if ln.strip()]
    key, value = lines[index].split(",")
    lines[index] = f"{key},{float(value) + delta:.10f}"
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("proven", [LOAN_XIRR], indirect=True)
@pytest.mark.parametrize("delta", [5e-7, -5e-7, 9e-7])
def test_loan_xirr_change_inside_tolerance_passes(proven, tmp_path, delta):
    text = proven.reference
    for index in (1, 57, -1):
        text = _shift_csv_value(text, index, delta)
    result = proven.grade(tmp_path / "case", text)
    assert (result.passed, result.score) == (True, 1.0), result.detail


@pytest.mark.parametrize("proven", [LOAN_XIRR], indirect=True)
def test_loan_xirr_reference_matches_an_independent_root_finder(proven):
    """scipy's brentq on the same NPV equation agrees with the reference far inside the tolerance."""
    import csv
    import datetime as dt
    from collections import defaultdict

    from scipy.optimize import brentq

    flows = defaultdict(list)
    with open(proven.scratch / "cashflows.csv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            flows[row["loan_id"]].append((dt.date.fromisoformat(row["date"]), float(row["amount"])))
    reference = dict(ln.split(",") for ln in proven.reference.splitlines()[1:])
    assert sorted(reference) == sorted(flows)
    for loan, items in flows.items():
        start = min(day for day, _ in items)
        npv = lambda r, items=items, start=start: sum(a * (1 + r) ** (-(d - start).days / 365) for d, a in items)
        assert abs(brentq(npv, -0.9999, 10.0, xtol=1e-14) - float(reference[loan])) < 1e-8, loan


@pytest.mark.parametrize("proven", [BOARD_HEAT], indirect=True)
def test_board_heat_change_inside_tolerance_passes_with_full_score(proven, tmp_path):
    text = proven.reference
    for index in range(1, 41):
        text = _shift_csv_value(text, index, 0.005 if index % 2 else -0.005)
    result = proven.grade(tmp_path / "case", text)
    assert (result.passed, result.score) == (True, 1.0), result.detail


@pytest.mark.parametrize("proven", [BOARD_HEAT], indirect=True)
@pytest.mark.parametrize("outside", [1, 5])
def test_board_heat_every_probe_must_be_inside(proven, tmp_path, outside):
    """score = fraction within 0.01 degC; passed only when every probe is."""
    text = proven.reference
    for index in range(1, outside + 1):
        text = _shift_csv_value(text, index * 7, 0.0105)
    result = proven.grade(tmp_path / "case", text)
    total = len(proven.reference.splitlines()) - 1
    assert result.passed is False, result.detail
    assert result.score == pytest.approx((total - outside) / total)


@pytest.mark.parametrize("proven", [BOARD_HEAT], indirect=True)
def test_board_heat_reference_matches_an_independent_solve(proven):
    """An independent assembly agrees with the reference: one balance per cell, heat pipes folded in by a
    cell-to-unknown map (P^T A P u = P^T b), chip leakage by fixed-point iteration, scipy's spsolve."""
    import csv
    import json

    import numpy as np
    import scipy.sparse as sp
    import scipy.sparse.linalg as spla

    scratch = proven.scratch
    grid = [ln for ln in (scratch / "board.txt").read_text(encoding="utf-8").split("\n") if ln]
    c = json.loads((scratch / "board.json").read_text(encoding="utf-8"))
    k, height, width = c["k"], len(grid), len(grid[0])
    cells = [(x, y) for y in range(height) for x in range(width) if grid[y][x] not in "S#"]
    index = {cell: i for i, cell in enumerate(cells)}
    owner = {}  # cell -> reduced unknown; 4-connected H cells share one
    for cell in cells:
        if cell in owner:
            continue
        owner[cell] = number = len(set(owner.values()))
        stack = [cell] if grid[cell[1]][cell[0]] == "H" else []
        while stack:
            x, y = stack.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in index and n not in owner and grid[n[1]][n[0]] == "H":
                    owner[n] = number
                    stack.append(n)
    m = len(set(owner.values()))
    fold = sp.csr_matrix((np.ones(len(cells)), ([index[q] for q in cells], [owner[q] for q in cells])),
                         shape=(len(cells), m))
    a, b = sp.lil_matrix((len(cells), len(cells))), np.zeros(len(cells))
    for (x, y), i in index.items():
        diag = c["surface_g"] + (c["via_g"] if grid[y][x] == "v" else 0.0)
        b[i] += c["surface_g"] * c["ambient_c"] + (c["via_g"] * c["sink_temp_c"] if grid[y][x] == "v" else 0.0)
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if not (0 <= nx < width and 0 <= ny < height) or grid[ny][nx] == "#":
                diag += c["edge_g"]
                b[i] += c["edge_g"] * c["ambient_c"]
                continue
            g = 2 * k[grid[y][x]] * k[grid[ny][nx]] / (k[grid[y][x]] + k[grid[ny][nx]])
            diag += g
            if grid[ny][nx] == "S":
                b[i] += g * c["sink_temp_c"]
            else:
                a[i, index[(nx, ny)]] -= g
        a[i, i] += diag
    reduced = (fold.T @ a.tocsr() @ fold).tocsc()
    with open(scratch / "chips.csv", encoding="utf-8", newline="") as fh:
        chips = [([index[(x, y)] for y in range(int(r["y0"]), int(r["y1"]) + 1)
                   for x in range(int(r["x0"]), int(r["x1"]) + 1)], float(r["watts"])) for r in csv.DictReader(fh)]
    temps = np.full(len(cells), c["leakage_ref_c"])
    for _ in range(200):
        q = np.zeros(len(cells))
        for covered, watts in chips:
            power = watts * (1 + c["leakage_per_c"] * (temps[covered].mean() - c["leakage_ref_c"]))
            q[covered] += power / len(covered)
        new = fold @ spla.spsolve(reduced, fold.T @ (b + q))
        if np.max(np.abs(new - temps)) < 1e-12:
            break
        temps = new
    with open(scratch / "probes.csv", encoding="utf-8", newline="") as fh:
        probes = {row["probe_id"]: (int(row["x"]), int(row["y"])) for row in csv.DictReader(fh)}
    reference = dict(ln.split(",") for ln in proven.reference.splitlines()[1:])
    assert sorted(reference) == sorted(probes)
    for probe, cell in probes.items():
        want = c["sink_temp_c"] if cell not in index else new[index[cell]]
        assert abs(want - float(reference[probe])) < 1e-5, probe


def test_make_reference_outputs_writes_checks_and_reports_drift(tmp_path, capsys):
    tool = _load(REPO / "tools" / "make_reference_outputs.py", "make_reference_outputs")
    task_dir = tmp_path / "algorithmic" / "build_order_medium"
    shutil.copytree(TASKS["algorithmic__build_order_medium"].root, task_dir)
    reference = task_dir / "grader" / "reference_output.txt"
    good = reference.read_bytes()
    assert tool.main([str(task_dir), "--check"]) == 0
    reference.write_bytes(good.replace(b"\n", b"\n\n", 1))
    assert tool.main([str(task_dir), "--check"]) == 1
    assert "DRIFT" in capsys.readouterr().out and reference.read_bytes() != good  # --check writes nothing
    reference.unlink()
    assert tool.main([str(tmp_path)]) == 0  # first run of a new task: no reference yet
    assert reference.read_bytes() == good
    (task_dir / "grader" / "solution.py").write_text("def solve(scratch_dir):\n    raise RuntimeError\n")
    assert tool.main([str(task_dir), "--check"]) == 1
    assert tool.main([str(tmp_path / "nowhere")]) == 2
