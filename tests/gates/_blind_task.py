"""A blind-batch-style task built in a temp dir, and its fuzz verdicts (shared by the tests of the blind rounds'
rules: tests/gates/test_blind_p116_p119.py, test_blind_p127_p132.py, test_blind_p137_p144.py, test_blind_p337_p350.py,
test_blind_p351_p356.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.manifest import load_task

OPTIONS = CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=10.0,
                       fuzz_examples=60, fuzz_seconds=20.0)


def _task(tmp_path: Path, name: str, artifact: str, reference: str, prompt: str, grader: str) -> Path:
    """A task in the spec's layout whose grader body is `grader` (it reads `text`, the artifact's text,
    and returns (passed, detail))."""
    root = tmp_path / name
    (root / "workspace").mkdir(parents=True)
    (root / "grader").mkdir()
    suffix = Path(artifact).suffix
    (root / "task.yaml").write_text(textwrap.dedent(f"""\
        instance_id: data_processing__{name}
        category: data_processing
        difficulty: easy
        problem_statement: prompt.md
        workspace_dir: workspace/
        output_artifact: {artifact}
        hidden_grader: grader/hidden.py
        reference_output: grader/reference_output{suffix}
        execution_budget:
          max_code_runs: 0
          max_wall_seconds: 0
        """))
    (root / "prompt.md").write_text(prompt)
    (root / "grader" / f"reference_output{suffix}").write_text(reference)
    (root / "grader" / "hidden.py").write_text(
        "import json, math, tomllib\nfrom dataclasses import dataclass\nfrom pathlib import Path\n\n"
        "@dataclass\nclass GradeResult:\n    passed: bool\n    score: float\n    detail: str\n\n"
        "def _check(text):\n" + textwrap.indent(textwrap.dedent(grader), "    ") + "\n\n"
        "def grade(scratch_dir):\n"
        f"    path = Path(scratch_dir) / {artifact!r}\n"
        "    try:\n        text = path.read_text(encoding='utf-8')\n"
        "        ok, detail = _check(text)\n"
        "    except Exception as exc:\n        return GradeResult(False, 0.0, f'unreadable: {type(exc).__name__}')\n"
        "    return GradeResult(bool(ok), 1.0 if ok else 0.0, str(detail)[:400])\n")
    return root


def _fuzz(root: Path):
    report = check_task(load_task(root), resolve_gates(["positive", "fuzz"]), OPTIONS)
    return next(c for c in report.checks if c.gate == "fuzz")


def _fails(check) -> list[str]:
    return [f"{k.name}: {k.detail}" for k in check.cases if k.severity == "fail"]


def _twins(tmp_path: Path, name: str, artifact: str, reference: str, prompt: str, flawed: str, sound: str,
           kind: str, marker: str) -> None:
    """The task with the `flawed` grader fails `kind` with `marker` in the finding; with the `sound` one, nothing fails."""
    fails = _fails(_fuzz(_task(tmp_path, name, artifact, reference, prompt, flawed)))
    assert any(f.startswith(f"{kind}:") and marker in f for f in fails), fails
    clean = _fails(_fuzz(_task(tmp_path, f"{name}_sound", artifact, reference, prompt, sound)))
    assert not clean, clean


def _leaks(root: Path):
    report = check_task(load_task(root), resolve_gates(["positive", "detail_leaks"]), OPTIONS)
    return next(c for c in report.checks if c.gate == "detail_leaks")


def _with_verifier(root: Path, source: str) -> Path:
    """`root` with `source` as its declared structural verifier, workspace/verify.py."""
    (root / "workspace" / "verify.py").write_text(source)
    task_yaml = root / "task.yaml"
    task_yaml.write_text(task_yaml.read_text() + "structural_verifier: workspace/verify.py\n")
    return root


def _cases(root: Path, gate: str, severities: tuple[str, ...] = ("fail", "warn")) -> list[tuple[str, str]]:
    """(case name, severity) of each case of `gate` with one of `severities`."""
    report = check_task(load_task(root), resolve_gates([gate]), OPTIONS)
    return [(k.name, k.severity) for c in report.checks for k in c.cases if k.severity in severities]


def _raw_task(tmp_path: Path, name: str, artifact: str, reference: str, grader: str) -> Path:
    """A task whose grader/hidden.py is `grader` as written (no guard around it, unlike _task's)."""
    root = tmp_path / name
    (root / "workspace").mkdir(parents=True)
    (root / "grader").mkdir()
    suffix = Path(artifact).suffix
    (root / "task.yaml").write_text(
        f"instance_id: verification_heavy__{name}\ncategory: verification_heavy\ndifficulty: easy\n"
        f"problem_statement: prompt.md\nworkspace_dir: workspace/\noutput_artifact: {artifact}\n"
        f"hidden_grader: grader/hidden.py\nreference_output: grader/reference_output{suffix}\n"
        "execution_budget:\n  max_code_runs: 0\n  max_wall_seconds: 0\n")
    (root / "prompt.md").write_text(f"Write `{artifact}`.\n")
    (root / "grader" / f"reference_output{suffix}").write_text(reference)
    (root / "grader" / "hidden.py").write_text(grader)
    return root


def _contract(root: Path):
    """The positive, contract and fuzz gates' results of the task at `root`, by gate."""
    report = check_task(load_task(root), resolve_gates(["positive", "contract", "fuzz"]), OPTIONS)
    return {c.gate: c for c in report.checks}


def _text_task(tmp_path: Path, name: str, reference: str, grader: str) -> Path:
    """_raw_task with a text answer at out/log.txt."""
    return _raw_task(tmp_path, name, "out/log.txt", reference, grader)
