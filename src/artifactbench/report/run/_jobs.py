"""Per-job views of a run: verdict, grader detail, capped previews, transcript, tails, budgets."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from artifactbench.bench import RunRecord, read_results_bytes
from artifactbench.report.run._reasons import explain_reason

__all__ = ["Caps", "JobView", "caps_for", "job_view", "read_raw_records"]


@dataclass(frozen=True, slots=True)
class Caps:
    """How much text one job may put into the page; large runs get less so the file stays small."""

    preview: int
    tail: int
    detail: int
    transcript_inline: int


def caps_for(jobs: int) -> Caps:
    if jobs <= 200:
        return Caps(preview=4000, tail=1000, detail=500, transcript_inline=32_000)
    if jobs <= 1000:
        return Caps(preview=1200, tail=600, detail=500, transcript_inline=4_000)
    return Caps(preview=150, tail=150, detail=200, transcript_inline=0)


@dataclass(frozen=True, slots=True)
class JobView:
    anchor: str
    instance_id: str
    task_anchor: str
    arm: str
    run: int
    verdict: str
    score: float
    detail: str
    error_reason: str | None
    reason_text: str
    metrics: tuple[tuple[str, str], ...]
    budgets: tuple[tuple[str, str], ...]
    stdout_tail: str
    stderr_tail: str
    artifact_href: str | None
    artifact_preview: str
    artifact_note: str
    transcript_href: str | None
    transcript_inline: str
    transcript_note: str


def read_raw_records(path: Path) -> dict[tuple[str, str, int], dict[str, object]]:
    """Each complete line of a results file as a dict, keyed like RunRecord.key (keeps newer keys)."""
    out: dict[tuple[str, str, int], dict[str, object]] = {}
    raw = read_results_bytes(path)  # (capped, as the records were read)
    for line in raw[: raw.rfind(b"\n") + 1].splitlines():
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(data, dict):
            out[(str(data.get("instance_id")), str(data.get("arm")), int(data.get("run", 0)))] = data
    return out


def _inside(run_dir: Path, rel: str) -> Path | None:
    """The file `rel` names under the run dir, or None when it is absent or points outside."""
    try:
        path = (run_dir / rel).resolve()
        path.relative_to(run_dir.resolve())
    except (OSError, ValueError):
        return None
    return path if path.is_file() else None


def _head(path: Path, cap: int) -> tuple[str, int]:
    size = path.stat().st_size
    with open(path, "rb") as fh:
        data = fh.read(cap * 4 + 4)
    text = data.decode("utf-8", errors="replace")[:cap]
    return text, size


def _fmt(value: object, digits: int = 2) -> str:
    if value is None:
        return "-"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def _metrics(rec: RunRecord) -> tuple[tuple[str, str], ...]:
    return (("score", _fmt(rec.score)), ("turns", _fmt(rec.turns)), ("tokens", _fmt(rec.tokens)),
            ("cost", _fmt(rec.cost, 4)), ("code runs", _fmt(rec.code_runs)),
            ("wall s", _fmt(rec.wall_s)), ("agent s", _fmt(rec.agent_wall_s)),
            ("grade s", _fmt(rec.grade_s)), ("exit", _fmt(rec.agent_exit)))


def _budgets(rec: RunRecord) -> tuple[tuple[str, str], ...]:
    wall = "unlimited" if rec.max_wall_seconds == 0 else f"{rec.max_wall_seconds} s"
    runs = "unlimited" if rec.max_code_runs == 0 else str(rec.max_code_runs)
    return (("max_wall_seconds", wall), ("max_code_runs", runs),
            ("enforced", "yes" if rec.budgets_enforced else "no"))


def _artifact(rec: RunRecord, run_dir: Path, cap: int) -> tuple[str | None, str, str]:
    if rec.artifact is None:
        return None, "", "The agent produced no output artifact."
    path = _inside(run_dir, rec.artifact)
    if path is None:
        return None, "", f"{rec.artifact}: not found beside this report."
    text, size = _head(path, cap)
    note = f"{size} bytes" + (f"; first {len(text)} characters shown" if size > len(text) else "")
    if "\x00" in text:
        return quote(rec.artifact), "", f"{size} bytes of binary data (not previewed)."
    return quote(rec.artifact), text, note


def _transcript(raw: Mapping[str, object], run_dir: Path, cap: int) -> tuple[str | None, str, str]:
    rel = raw.get("transcript") or raw.get("transcript_file")
    if not isinstance(rel, str) or not rel:
        return None, "", ""
    path = _inside(run_dir, rel)
    if path is None:
        return None, "", f"{rel}: recorded but not found beside this report."
    size = path.stat().st_size
    if size <= cap:
        return quote(rel), path.read_text(encoding="utf-8", errors="replace"), f"{size} bytes"
    return quote(rel), "", f"{size} bytes: open the file (linked) to read it."


def job_view(rec: RunRecord, raw: Mapping[str, object], anchor: str, task_anchor: str, run_dir: Path,
             caps: Caps) -> JobView:
    href, preview, note = _artifact(rec, run_dir, caps.preview)
    t_href, t_inline, t_note = _transcript(raw, run_dir, caps.transcript_inline)
    return JobView(
        anchor=anchor, instance_id=rec.instance_id, task_anchor=task_anchor, arm=rec.arm, run=rec.run,
        verdict=rec.verdict, score=rec.score, detail=rec.detail[:caps.detail], error_reason=rec.error_reason,
        reason_text=explain_reason(rec.error_reason, rec.verdict), metrics=_metrics(rec),
        budgets=_budgets(rec), stdout_tail=rec.stdout_tail[-caps.tail:],
        stderr_tail=rec.stderr_tail[-caps.tail:], artifact_href=href, artifact_preview=preview,
        artifact_note=note, transcript_href=t_href, transcript_inline=t_inline, transcript_note=t_note)
