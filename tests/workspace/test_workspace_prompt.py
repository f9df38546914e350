"""Spec 5.1/5.2: the prompt file never reaches the scratch dir, even when it sits inside workspace/."""

from __future__ import annotations

import shutil
from pathlib import Path

from artifactbench.manifest import load_task
from artifactbench.workspace import materialize

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "workspace"


def test_prompt_inside_the_workspace_is_not_copied(tmp_path):
    root = tmp_path / "task"
    shutil.copytree(FIXTURES / "basic", root)
    (root / "prompt.md").rename(root / "workspace" / "prompt.md")
    manifest = root / "task.yaml"
    manifest.write_text(manifest.read_text().replace("problem_statement: prompt.md",
                                                     "problem_statement: workspace/prompt.md"))
    task = load_task(root)
    assert task.problem_statement == root.resolve() / "workspace" / "prompt.md"
    done = materialize(task, tmp_path / "scratch")
    assert "prompt.md" not in done.files and not (done.scratch_dir / "prompt.md").exists()
    assert "verify.py" in done.files  # the rest of the workspace is still copied
