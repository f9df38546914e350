"""A run's results file checked against its run.json: what report, regrade and --resume read."""

from __future__ import annotations

from pathlib import Path

from artifactbench.bench._store import ResultsFile, load_results
from artifactbench.bench._validate import check_run_index
from artifactbench.errors import ArtifactBenchError

__all__ = ["check_results"]


def check_results(path: Path, config: dict[str, object], *, repair: bool = False,
                  empty_ok: bool = False) -> ResultsFile:
    """The records of `path` (load_results; `repair` as there), refused with one error line naming the
    file, the line and the field when two records hold one (task, arm, run) (a summary would count a job
    twice), when a record's arm or task is not one run.json lists (it would be summarized as if the run
    had it), or when its run index is over run.json's `runs`. No records is an error unless `empty_ok`
    (a run resumed before its first record)."""
    results = load_results(path, repair=repair)
    arms = {str(a["name"]) for a in config.get("arms", [])}  # type: ignore[union-attr,index]
    tasks = {str(t["instance_id"]) for t in config.get("tasks", [])}  # type: ignore[union-attr,index]
    runs = config.get("runs")
    for rec, line in zip(results.records, results.lines):
        for field, value, known in (("arm", rec.arm, arms), ("instance_id", rec.instance_id, tasks)):
            if known and value not in known:
                listed = ", ".join(sorted(known)[:5]) + (", ..." if len(known) > 5 else "")
                raise ArtifactBenchError(f"{path}:{line}: {field}={value!r}: not one run.json lists "
                                         f"({listed})")
        if isinstance(runs, int):
            check_run_index(rec, runs, f"{path}:{line}")
    if results.duplicates:
        more = f" (and {len(results.duplicates) - 1} more)" if len(results.duplicates) > 1 else ""
        raise ArtifactBenchError(f"{results.duplicates[0]}{more}; a results file holds one record per "
                                 "(task, arm, run): keep one of them")
    if not results.records and not empty_ok:
        raise ArtifactBenchError(f"{path}: holds no records; nothing to report")
    return results
