"""Proves the first half of the seed-v1 corpus: each task's solution, reference, grader and negative cases.

For every task: materialize into tmp_path, solve() reproduces the committed reference byte for byte, the
grader passes the reference with score 1.0, rejects every NEGATIVE_CASES mutation with its expected
substring, rejects missing/empty/garbage artifacts without raising, and grades quickly; the structural
verifier accepts the reference and leaks nothing.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import time
import types
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TASK_DIRS = {
    "data_processing__endpoint_latency_medium": "data_processing/endpoint_latency_medium",
    "data_processing__payment_reconciliation_hard": "data_processing/payment_reconciliation_hard",
    "algorithmic__build_order_medium": "algorithmic/build_order_medium",
    "algorithmic__rate_limiter_hard": "algorithmic/rate_limiter_hard",
    "verification_heavy__service_config_lint_easy": "verification_heavy/service_config_lint_easy",
    "verification_heavy__ledger_audit_medium": "verification_heavy/ledger_audit_medium",
}
FORBIDDEN = ("grader", "hidden.py", "reference_output", "solution.py")


def _install_harness_fallback() -> None:
    """Until the harness's GradeResult is in git, provide a look-alike module for the graders to import."""
    try:
        import swebench.artifact_models  # noqa: F401
        return
    except ImportError:
        pass

    @dataclass(frozen=True)
    class GradeResult:
        passed: bool
        score: float
        detail: str

    models = types.ModuleType("swebench.artifact_models")
    models.GradeResult = GradeResult
    sys.modules["swebench.artifact_models"] = models


_install_harness_fallback()


def _load(path: Path, name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _manifest(task_dir: Path) -> dict:
    import yaml

    return yaml.safe_load((task_dir / "task.yaml").read_text(encoding="utf-8"))


def _seed(instance_id: str) -> int:
    import hashlib

    return int(hashlib.sha256(instance_id.encode("utf-8")).hexdigest()[:8], 16)


def _materialize(task_dir: Path, dest: Path) -> Path:
    """The harness's materialize when it is in git; otherwise the same steps by hand (spec 5.1)."""
    try:
        from artifactbench.manifest import load_task
        from artifactbench.workspace import materialize
    except ImportError:
        load_task = None
    if load_task is not None:
        return materialize(load_task(task_dir), dest).scratch_dir
    data = _manifest(task_dir)
    generator = data.get("workspace_generator")
    shutil.copytree(task_dir / data["workspace_dir"], dest)
    if generator:
        (dest / Path(generator).name).unlink()
        subprocess.run([sys.executable, str(task_dir / generator), "--seed", str(_seed(data["instance_id"])),
                        "--output-dir", str(dest), "--instance-id", data["instance_id"]], check=True, cwd=dest)
    return dest


@pytest.fixture(scope="module", params=sorted(TASK_DIRS), ids=lambda i: i)
def task(request, tmp_path_factory):
    task_dir = REPO / "problems" / "artifact" / TASK_DIRS[request.param]
    data = _manifest(task_dir)
    assert data["instance_id"] == request.param
    scratch = _materialize(task_dir, tmp_path_factory.mktemp("m") / "scratch")
    name = request.param
    return types.SimpleNamespace(
        dir=task_dir, data=data, scratch=scratch,
        reference=task_dir / data["reference_output"],
        grader=_load(task_dir / data["hidden_grader"], f"grader_{name}"),
        solution=_load(task_dir / "grader" / "solution.py", f"solution_{name}"),
        negatives=_load(task_dir / "grader" / "negative_cases.py", f"negative_{name}"),
    )


def _grade_text(task, tmp_path: Path, text: str | None):
    scratch = tmp_path / "case"
    shutil.copytree(task.scratch, scratch)
    if text is not None:
        out = scratch / task.data["output_artifact"]
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8", newline="")
    started = time.perf_counter()
    result = task.grader.grade(scratch)
    return result, time.perf_counter() - started


def test_manifest_follows_corpus_conventions(task):
    data = task.data
    category, slug = data["instance_id"].split("__")
    assert task.dir.parts[-2:] == (category, slug)
    assert data["category"] == category and slug.endswith(data["difficulty"])
    assert data["execution_budget"] == {"max_code_runs": 0, "max_wall_seconds": 0}
    assert all(t == t.lower() and " " not in t for t in data.get("tags", []))


def test_solution_reproduces_reference(task):
    assert task.solution.solve(task.scratch) == task.reference.read_text(encoding="utf-8")


def test_reference_passes_quickly(task, tmp_path):
    result, elapsed = _grade_text(task, tmp_path, task.reference.read_text(encoding="utf-8"))
    assert (result.passed, result.score) == (True, 1.0), result.detail
    # In-process graders stay well under a second; the property-testing grader also starts an interpreter.
    assert elapsed < (5.0 if "rate_limiter" in task.data["instance_id"] else 1.0)


@pytest.mark.parametrize("text,needle", [(None, "not produced"), ("", "is empty"), ("  \n", "is empty"),
                                         ("\x00garbage{[<", "")], ids=["missing", "empty", "blank", "garbage"])
def test_bad_artifacts_rejected_without_raising(task, tmp_path, text, needle):
    result, _ = _grade_text(task, tmp_path, text)
    assert (result.passed, result.score) == (False, 0.0)
    assert needle in result.detail and len(result.detail) <= 500


def test_every_negative_case_rejected_for_its_reason(task, tmp_path):
    reference = task.reference.read_text(encoding="utf-8")
    names = [case.name for case in task.negatives.NEGATIVE_CASES]
    assert len(names) == len(set(names)) and len(names) > 6
    for n, case in enumerate(task.negatives.NEGATIVE_CASES):
        mutated = case.mutate(reference)
        assert mutated != reference, case.name
        result, _ = _grade_text(task, tmp_path / str(n), mutated)
        assert not result.passed and result.score < 1.0, f"{case.name} accepted: {result.detail}"
        assert case.expected_substring.lower() in result.detail.lower(), (case.name, result.detail)
        assert len(result.detail) <= 500


def test_inputs_in_the_scratch_dir_do_not_change_the_verdict(task, tmp_path):
    scratch = tmp_path / "s"
    shutil.copytree(task.scratch, scratch)
    for path in sorted(p for p in scratch.rglob("*") if p.is_file() and p.name != "verify.py"):
        path.write_text("", encoding="utf-8")  # an agent that clears the inputs gains nothing
    out = scratch / task.data["output_artifact"]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(task.reference.read_text(encoding="utf-8"), encoding="utf-8")
    assert task.grader.grade(scratch).passed


def test_workspace_and_prompt_leak_nothing(task):
    reference_lines = {ln.strip() for ln in task.reference.read_text(encoding="utf-8").splitlines()}
    # Import lines are boilerplate every Python file shares, not a leak of the answer.
    reference_lines = {ln for ln in reference_lines if len(ln) > 12 and not ln.startswith(("from ", "import "))}
    texts = [task.dir / "prompt.md"] + [p for p in (task.dir / "workspace").rglob("*") if p.is_file()]
    texts += [p for p in task.scratch.rglob("*") if p.is_file()]
    for path in texts:
        text = path.read_text(encoding="utf-8")
        for word in FORBIDDEN:
            assert word not in text, (path, word)
        assert not reference_lines & {ln.strip() for ln in text.splitlines()}, path


def test_structural_verifier_accepts_reference_and_rejects_garbage(task, tmp_path):
    verifier = task.data.get("structural_verifier")
    if verifier is None:
        pytest.skip("no structural verifier")
    module = _load(task.dir / verifier, f"verify_{task.data['instance_id']}")
    module.verify(task.reference)
    bad = tmp_path / "bad"
    bad.write_text("[not the format\n", encoding="utf-8")
    with pytest.raises(AssertionError):
        module.verify(bad)


def test_generator_is_deterministic(task, tmp_path):
    generator = task.data.get("workspace_generator")
    if generator is None:
        pytest.skip("no generator")
    digests = []
    for run in ("a", "b"):
        out = tmp_path / run
        subprocess.run([sys.executable, str(task.dir / generator), "--seed", "7", "--output-dir", str(out),
                        "--instance-id", task.data["instance_id"]], check=True, cwd=tmp_path)
        digests.append({p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()})
    assert digests[0] == digests[1] and digests[0]
    assert sum(len(b) for b in digests[0].values()) < 2_000_000


RATE_LIMITER = "algorithmic__rate_limiter_hard"


@pytest.fixture(scope="module")
def limiter_task(tmp_path_factory):
    task_dir = REPO / "problems" / "artifact" / TASK_DIRS[RATE_LIMITER]
    return types.SimpleNamespace(dir=task_dir, data=_manifest(task_dir), scratch=tmp_path_factory.mktemp("rl"),
                                 reference=task_dir / "grader" / "reference_output.py",
                                 grader=_load(task_dir / "grader" / "hidden.py", "grader_rl_extra"))


NOISY = "import sys\nprint('RESULT', 'x' * 50)\nprint('garbage {[')\nsys.stderr.write('noise\\n')\n"


@pytest.mark.parametrize("prefix,passes,needle", [
    (NOISY, True, "all"),
    ("import time\nwhile True:\n    time.sleep(0.05)\n", False, "timed out"),
    ("import sys\nsys.stdin.read()\n", True, "all"),
    ("import socket\nsocket.create_connection(('192.0.2.1', 80), timeout=0.5)\n", False, "failed to import"),
], ids=["prints_garbage_but_correct", "hangs", "reads_stdin", "uses_network"])
def test_rate_limiter_grader_survives_hostile_modules(limiter_task, tmp_path, monkeypatch, prefix, passes, needle):
    monkeypatch.setattr(limiter_task.grader, "TIMEOUT_S", 1.5)
    anchor = "from __future__ import annotations\n"
    text = limiter_task.reference.read_text(encoding="utf-8").replace(anchor, anchor + prefix, 1)
    result, elapsed = _grade_text(limiter_task, tmp_path, text)
    assert result.passed is passes and needle in result.detail, result.detail
    assert elapsed < 5.0


def test_rate_limiter_grader_is_deterministic_and_scores_partially(limiter_task, tmp_path):
    text = limiter_task.reference.read_text(encoding="utf-8").replace("setdefault(key, [])", "setdefault(\"all\", [])")
    first, _ = _grade_text(limiter_task, tmp_path / "a", text)
    second, _ = _grade_text(limiter_task, tmp_path / "b", text)
    assert first == second and not first.passed and 0.0 < first.score < 1.0


def test_make_reference_outputs_writes_checks_and_reports_drift(tmp_path, capsys):
    tool = _load(REPO / "tools" / "make_reference_outputs.py", "make_reference_outputs")
    task_dir = tmp_path / "algorithmic" / "build_order_medium"
    shutil.copytree(REPO / "problems" / "artifact" / TASK_DIRS["algorithmic__build_order_medium"], task_dir)
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
