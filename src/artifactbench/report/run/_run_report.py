"""The run report: runs/<run_id>/report.html, one self-contained page (inline CSS, JS and SVG)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from artifactbench.bench import RunRecord, RunStore, check_results, summarize
from artifactbench.report.run._charts import Bar, pass_rate_chart
from artifactbench.report import environment, write_html
from artifactbench.report.run._jobs import JobView, caps_for, job_view, read_raw_records
from artifactbench.report.run._summary_view import comparison_rows, pass_rate_interval

__all__ = ["render_run_report", "write_run_report"]

_PROMPT_CAP = 20_000
# Above this many jobs each job's HTML waits in the page as text until its square is clicked, so
# the browser parses and lays out only the summary, the matrix and the prompts on load.
LAZY_JOBS_OVER = 300


@dataclass(frozen=True, slots=True)
class Cell:
    verdict: str  # PASS | FAIL | ERROR | "" (no record)
    anchor: str
    title: str


@dataclass(frozen=True, slots=True)
class TaskRow:
    instance_id: str
    anchor: str
    category: str
    difficulty: str
    cells: tuple[Cell, ...]
    passes: tuple[int, ...]  # per arm, for sorting
    prompt: str


def _names(results_name: str) -> tuple[str, str]:
    suffix = results_name.removeprefix("results").removesuffix(".jsonl")
    return f"summary{suffix}.json", f"report{suffix}.html"


def _prompt(task_dir: str | None) -> str:
    if not task_dir:
        return "(the task is not in run.json)"
    try:
        from artifactbench.manifest import load_task

        text = load_task(Path(task_dir)).problem_statement.read_text(encoding="utf-8")
    except Exception as exc:  # noqa: BLE001 - a moved task must not stop the report
        return f"(prompt not available: {type(exc).__name__}: {str(exc)[:200]})"
    return text if len(text) <= _PROMPT_CAP else text[:_PROMPT_CAP] + "\n[... cut]"


def _headline(doc: Mapping[str, object], records: Sequence[RunRecord]) -> list[dict[str, object]]:
    out = []
    for entry in doc["overall"]:  # type: ignore[union-attr]
        arm = entry["arm"]
        tokens = [r.tokens for r in records if r.arm == arm and r.tokens is not None]
        mean_tokens = entry.get("mean_tokens", sum(tokens) / len(tokens) if tokens else None)
        out.append({**entry, "interval": pass_rate_interval(entry), "mean_tokens": mean_tokens})
    return out


def _chart(doc: Mapping[str, object]) -> str:
    bars = []
    for g in doc["groups"]:  # type: ignore[union-attr]
        iv = pass_rate_interval(g)
        bars.append(Bar(str(g["category"]), str(g["arm"]), g["pass_rate"],
                        iv.low if iv else None, iv.high if iv else None))
    for o in doc["overall"]:  # type: ignore[union-attr]
        iv = pass_rate_interval(o)
        bars.append(Bar("OVERALL", str(o["arm"]), o["pass_rate"], iv.low if iv else None,
                        iv.high if iv else None))
    return pass_rate_chart(bars, [str(a) for a in doc["arms"]],  # type: ignore[union-attr]
                           "Pass rate per category and arm (whiskers: 95% interval)")


def _rows_and_jobs(records: Sequence[RunRecord], raw: Mapping[tuple[str, str, int], Mapping[str, object]],
                   arms: Sequence[str], config: Mapping[str, object], run_dir: Path
                   ) -> tuple[list[TaskRow], list[JobView], int]:
    task_dirs = {t["instance_id"]: t.get("task_dir") for t in config.get("tasks", [])}  # type: ignore[union-attr]
    order = list(dict.fromkeys([*task_dirs, *(r.instance_id for r in records)]))
    by_key = {r.key: r for r in records}
    runs = max((r.run for r in records), default=1)
    caps = caps_for(len(records))
    first = {}
    for r in records:
        first.setdefault(r.instance_id, r)
    rows, jobs = [], []
    for t_i, iid in enumerate(order):
        if iid not in first:
            continue
        cells, passes = [], []
        for arm in arms:
            n_pass = 0
            for k in range(1, runs + 1):
                rec = by_key.get((iid, arm, k))
                if rec is None:
                    cells.append(Cell("", "", f"{arm} run {k}: no record"))
                    continue
                anchor = f"job-{len(jobs)}"
                jobs.append(job_view(rec, raw.get(rec.key, {}), anchor, f"task-{t_i}", run_dir, caps))
                n_pass += rec.verdict == "PASS"
                why = f" ({rec.error_reason})" if rec.error_reason else ""
                cells.append(Cell(rec.verdict, anchor, f"{arm} run {k}: {rec.verdict}{why}"))
            passes.append(n_pass)
        rec0 = first[iid]
        rows.append(TaskRow(iid, f"task-{t_i}", rec0.category, rec0.difficulty, tuple(cells),
                            tuple(passes), _prompt(task_dirs.get(iid))))
    return rows, jobs, runs


def render_run_report(run_dir: Path, doc: Mapping[str, object], records: Sequence[RunRecord],
                      raw: Mapping[tuple[str, str, int], Mapping[str, object]],
                      config: Mapping[str, object], *, lazy: bool | None = None) -> str:
    """The page's HTML text for a summary document and the records it summarizes.

    `lazy` (default: more than LAZY_JOBS_OVER jobs) keeps each job's section out of the DOM until linked.
    """
    arms = [str(a) for a in doc["arms"]]  # type: ignore[union-attr]
    rows, jobs, runs = _rows_and_jobs(records, raw, arms, config, run_dir)
    comparison = doc.get("comparison")
    stat_rows, missing = comparison_rows(comparison) if isinstance(comparison, Mapping) else ([], [])
    return environment().get_template("run.html.j2").render(
        doc=doc, config=config, arms=arms, runs=runs, headline=_headline(doc, records),
        chart=_chart(doc), comparison=comparison, stat_rows=stat_rows, missing=missing,
        rows=rows, jobs=jobs, caps=caps_for(len(records)),
        lazy=len(jobs) > LAZY_JOBS_OVER if lazy is None else lazy)


def write_run_report(runs_dir: Path, run_id: str, results_name: str = "results.jsonl",
                     doc: Mapping[str, object] | None = None) -> Path:
    """Write report[.suffix].html beside the results file; returns its path.

    `doc` is the summary written for that results file (read from disk when not given).
    """
    store = RunStore(runs_dir, run_id)
    config = store.load_config()
    path = store.dir / results_name
    records = list(check_results(path, config).records)  # (as report checks them: run indexes bounded)
    summary_name, report_name = _names(results_name)
    if doc is None:
        summary_path = store.dir / summary_name
        try:  # (the summary we wrote; one that no longer reads as JSON is made again from the records)
            doc = json.loads(summary_path.read_text(encoding="utf-8")) if summary_path.is_file() else None
        except (OSError, ValueError, RecursionError):
            doc = None
        if doc is None or not isinstance(doc, dict):
            arms = [str(a["name"]) for a in config.get("arms", [])]  # type: ignore[union-attr,index]
            doc = summarize(records, arms, run_id=run_id, seed=int(config.get("seed", 0)),  # type: ignore[arg-type]
                            results_file=results_name)
    html = render_run_report(store.dir, doc, records, read_raw_records(path), config)
    return write_html(store.dir / report_name, html)
