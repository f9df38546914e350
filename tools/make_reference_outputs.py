"""Regenerate (or check) every task's grader reference output from its author's solution.

For each task: materialize the workspace exactly as an agent sees it (artifactbench.workspace.materialize),
call `solve(scratch_dir) -> str` from the task's grader/solution.py and write the text to the manifest's
reference_output (UTF-8, bytes exactly as returned). With --check nothing is written: every task whose
committed reference differs from what solve() returns is reported as DRIFT and the exit code is 1.

Usage:
    python3 tools/make_reference_outputs.py [TASK_DIR_OR_ROOT ...] [--check]

With no paths every task under problems/ is processed. Exit codes: 0 all references current (or written),
1 drift (--check) or a task's solution failed, 2 bad input (bad manifest, no tasks found).
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "src"))

from artifactbench.errors import ArtifactBenchError  # noqa: E402
from artifactbench.manifest import Task, discover  # noqa: E402
from artifactbench.workspace import materialize, new_scratch_dir  # noqa: E402

SOLUTION = "solution.py"


def _placeholder_missing_references(paths: list[Path]) -> list[Path]:
    """The strict loader rejects a manifest whose reference file is absent, and the first run of a new task
    has none yet: create an empty one so the task loads. Returns the files created."""
    import yaml

    created = []
    for root in paths:
        manifests = [root / "task.yaml"] if (root / "task.yaml").is_file() else sorted(root.rglob("task.yaml"))
        for manifest in manifests:
            if {"workspace", "grader"} & set(manifest.relative_to(root).parts[:-1]):
                continue
            try:
                data = yaml.safe_load(manifest.read_text(encoding="utf-8"))
                target = manifest.parent / data["reference_output"]
            except (OSError, ValueError, TypeError, KeyError, yaml.YAMLError):
                continue  # the loader reports a broken manifest properly
            if not target.exists() and target.parent.is_dir():
                target.touch()
                created.append(target)
    return created


def _solve(task: Task) -> str:
    """Materialize the task into a fresh scratch dir and return its solution's artifact text."""
    path = task.grader_dir / SOLUTION
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no reference solution (define solve(scratch_dir) -> str there)")
    spec = importlib.util.spec_from_file_location(f"_solution_{task.instance_id}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    scratch = new_scratch_dir(f"refout-{task.instance_id}-")
    try:
        materialize(task, scratch)
        text = module.solve(scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if not isinstance(text, str):
        raise TypeError(f"{path}: solve() returned {type(text).__name__}, expected str")
    return text


def _process(task: Task, check: bool) -> bool:
    """Write or check one task's reference; True when it is (now) current."""
    try:
        text = _solve(task)
    except Exception:  # a failing solution is reported per task; the other tasks still run
        print(f"ERROR    {task.instance_id}: solution failed\n{traceback.format_exc()}", file=sys.stderr)
        return False
    target = task.reference_output
    current = target.read_bytes() if target.is_file() else None
    wanted = text.encode("utf-8")
    if current == wanted:
        print(f"ok       {task.instance_id}")
        return True
    if check:
        print(f"DRIFT    {task.instance_id}: {target} differs from solve() (run without --check)")
        return False
    target.write_bytes(wanted)
    print(f"wrote    {task.instance_id}: {target} ({len(wanted)} bytes)")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="task dirs or roots (default: problems/)")
    parser.add_argument("--check", action="store_true", help="report drift and exit 1; write nothing")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.paths] or [REPO / "problems"]
    created = [] if args.check else _placeholder_missing_references(paths)
    try:
        tasks = discover(paths)
    except ArtifactBenchError as err:
        for path in created:  # leave the tree as it was
            path.unlink(missing_ok=True)
        print(f"error: {err}", file=sys.stderr)
        return 2
    results = [_process(task, args.check) for task in tasks]
    print(f"{sum(results)}/{len(results)} reference output(s) current")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
