"""A task of one prompt, reference and workspace, built in a temp dir, and its content_leaks verdict
(shared by the gate tests that read how a prompt or workspace shows an answer)."""

from __future__ import annotations


def content_leaks(tmp_path, name: str, artifact: str, reference: str, prompt: str, files: dict[str, str]):
    from artifactbench.gates import CheckOptions, TaskContext
    from artifactbench.gates.leaks import content_leaks_gate
    from artifactbench.manifest import load_task

    root = tmp_path / name
    (root / "grader").mkdir(parents=True)
    (root / "workspace").mkdir()
    for rel, text in files.items():
        (root / "workspace" / rel).write_text(text)
    (root / "grader" / f"expected{artifact[artifact.rindex('.'):]}").write_text(reference)
    (root / "grader" / "hidden.py").write_text("def grade(scratch_dir):\n    raise NotImplementedError\n")
    (root / "prompt.md").write_text(prompt)
    (root / "task.yaml").write_text(
        f"instance_id: data_processing__{name}\ncategory: data_processing\ndifficulty: easy\n"
        f"problem_statement: prompt.md\nworkspace_dir: workspace/\noutput_artifact: {artifact}\n"
        f"hidden_grader: grader/hidden.py\nreference_output: grader/expected{artifact[artifact.rindex('.'):]}\n"
        "execution_budget:\n  max_code_runs: 0\n  max_wall_seconds: 0\n")
    ctx = TaskContext(load_task(root), CheckOptions())
    try:
        return content_leaks_gate(ctx)
    finally:
        ctx.close()
