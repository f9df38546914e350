"""Rendering a summary document as a terminal table and as Markdown (fit for a CI step summary)."""

from __future__ import annotations

from collections.abc import Mapping

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
    for g in doc["groups"]:  # type: ignore[union-attr]
        rows.append([g["category"], g["arm"], *(_fmt(k, g[k]) for k, _ in _COLS)])
    for o in doc["overall"]:  # type: ignore[union-attr]
        rows.append(["OVERALL", o["arm"], *(_fmt(k, o[k]) for k, _ in _COLS)])
    return head, rows


def _comparison_lines(doc: Mapping[str, object]) -> list[str]:
    c = doc.get("comparison")
    if not isinstance(c, Mapping):
        return []
    m = c["mcnemar"]
    lines = [
        f"Paired comparison: {c['arm_b']} vs {c['arm_a']} on {c['pairs']} (task, run) pairs",
        f"- pass/fail, McNemar exact: {m['b']} pass only with {c['arm_a']}, {m['c']} pass only with "
        f"{c['arm_b']}, {m['both_pass']} both, {m['both_fail']} neither; p = {m['p_value']:.4g}",
    ]
    for metric, ci in c["deltas"].items():
        if ci is None:
            lines.append(f"- {metric} delta ({c['arm_b']} - {c['arm_a']}): not reported by both arms")
        else:
            lines.append(f"- {metric} delta ({c['arm_b']} - {c['arm_a']}): mean {ci['mean_delta']:+.4g}, "
                         f"{ci['level']:.0%} CI [{ci['low']:+.4g}, {ci['high']:+.4g}] "
                         f"(n={ci['n']}, paired bootstrap, seed {ci['seed']})")
    return lines


def _unsandboxed(doc: Mapping[str, object]) -> list[str]:
    mode = doc.get("sandbox")
    if mode in ("none", "mixed"):
        return ["", f"UNSANDBOXED (sandbox={mode}): agents and graders ran without bubblewrap; a verdict "
                "may have been bought by reading the answer (see docs/agents.md)"]
    return []


def render_text(doc: Mapping[str, object]) -> str:
    """An aligned plain-text table plus the comparison, for the terminal."""
    head, rows = _rows(doc)
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join(f"{{:<{w}}}" if i < 2 else f"{{:>{w}}}" for i, w in enumerate(widths))
    out = [f"run {doc['run_id']}: {doc['records']} record(s), {doc['tasks']} task(s)",
           fmt.format(*head), fmt.format(*("-" * w for w in widths))]
    out += [fmt.format(*r) for r in rows]
    out += _unsandboxed(doc)
    comp = _comparison_lines(doc)
    return "\n".join(out + ([""] + comp if comp else [])) + "\n"


def render_markdown(doc: Mapping[str, object]) -> str:
    """A Markdown report: the same table and comparison."""
    head, rows = _rows(doc)
    out = [f"## artifactbench run `{doc['run_id']}`", "",
           f"{doc['records']} record(s) over {doc['tasks']} task(s), arms: "
           + ", ".join(f"`{a}`" for a in doc["arms"]) + f" (from `{doc['results_file']}`)", "",  # type: ignore[union-attr]
           "| " + " | ".join(head) + " |", "|" + "---|" * 2 + "---:|" * (len(head) - 2)]
    out += ["| " + " | ".join(f"**{c}**" if r[0] == "OVERALL" and i < 2 else c
                              for i, c in enumerate(r)) + " |" for r in rows]
    out += _unsandboxed(doc)
    comp = _comparison_lines(doc)
    if comp:
        out += ["", f"### {comp[0]}", "", *comp[1:]]
    out += ["", "ERROR counts are infrastructure failures (materialize, grader) and are left out of "
            "the pass rate."]
    return "\n".join(out) + "\n"
