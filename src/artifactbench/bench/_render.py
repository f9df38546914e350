"""Rendering a summary document as a terminal table and as Markdown (fit for a CI step summary)."""

from __future__ import annotations

from collections.abc import Mapping

from artifactbench._display import shown
from artifactbench.bench._render_compare import comparison_lines, per_task_rows

__all__ = ["render_markdown", "render_text"]

_COLS = (("pass", "pass"), ("fail", "fail"), ("error", "err"), ("pass_rate", "pass rate"),
         ("mean_score", "score"), ("mean_turns", "turns"), ("mean_cost", "cost"),
         ("mean_wall_s", "wall s"))


def _fmt(key: str, value: object) -> str:
    if value is None:
        return "-"
    if key == "pass_rate":
        return f"{float(value):.0%}"  # type: ignore[arg-type]
    if isinstance(value, float):
        return f"{value:.4f}" if key == "mean_cost" else f"{value:.2f}"
    return str(value)


def _rows(doc: Mapping[str, object]) -> tuple[list[str], list[list[str]]]:
    head = ["category", "arm", *(label for _, label in _COLS)]
    rows = []
    # (a category is a record's text: one with an escape sequence recoloured the terminal; outside attack)
    for g in doc["groups"]:  # type: ignore[union-attr]
        rows.append([shown(g["category"]), shown(g["arm"]), *(_fmt(k, g[k]) for k, _ in _COLS)])
    for o in doc["overall"]:  # type: ignore[union-attr]
        rows.append(["OVERALL", shown(o["arm"]), *(_fmt(k, o[k]) for k, _ in _COLS)])
    return head, rows


def _aligned(head: list[str], rows: list[list[str]], left: int = 2) -> list[str]:
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join(f"{{:<{w}}}" if i < left else f"{{:>{w}}}" for i, w in enumerate(widths))
    return [fmt.format(*head), fmt.format(*("-" * w for w in widths)), *(fmt.format(*r) for r in rows)]


def _unsandboxed(doc: Mapping[str, object]) -> list[str]:
    mode = doc.get("sandbox")
    if mode in ("none", "mixed"):
        return ["", f"UNSANDBOXED (sandbox={mode}): agents and graders ran without bubblewrap; a verdict "
                "may have been bought by reading the answer (see docs/agents.md)"]
    return []


def render_text(doc: Mapping[str, object]) -> str:
    """An aligned plain-text table plus the comparison, for the terminal."""
    head, rows = _rows(doc)
    out = [f"run {doc['run_id']}: {doc['records']} record(s), {doc['tasks']} task(s)",
           *_aligned(head, rows), *_unsandboxed(doc)]
    comp = comparison_lines(doc)
    thead, trows = per_task_rows(doc)
    if trows:
        comp += ["", "Per task (relative: B vs A, % change [95% CI]):", *_aligned(thead, trows)]
    return "\n".join(out + ([""] + comp if comp else [])) + "\n"


def render_markdown(doc: Mapping[str, object]) -> str:
    """A Markdown report: the same table and comparison."""
    head, rows = _rows(doc)
    out = [f"## artifactbench run `{doc['run_id']}`", "",
           f"{doc['records']} record(s) over {doc['tasks']} task(s), arms: "
           + ", ".join(f"`{a}`" for a in doc["arms"]) + f" (from `{doc['results_file']}`)", "",  # type: ignore[union-attr]
           "| " + " | ".join(head) + " |", "|" + "---|" * 2 + "---:|" * (len(head) - 2)]
    out += ["| " + " | ".join(f"**{c}**" if r[0] == "OVERALL" and i < 2 else c.replace("|", "\\|")
                              for i, c in enumerate(r)) + " |" for r in rows]
    out += _unsandboxed(doc)
    comp = comparison_lines(doc)
    if comp:
        out += ["", f"### {comp[0]}", "", *comp[1:]]
    thead, trows = per_task_rows(doc)
    if trows:
        out += ["", "#### Per task (B relative to A, % change [95% CI])", "",
                "| " + " | ".join(thead) + " |", "|---|" + "---:|" * (len(thead) - 1)]
        out += ["| " + " | ".join(r) + " |" for r in trows]
    out += ["", "ERROR counts are infrastructure failures (materialize, grader) and are left out of "
            "the pass rate."]
    return "\n".join(out) + "\n"
