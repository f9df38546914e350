"""Writing summaries next to a results file, re-rendering them (report) and re-grading (regrade)."""

from __future__ import annotations

import os
import shutil
import stat
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path, PurePosixPath

from artifactbench._display import shown
from artifactbench._files import output_problem
from artifactbench._trees import remove_tree
from artifactbench._version import __version__
from artifactbench.bench._checked import check_results
from artifactbench.bench._grade import Graded, grade_snapshot
from artifactbench.bench._isolation import Unsafe, snapshot_output
from artifactbench.bench._pristine import PristineCache
from artifactbench.bench._records import RunRecord
from artifactbench.bench._render import render_markdown
from artifactbench.bench._store import ResultsWriter, RunStore, write_json_atomic
from artifactbench.bench._summary import summarize
from artifactbench.errors import ArtifactBenchError
from artifactbench.manifest import Task, load_task
from artifactbench.workspace import new_scratch_dir

__all__ = ["regrade_run", "report_run", "write_summary"]

# Only these records were graded (or failed to be); the rest never reached a grader. A grader timeout
# did reach it: a regrade (perhaps with a longer --grader-timeout, on a quieter machine) grades it again.
_REGRADABLE = (None, "grader", "grader_timeout")


def write_summary(store: RunStore, records: list[RunRecord], config: dict[str, object],
                  results_path: Path) -> dict[str, object]:
    """summary[.suffix].json and .md beside `results_path`, written atomically; returns the doc."""
    arms = [str(a["name"]) for a in config.get("arms", [])]  # type: ignore[union-attr,index]
    doc = summarize(records, arms, run_id=store.run_id, seed=int(config.get("seed", 0)),  # type: ignore[arg-type]
                    results_file=results_path.name)
    stem = "summary" + results_path.name.removeprefix("results").removesuffix(".jsonl")
    for name in (f"{stem}.json", f"{stem}.md"):  # (a folder or a FIFO there is never replaced; one line)
        reason = output_problem(store.dir / name, make_parents=False)
        if reason is not None:
            raise ArtifactBenchError(f"{shown(store.dir / name)}: {reason}")
    write_json_atomic(store.dir / f"{stem}.json", doc)
    tmp = store.dir / f".{stem}.md.tmp"
    tmp.write_text(render_markdown(doc), encoding="utf-8")
    tmp.replace(store.dir / f"{stem}.md")
    return doc


def report_run(runs_dir: Path, run_id: str, results_name: str | None = None
               ) -> tuple[dict[str, object], tuple[str, ...]]:
    """Re-render the summaries of a run from its results file (default results.jsonl).

    Returns the summary and notes on record values that were ignored (non-finite metrics)."""
    store = RunStore(runs_dir, run_id)
    config = store.load_config()
    name = results_name or "results.jsonl"
    if name in (".", "..") or "/" in name or "\\" in name or "\x00" in name:  # (`../x.jsonl` wrote reports beside it)
        raise ArtifactBenchError(f"--results {shown(name)}: a file name in the run dir, not a path")
    path = store.dir / name
    if not os.path.lexists(path):
        raise ArtifactBenchError(f"{path}: no such results file in run {run_id!r}")
    results = check_results(path, config)
    return write_summary(store, list(results.records), config, path), results.notes


def _tasks(config: dict[str, object]) -> dict[str, Task]:
    out = {}
    for t in config.get("tasks", []):  # type: ignore[union-attr]
        out[t["instance_id"]] = load_task(Path(t["task_dir"]))  # type: ignore[index]
    return out


def _grade_stored(store: RunStore, rec: RunRecord, task: Task, pristine: Path, timeout: float, mode: str
                  ) -> Graded:
    """Grade the stored snapshot of `rec`, copied out of the run dir as a run's snapshot is copied out of
    a scratch dir: only the task's output artifact, reached from the run dir one component at a time and
    never through a link (`artifacts/`, a task, arm or run folder, a file), so a link put into a run dir
    can never have the grader read what it points to (outside attack: a link to the reference PASSed).

    Raises Unsafe(unsafe_output) for a link on the way or inside, ArtifactBenchError for a snapshot that
    is not a folder.
    """
    art = store.artifact_dir(rec.instance_id, rec.arm, rec.run)
    rel = PurePosixPath(art.relative_to(store.dir).as_posix())
    if any(part in ("", ".", "..") for part in rel.parts) or rel.is_absolute():  # (never out of the run dir)
        raise Unsafe("unsafe_output", f"{rel}: not a path inside the run dir")
    held = new_scratch_dir("ab-regrade-")
    try:
        if not snapshot_output(store.dir, rel / task.output_artifact, held):
            try:
                mode_bits = os.lstat(art).st_mode
            except FileNotFoundError:
                mode_bits = stat.S_IFDIR
            if not stat.S_ISDIR(mode_bits):
                raise ArtifactBenchError(f"{art}: the artifact snapshot must be a folder")
        return grade_snapshot(task, pristine, held / rel, timeout, sandbox=mode)
    finally:
        remove_tree(held)


def regrade_run(runs_dir: Path, run_id: str, *, jobs: int = 1, grade_timeout_s: float | None = None
                ) -> tuple[Path, list[RunRecord], tuple[str, ...]]:
    """Grade the stored artifacts again with the tasks' current graders; agents are not re-run.

    Writes results.regrade-<n>.jsonl (never touching results.jsonl) under the run's lock. Records that
    never reached a grader (timeouts, budgets, unsafe output, materialize errors) are carried over
    unchanged. Returns the new file, its records and notes on values ignored in the old ones.
    """
    store = RunStore(runs_dir, run_id)
    config = store.load_config()
    with store.lock():
        results = check_results(store.results, config)
        old = list(results.records)
        tasks = _tasks(config)
        timeout = grade_timeout_s or float(config.get("grade_timeout_s", 60.0))  # type: ignore[arg-type]
        cache = PristineCache()

        def one(rec: RunRecord) -> RunRecord:
            if rec.error_reason not in _REGRADABLE or rec.instance_id not in tasks:
                return rec
            task = tasks[rec.instance_id]
            try:
                pristine = cache.get(task)
            except Exception as exc:  # noqa: BLE001
                return replace(rec, verdict="ERROR", error_reason="materialize", detail=str(exc)[:500])
            try:
                mode = "bwrap" if rec.sandbox == "bwrap" else "none"  # graded as the run was
                g = _grade_stored(store, rec, task, pristine.path, timeout, mode)
            except Unsafe as exc:
                return replace(rec, verdict="FAIL", error_reason="unsafe_output",
                               detail=f"the stored snapshot is not graded: {exc.detail} (a run stores no "
                                      "links)"[:500])
            except (OSError, shutil.Error, ArtifactBenchError) as exc:  # e.g. a FIFO in the snapshot
                return replace(rec, verdict="ERROR", error_reason="harness", detail=str(exc)[:500])
            return replace(rec, verdict=g.verdict, score=g.score, detail=g.detail[:500],  # type: ignore[arg-type]
                           error_reason=g.reason, grade_s=round(g.seconds, 4),
                           task_digest=pristine.task_digest, harness_version=__version__)

        path = store.next_regrade_path()
        try:
            with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
                new = list(pool.map(one, old))
        finally:
            cache.cleanup()
        with ResultsWriter(path) as writer:
            for rec in new:
                writer.write(rec)
        write_summary(store, new, config, path)
    return path, new, results.notes
